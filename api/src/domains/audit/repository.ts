import type { Queryable } from '../../db/index.js';

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
  ip: string;
  detail: Record<string, unknown> | null;
}

/** Appends an audit row. */
export async function insertAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (at, user_id, action, method, route, status, school_id, entity, entity_id, ip, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [e.at, e.userId, e.action, e.method, e.route, e.status, e.schoolId, e.entity, e.entityId, e.ip, e.detail ? JSON.stringify(e.detail) : null],
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

/**
 * Recent successful changes (writes) in the given schools, or not tied to a school; newest
 * first; keyset paging by id (`before`).
 */
export async function listChanges(q: Queryable, schoolIds: number[], limit: number, before: number | null): Promise<ChangeRow[]> {
  const res = await q.query<ChangeRow>(
    `SELECT a.id, a.at, a.user_id, u.username, a.action, a.method, a.route, a.status, a.school_id, a.entity, a.entity_id
       FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.method IN ('POST', 'PUT', 'PATCH', 'DELETE') AND a.status < 400
        AND a.action NOT IN ('login', 'logout', 'password_link')
        AND (a.school_id IS NULL OR a.school_id = ANY($1::int[]))
        AND ($3::bigint IS NULL OR a.id < $3)
      ORDER BY a.id DESC
      LIMIT $2`,
    [schoolIds, limit, before],
  );
  return res.rows;
}
