import { UPCOMING_REMINDER_DAYS, UPCOMING_REMINDER_LIMIT, type UpcomingReminder } from 'shared-kernel/contracts';
import type { Queryable } from '../db/index.js';

/**
 * Reminders (spec 001 §3). All functions take the transaction of `db.scoped()`, so row-level
 * security limits them to the request's schools.
 */

/** Time zone of the schools' calendar (Austria and Germany share it). */
const SCHOOL_TIME_ZONE = 'Europe/Vienna';

/**
 * Open reminders with a deadline up to `days` after today (overdue ones included), most
 * urgent first. "Today" is the calendar date of `now` in the schools' time zone.
 */
export async function listUpcomingReminders(
  tx: Queryable,
  now: Date,
  days = UPCOMING_REMINDER_DAYS,
  limit = UPCOMING_REMINDER_LIMIT,
): Promise<UpcomingReminder[]> {
  const result = await tx.query<UpcomingReminder>(
    `SELECT r.id AS reminder_id, r.date_created, r.date_deadline, r.subject, r.notes,
            COALESCE(creator.username, '') AS username, r.student_id, r.lead_id,
            r.delegated_to, delegate.username AS delegated_username,
            COALESCE(s.firstname || ' ' || s.lastname, NULLIF(TRIM(l.firstname || ' ' || l.lastname), '')) AS ref_name,
            r.school_id
       FROM reminders r
       LEFT JOIN users creator ON creator.id = r.created_by
       LEFT JOIN users delegate ON delegate.id = r.delegated_to
       LEFT JOIN students s ON s.id = r.student_id
       LEFT JOIN leads l ON l.id = r.lead_id
      WHERE r.date_done IS NULL
        AND r.date_deadline <= ($1::timestamptz AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date + $2::int
      ORDER BY r.date_deadline, r.id
      LIMIT $3`,
    [now.toISOString(), days, limit],
  );
  return result.rows;
}
