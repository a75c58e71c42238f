import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, Spinner } from 'shared-kernel';
import type { FilterEntry, SortEntry } from 'shared-kernel/contracts';
import { ExportButtons } from './export-buttons.js';
import type { ExportFormat } from './export-selection.js';
import type { ServerColumn } from './server-column.js';
import { ServerTableGrid } from './server-table-grid.js';
import { ServerTableFilters } from './server-table-filters.js';
import type { RowId, ServerListController } from './use-server-list-controller.js';
import styles from './server-table.module.css';

/** Props of {@link ServerTable}. */
export interface ServerTableProps<Row> {
  controller: ServerListController<Row>;
  columns: ServerColumn<Row>[];
  /** The row's id (selection and export use it). */
  rowId: (row: Row) => RowId;
  /** Accessible name (and caption) of the table, e.g. 'Schüler'. */
  label: string;
  /**
   * What a row is called in its checkbox's name ('Max Muster auswählen'); without it the
   * checkbox says 'Zeile n auswählen'.
   */
  rowLabel?: (row: Row) => string;
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
   * Called on a row click or Enter on a row's cell without controls (those cells are then in
   * the tab order; clicks and keys in a cell's links and buttons stay theirs). Prefer a link in
   * a cell for navigation.
   */
  onRowClick?: (row: Row) => void;
  /** Extra buttons in the toolbar above the table. */
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
 * The view of a server-paged list: labelled filters above, the current page in a native
 * `<table>` (sort buttons in the column headers sort on the server, Shift+click adds a sort),
 * row checkboxes with 'select all on this page', the export (selection, else all filtered), a
 * loading overlay, an error panel with retry, 'no entries' and the pagination bar (page size,
 * previous/next, page x of y, total). Links and buttons in cells are in the tab order, arrow
 * keys move between cells (see `useCellKeyboardAccess`). All state lives in the controller from
 * `useServerListController`.
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
  rowLabel,
  selectable = false,
  rowClass,
  exportUrl,
  exportFormats = ['csv', 'xlsx'],
  exportQuery,
  onRowClick,
  toolbar,
}: ServerTableProps<Row>) {
  const { t } = useTranslation('common');
  const { rows, state, selection, setSelection } = controller;

  // The export shows once the list has rows (the total of the last answer stays while the
  // next page loads, so it does not flicker).
  const showExport = Boolean(exportUrl) && state <= 0 && controller.total > 0;
  const showToolbar = Boolean(toolbar) || showExport;

  return (
    <div className={styles.table}>
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
        <div className={styles.gridArea} aria-busy={state === -1}>
          <ServerTableGrid<Row>
            controller={controller}
            columns={columns}
            rowId={rowId}
            label={label}
            rowLabel={rowLabel}
            selectable={selectable}
            rowClass={rowClass}
            onRowClick={onRowClick}
          />
          {state === -1 && (
            <div className={styles.loading}>
              <Spinner showLabel size="large" />
            </div>
          )}
          {state === 0 && rows.length === 0 && (
            <p role="status" className={styles.empty}>
              {t('ui.no_rows')}
            </p>
          )}
        </div>
      )}
      <Pagination controller={controller} />
    </div>
  );
}
