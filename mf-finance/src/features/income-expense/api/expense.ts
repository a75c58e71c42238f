import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { SavedWithVersion, ExpenseForm, ExpenseItem, ExpenseListResponse, PagedListRequest } from 'shared-kernel/contracts';

/** Path of the expense selection export (GET ?ids=1,2&format=csv|xlsx). */
export const EXPENSE_EXPORT_URL = 'api-fin/export-el-sel';

/** POST /api-fin/el: a page of the expenses of the filtered schools. */
export function getExpensePage(request: PagedListRequest, signal?: AbortSignal): Promise<ExpenseListResponse> {
  return http.post('api-fin/el', { json: request, signal }).json<ExpenseListResponse>();
}

/** GET /api-fin/expense?id: one expense item. */
export function getExpense(id: number, signal?: AbortSignal): Promise<ExpenseItem> {
  return http.get('api-fin/expense', { searchParams: { id }, signal }).json<ExpenseItem>();
}

/**
 * POST /api-fin/expense: saves a new expense item (create and template mode). `idempotencyKey`:
 * the form's key of this submission (useSubmissionKey): sent again, the server books nothing
 * more and answers the first answer.
 */
export async function createExpense(body: ExpenseForm, idempotencyKey: string): Promise<void> {
  await http.post('api-fin/expense', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-fin/expense?id with the version read: answers the next version (409 {error: 9} when stale). */
export async function updateExpense(id: number, body: ExpenseForm, version: number): Promise<number> {
  const saved = await http.put('api-fin/expense', { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-fin/expense?id (needs finance_d). */
export async function deleteExpense(id: number): Promise<void> {
  await http.delete('api-fin/expense', { searchParams: { id } });
}
