import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { AccountData, AccountForm, AccountRow, IbanLookup, PagedListRequest, PagedListResponse, SavedWithVersion } from 'shared-kernel/contracts';

/** POST /api-account/list: a page of the bank accounts of the filtered schools. */
export function getAccountList(request: PagedListRequest, signal?: AbortSignal): Promise<PagedListResponse<AccountRow>> {
  return http.post('api-account/list', { json: request, signal }).json<PagedListResponse<AccountRow>>();
}

/** GET /api-account/data?id: one account with its version. */
export function getAccount(id: number, signal?: AbortSignal): Promise<AccountData> {
  return http.get('api-account/data', { searchParams: { id }, signal }).json<AccountData>();
}

/** POST /api-account/data: creates an account (one Idempotency-Key per submission: a repeat saves once); answers its id. */
export async function createAccount(body: AccountForm, idempotencyKey: string): Promise<number> {
  return (await http.post('api-account/data', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<{ id: number }>()).id;
}

/** PUT /api-account/data?id: changes an account read with `version`; answers the next version (409 when stale). */
export async function updateAccount(id: number, body: AccountForm, version: number): Promise<number> {
  return (await http.put('api-account/data', { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>()).version;
}

/** DELETE /api-account/data?id: removes an unused account (400 {error: 56} while in use). */
export async function deleteAccount(id: number): Promise<void> {
  await http.delete('api-account/data', { searchParams: { id } });
}

/** GET /api-conclusion/iban?v=: validity, BIC and bank of an IBAN (for the kernel's IbanBicFields). */
export function lookupIban(iban: string): Promise<IbanLookup> {
  return http.get('api-conclusion/iban', { searchParams: { v: iban } }).json<IbanLookup>();
}
