const PATTERN = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Parsed version or null when `value` is not semver. */
export function parseSemver(value: string): [number, number, number, string | null] | null {
  const m = PATTERN.exec(value.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? null] : null;
}

/**
 * Compares two semver strings: negative when a < b, 0 equal, positive when a > b. A
 * pre-release sorts before its release (1.2.0-rc.1 < 1.2.0); pre-release tags compare as text.
 */
export function compareSemver(a: string, b: string): number {
  const pa = parseSemver(a);
  const pb = parseSemver(b);
  if (!pa || !pb) throw new Error(`not a semver version: ${!pa ? a : b}`);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] as number) - (pb[i] as number);
  if (pa[3] === pb[3]) return 0;
  if (pa[3] === null) return 1;
  if (pb[3] === null) return -1;
  return pa[3] < pb[3] ? -1 : 1;
}
