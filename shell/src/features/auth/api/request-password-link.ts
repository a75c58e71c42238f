import { http } from 'shared-kernel';
import type { PasswordLinkRequest } from 'shared-kernel/contracts';

/** POST /api-auth/pwl1: mails a password-reset link (same answer whether the account exists). */
export async function requestPasswordLink(body: PasswordLinkRequest): Promise<void> {
  await http.post('api-auth/pwl1', { json: body });
}
