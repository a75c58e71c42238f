import { http } from 'shared-kernel';
import type { SavedWithVersion, UserCreateForm, UserRow, UserUpdateForm, Versioned } from 'shared-kernel/contracts';

/** A user as the edit form reads it (GET /api-user/data?id): the card row plus the form's fields and the version. */
export interface UserDetail extends UserRow, Versioned {
  salutation_id: number;
  dob: string | null;
  mno: string | null;
}

/** A role a level-3 user may be given. */
export interface RoleChoice {
  id: number;
  role_name: string;
}

/** GET /api-user/data: the users the caller may manage, and himself (the server applies the level rules). */
export function getUsers(signal?: AbortSignal): Promise<UserRow[]> {
  return http.get('api-user/data', { signal }).json<UserRow[]>();
}

/** GET /api-user/data?id: one user with the role choices; 404 (error 3) for a user the caller may not manage. */
export function getUser(id: number, signal?: AbortSignal): Promise<{ data: UserDetail; roles: RoleChoice[] }> {
  return http.get('api-user/data', { searchParams: { id }, signal }).json<{ data: UserDetail; roles: RoleChoice[] }>();
}

/** GET /api-base/role-list: the role choices of the create form. */
export function getRoleChoices(signal?: AbortSignal): Promise<RoleChoice[]> {
  return http.get('api-base/role-list', { signal }).json<RoleChoice[]>();
}

/** POST /api-user/data: creates a user (validated with userCreateSchema on both sides); answers the new id. */
export async function createUser(form: UserCreateForm): Promise<number> {
  const answer = await http.post('api-user/data', { json: form }).json<{ id: number }>();
  return answer.id;
}

/** PUT /api-user/data?id: saves a user read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateUser(id: number, form: UserUpdateForm, version: number): Promise<number> {
  const saved = await http.put('api-user/data', { searchParams: { id }, json: { ...form, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-user/data?id (superadmin only, never oneself). */
export async function deleteUser(id: number): Promise<void> {
  await http.delete('api-user/data', { searchParams: { id } });
}

/** The answer of the username check: `valid` = the pattern holds, `available` = nobody else has it. */
export interface UsernameCheck {
  valid: boolean;
  available: boolean;
}

/** GET /api-user/check?u[&id]: `id` = the user being edited (his own name is not "taken"). */
export function checkUsername(username: string, id: number | undefined, signal?: AbortSignal): Promise<UsernameCheck> {
  const searchParams: Record<string, string | number> = { u: username };
  if (id !== undefined) searchParams.id = id;
  return http.get('api-user/check', { searchParams, signal }).json<UsernameCheck>();
}

/**
 * PUT /api-user/cpw?id: sets a user's password. `current` is the caller's OWN password (the
 * server re-authenticates him: 428 {error: 5} when wrong).
 */
export async function changeUserPassword(id: number, body: { current: string; pw: string; pwc: string }): Promise<void> {
  await http.put('api-user/cpw', { searchParams: { id }, json: body });
}
