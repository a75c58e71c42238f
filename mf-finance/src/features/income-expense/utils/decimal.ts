/**
 * A typed percentage ('19', '7,5', '7.5') as a number for the schema: null when empty, NaN
 * when it is no number (the schema then says 'invalid number').
 * @example parseDecimal('7,5') // 7.5
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normalised = trimmed.replace(',', '.');
  return /^\d{1,3}(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** A number as the text of a German decimal input ('7,5'); '' for null. */
export function decimalToInputText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace('.', ',');
}
