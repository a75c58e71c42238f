import { http } from 'shared-kernel';
import type { RoleForm, RoleRow, SavedWithVersion } from 'shared-kernel/contracts';

/** GET /api-base/role: every role with its use count and whether the caller may change it. */
export function getRoles(signal?: AbortSignal): Promise<RoleRow[]> {
  return http.get('api-base/role', { signal }).json<RoleRow[]>();
}

/** GET /api-base/role?id: one role with its atoms and version. */
export function getRole(id: number, signal?: AbortSignal): Promise<RoleRow> {
  return http.get('api-base/role', { searchParams: { id }, signal }).json<RoleRow>();
}

/** POST /api-base/role: creates a role (a taken name: 400 with fields.role_name); answers the id. */
export async function createRole(form: RoleForm): Promise<number> {
  const answer = await http.post('api-base/role', { json: form }).json<{ id: number }>();
  return answer.id;
}

/** PUT /api-base/role?id: saves a role read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateRole(id: number, form: RoleForm, version: number): Promise<number> {
  const saved = await http.put('api-base/role', { searchParams: { id }, json: { ...form, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-base/role?id: 409 {error: 3} while users hold it, 403 {error: 13} when users outside the caller's schools do. */
export async function deleteRole(id: number): Promise<void> {
  await http.delete('api-base/role', { searchParams: { id } });
}
