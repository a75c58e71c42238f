import { http } from 'shared-kernel';

/** DELETE /api-user/unlink: removes the link of the caller's account to a membership number. */
export async function unlinkAccount(): Promise<void> {
  await http.delete('api-user/unlink');
}
