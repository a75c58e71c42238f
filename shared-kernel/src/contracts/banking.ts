import * as yup from 'yup';

/**
 * Pure IBAN, BIC and SEPA creditor-id checks shared by the forms and the API, so both refuse
 * the same input. No React, no browser APIs.
 */

/** Validation messages of the banking fields (i18n keys in namespace `common`). */
export const BANKING_MSG = {
  iban: 'ui.invalid_iban',
  bic: 'ui.invalid_bic',
  creditorId: 'ui.invalid_creditor_id',
} as const;

/** IBAN length per country (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29,
  BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29,
  ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28,
  LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20,
  MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25,
  QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27,
  SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** An IBAN without spaces, upper case ('de89 3704…' -> 'DE893704…'); '' for empty input. */
export function normaliseIban(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s\u00a0-]/g, '').toUpperCase();
}

/** An IBAN in groups of four for display ('DE89 3704 0044 0532 0130 00'). */
export function formatIban(value: string | null | undefined): string {
  return normaliseIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

// ISO 7064 mod 97-10 over an alphanumeric string (letters count as 10..35), computed piecewise
// so no number ever exceeds the safe integer range.
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * True when the value is a valid IBAN: known country, that country's length and check digits
 * (mod 97). Spaces and lower case are accepted.
 * @example validateIban('DE89 3704 0044 0532 0130 00') // true
 */
export function validateIban(value: string | null | undefined): boolean {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength === undefined || iban.length !== expectedLength) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** A BIC without spaces, upper case. */
export function normaliseBic(value: string | null | undefined): string {
  return (value ?? '').replace(/\s/g, '').toUpperCase();
}

/**
 * True when the value is a well-formed BIC (ISO 9362: 8 or 11 characters: bank, country,
 * location, optional branch).
 * @example validateBic('COBADEFFXXX') // true
 */
export function validateBic(value: string | null | undefined): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normaliseBic(value));
}

/** A SEPA creditor identifier without spaces, upper case. */
export function normaliseCreditorId(value: string | null | undefined): string {
  return (value ?? '').replace(/\s/g, '').toUpperCase();
}

/**
 * True when the value is a valid SEPA creditor identifier: country, two check digits, a
 * three-character business code (ignored by the check) and the national id; the check digits
 * are mod 97 over national id + country + '00'.
 * @example validateCreditorId('DE98ZZZ09999999999') // true
 */
export function validateCreditorId(value: string | null | undefined): boolean {
  const id = normaliseCreditorId(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  const country = id.slice(0, 2);
  const checkDigits = Number(id.slice(2, 4));
  const nationalId = id.slice(7);
  return 98 - mod97(`${nationalId}${country}00`) === checkDigits;
}

/** yup rule: a required or optional IBAN (message 'ui.invalid_iban'). Use `.required()` to require. */
export const ibanRule = () =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normaliseIban(value) : value))
    .test('iban', BANKING_MSG.iban, (value) => !value || validateIban(value));

/** yup rule: an optional BIC (message 'ui.invalid_bic'). */
export const bicRule = () =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normaliseBic(value) : value))
    .test('bic', BANKING_MSG.bic, (value) => !value || validateBic(value));

/** yup rule: an optional SEPA creditor id (message 'ui.invalid_creditor_id'). */
export const creditorIdRule = () =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normaliseCreditorId(value) : value))
    .test('creditor-id', BANKING_MSG.creditorId, (value) => !value || validateCreditorId(value));

/** GET /api-conclusion/iban?v=: the IBAN lookup (BIC and bank name from the bank code). */
export interface IbanLookup {
  /** The IBAN passes {@link validateIban}. */
  valid: boolean;
  /** BIC of the bank code; '' when unknown (the directories cover AT and DE). */
  bic: string;
  /** Bank name; '' when unknown (the Austrian directory has no names). */
  bank: string;
}

/** Longest input the IBAN lookup takes: the longest IBAN (34) written in groups of four. */
export const IBAN_INPUT_MAX_LENGTH = 42;
