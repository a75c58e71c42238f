import { useCallback } from 'react';
import { useCan } from 'shared-kernel';
import {
  SEARCH_MIN_LENGTH,
  STUDENT_LIST_FILTER_FIELDS,
  STUDENT_LIST_SORT_FIELDS,
  type FilterEntry,
  type PagedListRequest,
  type SortEntry,
} from 'shared-kernel/contracts';
import { useServerListController, type ServerListController, type ServerListControllerOptions } from 'shared-kernel/table';
import { getStudentList, type StudentListRow } from '../api/get-student-list.js';

/** Filters the server matches as a case-insensitive prefix; sent only from 2 characters. */
export const STUDENT_PREFIX_FILTERS: readonly string[] = ['fn', 'ln', 'mno', 'z', 'c', 'q'];
/** Filters holding one status or a list of statuses. */
const STATUS_FILTERS: readonly string[] = ['sst', 'ms'];
/** Filters holding one id (division, school). */
const ID_FILTERS: readonly string[] = ['p', 'sid'];

/** Most sort keys the list call accepts (more answer 400). */
export const STUDENT_LIST_MAX_SORTED = 3;

/** Default order of the student list: by last name. */
export const STUDENT_LIST_DEFAULT_SORT: SortEntry[] = [{ id: 'ln', desc: false }];

function toId(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function toFilterValue(entry: FilterEntry): unknown {
  if (STUDENT_PREFIX_FILTERS.includes(entry.id)) {
    const text = typeof entry.value === 'string' ? entry.value.trim() : '';
    return text.length >= SEARCH_MIN_LENGTH ? text : null;
  }
  if (STATUS_FILTERS.includes(entry.id)) {
    if (Array.isArray(entry.value)) {
      const ids = entry.value.map(toId);
      return ids.length > 0 && ids.every((id) => id !== null) ? ids : null;
    }
    return toId(entry.value);
  }
  if (ID_FILTERS.includes(entry.id)) return toId(entry.value);
  return null;
}

/**
 * The wire body of POST /api-student/list for the list state in the URL: text filters apply as
 * prefixes only from 2 characters (a hand-edited URL with one letter is not sent), status and id
 * filters only as positive integers, unknown filters and sorts are dropped, at most 3 sort keys,
 * and the balance sort only for users who see the balance (finance_r: others get 403).
 * @example toStudentListRequest({ page: 0, pageSize: 25, sorted: [], filtered: [{ id: 'ln', value: 'M' }] }, { canSeeBalance: false })
 *   // → filtered: []
 */
export function toStudentListRequest(request: PagedListRequest, options: { canSeeBalance: boolean }): PagedListRequest {
  const filterFields: readonly string[] = STUDENT_LIST_FILTER_FIELDS;
  const sortFields: readonly string[] = STUDENT_LIST_SORT_FIELDS;
  const filtered: FilterEntry[] = [];
  for (const entry of request.filtered) {
    if (!filterFields.includes(entry.id)) continue;
    const value = toFilterValue(entry);
    if (value !== null) filtered.push({ id: entry.id, value });
  }
  const sorted = request.sorted
    .filter((entry) => sortFields.includes(entry.id) && (options.canSeeBalance || entry.id !== 'b'))
    .slice(0, STUDENT_LIST_MAX_SORTED);
  return { page: request.page, pageSize: request.pageSize, sorted, filtered };
}

/**
 * A server-paged controller of POST /api-student/list: state in the URL (page, size, sort,
 * filters), requests mapped by {@link toStudentListRequest}.
 */
export function useStudentListController(
  options: Omit<ServerListControllerOptions<StudentListRow>, 'fetchPage'> = {},
): ServerListController<StudentListRow> {
  const canSeeBalance = useCan('finance_r');
  const fetchPage = useCallback(
    (request: PagedListRequest, signal: AbortSignal) =>
      getStudentList(toStudentListRequest(request, { canSeeBalance }), signal),
    [canSeeBalance],
  );
  return useServerListController<StudentListRow>({
    initialSort: STUDENT_LIST_DEFAULT_SORT,
    minTextFilterLength: SEARCH_MIN_LENGTH,
    ...options,
    fetchPage,
  });
}
