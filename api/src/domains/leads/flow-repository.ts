import type { AppointmentType, LeadAttendance, LeadTimelineEntry } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { updateVersioned } from '../../lib/record-version.js';
import { FLOW_COLUMNS } from './invitations.js';

/**
 * The lead's flow besides invitations (issue 15 part G): attendance of info event and trial,
 * no interest, the timeline. Functions take the transaction of `request.scoped()`
 * (row-level security: leads of the schools in view only).
 */

/** Attendance of a type with the latest invitation's dates (null: lead not there or not visible). */
export async function getAttendance(tx: Queryable, leadId: number, type: AppointmentType): Promise<LeadAttendance | null> {
  const columns = FLOW_COLUMNS[type];
  const result = await tx.query<{ date: Date | null; invited: Date | null; event: Date | null; version: number }>(
    `SELECT l.${columns.attended} AS date, COALESCE(l.${columns.again}, l.${columns.first}) AS event, l.version,
            (SELECT max(i.sent_at) FROM lead_invitations i WHERE i.lead_id = l.id AND i.type = $2) AS invited
       FROM leads l WHERE l.id = $1`,
    [leadId, type],
  );
  const row = result.rows[0];
  if (!row) return null;
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return { date: iso(row.date), invited: iso(row.invited), event: iso(row.event), version: row.version };
}

/** Sets (or clears) the attendance; a first contact becomes 'in process'. Versioned: 409 when stale, 404 when not in view. */
export function setAttendance(tx: Queryable, leadId: number, type: AppointmentType, date: Date | null, version: number, now: Date): Promise<number> {
  const columns = FLOW_COLUMNS[type];
  return updateVersioned(tx, {
    table: 'leads',
    set: `${columns.attended} = $2, updated_at = $3,
          lead_status_id = CASE WHEN $2::timestamptz IS NOT NULL AND lead_status_id = 1 THEN 7 ELSE lead_status_id END`,
    where: 'id = $1',
    params: [leadId, date, now],
    version,
  });
}

/** No interest: status 2 with the reason; answers the lead's school (null: not in view). */
export async function setNoInterest(tx: Queryable, leadId: number, reason: number, now: Date): Promise<{ school_id: number; version: number } | null> {
  const result = await tx.query<{ school_id: number; version: number }>(
    `UPDATE leads SET lead_status_id = 2, no_interest_reason_id = $2, updated_at = $3, version = version + 1
      WHERE id = $1 RETURNING school_id, version`,
    [leadId, reason, now],
  );
  return result.rows[0] ?? null;
}

/** A timeline note on the lead (student_notes.lead_id; type 1 = note). */
export async function addLeadNote(tx: Queryable, note: { schoolId: number; leadId: number; text: string; authorId: number; now: Date }): Promise<void> {
  await tx.query('INSERT INTO student_notes (school_id, lead_id, type, text, author_id, created_at) VALUES ($1, $2, 1, $3, $4, $5)', [
    note.schoolId,
    note.leadId,
    note.text,
    note.authorId,
    note.now,
  ]);
}

const AUTHOR = `COALESCE(NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username, '')`;

/** Most entries GET /api-lead/timeline answers (newest first). */
export const LEAD_TIMELINE_LIMIT = 500;

/** Whether the lead is in view. */
export async function leadInView(tx: Queryable, leadId: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM leads WHERE id = $1', [leadId])).rows.length > 0;
}

/** Notes, invitations (with their appointments), attendance, mails sent and done reminders of a lead, newest first. */
export async function getLeadTimeline(tx: Queryable, leadId: number): Promise<LeadTimelineEntry[]> {
  const result = await tx.query<Omit<LeadTimelineEntry, 'dc'> & { dc: Date }>(
    `SELECT * FROM (
       SELECT n.id, 'note' AS kind, n.type::int AS type, n.text, n.created_at AS dc, ${AUTHOR} AS author,
              NULL::json AS invitation, NULL::json AS mail
         FROM student_notes n LEFT JOIN users u ON u.id = n.author_id
        WHERE n.lead_id = $1
       UNION ALL
       SELECT i.id, 'invitation', i.type::int,
              CASE WHEN i.notes <> '' THEN i.subject || ' – ' || i.notes ELSE i.subject END,
              COALESCE(i.sent_at, i.send_at), ${AUTHOR},
              json_build_object('transport', i.transport, 'status', i.status,
                                'events', COALESCE((SELECT json_agg(to_char(a.ds AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ORDER BY a.ds)
                                                      FROM appointments a WHERE a.id = ANY (i.appointment_ids)), '[]'::json)),
              NULL::json
         FROM lead_invitations i LEFT JOIN users u ON u.id = i.created_by
        WHERE i.lead_id = $1
       UNION ALL
       SELECT 1, 'attendance', 1, '', l.date_info_event, '', NULL::json, NULL::json FROM leads l WHERE l.id = $1 AND l.date_info_event IS NOT NULL
       UNION ALL
       SELECT 2, 'attendance', 2, '', l.date_trial, '', NULL::json, NULL::json FROM leads l WHERE l.id = $1 AND l.date_trial IS NOT NULL
       UNION ALL
       SELECT m.id::int, 'mail', NULL, m.subject, m.created_at, ${AUTHOR}, NULL::json,
              json_build_object('to', m.recipient,
                                'status', CASE WHEN o.sent_at IS NOT NULL THEN 'sent' WHEN o.error IS NOT NULL THEN 'failed' ELSE 'queued' END)
         FROM sent_mails m JOIN outbox o ON o.id = m.outbox_id LEFT JOIN users u ON u.id = m.sender_id
        WHERE m.entity_type = 'lead' AND m.entity_id = $1
       UNION ALL
       SELECT r.id, 'reminder_done', NULL, r.subject, r.date_done, ${AUTHOR}, NULL::json, NULL::json
         FROM reminders r LEFT JOIN users u ON u.id = r.user_done
        WHERE r.lead_id = $1 AND r.date_done IS NOT NULL
     ) t
     ORDER BY dc DESC, kind, id DESC
     LIMIT ${LEAD_TIMELINE_LIMIT}`,
    [leadId],
  );
  return result.rows.map((row) => ({ ...row, dc: new Date(row.dc).toISOString() }));
}
