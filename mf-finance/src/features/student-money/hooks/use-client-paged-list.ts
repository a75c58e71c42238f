import { useCallback, useEffect, useRef } from 'react';
import type { PagedListRequest, PagedListResponse } from 'shared-kernel/contracts';
import { useServerListController, type ServerListController } from 'shared-kernel/table';

/** Rows per page of the contracts and payments tabs (spec 000 §9). */
export const STUDENT_MONEY_PAGE_SIZE = 10;
const PAGE_SIZES = [STUDENT_MONEY_PAGE_SIZE] as const;

/** One page of `rows` in the paged-list answer shape. */
export function pageOf<Row>(rows: Row[], request: Pick<PagedListRequest, 'page' | 'pageSize'>): PagedListResponse<Row> {
  const pages = Math.max(1, Math.ceil(rows.length / request.pageSize));
  const page = Math.min(request.page, pages - 1);
  return { rows: rows.slice(page * request.pageSize, (page + 1) * request.pageSize), pages, total: rows.length };
}

/**
 * The kernel's list controller (and so its ServerTable view) over a list the API answers whole
 * (the student's contracts or payments): 10 rows per page, no state in the URL (the student
 * detail shows several lists), reloaded when `version` changes.
 *
 * @example
 * const list = useClientPagedList((signal) => getPayments(studentId, signal).then((a) => a.rows), version);
 */
export function useClientPagedList<Row>(load: (signal: AbortSignal) => Promise<Row[]>, version: number): ServerListController<Row> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const fetchPage = useCallback(
    async (request: PagedListRequest, signal: AbortSignal) => pageOf(await loadRef.current(signal), request),
    [],
  );
  const list = useServerListController<Row>({ fetchPage, defaultPageSize: STUDENT_MONEY_PAGE_SIZE, pageSizes: PAGE_SIZES, urlState: false });
  const { reload } = list;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [version, reload]);
  return list;
}
