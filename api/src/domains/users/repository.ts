import type { UserRow } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/** What login needs of a user. */
export interface LoginUserRow {
  id: number;
  username: string;
  password_hash: string;
  disabled: boolean;
}

/** The user with this username (case-insensitive). */
export async function findUserByUsername(q: Queryable, username: string): Promise<LoginUserRow | null> {
  const res = await q.query<LoginUserRow>(
    'SELECT id, username, password_hash, disabled FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return res.rows[0] ?? null;
}

/** Enabled users whose username or e-mail address is `value` (password-link request). */
export async function findUsersForPasswordLink(
  q: Queryable,
  value: string,
): Promise<{ id: number; username: string; email: string; firstname: string; lastname: string }[]> {
  const res = await q.query<{ id: number; username: string; email: string; firstname: string; lastname: string }>(
    `SELECT id, username, email, firstname, lastname FROM users
      WHERE NOT disabled AND email <> '' AND (lower(username) = lower($1) OR lower(email) = lower($1))
      ORDER BY id LIMIT 5`,
    [value],
  );
  return res.rows;
}

/** Password hash of a user. */
export async function getPasswordHash(q: Queryable, userId: number): Promise<string | null> {
  const res = await q.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return res.rows[0]?.password_hash ?? null;
}

/** Sets a new password hash (also when rehashing with new parameters: `changed` false). */
export async function setPasswordHash(q: Queryable, userId: number, hash: string, now: Date, changed = true): Promise<void> {
  if (changed) await q.query('UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [userId, hash, now]);
  else await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
}

/** Number of users (empty database = first start). */
export async function countUsers(q: Queryable): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return res.rows[0]?.n ?? 0;
}

const USER_ROW_SELECT = `
  SELECT u.id, u.username AS un, u.firstname AS fn, u.lastname AS ln, u.level AS l, u.email, u.role_id,
         r.role_name, u.school_access AS status, u.disabled,
         COALESCE((SELECT array_agg(us.school_id ORDER BY us.school_id) FROM user_schools us WHERE us.user_id = u.id), '{}') AS schools
    FROM users u LEFT JOIN roles r ON r.id = u.role_id`;

/**
 * Every user, superadmin first, then admins and users by name (German order). Who may see whom is the
 * rule of user-policy.ts (canManageUser), applied by the routes on these rows.
 */
export async function listUsers(q: Queryable): Promise<UserRow[]> {
  const res = await q.query<UserRow>(`${USER_ROW_SELECT} ORDER BY u.level, ${sortKey('u.lastname')}, ${sortKey('u.firstname')}, u.id`);
  return res.rows;
}

/** A user with the fields of the edit form. */
export interface UserDetail extends UserRow {
  salutation_id: number;
  dob: string | null;
  mno: string | null;
  settings: Record<string, unknown>;
}

/** One user, or null (whether the caller may see them is the route's rule). */
export async function getUser(q: Queryable, id: number): Promise<UserDetail | null> {
  const res = await q.query<UserDetail>(
    `SELECT x.*, u.salutation_id, u.dob, u.mno, u.settings, u.version FROM (${USER_ROW_SELECT} WHERE u.id = $1) x
       JOIN users u ON u.id = x.id`,
    [id],
  );
  return res.rows[0] ?? null;
}

/**
 * Locks a user's row for the rest of the transaction and answers what the management rule
 * looks at (level, schools), so a write decides on facts nobody changes meanwhile. Null
 * when the user does not exist.
 */
export async function lockUserForUpdate(q: Queryable, id: number): Promise<UserRow | null> {
  const locked = await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
  if (locked.rowCount === 0) return null;
  const res = await q.query<UserRow>(`${USER_ROW_SELECT} WHERE u.id = $1`, [id]);
  return res.rows[0] ?? null;
}

/** Fields written by create/update (wire names of the user form). */
export interface UserWrite {
  username: string;
  salutation_id: number;
  firstname: string;
  lastname: string;
  email: string;
  dob: string | null;
  level: 1 | 2 | 3;
  role_id: number | null;
  school_access: 1 | 2;
  schools: number[];
  disabled: boolean;
}

/** Creates a user; returns the id. Username taken -> unique violation (23505). */
export async function insertUser(q: Queryable, u: UserWrite, passwordHash: string, now: Date): Promise<number> {
  const res = await q.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, salutation_id, firstname, lastname, email, dob, level, role_id,
                        school_access, disabled, password_changed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [u.username, passwordHash, u.salutation_id, u.firstname, u.lastname, u.email, u.dob, u.level, u.role_id, u.school_access, u.disabled, now],
  );
  const id = res.rows[0].id;
  await replaceUserSchools(q, id, u.school_access === 2 ? u.schools : []);
  return id;
}

/** Updates a user. */
/** Updates a user read with `version` and answers the next version (409 {error: 9} when someone saved it meanwhile). */
export async function updateUser(q: Queryable, id: number, u: UserWrite, version: number): Promise<number> {
  const next = await updateVersioned(q, {
    table: 'users',
    set: `username = $2, salutation_id = $3, firstname = $4, lastname = $5, email = $6, dob = $7,
          level = $8, role_id = $9, school_access = $10, disabled = $11`,
    where: 'id = $1',
    params: [id, u.username, u.salutation_id, u.firstname, u.lastname, u.email, u.dob, u.level, u.role_id, u.school_access, u.disabled],
    version,
  });
  await replaceUserSchools(q, id, u.school_access === 2 ? u.schools : []);
  return next;
}

async function replaceUserSchools(q: Queryable, userId: number, schoolIds: number[]): Promise<void> {
  await q.query('DELETE FROM user_schools WHERE user_id = $1', [userId]);
  if (schoolIds.length) {
    await q.query('INSERT INTO user_schools (user_id, school_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [userId, schoolIds]);
  }
}

/** Deletes a user (sessions, links, filter go with it). */
export async function deleteUser(q: Queryable, id: number): Promise<boolean> {
  const res = await q.query('DELETE FROM users WHERE id = $1', [id]);
  return res.rowCount === 1;
}

/** Whether a username is taken by another user than `exceptId`. */
export async function usernameTaken(q: Queryable, username: string, exceptId?: number): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [username, exceptId ?? 0]);
  return res.rowCount > 0;
}

/** Reads a user's own settings. */
export async function getSettings(q: Queryable, userId: number): Promise<{ settings: Record<string, unknown>; version: number }> {
  const res = await q.query<{ settings: Record<string, unknown> | null; version: number }>(
    'SELECT settings, settings_version AS version FROM users WHERE id = $1',
    [userId],
  );
  return { settings: res.rows[0]?.settings ?? {}, version: res.rows[0]?.version ?? 1 };
}

/**
 * Replaces a user's own settings read with `version` (users.settings_version, apart from the
 * admin's edits of the user) and answers the next version; 409 {error: 9} when the user saved
 * them meanwhile (e.g. in another tab).
 */
export async function saveSettings(q: Queryable, userId: number, settings: Record<string, unknown>, version: number): Promise<number> {
  return updateVersioned(q, {
    table: 'users',
    set: 'settings = $2::jsonb',
    where: 'id = $1',
    params: [userId, JSON.stringify(settings)],
    version,
    versionColumn: 'settings_version',
  });
}

/**
 * Links the account to a federation membership number (null unlinks). A number linked to
 * another account is a unique violation (23505, index users_mno_key).
 */
export async function setMemberNumber(q: Queryable, userId: number, mno: string | null): Promise<void> {
  await q.query('UPDATE users SET mno = $2 WHERE id = $1', [userId, mno]);
}

/** The account a membership number is linked to, or null. */
export async function memberNumberOwner(q: Queryable, mno: string): Promise<number | null> {
  const res = await q.query<{ id: number }>('SELECT id FROM users WHERE upper(mno) = upper($1) AND mno IS NOT NULL', [mno]);
  return res.rows[0]?.id ?? null;
}

/** The birth date the network's register holds for a membership number (ISO), or null. */
export async function memberBirthDate(q: Queryable, mno: string): Promise<string | null> {
  const res = await q.query<{ dob: string | null }>('SELECT dob FROM network_members WHERE mno = upper($1)', [mno]);
  return res.rows[0]?.dob ?? null;
}

/** Ids of existing schools among `ids`. */
export async function existingSchoolIds(q: Queryable, ids: number[]): Promise<number[]> {
  const res = await q.query<{ id: number }>('SELECT id FROM schools WHERE id = ANY($1::int[])', [ids]);
  return res.rows.map((r) => r.id);
}
