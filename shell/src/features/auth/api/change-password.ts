import { http } from 'shared-kernel';
import type { PasswordChangeRequest } from 'shared-kernel/contracts';

/** PUT /api-user/cpw?id: changes a password; `current` is the acting user's own password. */
export async function changePassword(userId: number, body: PasswordChangeRequest): Promise<void> {
  await http.put('api-user/cpw', { searchParams: { id: userId }, json: body });
}
