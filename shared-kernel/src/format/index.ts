/**
 * Formatting and parsing for the screens: dates as DD.MM.YYYY (wire: ISO 8601) and money from
 * integer cents. Pure functions; empty input gives '' (formatters) or null (parsers).
 */
export {
  DISPLAY_DATE,
  DISPLAY_DATE_TIME,
  DISPLAY_DATE_TIME_SECONDS,
  ISO_DATE,
  formatDate,
  formatDateTime,
  parseDisplayDate,
  parseDisplayDateTime,
  ageInYears,
  todayIso,
} from './dates.js';
export { DEFAULT_MONEY_LOCALE, formatMoney, parseMoney, centsToInputText } from './money.js';
export { parseRouteId } from './route-id.js';
