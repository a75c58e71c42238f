import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { SavedWithVersion, IncomeForm, IncomeItem, IncomeListResponse, PagedListRequest } from 'shared-kernel/contracts';

/** Path of the income selection export (GET ?ids=1,2&format=csv|xlsx). */
export const INCOME_EXPORT_URL = 'api-fin/export-il-sel';

/** POST /api-fin/il: a page of the income of the filtered schools. */
export function getIncomePage(request: PagedListRequest, signal?: AbortSignal): Promise<IncomeListResponse> {
  return http.post('api-fin/il', { json: request, signal }).json<IncomeListResponse>();
}

/** GET /api-fin/income?id: one income item. */
export function getIncome(id: number, signal?: AbortSignal): Promise<IncomeItem> {
  return http.get('api-fin/income', { searchParams: { id }, signal }).json<IncomeItem>();
}

/**
 * POST /api-fin/income: saves a new income item (create and template mode). `idempotencyKey`:
 * the form's key of this submission (useSubmissionKey): sent again, the server books nothing
 * more and answers the first answer.
 */
export async function createIncome(body: IncomeForm, idempotencyKey: string): Promise<void> {
  await http.post('api-fin/income', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-fin/income?id with the version read: answers the next version (409 {error: 9} when stale). */
export async function updateIncome(id: number, body: IncomeForm, version: number): Promise<number> {
  const saved = await http.put('api-fin/income', { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-fin/income?id (needs finance_d). */
export async function deleteIncome(id: number): Promise<void> {
  await http.delete('api-fin/income', { searchParams: { id } });
}
