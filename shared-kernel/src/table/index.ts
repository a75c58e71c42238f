/**
 * shared-kernel/table: server-paged lists. `useServerListController` (headless state + loading)
 * and `ServerTable` (the view: a native, accessible table with sort buttons, row checkboxes,
 * filters, the export and keyboard access to cell content), plus the export helpers.
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
export { loadListLayout, saveListLayout } from './list-layout-api.js';
