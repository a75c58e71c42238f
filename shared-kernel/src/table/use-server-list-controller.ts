import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toErrorCode, useSessionStore } from 'shared-kernel';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type FilterEntry,
  type PagedListRequest,
  type PagedListResponse,
  type SortEntry,
} from 'shared-kernel/contracts';
import { normaliseFilters, readListUrlState, writeListUrlState, type ListUrlState } from './list-url-state.js';

/** Row id as the table and the selection know it. */
export type RowId = string | number;

/** Loads one page of a list; supplied by the feature's api/ file (which calls `http`). */
export type FetchPage<Row> = (request: PagedListRequest, signal: AbortSignal) => Promise<PagedListResponse<Row>>;

/** Options of {@link useServerListController}. */
export interface ServerListControllerOptions<Row> {
  fetchPage: FetchPage<Row>;
  /** Default 25. */
  defaultPageSize?: number;
  /** Page sizes offered (default 10, 20, 25, 50, 100). */
  pageSizes?: readonly number[];
  /** Keep page, size, sort and filters in the URL query (default true). */
  urlState?: boolean;
  /** Prefix of the query parameters, for two lists on one screen (e.g. 'dd.'). */
  urlPrefix?: string;
  initialSort?: SortEntry[];
  initialFilters?: FilterEntry[];
  /** Minimum length of a text filter before it applies (spec: 2). */
  minTextFilterLength?: number;
  /** Wait after typing before a text filter applies, in ms (default 300). */
  debounceMs?: number;
}

/** Options of `setFilter`. */
export interface SetFilterOptions {
  /** Apply at once (selects, checkboxes, dates); default: strings wait for typing to pause. */
  immediate?: boolean;
}

/** What {@link useServerListController} gives the view. */
export interface ServerListController<Row> {
  /** 0-based page. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  sorted: SortEntry[];
  /** The filters in effect (sent to the server). */
  filtered: FilterEntry[];
  /** The body of the current request. */
  request: PagedListRequest;
  /** Request state: -1 loading, 0 loaded, > 0 error code. */
  state: number;
  rows: Row[];
  total: number;
  pages: number;
  /** Ids of the selected rows (kept across pages). */
  selection: RowId[];
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSorted: (sorted: SortEntry[]) => void;
  /** Sets one filter; '' / null / [] removes it. Resets the page to the first. */
  setFilter: (id: string, value: unknown, options?: SetFilterOptions) => void;
  /** What a filter input shows: the typed text (also before it applies) or the value in effect. */
  filterValue: (id: string) => unknown;
  /** True while a typed text filter is too short to apply. */
  isFilterTooShort: (id: string) => boolean;
  clearFilters: () => void;
  setSelection: (ids: RowId[]) => void;
  /** Loads the current page again (retry after an error, refresh after a change). */
  reload: () => void;
}

const EMPTY_SORT: SortEntry[] = [];
const EMPTY_FILTERS: FilterEntry[] = [];

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The headless part of every server-paged list: owns page (0-based), page size, sort, filters,
 * selection and the request state, loads pages through `fetchPage` and keeps page, sort and
 * filters in the URL so reload and back/forward restore them. Filter changes go back to the
 * first page; text filters wait for a pause in typing and apply only from 2 characters (or
 * when emptied). A change of the session's school filter reloads the list. Render inside a
 * router. The view is `ServerTable`.
 * @example
 * const list = useServerListController({ fetchPage: getStudentsPage, initialSort: [{ id: 'ln', desc: false }] });
 * return <ServerTable controller={list} columns={columns} rowId={(s) => s.id} label={t('students')} />;
 */
export function useServerListController<Row>(options: ServerListControllerOptions<Row>): ServerListController<Row> {
  const {
    fetchPage,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    pageSizes = PAGE_SIZES,
    urlState = true,
    urlPrefix = '',
    initialSort = EMPTY_SORT,
    initialFilters = EMPTY_FILTERS,
    minTextFilterLength = 2,
    debounceMs = 300,
  } = options;

  // Defaults are compared by value: callers often pass fresh array literals.
  const defaultsKey = JSON.stringify([defaultPageSize, initialSort, initialFilters]);
  const defaults = useMemo<ListUrlState>(
    () => ({ page: 0, pageSize: defaultPageSize, sorted: initialSort, filtered: normaliseFilters(initialFilters) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [defaultsKey],
  );
  const sizes = useMemo(
    () => (pageSizes.includes(defaultPageSize) ? pageSizes : [...pageSizes, defaultPageSize].sort((a, b) => a - b)),
    [pageSizes, defaultPageSize],
  );

  const [searchParams, setSearchParams] = useSearchParams();
  const [localState, setLocalState] = useState<ListUrlState>(defaults);
  const searchKey = searchParams.toString();
  const urlListState = useMemo(
    () => readListUrlState(new URLSearchParams(searchKey), defaults, sizes, urlPrefix),
    [searchKey, defaults, sizes, urlPrefix],
  );
  const current = urlState ? urlListState : localState;

  const update = useCallback(
    (change: (state: ListUrlState) => ListUrlState, replace: boolean) => {
      if (urlState) {
        setSearchParams(
          (previous) => {
            const before = readListUrlState(previous, defaults, sizes, urlPrefix);
            const after = change(before);
            return sameJson(before, after) ? previous : writeListUrlState(previous, after, defaults, urlPrefix);
          },
          { replace },
        );
      } else {
        setLocalState((previous) => {
          const after = change(previous);
          return sameJson(previous, after) ? previous : after;
        });
      }
    },
    [urlState, setSearchParams, defaults, sizes, urlPrefix],
  );

  // --- filters typed by the user, before they apply ---
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  // Text filters sent to the URL whose value the URL does not show yet (id -> the value as the
  // URL will hold it). A router navigation renders after the keystroke's own update: dropping
  // the draft at once would show the old value in between, and a key typed then would be
  // added to it (the input briefly read '' and the next key replaced what was typed).
  const applying = useRef(new Map<string, unknown>());
  const appliedFilters = useRef(current.filtered);

  const applyFilter = useCallback(
    (id: string, value: unknown) => {
      update(
        (state) => {
          const filtered = normaliseFilters([...state.filtered.filter((entry) => entry.id !== id), { id, value }]);
          return sameJson(filtered, state.filtered) ? state : { ...state, page: 0, filtered };
        },
        true,
      );
    },
    [update],
  );

  const dropDraft = useCallback((id: string) => {
    setDrafts((previous) => {
      if (!(id in previous)) return previous;
      const next = { ...previous };
      delete next[id];
      return next;
    });
  }, []);

  // The draft goes once the URL shows what it applied.
  useEffect(() => {
    appliedFilters.current = current.filtered;
    for (const [id, expected] of applying.current) {
      if (sameJson(current.filtered.find((entry) => entry.id === id)?.value, expected)) {
        applying.current.delete(id);
        dropDraft(id);
      }
    }
  }, [current.filtered, dropDraft]);

  const setFilter = useCallback(
    (id: string, value: unknown, filterOptions: SetFilterOptions = {}) => {
      const pending = timers.current.get(id);
      if (pending) clearTimeout(pending);
      timers.current.delete(id);
      applying.current.delete(id);
      if (typeof value === 'string' && !filterOptions.immediate) {
        setDrafts((previous) => ({ ...previous, [id]: value }));
        const length = value.trim().length;
        if (length > 0 && length < minTextFilterLength) return;
        timers.current.set(
          id,
          setTimeout(() => {
            timers.current.delete(id);
            const expected = normaliseFilters([{ id, value }])[0]?.value;
            if (sameJson(appliedFilters.current.find((entry) => entry.id === id)?.value, expected)) {
              // Already in effect (e.g. a trailing space typed): the URL will not change.
              dropDraft(id);
              return;
            }
            applying.current.set(id, expected);
            applyFilter(id, value);
          }, debounceMs),
        );
        return;
      }
      dropDraft(id);
      applyFilter(id, value);
    },
    [applyFilter, dropDraft, debounceMs, minTextFilterLength],
  );

  const filterValue = useCallback(
    (id: string) => (id in drafts ? drafts[id] : current.filtered.find((entry) => entry.id === id)?.value),
    [drafts, current.filtered],
  );
  const isFilterTooShort = useCallback(
    (id: string) => {
      const length = id in drafts ? drafts[id].trim().length : 0;
      return length > 0 && length < minTextFilterLength;
    },
    [drafts, minTextFilterLength],
  );

  const clearFilters = useCallback(() => {
    timers.current.forEach((timer) => clearTimeout(timer));
    timers.current.clear();
    applying.current.clear();
    setDrafts({});
    update((state) => ({ ...state, page: 0, filtered: [] }), true);
  }, [update]);

  const setPage = useCallback(
    (page: number) => update((state) => ({ ...state, page: Math.max(0, Math.floor(page)) }), false),
    [update],
  );
  const setPageSize = useCallback(
    (pageSize: number) => update((state) => ({ ...state, page: 0, pageSize }), false),
    [update],
  );
  const setSorted = useCallback(
    (sorted: SortEntry[]) => update((state) => ({ ...state, page: 0, sorted }), false),
    [update],
  );

  // --- loading ---
  const [state, setState] = useState(-1);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(0);
  const [reloadToken, setReloadToken] = useState(0);
  const [selection, setSelection] = useState<RowId[]>([]);
  const reload = useCallback(() => setReloadToken((token) => token + 1), []);

  const fetchRef = useRef(fetchPage);
  const updateRef = useRef(update);
  useEffect(() => {
    fetchRef.current = fetchPage;
    updateRef.current = update;
  }, [fetchPage, update]);

  const request = useMemo<PagedListRequest>(
    () => ({ page: current.page, pageSize: current.pageSize, sorted: current.sorted, filtered: current.filtered }),
    [current.page, current.pageSize, current.sorted, current.filtered],
  );
  const requestKey = JSON.stringify(request);
  // Lists answer for the schools in the session's filter: a new filter means new rows.
  const schoolFilterKey = useSessionStore((session) => session.appState?.filter.join(',') ?? '');

  // Rows picked in schools the user no longer looks at must not be exported or changed.
  const selectionSchoolKey = useRef(schoolFilterKey);
  useEffect(() => {
    if (selectionSchoolKey.current === schoolFilterKey) return;
    selectionSchoolKey.current = schoolFilterKey;
    setSelection([]);
  }, [schoolFilterKey]);

  useEffect(() => {
    const abort = new AbortController();
    const body = JSON.parse(requestKey) as PagedListRequest;
    setState(-1);
    fetchRef.current(body, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return;
        // The last row of the last page was deleted (or the URL points too far): step back.
        if (answer.rows.length === 0 && body.page > 0 && answer.pages > 0 && body.page >= answer.pages) {
          updateRef.current((s) => ({ ...s, page: answer.pages - 1 }), true);
          return;
        }
        setRows(answer.rows);
        setTotal(answer.total);
        setPages(answer.pages);
        setState(0);
      },
      async (error: unknown) => {
        if (abort.signal.aborted) return;
        const code = await toErrorCode(error);
        if (!abort.signal.aborted) setState(code > 0 ? code : 1);
      },
    );
    return () => abort.abort();
  }, [requestKey, schoolFilterKey, reloadToken]);

  return {
    page: current.page,
    pageSize: current.pageSize,
    pageSizes: sizes,
    sorted: current.sorted,
    filtered: current.filtered,
    request,
    state,
    rows,
    total,
    pages,
    selection,
    setPage,
    setPageSize,
    setSorted,
    setFilter,
    filterValue,
    isFilterTooShort,
    clearFilters,
    setSelection,
    reload,
  };
}
