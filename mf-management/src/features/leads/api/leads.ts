import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { LeadCreated, LeadDataResponse, LeadForm, LeadListResponse, PagedListRequest, SavedWithVersion } from 'shared-kernel/contracts';

/** GET /api-lead/export-sel: the selected leads, or all the list's filters find (CSV or XLSX). */
export const LEAD_EXPORT_URL = 'api-lead/export-sel';

/** POST /api-lead/list: a page of the leads of the filtered schools with the suggestion counts (`sug`). */
export function getLeadList(request: PagedListRequest, signal?: AbortSignal): Promise<LeadListResponse> {
  return http.post('api-lead/list', { json: request, signal }).json<LeadListResponse>();
}

/** GET /api-lead/data?id: the lead's fields with version, its placeholder values and the student it became. */
export function getLead(id: number, signal?: AbortSignal): Promise<LeadDataResponse> {
  return http.get('api-lead/data', { searchParams: { id }, signal }).json<LeadDataResponse>();
}

/** POST /api-lead/data: creates a lead; answers its id (the same key again: the same lead, created once). */
export async function createLead(form: LeadForm, idempotencyKey: string): Promise<number> {
  return (await http.post('api-lead/data', { json: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<LeadCreated>()).id;
}

/** PUT /api-lead/data?id: saves the lead read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateLead(id: number, form: LeadForm, version: number): Promise<number> {
  return (await http.put('api-lead/data', { searchParams: { id }, json: { ...form, version } }).json<SavedWithVersion>()).version;
}

/** DELETE /api-lead/data?id: removes the lead (409 {error: 72} when it became a student). */
export async function deleteLead(id: number): Promise<void> {
  await http.delete('api-lead/data', { searchParams: { id } });
}
