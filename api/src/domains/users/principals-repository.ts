import { ATOMS, isAtom, type Atom, type SchoolRef } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import type { SessionUserRecord } from '../../types.js';

/** A user with what they may do and see, loaded fresh for every request. */
export interface Principal {
  user: SessionUserRecord;
  atoms: Atom[];
  schools: SchoolRef[];
  /** Stored filter, limited to the schools the user may still see. */
  filter: number[];
}

interface PrincipalRow {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  level: 1 | 2 | 3;
  role_id: number | null;
  school_access: 1 | 2;
  mno: string | null;
  role_atoms: string[] | null;
  filter: number[] | null;
  schools: SchoolRef[];
}

// The user, role atoms, filter and visible schools of `u` (users) in one row.
const PRINCIPAL_COLUMNS = `u.id, u.username, u.firstname, u.lastname, u.email, u.level, u.role_id, u.school_access, u.mno,
            r.atoms AS role_atoms, f.school_ids AS filter,
            COALESCE((SELECT json_agg(json_build_object('id', sc.id, 'name', sc.name, 'country', sc.country) ORDER BY ${sortKey('sc.name')}, sc.id)
                        FROM schools sc
                       WHERE u.school_access = 1
                          OR sc.id IN (SELECT us.school_id FROM user_schools us WHERE us.user_id = u.id)), '[]'::json) AS schools`;
const PRINCIPAL_JOINS = `LEFT JOIN roles r ON r.id = u.role_id
       LEFT JOIN user_filters f ON f.user_id = u.id`;

/** Levels 1 and 2 hold every atom, level 3 its role's atoms; the filter is cut to the visible schools. */
function principalOf(row: PrincipalRow): Principal {
  const atoms: Atom[] = row.level <= 2 ? [...ATOMS] : (row.role_atoms ?? []).filter(isAtom);
  const schools = row.schools.map((s) => ({ id: Number(s.id), name: s.name, country: s.country }));
  const allowed = new Set(schools.map((s) => s.id));
  return {
    user: {
      id: row.id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      level: row.level,
      roleId: row.role_id,
      schoolAccess: row.school_access,
      mno: row.mno,
    },
    atoms,
    schools,
    filter: (row.filter ?? []).filter((id) => allowed.has(id)),
  };
}

/**
 * Loads an enabled user's permissions in one round trip: levels 1 and 2 hold every atom,
 * level 3 its role's atoms; schools = all (school_access 1) or the assigned ones.
 */
export async function loadPrincipal(q: Queryable, userId: number): Promise<Principal | null> {
  const res = await q.query<PrincipalRow>(
    `SELECT ${PRINCIPAL_COLUMNS}
       FROM users u
       ${PRINCIPAL_JOINS}
      WHERE u.id = $1 AND NOT u.disabled`,
    [userId],
  );
  const row = res.rows[0];
  return row ? principalOf(row) : null;
}

/** A live session with its user's permissions. */
export interface SessionPrincipal {
  principal: Principal;
  /** When the session was last slid forward (the guard refreshes it when stale). */
  lastSeenAt: Date;
  /** When the session ends however active it is. */
  absoluteExpiresAt: Date;
}

/**
 * The session for a token hash if it is live at `now` (not revoked, its user enabled, seen
 * after `idleCutoff`, before its absolute expiry) together with the user's permissions, in
 * one round trip. The access guard keeps the answer a few seconds (auth/session-cache.ts);
 * the triggers of migration 050 make every process forget it as soon as any of it changes.
 */
export async function loadSessionPrincipal(q: Queryable, tokenHash: Buffer, now: Date, idleCutoff: Date): Promise<SessionPrincipal | null> {
  const res = await q.query<PrincipalRow & { last_seen_at: Date; absolute_expires_at: Date }>(
    `SELECT s.last_seen_at, s.absolute_expires_at, ${PRINCIPAL_COLUMNS}
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       ${PRINCIPAL_JOINS}
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND NOT u.disabled
        AND s.absolute_expires_at > $2 AND s.last_seen_at > $3`,
    [tokenHash, now, idleCutoff],
  );
  const row = res.rows[0];
  return row ? { principal: principalOf(row), lastSeenAt: row.last_seen_at, absoluteExpiresAt: row.absolute_expires_at } : null;
}

/** Saves the user's school filter (ids already checked against the allowed schools). */
export async function saveFilter(q: Queryable, userId: number, schoolIds: number[]): Promise<void> {
  await q.query(
    `INSERT INTO user_filters (user_id, school_ids) VALUES ($1, $2::int[])
     ON CONFLICT (user_id) DO UPDATE SET school_ids = EXCLUDED.school_ids`,
    [userId, schoolIds],
  );
}
