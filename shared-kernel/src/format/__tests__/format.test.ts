import {
  ageInYears,
  centsToInputText,
  formatDate,
  formatDateTime,
  formatMoney,
  parseDisplayDate,
  parseDisplayDateTime,
  parseMoney,
} from '../index';

// Intl separates amount and sign with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates', () => {
  it('shows wire dates as DD.MM.YYYY', () => {
    expect(formatDate('2026-11-21')).toBe('21.11.2026');
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate('2026-11-21T23:59:00')).toBe('21.11.2026');
  });

  it('gives an empty text for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('garbage')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('shows date-times with and without seconds', () => {
    expect(formatDateTime('2026-11-21T09:05:07')).toBe('21.11.2026 09:05');
    expect(formatDateTime('2026-11-21T09:05:07', true)).toBe('21.11.2026 09:05:07');
  });

  it('parses typed dates strictly', () => {
    expect(parseDisplayDate('21.11.2026')).toBe('2026-11-21');
    expect(parseDisplayDate(' 1.3.2026 ')).toBe('2026-03-01');
    expect(parseDisplayDate('29.02.2028')).toBe('2028-02-29');
    expect(parseDisplayDate('29.02.2026')).toBeNull();
    expect(parseDisplayDate('31.02.2026')).toBeNull();
    expect(parseDisplayDate('32.01.2026')).toBeNull();
    expect(parseDisplayDate('01.13.2026')).toBeNull();
    expect(parseDisplayDate('01.01.26')).toBeNull();
    expect(parseDisplayDate('2026-01-01')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
    expect(parseDisplayDate('heute')).toBeNull();
  });

  it('parses typed date-times to ISO timestamps that format back the same', () => {
    const iso = parseDisplayDateTime('21.11.2026 09:30');
    expect(iso).toMatch(/^2026-11-21T09:30:00[+-]\d{2}:\d{2}$/);
    expect(formatDateTime(iso)).toBe('21.11.2026 09:30');
    const withSeconds = parseDisplayDateTime('21.11.2026 09:30:15');
    expect(formatDateTime(withSeconds, true)).toBe('21.11.2026 09:30:15');
    expect(parseDisplayDateTime('21.11.2026 25:00')).toBeNull();
    expect(parseDisplayDateTime('21.11.2026')).toBeNull();
  });

  it('computes full years of age', () => {
    expect(ageInYears('2016-11-21', '2026-11-21')).toBe(10);
    expect(ageInYears('2016-11-22', '2026-11-21')).toBe(9);
    expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageInYears('2030-01-01', '2026-11-21')).toBeNull();
    expect(ageInYears(null, '2026-11-21')).toBeNull();
  });
});

describe('money', () => {
  it('formats integer cents with German grouping and the currency', () => {
    expect(plain(formatMoney(123456, 'EUR'))).toBe('1.234,56 €');
    expect(plain(formatMoney(-123456, 'EUR'))).toBe('-1.234,56 €');
    expect(plain(formatMoney(5, 'EUR'))).toBe('0,05 €');
    expect(plain(formatMoney(0, 'EUR'))).toBe('0,00 €');
    expect(plain(formatMoney(100000000, 'EUR'))).toBe('1.000.000,00 €');
    expect(plain(formatMoney(123456, 'CHF'))).toBe('1.234,56 CHF');
    expect(plain(formatMoney(123456, 'EUR', 'en-GB'))).toBe('€1,234.56');
  });

  it('gives an empty text for missing amounts', () => {
    expect(formatMoney(null, 'EUR')).toBe('');
    expect(formatMoney(undefined, 'EUR')).toBe('');
    expect(formatMoney(Number.NaN, 'EUR')).toBe('');
  });

  it('parses German and plain amounts into cents', () => {
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('1234,56')).toBe(123456);
    expect(parseMoney('1234,5')).toBe(123450);
    expect(parseMoney('1234')).toBe(123400);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney('1.234.567,89')).toBe(123456789);
    expect(parseMoney('1234.56')).toBe(123456);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('-12,30')).toBe(-1230);
    expect(parseMoney(' 12,30 € ')).toBe(1230);
    expect(parseMoney('0,00')).toBe(0);
    // 0.29 * 100 is 28.999... in floating point; the parser must not lose a cent.
    expect(parseMoney('0,29')).toBe(29);
    expect(parseMoney('1.005,07')).toBe(100507);
  });

  it('refuses three or more decimals, bad grouping and garbage', () => {
    expect(parseMoney('1,234')).toBeNull();
    expect(parseMoney('12,345')).toBeNull();
    expect(parseMoney('1.2345')).toBeNull();
    expect(parseMoney('12.34.56')).toBeNull();
    expect(parseMoney('1,234.56')).toBeNull();
    expect(parseMoney('12a')).toBeNull();
    expect(parseMoney('=1+1')).toBeNull();
    expect(parseMoney('--1')).toBeNull();
    expect(parseMoney(',5')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney('99999999999999999999')).toBeNull();
  });

  it('round-trips cents through the input text', () => {
    expect(centsToInputText(123456)).toBe('1234,56');
    expect(centsToInputText(-5)).toBe('-0,05');
    expect(parseMoney(centsToInputText(-5))).toBe(-5);
    expect(centsToInputText(null)).toBe('');
  });
});
