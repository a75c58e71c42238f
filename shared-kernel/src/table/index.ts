/**
 * shared-kernel/table: server-paged lists. `useServerListController` (headless state + loading)
 * and `ServerTable` (the view; its ag-grid part loads with the first table drawn, with keyboard
 * access to cell content and the export),
 * plus the export helpers.
 */
export {
  useServerListController,
  type FetchPage,
  type RowId,
  type ServerListController,
  type ServerListControllerOptions,
  type SetFilterOptions,
} from './use-server-list-controller.js';
export { readListUrlState, writeListUrlState, normaliseFilters, type ListUrlState } from './list-url-state.js';
export { ServerTable, type ServerTableProps } from './server-table.js';
export { ExportButtons, type ExportButtonsProps } from './export-buttons.js';
export { ROW_CLASS, type ServerColumn, type ColumnFilter, type FilterOption } from './server-column.js';
export {
  exportSelection,
  exportSelectionUrl,
  exportFiltered,
  exportFilteredUrl,
  type ExportFormat,
  type ExportSelectionOptions,
  type ExportFilteredOptions,
} from './export-selection.js';
