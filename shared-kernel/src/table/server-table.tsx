import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  RowApiModule,
  LocaleModule,
  RowSelectionModule,
  RowStyleModule,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type Module,
  type RowSelectionOptions,
  type SelectionChangedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterEntry, SortEntry } from '../contracts/paging.js';
import { Button } from '../ui/button.js';
import { ErrorPanel } from '../ui/error-panel.js';
import { Spinner } from '../ui/spinner.js';
import { isCellKeyEvent, isFromCellControl, keepKeysInCellContent, useCellKeyboardAccess } from './cell-keyboard-access.js';
import { ExportButtons } from './export-buttons.js';
import type { ExportFormat } from './export-selection.js';
import { sboGridTheme } from './grid-theme.js';
import type { ServerColumn } from './server-column.js';
import { ServerTableFilters } from './server-table-filters.js';
import type { RowId, ServerListController } from './use-server-list-controller.js';
import styles from './server-table.module.css';

// Only what the server-paged table needs: the grid shows one page in the client-side row
// model; paging, sorting and filtering happen on the server.
const GRID_MODULES: Module[] = [
  ClientSideRowModelModule,
  RowSelectionModule,
  RowStyleModule,
  CellStyleModule,
  ColumnApiModule,
  RowApiModule,
  LocaleModule,
];

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

function cellRendererFor<Row>(render: (row: Row) => ReactNode) {
  return function ServerTableCell(params: CustomCellRendererProps<Row>) {
    return params.data ? <>{render(params.data)}</> : null;
  };
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
  const { t, i18n } = useTranslation('common');
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const gridAreaRef = useRef<HTMLDivElement>(null);
  useCellKeyboardAccess(tableRef);
  const { rows, state, sorted, selection, setSorted, setSelection } = controller;

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => ({
        colId: column.field,
        field: column.field as ColDef<Row>['field'],
        headerName: column.header,
        sortable: column.sortable !== false,
        // The server already sorted the page: keep its order (stable sort on equal keys).
        comparator: () => 0,
        width: column.width,
        minWidth: column.minWidth ?? 80,
        flex: column.width ? undefined : (column.flex ?? 1),
        cellClass: column.align === 'end' ? 'ag-right-aligned-cell' : undefined,
        headerClass: column.align === 'end' ? 'ag-right-aligned-header' : undefined,
        valueFormatter: column.format
          ? (params) => (params.data ? column.format!(params.value, params.data) : '')
          : undefined,
        cellRenderer: column.render ? cellRendererFor(column.render) : undefined,
        suppressKeyboardEvent: keepKeysInCellContent,
      })),
    [columns],
  );

  const sortIdToColId = useMemo(() => {
    const map = new Map<string, string>();
    for (const column of columns) map.set(column.sortId ?? column.field, column.field);
    return map;
  }, [columns]);
  const colIdToSortId = useMemo(() => {
    const map = new Map<string, string>();
    for (const column of columns) map.set(column.field, column.sortId ?? column.field);
    return map;
  }, [columns]);

  const rowSelection = useMemo<RowSelectionOptions<Row> | undefined>(() => {
    if (!selectable) return undefined;
    return {
      mode: 'multiRow',
      checkboxes: true,
      headerCheckbox: true,
      enableClickSelection: false,
      isRowSelectable: typeof selectable === 'function' ? (node) => Boolean(node.data && selectable(node.data)) : undefined,
    };
  }, [selectable]);

  const localeText = useMemo(
    () => ({
      ariaRowToggleSelection: t('ui.select_row'),
      ariaHeaderSelection: t('ui.select_all'),
      ariaRowSelectAll: t('ui.select_all'),
      ariaChecked: t('ui.yes'),
      ariaUnchecked: t('ui.no'),
      noRowsToShow: t('ui.no_rows'),
      loadingOoo: t('ui.loading'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );

  // Controller -> grid: the sort in the URL (also after back/forward) shows in the headers.
  useEffect(() => {
    if (!api) return;
    api.applyColumnState({
      state: sorted
        .filter((entry) => sortIdToColId.has(entry.id))
        .map((entry, index) => ({ colId: sortIdToColId.get(entry.id)!, sort: entry.desc ? 'desc' : 'asc', sortIndex: index })),
      defaultState: { sort: null },
    });
  }, [api, sorted, sortIdToColId]);

  const onSortChanged = useCallback(
    (event: SortChangedEvent<Row>) => {
      if (event.source === 'api' || event.source === 'gridOptionsChanged') return;
      const next = event.api
        .getColumnState()
        .filter((column) => column.sort)
        .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
        .map((column) => ({ id: colIdToSortId.get(column.colId) ?? column.colId, desc: column.sort === 'desc' }));
      setSorted(next);
    },
    [colIdToSortId, setSorted],
  );

  // Controller -> grid: the selection (kept across pages) shows as ticked rows.
  const applySelection = useCallback(
    (gridApi: GridApi<Row>) => {
      const wanted = new Set(selection.map(String));
      const select: Parameters<GridApi<Row>['setNodesSelected']>[0]['nodes'] = [];
      const deselect: typeof select = [];
      gridApi.forEachNode((node) => {
        const isWanted = node.id !== undefined && wanted.has(node.id);
        if (isWanted && !node.isSelected() && node.selectable) select.push(node);
        if (!isWanted && node.isSelected()) deselect.push(node);
      });
      if (select.length) gridApi.setNodesSelected({ nodes: select, newValue: true, source: 'api' });
      if (deselect.length) gridApi.setNodesSelected({ nodes: deselect, newValue: false, source: 'api' });
    },
    [selection],
  );
  useEffect(() => {
    if (api && selectable) applySelection(api);
  }, [api, selectable, applySelection, rows]);

  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<Row>) => {
      if (event.source === 'api' || event.source === 'rowDataChanged' || event.source === 'gridInitializing') return;
      const onPage = new Set<string>();
      event.api.forEachNode((node) => {
        if (node.id !== undefined) onPage.add(node.id);
      });
      const kept = selection.filter((id) => !onPage.has(String(id)));
      const picked = event.api.getSelectedRows().map(rowId);
      setSelection([...kept, ...picked]);
    },
    [rowId, selection, setSelection],
  );

  const onGridReady = useCallback(
    (event: GridReadyEvent<Row>) => {
      setApi(event.api);
      // ag-grid renders the grid role; give it the list's name.
      gridAreaRef.current?.querySelector('[role="grid"], [role="treegrid"]')?.setAttribute('aria-label', label);
    },
    [label],
  );

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
          <AgGridReact<Row>
            theme={sboGridTheme}
            modules={GRID_MODULES}
            rowData={rows}
            columnDefs={columnDefs}
            getRowId={(params) => String(rowId(params.data))}
            rowSelection={rowSelection}
            getRowClass={rowClass ? (params) => (params.data ? rowClass(params.data) : undefined) : undefined}
            domLayout="autoHeight"
            suppressColumnVirtualisation
            suppressRowVirtualisation
            ensureDomOrder
            loading={false}
            suppressNoRowsOverlay
            localeText={localeText}
            onGridReady={onGridReady}
            onSortChanged={onSortChanged}
            onSelectionChanged={onSelectionChanged}
            onRowDataUpdated={(event) => selectable && applySelection(event.api)}
            onRowClicked={
              onRowClick ? (event) => event.data && !isFromCellControl(event.event) && onRowClick(event.data) : undefined
            }
            onCellKeyDown={
              onRowClick
                ? (event) => {
                    const keyEvent = event.event as KeyboardEvent | null | undefined;
                    // Enter in a control inside the cell belongs to the control.
                    if (keyEvent?.key === 'Enter' && isCellKeyEvent(keyEvent) && event.data) onRowClick(event.data);
                  }
                : undefined
            }
          />
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
