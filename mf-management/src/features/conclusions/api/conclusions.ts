import { http, saveDownload } from 'shared-kernel';
import type {
  ActivationAnswer, ActivationBody, ConclusionListRow, PagedListRequest, PagedListResponse,
} from 'shared-kernel/contracts';

/** POST /api-conclusion/list: a page of the conclusions of the filtered schools. */
export function getConclusionList(request: PagedListRequest, signal?: AbortSignal): Promise<PagedListResponse<ConclusionListRow>> {
  return http.post('api-conclusion/list', { json: request, signal }).json<PagedListResponse<ConclusionListRow>>();
}

/** DELETE /api-conclusion/data?id: removes a conclusion that is not activated. */
export async function deleteConclusion(id: number): Promise<void> {
  await http.delete('api-conclusion/data', { searchParams: { id } });
}

/**
 * PUT /api-conclusion/actcon?id: activates the conclusion read with `version` (creates the
 * student, the contract and the SEPA mandate), with an optional withdrawal date (ISO).
 */
export function activateConclusion(id: number, dateWithdrawal: string | null, version: number): Promise<ActivationAnswer> {
  const body: ActivationBody = { date_withdrawal: dateWithdrawal, version };
  return http.put('api-conclusion/actcon', { searchParams: { id }, json: body }).json<ActivationAnswer>();
}

/** PUT /api-conclusion/prestud?id: registers the activated conclusion's student with the network (pre-student). */
export async function createPreStudent(id: number): Promise<void> {
  await http.put('api-conclusion/prestud', { searchParams: { id } });
}

/** GET /api-conclusion/cp?id: the paper conclusion as PDF, saved by the browser. */
export async function downloadConclusionPdf(id: number): Promise<void> {
  await saveDownload(await http.get('api-conclusion/cp', { searchParams: { id } }), `Vertrag-${id}.pdf`);
}

/** GET /api-conclusion/sepaddm?id: the SEPA direct debit mandate as PDF, saved by the browser. */
export async function downloadSepaMandate(id: number): Promise<void> {
  await saveDownload(await http.get('api-conclusion/sepaddm', { searchParams: { id } }), `SEPA-Mandat-${id}.pdf`);
}
