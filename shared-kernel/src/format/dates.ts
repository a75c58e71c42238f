import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** Display format of a date on every screen. */
export const DISPLAY_DATE = 'DD.MM.YYYY';
/** Display format of a date-time (minutes). */
export const DISPLAY_DATE_TIME = 'DD.MM.YYYY HH:mm';
/** Display format of a date-time with seconds. */
export const DISPLAY_DATE_TIME_SECONDS = 'DD.MM.YYYY HH:mm:ss';
/** Wire format of a calendar date. */
export const ISO_DATE = 'YYYY-MM-DD';

// A plain 'YYYY-MM-DD' is a calendar date without a time zone: parse it as a local date so
// 01.03. never turns into 28.02. west of UTC.
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseIso(iso: string | null | undefined): dayjs.Dayjs | null {
  if (iso === null || iso === undefined) return null;
  const text = String(iso).trim();
  if (text === '') return null;
  const value = ISO_DATE_ONLY.test(text) ? dayjs(text, ISO_DATE, true) : dayjs(text);
  return value.isValid() ? value : null;
}

/**
 * An ISO date or timestamp as 'DD.MM.YYYY'; '' for empty or invalid input.
 * @example formatDate('2026-11-21') // '21.11.2026'
 */
export function formatDate(iso: string | null | undefined): string {
  return parseIso(iso)?.format(DISPLAY_DATE) ?? '';
}

/**
 * An ISO timestamp as 'DD.MM.YYYY HH:mm' (or with ':ss'), in the browser's time zone;
 * '' for empty or invalid input.
 * @example formatDateTime('2026-11-21T09:05:07', true) // '21.11.2026 09:05:07'
 */
export function formatDateTime(iso: string | null | undefined, withSeconds = false): string {
  return parseIso(iso)?.format(withSeconds ? DISPLAY_DATE_TIME_SECONDS : DISPLAY_DATE_TIME) ?? '';
}

/**
 * A typed 'DD.MM.YYYY' (also 'D.M.YYYY') as the wire date 'YYYY-MM-DD', or null when it is
 * not a real calendar date (31.02.2026, 2-digit years and garbage are refused).
 * @example parseDisplayDate('01.03.2026') // '2026-03-01'
 */
export function parseDisplayDate(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(trimmed)) return null;
  const value = dayjs(trimmed, ['DD.MM.YYYY', 'D.M.YYYY', 'D.MM.YYYY', 'DD.M.YYYY'], true);
  return value.isValid() ? value.format(ISO_DATE) : null;
}

/**
 * A typed 'DD.MM.YYYY HH:mm' or 'DD.MM.YYYY HH:mm:ss' (local time) as an ISO 8601 timestamp
 * with offset, or null when invalid.
 * @example parseDisplayDateTime('21.11.2026 09:30') // '2026-11-21T09:30:00+01:00'
 */
export function parseDisplayDateTime(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim().replace(/\s+/g, ' ');
  if (!/^\d{1,2}\.\d{1,2}\.\d{4} \d{1,2}:\d{2}(:\d{2})?$/.test(trimmed)) return null;
  const value = dayjs(
    trimmed,
    ['DD.MM.YYYY HH:mm:ss', 'DD.MM.YYYY HH:mm', 'D.M.YYYY H:mm:ss', 'D.M.YYYY H:mm', 'DD.MM.YYYY H:mm'],
    true,
  );
  return value.isValid() ? value.format() : null;
}

/**
 * Full years between a date of birth and a reference date (default: today); null when either
 * date is missing or invalid or the birth lies after the reference date.
 * @example ageInYears('2016-11-22', '2026-11-21') // 9
 */
export function ageInYears(dobIso: string | null | undefined, atIso?: string | null): number | null {
  const dob = parseIso(dobIso);
  const at = atIso === undefined || atIso === null ? dayjs() : parseIso(atIso);
  if (!dob || !at) return null;
  // Compare month/day by hand: a child born on 29.02. completes a year only when 28.02. is
  // over (German civil law), whereas date libraries count 28.02. as the anniversary.
  let years = at.year() - dob.year();
  if (at.month() < dob.month() || (at.month() === dob.month() && at.date() < dob.date())) years -= 1;
  return years < 0 ? null : years;
}

/** Today as the wire date 'YYYY-MM-DD' (browser time zone). */
export function todayIso(): string {
  return dayjs().format(ISO_DATE);
}
