import type { Queryable } from '../../db/index.js';
import { storableJson, storableText } from '../../lib/storable-text.js';

/** One audit row. */
export interface AuditEntry {
  at: Date;
  userId: number | null;
  action: string;
  method: string;
  route: string;
  status: number;
  schoolId: number | null;
  entity: string | null;
  entityId: string | null;
  /**
   * The client's address. Fastify types request.ip as a string, but it reads the socket's
   * remote address, which is undefined once the client has hung up (a browser leaving the
   * page mid-request): the row is written with '' rather than lost.
   */
  ip: string | undefined;
  detail: Record<string, unknown> | null;
}

const text = (value: string | null, max: number) => (value === null ? null : storableText(value, max));

/**
 * Appends an audit row. Every text is made storable first (storableText: NUL and lone
 * surrogates become U+FFFD, lengths capped): much of it comes from the request (a typed
 * username, a path, ids), and a refused write must still be recorded (issue 10 item 9).
 */
export async function insertAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (at, user_id, action, method, route, status, school_id, entity, entity_id, ip, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      e.at, e.userId, storableText(e.action, 100), storableText(e.method, 20), storableText(e.route, 200), e.status, e.schoolId,
      text(e.entity, 100), text(e.entityId, 100), storableText(e.ip ?? '', 100), e.detail ? JSON.stringify(storableJson(e.detail)) : null,
    ],
  );
}

/** A row of GET /api-base/changes. */
export interface ChangeRow {
  id: number;
  at: Date;
  user_id: number | null;
  username: string | null;
  action: string;
  method: string;
  route: string;
  status: number;
  school_id: number | null;
  entity: string | null;
  entity_id: string | null;
}

/** Entities of audit rows about a user account (the target is `entity_id`). */
export const USER_ENTITIES = ['user', 'user_settings', 'filter'] as const;

/** Who reads the change feed, as its visibility rule looks at him. */
export interface ChangeViewer {
  userId: number;
  /** Superadmin, or an admin with "all schools": sees rows without a school. */
  global: boolean;
  /** The schools he may see (all of them for a global viewer). */
  schoolIds: readonly number[];
  /** The schools he looks at now (school filter applied). */
  scope: readonly number[];
}

/**
 * Recent successful changes (writes) the viewer may see, newest first; keyset paging by id
 * (`before`). Issue 10 item 8: a row of a school shows only to viewers of that school; a row
 * about a user account only to whom may manage that account (user-policy.ts canManageUser,
 * mirrored here: the account itself, or a level-3 user whose schools are all the viewer's);
 * any other row without a school (roles, association news, rows of deleted users) only to
 * global viewers, and one's own writes to oneself.
 */
export async function listChanges(q: Queryable, viewer: ChangeViewer, limit: number, before: number | null): Promise<ChangeRow[]> {
  const res = await q.query<ChangeRow>(
    `SELECT a.id, a.at, a.user_id, u.username, a.action, a.method, a.route, a.status, a.school_id, a.entity, a.entity_id
       FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.method IN ('POST', 'PUT', 'PATCH', 'DELETE') AND a.status < 400
        AND a.action NOT IN ('login', 'logout', 'password_link')
        AND CASE
              WHEN a.entity = ANY($4::text[]) THEN
                $5::boolean OR EXISTS (
                  SELECT 1 FROM users t
                   WHERE t.id::text = a.entity_id
                     AND (t.id = $6 OR (t.level = 3 AND (t.school_access = 2 AND NOT EXISTS (
                          SELECT 1 FROM user_schools ts WHERE ts.user_id = t.id AND NOT ts.school_id = ANY($7::int[]))))))
              WHEN a.school_id IS NOT NULL THEN a.school_id = ANY($1::int[])
              ELSE $5::boolean OR a.user_id = $6
            END
        AND ($3::bigint IS NULL OR a.id < $3)
      ORDER BY a.id DESC
      LIMIT $2`,
    [viewer.scope, limit, before, USER_ENTITIES, viewer.global, viewer.userId, viewer.schoolIds],
  );
  return res.rows;
}
