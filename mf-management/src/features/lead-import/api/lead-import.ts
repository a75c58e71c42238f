import { http } from 'shared-kernel';
import type {
  LeadImportField,
  LeadImportResult,
  LeadImportRow,
  LeadImportUploadResponse,
  PagedListRequest,
  PagedListResponse,
} from 'shared-kernel/contracts';

export type { LeadImportRow };

/**
 * POST /api-import/leglead/upload (multipart: file, sid, mapping): stages the file's rows,
 * replacing the user's staged rows; 400 {error: 80..84} for a file it cannot import.
 */
export function uploadLeadFile(
  file: File,
  schoolId: number,
  mapping: Readonly<Record<string, LeadImportField | null>>,
): Promise<LeadImportUploadResponse> {
  const body = new FormData();
  body.append('sid', String(schoolId));
  body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  return http.post('api-import/leglead/upload', { body }).json<LeadImportUploadResponse>();
}

/** GET /api-import/leglead: a page of the user's staged rows (sorted and filtered as JSON). */
export function getStagedLeads(request: PagedListRequest, signal?: AbortSignal): Promise<PagedListResponse<LeadImportRow>> {
  const searchParams = {
    page: request.page,
    pageSize: request.pageSize,
    sorted: JSON.stringify(request.sorted),
    filtered: JSON.stringify(request.filtered),
  };
  return http.get('api-import/leglead', { searchParams, signal }).json<PagedListResponse<LeadImportRow>>();
}

/** POST /api-import/leglead {ids}: creates leads from the staged rows, skipping duplicates; answers the report. */
export function importStagedLeads(ids: readonly number[]): Promise<LeadImportResult> {
  return http.post('api-import/leglead', { json: { ids } }).json<LeadImportResult>();
}

/** DELETE /api-import/leglead: discards the user's staged rows (cancel). */
export function discardStagedLeads(): Promise<void> {
  return http.delete('api-import/leglead').then(() => undefined);
}
