import type { AppointmentForm, AppointmentRow, AppointmentType } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * The appointments staff maintain (info events, trials; migration 077) and how many lead
 * invitations name each (migration 094). Functions take the transaction of
 * `request.scoped()` (row-level security: schools in view only).
 */

const ROW = `SELECT a.id, a.school_id AS sid, a.type, a.ds, a.de, a.status, a.version,
                    (SELECT count(*)::int FROM lead_invitations i WHERE a.id = ANY (i.appointment_ids)) AS invited
               FROM appointments a`;

type DbRow = Omit<AppointmentRow, 'ds' | 'de'> & { ds: Date; de: Date };
const asWire = (row: DbRow): AppointmentRow => ({ ...row, ds: row.ds.toISOString(), de: row.de.toISOString() });

/** How far back the list reaches with `past` (appointments a lead may have attended lately). */
export const PAST_APPOINTMENT_DAYS = 90;

/** The school's appointments of a type ending after `from`, soonest first. */
export async function listAppointments(tx: Queryable, schoolId: number, type: AppointmentType, from: Date): Promise<AppointmentRow[]> {
  const result = await tx.query<DbRow>(`${ROW} WHERE a.school_id = $1 AND a.type = $2 AND a.de > $3 ORDER BY a.ds, a.id LIMIT 500`, [
    schoolId,
    type,
    from,
  ]);
  return result.rows.map(asWire);
}

export async function getAppointment(tx: Queryable, id: number): Promise<AppointmentRow | null> {
  const result = await tx.query<DbRow>(`${ROW} WHERE a.id = $1`, [id]);
  return result.rows[0] ? asWire(result.rows[0]) : null;
}

export async function insertAppointment(tx: Queryable, form: AppointmentForm, userId: number): Promise<number> {
  const result = await tx.query<{ id: number }>(
    'INSERT INTO appointments (school_id, type, ds, de, status, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [form.sid, form.type, form.ds, form.de, form.status, userId],
  );
  return result.rows[0]!.id;
}

/** Changes start, end and status (school and type stay: invitations were made for them). */
export function updateAppointment(tx: Queryable, id: number, form: Pick<AppointmentForm, 'ds' | 'de' | 'status'>, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'appointments',
    set: 'ds = $2, de = $3, status = $4',
    where: 'id = $1',
    params: [id, form.ds, form.de, form.status],
    version,
  });
}

/** Locks the appointment and answers its status and invitation count (null: not there or not visible). */
export async function lockAppointmentForDelete(tx: Queryable, id: number): Promise<{ status: number; invited: number } | null> {
  const locked = await tx.query<{ status: number }>('SELECT status FROM appointments WHERE id = $1 FOR UPDATE', [id]);
  const row = locked.rows[0];
  if (!row) return null;
  // Counted in a statement of its own, after the lock: an invitation naming the appointment
  // holds it FOR SHARE until it commits, and only a snapshot taken after the lock sees it (a
  // count in the locking statement would use the snapshot from before the wait).
  const invited = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_invitations WHERE $1 = ANY (appointment_ids)', [id]);
  return { status: row.status, invited: invited.rows[0]!.n };
}

export async function deleteAppointment(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM appointments WHERE id = $1', [id]);
}
