/**
 * Check digits of IBANs and SEPA creditor identifiers (ISO 7064 MOD 97-10), so seeded bank
 * data passes the same validation a real form applies.
 */

/** Letters become numbers (A=10 ... Z=35); digits stay. */
function toNumeric(value: string): string {
  let out = '';
  for (const ch of value.toUpperCase()) {
    const code = ch.charCodeAt(0);
    out += code >= 65 && code <= 90 ? String(code - 55) : ch;
  }
  return out;
}

/** Remainder of a long decimal string modulo 97 (digit by digit, no big integers needed). */
export function mod97(numeric: string): number {
  let remainder = 0;
  for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
  return remainder;
}

function checkDigits(country: string, body: string): string {
  const remainder = mod97(toNumeric(body + country + '00'));
  return String(98 - remainder).padStart(2, '0');
}

/** Builds an IBAN from country (AT, DE) and BBAN (bank code + account number). */
export function makeIban(country: string, bban: string): string {
  const cc = country.toUpperCase();
  return cc + checkDigits(cc, bban) + bban;
}

/** True when the IBAN's check digits are right (spaces ignored). */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(toNumeric(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/**
 * Builds a SEPA creditor identifier: country, check digits, business code (default ZZZ),
 * national identifier. The business code is not part of the check digit computation.
 */
export function makeCreditorId(country: string, nationalId: string, businessCode = 'ZZZ'): string {
  const cc = country.toUpperCase();
  return cc + checkDigits(cc, nationalId) + businessCode + nationalId;
}

/** True when a creditor identifier's check digits are right. */
export function isValidCreditorId(ci: string): boolean {
  const compact = ci.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(compact)) return false;
  return mod97(toNumeric(compact.slice(7) + compact.slice(0, 4))) === 1;
}
