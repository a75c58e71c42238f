import { http, saveDownload, toErrorCode } from 'shared-kernel';
import type { FilterEntry, SortEntry } from 'shared-kernel/contracts';
import type { RowId } from './use-server-list-controller.js';

/** File formats of a selection export. */
export type ExportFormat = 'csv' | 'xlsx';

/** What {@link exportSelection} downloads. */
export interface ExportSelectionOptions {
  /** The export call's path, e.g. 'api-student/export' (a leading '/' is allowed). */
  url: string;
  ids: readonly RowId[];
  format: ExportFormat;
  /** File name when the server sends none (default 'export.<format>'). */
  fileName?: string;
}

/**
 * The path + query of a selection export: `<url>?ids=1,2&format=csv` (existing query kept).
 * @example exportSelectionUrl({ url: 'api-student/export', ids: [1, 2], format: 'csv' }) // 'api-student/export?ids=1%2C2&format=csv'
 */
export function exportSelectionUrl({ url, ids, format }: Omit<ExportSelectionOptions, 'fileName'>): string {
  const [path, query = ''] = url.replace(/^\/+/, '').split('?', 2);
  const params = new URLSearchParams(query);
  params.set('ids', ids.map(String).join(','));
  params.set('format', format);
  return `${path}?${params.toString()}`;
}

/** Downloads `path` through the kernel's http client; 0 or the error code. */
async function downloadExport(path: string, format: ExportFormat, fileName?: string): Promise<number> {
  try {
    await saveDownload(await http.get(path), fileName ?? `export.${format}`);
    return 0;
  } catch (error) {
    return toErrorCode(error);
  }
}

/**
 * Downloads the server's export of the selected rows (the server writes the file and
 * neutralises spreadsheet formulas). Goes through the kernel's http client, so the session
 * cookie and the client-version header are sent and errors come back as a code instead of a
 * broken file. Resolves with 0 on success or the error code.
 * @example const code = await exportSelection({ url: 'api-student/export', ids: list.selection, format: 'xlsx' });
 */
export async function exportSelection(options: ExportSelectionOptions): Promise<number> {
  if (options.ids.length === 0) return 0;
  return downloadExport(exportSelectionUrl(options), options.format, options.fileName);
}

/** What {@link exportFiltered} downloads: every row the list's filters match, in its sort. */
export interface ExportFilteredOptions {
  /** The export call's path, e.g. 'api-fin/export-il-sel' (a leading '/' is allowed). */
  url: string;
  /** The list's filters in effect (`controller.filtered`). */
  filtered: readonly FilterEntry[];
  /** The list's sort (`controller.sorted`); left out when empty. */
  sorted?: readonly SortEntry[];
  format: ExportFormat;
  fileName?: string;
}

/**
 * The path + query of an "all filtered" export: `<url>?filtered=<JSON>&sorted=<JSON>&format=csv`.
 * @example exportFilteredUrl({ url: 'api-fin/export-il-sel', filtered: [{ id: 'pm', value: 3 }], format: 'csv' })
 * // 'api-fin/export-il-sel?filtered=%5B%7B%22id%22%3A%22pm%22%2C%22value%22%3A3%7D%5D&format=csv'
 */
export function exportFilteredUrl({ url, filtered, sorted = [], format }: Omit<ExportFilteredOptions, 'fileName'>): string {
  const [path, query = ''] = url.replace(/^\/+/, '').split('?', 2);
  const params = new URLSearchParams(query);
  params.set('filtered', JSON.stringify(filtered));
  if (sorted.length > 0) params.set('sorted', JSON.stringify(sorted));
  params.set('format', format);
  return `${path}?${params.toString()}`;
}

/**
 * Downloads the server's export of every row the list's filters match (not only the loaded
 * page), for export calls that take `filtered=<JSON>` besides `ids`. 0 or the error code.
 * @example const code = await exportFiltered({ url: 'api-fin/export-il-sel', filtered: list.filtered, sorted: list.sorted, format: 'csv' });
 */
export async function exportFiltered(options: ExportFilteredOptions): Promise<number> {
  return downloadExport(exportFilteredUrl(options), options.format, options.fileName);
}
