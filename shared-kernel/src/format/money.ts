/** Locale used for money when none is given (German grouping and decimal comma). */
export const DEFAULT_MONEY_LOCALE = 'de-DE';

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Integer cents as a money text in the given currency, e.g. '1.234,56 €' (the space before
 * the sign is a no-break space so amounts never wrap). '' for null, undefined or a
 * non-number.
 * @example formatMoney(-123456, 'EUR') // '-1.234,56 €'
 */
export function formatMoney(
  cents: number | null | undefined,
  currency = 'EUR',
  locale: string = DEFAULT_MONEY_LOCALE,
): string {
  if (cents === null || cents === undefined || typeof cents !== 'number' || !Number.isFinite(cents)) {
    return '';
  }
  return moneyFormatter(currency || 'EUR', locale).format(Math.round(cents) / 100);
}

/**
 * A typed amount as integer cents, or null when it is not an amount. Understands German input
 * ('1.234,56', '1234,5') and plain input ('1234.56'); an optional sign and '€' are allowed.
 * A lone '1.234' is read as German thousands (1234 euros). More than two decimals, mixed-up
 * separators and anything else are refused. '' gives null.
 * @example parseMoney('1.234,56') // 123456
 */
export function parseMoney(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  let value = String(text).replace(/[\s\u00a0\u202f]/g, '').replace(/€|EUR/gi, '');
  if (value === '') return null;
  let sign = 1;
  if (value.startsWith('-') || value.startsWith('+')) {
    if (value.startsWith('-')) sign = -1;
    value = value.slice(1);
  }
  let integerPart: string;
  let decimalPart: string;
  const german = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value);
  const plain = /^(\d+)\.(\d{1,2})$/.exec(value);
  if (german) {
    integerPart = german[1].replace(/\./g, '');
    decimalPart = german[2] ?? '';
  } else if (plain) {
    integerPart = plain[1];
    decimalPart = plain[2];
  } else {
    return null;
  }
  const cents = Number(integerPart) * 100 + Number(decimalPart.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return cents === 0 ? 0 : sign * cents;
}

/**
 * Integer cents as the text a money input shows for editing ('1234,56', no grouping, no sign
 * of the currency); '' for null/undefined.
 */
export function centsToInputText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const text = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  return rounded < 0 ? `-${text}` : text;
}
