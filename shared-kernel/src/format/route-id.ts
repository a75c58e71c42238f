/** The largest id a database `int` key holds. */
const MAX_ID = 2_147_483_647;

/**
 * The record id in a route segment (`/m-lead/edit/{id}`): a positive whole number written in
 * plain digits, or null. `Number()` alone would accept '1e3' (1000), '0x10' (16), ' 5' and
 * '5.0' and open a record the address does not name.
 */
export function parseRouteId(text: string | undefined | null): number | null {
  if (text === undefined || text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_ID ? value : null;
}
