import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { ContractTemplate, ContractTemplateForm, ContractTemplateRow, SavedWithVersion } from 'shared-kernel/contracts';

/** GET /api-contract/data: the templates of the user's schools (by school and name) with use counts. */
export function getContractTemplates(signal?: AbortSignal): Promise<ContractTemplateRow[]> {
  return http.get('api-contract/data', { signal }).json<ContractTemplateRow[]>();
}

/** GET /api-contract/data?id: one template with its version. */
export function getContractTemplate(id: number, signal?: AbortSignal): Promise<ContractTemplate> {
  return http.get('api-contract/data', { searchParams: { id }, signal }).json<ContractTemplate>();
}

/** POST /api-contract/data: creates a template (also a copy; one Idempotency-Key per submission: a repeat saves once); answers its id. */
export async function createContractTemplate(form: ContractTemplateForm, idempotencyKey: string): Promise<number> {
  return (await http.post('api-contract/data', { json: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<{ id: number }>()).id;
}

/** PUT /api-contract/data?id: saves a template read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateContractTemplate(id: number, form: ContractTemplateForm, version: number): Promise<number> {
  return (await http.put('api-contract/data', { searchParams: { id }, json: { ...form, version } }).json<SavedWithVersion>()).version;
}

/** DELETE /api-contract/data?id: 400 {error: 58} while contracts use it. */
export async function deleteContractTemplate(id: number): Promise<void> {
  await http.delete('api-contract/data', { searchParams: { id } });
}
