import { http } from 'shared-kernel';
import type { PasswordResetRequest } from 'shared-kernel/contracts';

/** GET /api-auth/pwr?k: whether a reset link is still valid (403 when expired or used). */
export async function checkResetLink(key: string, signal?: AbortSignal): Promise<void> {
  await http.get('api-auth/pwr', { searchParams: { k: key }, signal });
}

/** POST /api-auth/pwr?k: sets the new password and ends every session of the account. */
export async function resetPassword(key: string, body: PasswordResetRequest): Promise<void> {
  await http.post('api-auth/pwr', { searchParams: { k: key }, json: body });
}
