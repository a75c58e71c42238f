import type { RoleRow } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/** A role as stored, with its use count (the wire row adds what the caller may do with it). */
export type StoredRole = Omit<RoleRow, 'ro' | 'ro_reason'>;

/** A user holding a role, with what the management rule looks at. */
export interface RoleHolder {
  role_id: number;
  id: number;
  level: number;
  school_access: number;
  schools: number[];
}

const ROLE_SELECT = `SELECT r.id, r.role_name, r.atoms, (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS uc, r.version FROM roles r`;

/** Every role with its use count, by name (German order). */
export async function listRoles(q: Queryable): Promise<StoredRole[]> {
  return (await q.query<StoredRole>(`${ROLE_SELECT} ORDER BY ${sortKey('r.role_name')}, r.id`)).rows;
}

/** One role or null. */
export async function getRole(q: Queryable, id: number): Promise<StoredRole | null> {
  return (await q.query<StoredRole>(`${ROLE_SELECT} WHERE r.id = $1`, [id])).rows[0] ?? null;
}

/** The users holding a role (`roleId`), or every role's holders (null). */
export async function listRoleHolders(q: Queryable, roleId: number | null): Promise<RoleHolder[]> {
  const res = await q.query<RoleHolder>(
    `SELECT u.role_id, u.id, u.level, u.school_access,
            COALESCE((SELECT array_agg(us.school_id ORDER BY us.school_id) FROM user_schools us WHERE us.user_id = u.id), '{}') AS schools
       FROM users u
      WHERE u.role_id IS NOT NULL AND ($1::int IS NULL OR u.role_id = $1::int)`,
    [roleId],
  );
  return res.rows;
}

/** Locks a role's row for the rest of the transaction; false when it does not exist. */
export async function lockRole(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT id FROM roles WHERE id = $1 FOR UPDATE', [id])).rowCount > 0;
}

/** Creates a role (name taken -> unique violation 23505). */
export async function insertRole(q: Queryable, name: string, atoms: string[]): Promise<number> {
  const res = await q.query<{ id: number }>('INSERT INTO roles (role_name, atoms) VALUES ($1, $2::text[]) RETURNING id', [name, atoms]);
  return res.rows[0].id;
}

/** Updates a role; false when it does not exist. */
/** Updates a role read with `version`; answers the next version (409 {error: 9} when stale, 404 when missing). */
export async function updateRole(q: Queryable, id: number, name: string, atoms: string[], version: number): Promise<number> {
  return updateVersioned(q, { table: 'roles', set: 'role_name = $2, atoms = $3::text[]', where: 'id = $1', params: [id, name, atoms], version });
}

/** Deletes an unused role: 'deleted', 'missing' or 'in-use'. */
export async function deleteRole(q: Queryable, id: number): Promise<'deleted' | 'missing' | 'in-use'> {
  // Lock the role row so no user is given it between the check and the delete.
  const role = await q.query('SELECT id FROM roles WHERE id = $1 FOR UPDATE', [id]);
  if (role.rowCount === 0) return 'missing';
  const used = await q.query('SELECT 1 FROM users WHERE role_id = $1 LIMIT 1', [id]);
  if (used.rowCount > 0) return 'in-use';
  await q.query('DELETE FROM roles WHERE id = $1', [id]);
  return 'deleted';
}

/** Whether a role exists. */
export async function roleExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM roles WHERE id = $1', [id])).rowCount > 0;
}
