import { http, toErrorCode } from 'shared-kernel';
import type { FilterEntry, SortEntry } from 'shared-kernel/contracts';
import type { ExportFormat, RowId } from 'shared-kernel/table';

/** What to export: the selected students, or (nothing selected) every student the filters find. */
export type StudentExportTarget =
  | { format: ExportFormat; ids: readonly RowId[] }
  | { format: ExportFormat; filtered: FilterEntry[]; sorted: SortEntry[] };

/**
 * Path + query of GET /api-student/export-sel for a target.
 * @example studentExportPath({ format: 'csv', ids: [1, 2] }) // 'api-student/export-sel?format=csv&ids=1%2C2'
 */
export function studentExportPath(target: StudentExportTarget): string {
  const params = new URLSearchParams({ format: target.format });
  if ('ids' in target) {
    params.set('ids', target.ids.map(String).join(','));
  } else {
    params.set('filtered', JSON.stringify(target.filtered));
    params.set('sorted', JSON.stringify(target.sorted));
  }
  return `api-student/export-sel?${params.toString()}`;
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
 * Downloads the server's export (the server writes the file and neutralises spreadsheet
 * formulas). Through the kernel's http client, so a refused or failed export comes back as an
 * error code instead of a broken file. Resolves with 0 on success or the error code.
 * (The kernel's exportSelection covers selected ids only; this also exports "all filtered".)
 */
export async function exportStudents(target: StudentExportTarget): Promise<number> {
  try {
    const response = await http.get(studentExportPath(target));
    const blob = await response.blob();
    const name = fileNameFrom(response.headers.get('content-disposition')) ?? `students.${target.format}`;
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
