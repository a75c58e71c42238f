/**
 * TARGET2 business days (the days SEPA direct debits settle) and the collection date of a run.
 *
 * TARGET2 is closed on Saturdays, Sundays, 1 January, Good Friday, Easter Monday, 1 May,
 * 25 and 26 December. A SEPA Core direct debit must reach the debtor bank one TARGET2
 * business day before the collection date (D-1, since November 2016; before: D-5 first /
 * D-2 recurring). SEPA_LEAD_BUSINESS_DAYS is that constant: the bank's earliest collection
 * date of a run made today is the first business day after today + 1 business day.
 *
 * The school's pre-notification period (config sepa_lead_days, calendar days, default 14)
 * applies too (issue 14: "the next valid TARGET2 business day after the SEPA lead days"):
 * the debtor was told the amount and date that many days ahead, so the bank must not collect
 * earlier. The collection date is therefore the first TARGET2 business day on or after
 * today + sepa_lead_days, and never earlier than the D-1 bank date.
 */
export const SEPA_LEAD_BUSINESS_DAYS = 1;

const DAY_MS = 86_400_000;

/** Easter Sunday (Gregorian, anonymous algorithm) as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** True when TARGET2 settles on this day (ISO date YYYY-MM-DD). */
export function isTarget2BusinessDay(isoDate: string): boolean {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const md = isoDate.slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false;
  const easter = easterSunday(date.getUTCFullYear()).getTime();
  const t = date.getTime();
  return t !== easter - 2 * DAY_MS && t !== easter + DAY_MS;
}

/** The n-th TARGET2 business day after the given date (n >= 1). */
export function addBusinessDays(isoDate: string, n: number): string {
  let date = new Date(`${isoDate}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    if (isTarget2BusinessDay(iso(date))) left -= 1;
  }
  return iso(date);
}

/** The given day when TARGET2 settles on it, else the next business day. */
export function businessDayOnOrAfter(isoDate: string): string {
  return isTarget2BusinessDay(isoDate) ? isoDate : addBusinessDays(isoDate, 1);
}

/**
 * The collection date of a run made on `today` (ISO date) for a school with `noticeDays`
 * of pre-notification (calendar days): the first TARGET2 business day on or after
 * today + noticeDays, at the earliest the bank's D-1 date.
 *
 * @example collectionDate('2026-12-24', 0)  // '2026-12-29' (25/26 Dec closed, 27 Sunday, 28 = D-1)
 * @example collectionDate('2026-11-21', 14) // '2026-12-07' (5 Dec is a Saturday)
 */
export function collectionDate(today: string, noticeDays: number): string {
  const bank = addBusinessDays(today, SEPA_LEAD_BUSINESS_DAYS + 1);
  const notice = businessDayOnOrAfter(iso(new Date(new Date(`${today}T00:00:00Z`).getTime() + Math.max(0, noticeDays) * DAY_MS)));
  return notice > bank ? notice : bank;
}
