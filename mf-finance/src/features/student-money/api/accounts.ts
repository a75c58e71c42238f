import { http } from 'shared-kernel';
import type { AccountOption } from 'shared-kernel/contracts';

/** GET /api-account/sel: the bank accounts of the user's schools (finance_r). */
export function getAccountOptions(signal?: AbortSignal): Promise<AccountOption[]> {
  return http.get('api-account/sel', { signal }).json<AccountOption[]>();
}
