import type { Appointment, AppointmentType, CalendarNewsEntry } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { shownOnSchool } from './shown-content.js';

/**
 * Appointments (info events, trials) and what the school calendar shows. Functions take the
 * transaction of `request.scoped()` (row-level security: schools in view only).
 */

const APPOINTMENT = 'SELECT a.id, a.school_id AS sid, a.type, a.ds, a.de, a.status FROM appointments a';

const asWire = (row: Omit<Appointment, 'ds' | 'de'> & { ds: Date; de: Date }): Appointment => ({
  ...row,
  ds: row.ds.toISOString(),
  de: row.de.toISOString(),
});

/** The school's appointments of a type that have not started yet, soonest first (spec 001 §4). */
export async function upcomingAppointments(tx: Queryable, schoolId: number, type: AppointmentType, now: Date): Promise<Appointment[]> {
  const result = await tx.query<Omit<Appointment, 'ds' | 'de'> & { ds: Date; de: Date }>(
    `${APPOINTMENT} WHERE a.school_id = $1 AND a.type = $2 AND a.ds >= $3 ORDER BY a.ds, a.id LIMIT 100`,
    [schoolId, type, now],
  );
  return result.rows.map(asWire);
}

/** The school's appointments overlapping [from, to), by start. */
export async function appointmentsBetween(tx: Queryable, schoolId: number, from: Date, to: Date): Promise<Appointment[]> {
  const result = await tx.query<Omit<Appointment, 'ds' | 'de'> & { ds: Date; de: Date }>(
    `${APPOINTMENT} WHERE a.school_id = $1 AND a.ds < $3 AND a.de > $2 ORDER BY a.ds, a.id LIMIT 1000`,
    [schoolId, from, to],
  );
  return result.rows.map(asWire);
}

/** Active news shown on the school (its own, for certain schools including it, for all) published within [from, to). */
export async function newsPublishedBetween(tx: Queryable, schoolId: number, from: Date, to: Date): Promise<CalendarNewsEntry[]> {
  const result = await tx.query<{ content_id: number; title: string; date_published: Date }>(
    `SELECT t.content_id, t.title, t.date_published
       FROM news t
      WHERE ${shownOnSchool('news', '$1')}
        AND t.active AND t.date_published >= $2 AND t.date_published < $3
      ORDER BY t.date_published, t.content_id
      LIMIT 500`,
    [schoolId, from, to],
  );
  return result.rows.map((row) => ({ ...row, date_published: row.date_published.toISOString() }));
}
