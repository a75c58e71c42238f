import { http, toErrorCode } from '../http/index.js';
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

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
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
  try {
    const response = await http.get(exportSelectionUrl(options));
    const blob = await response.blob();
    const name = fileNameFrom(response.headers.get('content-disposition')) ?? options.fileName ?? `export.${options.format}`;
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return 0;
  } catch (error) {
    return toErrorCode(error);
  }
}
