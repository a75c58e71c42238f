import { http } from 'shared-kernel';
import type { IncomeForm, IncomeItem, IncomeListResponse, PagedListRequest } from 'shared-kernel/contracts';

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

/** POST /api-fin/income: saves a new income item (create and template mode). */
export async function createIncome(body: IncomeForm): Promise<void> {
  await http.post('api-fin/income', { json: body });
}

/** PUT /api-fin/income?id: updates an income item. */
export async function updateIncome(id: number, body: IncomeForm): Promise<void> {
  await http.put('api-fin/income', { searchParams: { id }, json: body });
}

/** DELETE /api-fin/income?id (needs finance_d). */
export async function deleteIncome(id: number): Promise<void> {
  await http.delete('api-fin/income', { searchParams: { id } });
}
