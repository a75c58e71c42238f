import {
  UPCOMING_REMINDER_DAYS,
  UPCOMING_REMINDER_LIMIT,
  type PagedListResponse,
  type ReminderRow,
  type REMINDER_LIST_FILTER_FIELDS,
  type REMINDER_LIST_SORT_FIELDS,
  type UpcomingReminder,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, type PagedRequest } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

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

// ---- list and single reminder -----------------------------------------------------------------

type ReminderListId = (typeof REMINDER_LIST_SORT_FIELDS)[number] | (typeof REMINDER_LIST_FILTER_FIELDS)[number];

/** POST /api-reminder/list: earliest deadline first by default; filters student_id, lead_id (eq), subject (prefix). */
export const REMINDER_LIST = definePagedList<ReminderListId>({
  from: `reminders r
         LEFT JOIN users creator ON creator.id = r.created_by
         LEFT JOIN users delegate ON delegate.id = r.delegated_to
         LEFT JOIN users done ON done.id = r.user_done
         LEFT JOIN students s ON s.id = r.student_id
         LEFT JOIN leads l ON l.id = r.lead_id`,
  columns: {
    date_deadline: { sort: 'r.date_deadline' },
    date_created: { sort: 'r.date_created' },
    subject: { sql: 'r.subject', textSort: 'r.subject', filter: 'prefix' },
    date_done: { sort: 'r.date_done' },
    student_id: { sql: 'r.student_id', filter: 'eq-int' },
    lead_id: { sql: 'r.lead_id', filter: 'eq-int' },
  },
  defaultOrder: 'r.date_deadline',
  tiebreak: 'r.id',
});

const REMINDER_SELECT = `r.id AS reminder_id, r.date_created, r.date_deadline, r.subject, r.notes,
       COALESCE(creator.username, '') AS username, r.lead_id, r.student_id, r.delegated_to,
       delegate.username AS delegated_username, r.date_done, done.username AS user_done,
       COALESCE(s.firstname || ' ' || s.lastname, NULLIF(TRIM(l.firstname || ' ' || l.lastname), '')) AS ref_name,
       r.school_id, r.version`;

/** A page of reminders; `done` true = done only, false = open only, undefined = all. */
export async function listReminders(tx: Queryable, request: PagedRequest, done?: boolean): Promise<PagedListResponse<ReminderRow>> {
  return runPagedList<ReminderRow>(tx, REMINDER_LIST, request, REMINDER_SELECT, {
    conditions: () => (done === undefined ? [] : [done ? 'r.date_done IS NOT NULL' : 'r.date_done IS NULL']),
  });
}

export async function getReminder(tx: Queryable, id: number): Promise<ReminderRow | null> {
  const result = await tx.query<ReminderRow>(`SELECT ${REMINDER_SELECT} FROM ${REMINDER_LIST.from} WHERE r.id = $1`, [id]);
  return result.rows[0] ?? null;
}

/** A reminder as it is written (school resolved by the caller). */
export interface ReminderWrite {
  schoolId: number;
  dateDeadline: string;
  subject: string;
  notes: string;
  studentId: number | null;
  leadId: number | null;
  delegatedTo: number | null;
}

export async function insertReminder(tx: Queryable, r: ReminderWrite, userId: number, done: boolean): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `INSERT INTO reminders (school_id, date_deadline, subject, notes, created_by, student_id, lead_id, delegated_to, date_done, user_done)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END, CASE WHEN $9 THEN $5::int END)
     RETURNING id`,
    [r.schoolId, r.dateDeadline, r.subject, r.notes, userId, r.studentId, r.leadId, r.delegatedTo, done],
  );
  return result.rows[0].id;
}

/**
 * Updates a reminder read with `version` and answers the next version (409 {error: 9} when
 * someone saved it meanwhile, 404 when not visible). `done` true marks an open reminder done
 * now by `userId` (a done one keeps its date), false reopens it.
 */
export async function updateReminder(tx: Queryable, id: number, r: ReminderWrite, userId: number, done: boolean, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'reminders',
    set: `school_id = $2, date_deadline = $3, subject = $4, notes = $5, student_id = $6, lead_id = $7, delegated_to = $8,
          date_done = CASE WHEN $9 THEN COALESCE(date_done, now()) END,
          user_done = CASE WHEN $9 THEN COALESCE(user_done, $10::int) END`,
    where: 'id = $1',
    params: [id, r.schoolId, r.dateDeadline, r.subject, r.notes, r.studentId, r.leadId, r.delegatedTo, done, userId],
    version,
  });
}

export async function deleteReminder(tx: Queryable, id: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM reminders WHERE id = $1', [id]);
  return result.rowCount > 0;
}

/** The school of a visible lead, or null. */
export async function leadSchool(tx: Queryable, leadId: number): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>('SELECT school_id FROM leads WHERE id = $1', [leadId]);
  return result.rows[0]?.school_id ?? null;
}

/**
 * True when `userId` is an enabled user who sees `schoolId` (all schools or that one
 * assigned): a reminder of that school may be delegated to them (migration 097).
 */
export async function maySeeSchool(tx: Queryable, userId: number, schoolId: number): Promise<boolean> {
  const result = await tx.query('SELECT 1 FROM sbo_users_seeing_schools(ARRAY[$2::int]) AS u(id) WHERE u.id = $1', [userId, schoolId]);
  return result.rowCount > 0;
}
