import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { ContractRequestForm, ContractRequestOverview } from 'shared-kernel/contracts';

/** GET /api-request/rc: the open contract requests and each school's saved shipping address. */
export function getContractRequests(signal?: AbortSignal): Promise<ContractRequestOverview> {
  return http.get('api-request/rc', { signal }).json<ContractRequestOverview>();
}

/** POST /api-request/rc: a contract request (a ticket of type 5); answers the request's and the ticket's id. */
export function createContractRequest(form: ContractRequestForm, idempotencyKey: string): Promise<{ id: number; tid: number }> {
  return http
    .post('api-request/rc', { json: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
    .json<{ id: number; tid: number }>();
}
