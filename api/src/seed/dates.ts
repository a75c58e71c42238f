/**
 * Calendar-date arithmetic on ISO strings (YYYY-MM-DD). Business dates (due dates, payment
 * dates, deadlines) are calendar days in the schools' time zone, not instants, so they are
 * computed in UTC on date-only values and never shift with the server's zone.
 */

/** The time zone of the schools (Austria and Germany share it). */
export const SCHOOL_TIME_ZONE = 'Europe/Vienna';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) an instant falls on in the schools' time zone. */
export function schoolDate(instant: Date): string {
  return dayFormat.format(instant);
}

function parse(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = parse(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

/** Adds months; the day is clamped to the target month's length (31.01 + 1 = 28./29.02). */
export function addMonths(iso: string, months: number): string {
  const date = parse(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return format(date);
}

export function firstOfMonth(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** Last day of the month of `iso`. */
export function endOfMonth(iso: string): string {
  return addDays(addMonths(firstOfMonth(iso), 1), -1);
}

/** An instant on a calendar date at a local-ish hour, as ISO timestamp (UTC). */
export function at(iso: string, hour: number, minute = 0): string {
  return `${iso}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** Whole years between two dates (age on `on`). */
export function yearsBetween(fromIso: string, onIso: string): number {
  const [fy, fm, fd] = fromIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = onIso.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}
