import { STUDENT_STATUSES, type StudentStatusCount } from 'shared-kernel/contracts';
import type { Queryable } from '../db/index.js';

/**
 * Students (spec 000 §3, 001 §3). All functions take the transaction of `db.scoped()`, so
 * row-level security limits them to the request's schools.
 */

/** How many students have each status 1..6 (statuses without students count 0). */
export async function countStudentsByStatus(tx: Queryable): Promise<StudentStatusCount[]> {
  const result = await tx.query<{ status: number; count: number }>(
    'SELECT student_status_id AS status, count(*)::int AS count FROM students GROUP BY student_status_id',
  );
  const byStatus = new Map(result.rows.map((row) => [row.status, row.count]));
  return STUDENT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}
