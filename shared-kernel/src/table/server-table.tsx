import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, Spinner } from 'shared-kernel';
import type { FilterEntry, SortEntry } from 'shared-kernel/contracts';
import { useCellKeyboardAccess } from './cell-keyboard-access.js';
import { ExportButtons } from './export-buttons.js';
import type { ExportFormat } from './export-selection.js';
import type { ServerColumn } from './server-column.js';
import type { ServerGridProps } from './server-grid.js';
import { ServerTableFilters } from './server-table-filters.js';
import type { RowId, ServerListController } from './use-server-list-controller.js';
import styles from './server-table.module.css';

// ag-grid is most of a list screen's JavaScript: it loads with the first table drawn, not with
// the table entry (the student map uses the list controller without a grid).
const ServerGrid = lazy(() => import('./server-grid.js')) as unknown as <Row>(props: ServerGridProps<Row>) => ReactNode;

/** Props of {@link ServerTable}. */
export interface ServerTableProps<Row> {
  controller: ServerListController<Row>;
  columns: ServerColumn<Row>[];
  /** The row's id (selection and export use it). */
  rowId: (row: Row) => RowId;
  /** Accessible name of the grid, e.g. 'Schüler'. */
  label: string;
  /** Row checkboxes; a function decides per row (rows it refuses cannot be selected). */
  selectable?: boolean | ((row: Row) => boolean);
  /** A highlight class per row (see ROW_CLASS). */
  rowClass?: (row: Row) => string | undefined;
  /**
   * Path of the server export (takes `ids=` or `filtered=`/`sorted=`, see {@link ExportButtons}):
   * shows 'export selection' as CSV/Excel once the list has rows. Exports the selected rows,
   * or every row the filters match when none is selected.
   */
  exportUrl?: string;
  exportFormats?: ExportFormat[];
  /**
   * The filters and sort the 'all filtered' export sends, for lists that map the controller's
   * request before sending it (default: the controller's `filtered` and `sorted`).
   */
  exportQuery?: { filtered: readonly FilterEntry[]; sorted: readonly SortEntry[] };
  /**
   * Called on a row click or Enter on a row's cell (not for clicks and keys in a cell's links
   * and buttons). Prefer a link in a cell for navigation.
   */
  onRowClick?: (row: Row) => void;
  /** Extra buttons in the toolbar above the grid. */
  toolbar?: ReactNode;
}

function Pagination<Row>({ controller }: { controller: ServerListController<Row> }) {
  const { t } = useTranslation('common');
  const { page, pages, pageSize, pageSizes, total } = controller;
  const lastPage = Math.max(pages, 1) - 1;
  return (
    <nav className={styles.pagination} aria-label={t('ui.pagination')}>
      <label className={styles.pageSize}>
        {t('ui.page_size')}
        <select
          className={styles.filterInput}
          value={String(pageSize)}
          onChange={(event) => controller.setPageSize(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span>{t('ui.total', { count: total })}</span>
      <div className={styles.pageButtons}>
        <Button size="small" onClick={() => controller.setPage(0)} disabled={page <= 0} aria-label={t('ui.first_page')}>
          «
        </Button>
        <Button size="small" onClick={() => controller.setPage(page - 1)} disabled={page <= 0}>
          {t('ui.previous_page')}
        </Button>
        <span className={styles.pageOf} aria-live="polite">
          {t('ui.page_of', { page: Math.min(page, lastPage) + 1, pages: lastPage + 1 })}
        </span>
        <Button size="small" onClick={() => controller.setPage(page + 1)} disabled={page >= lastPage}>
          {t('ui.next_page')}
        </Button>
        <Button
          size="small"
          onClick={() => controller.setPage(lastPage)}
          disabled={page >= lastPage}
          aria-label={t('ui.last_page')}
        >
          »
        </Button>
      </div>
    </nav>
  );
}

/**
 * The view of a server-paged list on ag-grid: labelled filters above, the current page in the
 * grid (header clicks sort on the server, Shift+click adds a sort), row checkboxes, the
 * export (selection, else all filtered), a loading overlay, an error panel with retry, 'no
 * entries' and the pagination bar (page size, previous/next, page x of y, total). Links and
 * buttons in cells work by keyboard (see `useCellKeyboardAccess`). All state lives in the
 * controller from `useServerListController`.
 * @example
 * <ServerTable controller={list} label={t('students')} rowId={(s) => s.id} columns={[
 *   { field: 'ln', header: t('last_name'), filter: { type: 'text' } },
 *   { field: 'dob', header: t('birthday'), format: (v) => formatDate(v as string) },
 * ]} selectable exportUrl="api-student/export-sel" />
 */
export function ServerTable<Row>({
  controller,
  columns,
  rowId,
  label,
  selectable = false,
  rowClass,
  exportUrl,
  exportFormats = ['csv', 'xlsx'],
  exportQuery,
  onRowClick,
  toolbar,
}: ServerTableProps<Row>) {
  const { t } = useTranslation('common');
  const tableRef = useRef<HTMLDivElement>(null);
  const gridAreaRef = useRef<HTMLDivElement>(null);
  useCellKeyboardAccess(tableRef);
  const { rows, state, selection, setSelection } = controller;

  // The export shows once the list has rows (the total of the last answer stays while the
  // next page loads, so it does not flicker).
  const showExport = Boolean(exportUrl) && state <= 0 && controller.total > 0;
  const showToolbar = Boolean(toolbar) || showExport;

  return (
    <div ref={tableRef} className={styles.table}>
      <ServerTableFilters columns={columns} controller={controller} />
      {showToolbar && (
        <div className={styles.toolbar}>
          {toolbar}
          {showExport && (
            <ExportButtons
              url={exportUrl!}
              selection={selection}
              filtered={exportQuery?.filtered ?? controller.filtered}
              sorted={exportQuery?.sorted ?? controller.sorted}
              total={controller.total}
              onClearSelection={selectable ? () => setSelection([]) : undefined}
              formats={exportFormats}
            />
          )}
        </div>
      )}
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={controller.reload} headingLevel={3} />
      ) : (
        <div ref={gridAreaRef} className={styles.gridArea} aria-busy={state === -1}>
          <Suspense fallback={state === -1 ? null : <Spinner showLabel size="large" />}>
            <ServerGrid<Row>
              controller={controller}
              columns={columns}
              rowId={rowId}
              label={label}
              selectable={selectable}
              rowClass={rowClass}
              onRowClick={onRowClick}
              gridAreaRef={gridAreaRef}
            />
          </Suspense>
          {state === -1 && (
            <div className={styles.loading}>
              <Spinner showLabel size="large" />
            </div>
          )}
          {state === 0 && rows.length === 0 && <p className={styles.empty}>{t('ui.no_rows')}</p>}
        </div>
      )}
      <Pagination controller={controller} />
    </div>
  );
}
