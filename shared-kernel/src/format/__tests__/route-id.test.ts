import { parseRouteId } from '../route-id';

describe('parseRouteId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
  ])('reads %s as %d', (text, id) => {
    expect(parseRouteId(text)).toBe(id);
  });

  it.each(['', '0', '007', '1e3', '0x10', ' 5', '5 ', '5.0', '-3', '+3', '2147483648', '99999999999', 'abc', '%31'])('refuses %p', (text) => {
    expect(parseRouteId(text)).toBeNull();
  });

  it('refuses a missing segment', () => {
    expect(parseRouteId(undefined)).toBeNull();
    expect(parseRouteId(null)).toBeNull();
  });
});
