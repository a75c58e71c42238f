import { readListUrlState, writeListUrlState, type ListUrlState } from '../list-url-state';

const defaults: ListUrlState = { page: 0, pageSize: 25, sorted: [{ id: 'ln', desc: false }], filtered: [] };
const sizes = [10, 20, 25, 50, 100];

describe('list URL state', () => {
  it('round-trips page, size, sort and text and typed filters', () => {
    const state: ListUrlState = {
      page: 2,
      pageSize: 50,
      sorted: [{ id: 'ln', desc: true }, { id: 'fn', desc: false }],
      filtered: [{ id: 'st', value: 2 }, { id: 'fn', value: 'Mia' }],
    };
    const params = writeListUrlState(new URLSearchParams('tab=2'), state, defaults);
    expect(params.get('page')).toBe('3');
    expect(params.get('size')).toBe('50');
    expect(params.get('sort')).toBe('-ln,fn');
    expect(params.get('f.fn')).toBe('Mia');
    expect(params.get('fj.st')).toBe('2');
    expect(params.get('tab')).toBe('2');
    expect(readListUrlState(params, defaults, sizes)).toEqual({
      ...state,
      filtered: [{ id: 'fn', value: 'Mia' }, { id: 'st', value: 2 }],
    });
  });

  it('leaves defaults out of the URL and reads a bare URL as the defaults', () => {
    const params = writeListUrlState(new URLSearchParams(), defaults, defaults);
    expect(params.toString()).toBe('');
    expect(readListUrlState(params, defaults, sizes)).toEqual(defaults);
  });

  it('ignores malformed values instead of sending them', () => {
    const params = new URLSearchParams('page=-4&size=7&sort=ln;drop table,-ok&fj.x={bad');
    expect(readListUrlState(params, defaults, sizes)).toEqual({
      page: 0,
      pageSize: 25,
      sorted: [{ id: 'ok', desc: true }],
      filtered: [],
    });
  });

  it('keeps two lists apart by prefix', () => {
    const first = writeListUrlState(new URLSearchParams(), { ...defaults, page: 1 }, defaults, 'a.');
    const both = writeListUrlState(first, { ...defaults, page: 4 }, defaults, 'b.');
    expect(readListUrlState(both, defaults, sizes, 'a.').page).toBe(1);
    expect(readListUrlState(both, defaults, sizes, 'b.').page).toBe(4);
  });
});
