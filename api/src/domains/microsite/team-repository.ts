import { HIDEABLE_SCHOOL_ROLE, type TeamMember } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';

/**
 * The team of a school's microsite (spec 002 §2.20, §3, §4): the network members holding a
 * school role there (network_member_roles, the network's data) with what the school decided
 * (team_members: hidden, photo). Functions take the transaction of `request.scoped()`; the
 * caller has checked that the school is in view (the network's tables have no school scope).
 */

/** The members of the school's team, by last and first name (German order). */
export async function listTeam(tx: Queryable, schoolId: number): Promise<TeamMember[]> {
  const result = await tx.query<{ fh: number | null; mno: string; fn: string; ln: string; sid: number; gr: string | null; msrid: number[]; hidden: boolean }>(
    `SELECT t.photo_id AS fh, m.mno, m.firstname AS fn, m.lastname AS ln, r.school_id AS sid, m.grade AS gr,
            array_agg(r.role_id ORDER BY r.role_id) AS msrid, coalesce(t.hidden, false) AS hidden
       FROM network_member_roles r
       JOIN network_members m ON m.mno = r.mno
       LEFT JOIN team_members t ON t.school_id = r.school_id AND t.mno = r.mno
      WHERE r.school_id = $1
      GROUP BY m.mno, r.school_id, t.photo_id, t.hidden
      ORDER BY ${sortKey('m.lastname')}, ${sortKey('m.firstname')}, m.mno`,
    [schoolId],
  );
  return result.rows.map(({ hidden, ...row }) => ({ ...row, msrid: row.msrid.map(Number), h: hidden ? 1 : 0 }));
}

/** The school roles a member holds at the school (empty: not in its team). */
export async function rolesOf(tx: Queryable, schoolId: number, mno: string): Promise<number[]> {
  const result = await tx.query<{ role_id: number }>(
    'SELECT role_id FROM network_member_roles WHERE school_id = $1 AND mno = $2 ORDER BY role_id',
    [schoolId, mno],
  );
  return result.rows.map((row) => Number(row.role_id));
}

export const mayBeHidden = (roles: readonly number[]) => roles.includes(HIDEABLE_SCHOOL_ROLE);

/** Shows (hidden false) or hides a member on the school's microsite. */
export async function setHidden(tx: Queryable, schoolId: number, mno: string, hidden: boolean): Promise<void> {
  await tx.query(
    `INSERT INTO team_members (school_id, mno, hidden) VALUES ($1, $2, $3)
     ON CONFLICT (school_id, mno) DO UPDATE SET hidden = EXCLUDED.hidden, updated_at = now()`,
    [schoolId, mno, hidden],
  );
}

/** Makes a stored picture the member's photo; answers the key of the photo it replaces. */
export async function setPhoto(
  tx: Queryable,
  schoolId: number,
  mno: string,
  photo: { mime: string; key: string },
  userId: number,
): Promise<{ id: number; replacedKey: string | null }> {
  const inserted = await tx.query<{ id: number }>(
    'INSERT INTO team_photos (school_id, mno, mime, file_key, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [schoolId, mno, photo.mime, photo.key, userId],
  );
  const id = inserted.rows[0]!.id;
  const previous = await tx.query<{ photo_id: number | null }>(
    'SELECT photo_id FROM team_members WHERE school_id = $1 AND mno = $2 FOR UPDATE',
    [schoolId, mno],
  );
  await tx.query(
    `INSERT INTO team_members (school_id, mno, photo_id) VALUES ($1, $2, $3)
     ON CONFLICT (school_id, mno) DO UPDATE SET photo_id = EXCLUDED.photo_id, updated_at = now()`,
    [schoolId, mno, id],
  );
  const oldId = previous.rows[0]?.photo_id;
  if (!oldId) return { id, replacedKey: null };
  const removed = await tx.query<{ file_key: string }>('DELETE FROM team_photos WHERE id = $1 RETURNING file_key', [oldId]);
  return { id, replacedKey: removed.rows[0]?.file_key ?? null };
}

/** A team photo in view (of a school the request looks at). */
export async function getTeamPhoto(tx: Queryable, id: number): Promise<{ key: string; mime: string } | null> {
  const result = await tx.query<{ key: string; mime: string }>('SELECT file_key AS key, mime FROM team_photos WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}
