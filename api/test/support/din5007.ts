/**
 * A reference implementation of German dictionary order (DIN 5007 variant 1), written
 * independently of the database's sbo_sort_key (migration 020) so tests can check the lists
 * against it: letters compare without case and accents (ä = a, ö = o, ü = u, é = e, ...),
 * ß counts as ss; what remains compares character by character.
 */
const SPELLED_OUT: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ħ: 'h', ŀ: 'l', ŧ: 't', ı: 'i' };

/** The comparison key of a text: lower case, accents dropped (NFD), ß and ligatures spelled out. */
export function din5007Key(value: string): string {
  return value
    .toLowerCase()
    .replace(/[ßæœþøđðłħŀŧı]/g, (ch) => SPELLED_OUT[ch]!)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Compares two texts in DIN 5007-1 order (keys by code point: they are folded Latin letters). */
export function compareDin5007(a: string, b: string): number {
  const ka = din5007Key(a);
  const kb = din5007Key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
