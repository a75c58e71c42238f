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
import { useCallback, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isCellKeyEvent, isFromCellControl, keepKeysInCellContent } from './cell-keyboard-access.js';
import { sboGridTheme } from './grid-theme.js';
import type { ServerColumn } from './server-column.js';
import type { RowId, ServerListController } from './use-server-list-controller.js';

// Only what the server-paged table needs: the grid shows one page in the client-side row
// model; paging, sorting and filtering happen on the server. Named imports of the modules
// the grid registers let webpack drop the rest of ag-grid (see README, bundle budget).
const GRID_MODULES: Module[] = [
  ClientSideRowModelModule,
  RowSelectionModule,
  RowStyleModule,
  CellStyleModule,
  ColumnApiModule,
  RowApiModule,
  LocaleModule,
];

/** Props of {@link ServerGrid}: the grid part of a {@link ServerTable}. */
export interface ServerGridProps<Row> {
  controller: ServerListController<Row>;
  columns: ServerColumn<Row>[];
  rowId: (row: Row) => RowId;
  label: string;
  selectable: boolean | ((row: Row) => boolean);
  rowClass?: (row: Row) => string | undefined;
  onRowClick?: (row: Row) => void;
  /** The element around the grid (the grid's role element gets the list's name). */
  gridAreaRef: RefObject<HTMLDivElement | null>;
}

function cellRendererFor<Row>(render: (row: Row) => ReactNode) {
  return function ServerTableCell(params: CustomCellRendererProps<Row>) {
    return params.data ? <>{render(params.data)}</> : null;
  };
}

/**
 * The current page on ag-grid: header clicks sort on the server (Shift+click adds a sort), row
 * checkboxes keep the controller's selection across pages, Enter on a cell opens the row.
 * Its own chunk, loaded when the first table is drawn: screens that use only the list
 * controller (the student map) do not load ag-grid.
 */
export default function ServerGrid<Row>({
  controller,
  columns,
  rowId,
  label,
  selectable,
  rowClass,
  onRowClick,
  gridAreaRef,
}: ServerGridProps<Row>) {
  const { t, i18n } = useTranslation('common');
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  const { rows, sorted, selection, setSorted, setSelection } = controller;

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
    [gridAreaRef, label],
  );

  return (
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
  );
}
