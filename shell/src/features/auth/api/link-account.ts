import { http } from 'shared-kernel';
import type { AccountLinkRequest } from 'shared-kernel/contracts';

/** POST /api-user/link: links the caller's account to a membership number; answers the number as stored. */
export async function linkAccount(body: AccountLinkRequest): Promise<{ mno: string }> {
  return http.post('api-user/link', { json: body }).json<{ success: boolean; mno: string }>();
}
