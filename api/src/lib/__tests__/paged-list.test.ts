import type { Queryable } from '../../db/index.js';
import { HttpError } from '../http-error.js';
import { definePagedList, filterConditions, likeEscape, orderBy, pagedListBodySchema, runPagedList, sortIds, sortKey } from '../paged-list.js';

const LIST = definePagedList({
  from: 'things t',
  columns: {
    name: { sql: 't.name', sort: ['lower(t.name)', 't.kind'], filter: 'prefix' },
    kind: { sql: 't.kind', sort: 't.kind', filter: 'in-int' },
    tags: { sql: 't.tags', filter: 'int-array-contains' },
    day: { sql: 't.day', sort: 't.day', nullsLow: true, filter: 'date-range' },
    done: { sql: 't.done', filter: 'bool' },
    q: { filter: 'search', search: ['lower(t.name)', 't.code'] },
  },
  defaultOrder: 'lower(t.name)',
  tiebreak: 't.id',
});

function conditions(filtered: { id: string; value: unknown }[]) {
  const params: unknown[] = [];
  const where = filterConditions(LIST, filtered, (value) => {
    params.push(value);
    return `$${params.length}`;
  });
  return { where, params };
}

describe('paged list builder', () => {
  it('turns filters into SQL with bound values only', () => {
    const { where, params } = conditions([
      { id: 'name', value: 'Mü_%' },
      { id: 'kind', value: [2, 3] },
      { id: 'kind', value: 4 },
      { id: 'tags', value: 5 },
      { id: 'day', value: { from: '2026-01-01', to: '2026-01-31' } },
      { id: 'day', value: '2026-02-01' },
      { id: 'done', value: false },
      { id: 'q', value: 'ab' },
    ]);
    expect(where).toEqual([
      'starts_with(lower(t.name), $1)',
      't.kind = ANY($2::int[])',
      't.kind = $3',
      't.tags @> ARRAY[$4::int]',
      't.day >= $5::date',
      't.day <= $6::date',
      't.day = $7::date',
      't.done = $8',
      '(starts_with(lower(t.name), $9) OR starts_with(t.code, $9))',
    ]);
    expect(params).toEqual(['mü_%', [2, 3], 4, 5, '2026-01-01', '2026-01-31', '2026-02-01', false, 'ab']);
  });

  it('ignores an empty text filter and refuses unknown ids and wrong value types with 400', () => {
    expect(conditions([{ id: 'name', value: '' }]).where).toEqual([]);
    for (const bad of [
      { id: 'password', value: 'x' },
      { id: '__proto__', value: 'x' },
      { id: 'name', value: 5 },
      { id: 'kind', value: 'two' },
      { id: 'kind', value: [] },
      { id: 'day', value: '2026-02-30x' },
      { id: 'day', value: { from: 'yesterday' } },
      { id: 'done', value: 'yes' },
      { id: 'q', value: 'a' },
      { id: 'name', value: 'x'.repeat(101) },
    ]) {
      expect(() => conditions([bad])).toThrow(HttpError);
    }
  });

  it('orders by the sort entries (direction on every expression), then the tiebreak in the first direction', () => {
    expect(orderBy(LIST, [])).toBe('lower(t.name), t.id ASC');
    expect(orderBy(LIST, [{ id: 'name', desc: true }])).toBe('lower(t.name) DESC, t.kind DESC, t.id DESC');
    expect(orderBy(LIST, [{ id: 'day', desc: false }, { id: 'kind', desc: true }])).toBe('t.day ASC NULLS FIRST, t.kind DESC, t.id ASC');
    expect(() => orderBy(LIST, [{ id: 'tags', desc: false }])).toThrow(HttpError);
    expect(() => orderBy(LIST, [{ id: 'lower(t.secret)', desc: false }])).toThrow(HttpError);
  });

  it('sorts text fields in German order through their sort key columns, filters them as typed', () => {
    const people = definePagedList({
      from: 'people p JOIN schools sc ON sc.id = p.school_id',
      columns: {
        ln: { sql: 'p.lastname', match: 'p.lastname_key', textSort: ['p.lastname', 'p.firstname'], filter: 'prefix' },
        school: { textSort: 'sc.name', nullsLow: true },
        age: { sort: 'p.age' },
      },
      defaultOrder: `${sortKey('p.lastname')}, ${sortKey('p.firstname')}`,
      tiebreak: 'p.id',
    });
    expect(sortIds(people)).toEqual(['ln', 'school', 'age']);
    expect(orderBy(people, [{ id: 'ln', desc: true }])).toBe('p.lastname_sk DESC, p.firstname_sk DESC, p.id DESC');
    expect(orderBy(people, [{ id: 'school', desc: false }])).toBe('sc.name_sk ASC NULLS FIRST, p.id ASC');
    expect(orderBy(people, [])).toBe('p.lastname_sk, p.firstname_sk, p.id ASC');
    const params: unknown[] = [];
    expect(filterConditions(people, [{ id: 'ln', value: 'Böh' }], (value) => `$${params.push(value)}`)).toEqual(['starts_with(p.lastname_key, $1)']);
    expect(params).toEqual(['böh']);
    expect(() => sortKey('lower(p.name)')).toThrow();
    expect(() => definePagedList({ from: 'x', columns: { a: { textSort: 'x.a; DROP', sort: 'x.a' } }, defaultOrder: 'x.a', tiebreak: 'x.id' })).toThrow();
    expect(() => definePagedList({ from: 'x', columns: { a: { textSort: 'name' } }, defaultOrder: 'x.a', tiebreak: 'x.id' })).toThrow();
  });

  it('describes the body for Fastify: sortable and filterable ids only', () => {
    const schema = pagedListBodySchema(LIST, { done: { type: 'boolean' } });
    expect(schema.properties.sorted.items.properties.id.enum).toEqual(['name', 'kind', 'day']);
    const filterIds = (schema.properties.filtered.items as { anyOf: { properties: { id: { enum: string[] } } }[] }).anyOf.flatMap((b) => b.properties.id.enum);
    expect(filterIds.sort()).toEqual(['day', 'done', 'kind', 'name', 'q', 'tags']);
    expect(schema.properties).toHaveProperty('done');
    expect(schema.additionalProperties).toBe(false);
  });

  it('escapes LIKE wildcards', () => {
    expect(likeEscape('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('answers rows and total in one statement; a page past the end counts separately', async () => {
    const calls: { sql: string; params: unknown[] }[] = [];
    const fake = (rows: object[], total: number): Queryable => ({
      query: async (sql: string, params: unknown[] = []) => {
        calls.push({ sql, params });
        return (sql.startsWith('SELECT (') ? { rows: [{ n: total }], rowCount: 1 } : { rows, rowCount: rows.length }) as never;
      },
    });
    const page = [{ id: 1, cc: 'EUR', __total: 57 }, { id: 2, cc: 'EUR', __total: 57 }];
    expect(await runPagedList(fake(page, 0), LIST, { page: 0, pageSize: 10, filtered: [{ id: 'kind', value: 1 }] }, (bind) => `t.id, ${bind('EUR')} AS cc`)).toEqual({
      rows: [{ id: 1, cc: 'EUR' }, { id: 2, cc: 'EUR' }], pages: 6, total: 57,
    });
    expect(calls).toEqual([{
      sql: 'SELECT t.id, $2 AS cc, (SELECT count(*)::int FROM things t WHERE t.kind = $1) AS __total FROM things t WHERE t.kind = $1 ORDER BY lower(t.name), t.id ASC LIMIT $3 OFFSET $4',
      params: [1, 'EUR', 10, 0],
    }]);

    calls.length = 0;
    expect(await runPagedList(fake([], 0), LIST, { page: 0, pageSize: 10 }, 't.id')).toEqual({ rows: [], pages: 0, total: 0 });
    expect(calls).toHaveLength(1);

    calls.length = 0;
    expect(await runPagedList(fake([], 23), LIST, { page: 5, pageSize: 10, filtered: [{ id: 'done', value: true }] }, 't.id')).toEqual({ rows: [], pages: 3, total: 23 });
    expect(calls[1]).toEqual({ sql: 'SELECT (SELECT count(*)::int FROM things t WHERE t.done = $1) AS n', params: [true] });

    await expect(runPagedList(fake([], 0), LIST, { page: -1, pageSize: 10 }, 't.id')).rejects.toThrow(HttpError);
    await expect(runPagedList(fake([], 0), LIST, { page: 0, pageSize: 1000 }, 't.id')).rejects.toThrow(HttpError);
  });

  it('takes the total from the counts table when every filter is one of its dimensions', async () => {
    const COUNTED = definePagedList({ ...LIST, fastCount: { from: 'thing_counts c', sum: 'c.n', columns: { kind: 'c.kind' } } });
    const calls: string[] = [];
    const tx: Queryable = { query: async (sql: string) => (calls.push(sql), { rows: [{ id: 1, __total: 9 }], rowCount: 1 }) as never };
    await runPagedList(tx, COUNTED, { page: 0, pageSize: 10, filtered: [{ id: 'kind', value: [1, 2] }] }, 't.id');
    expect(calls[0]).toContain('(SELECT COALESCE(sum(c.n), 0)::int FROM thing_counts c WHERE c.kind = ANY($2::int[])) AS __total');
    await runPagedList(tx, COUNTED, { page: 0, pageSize: 10, filtered: [{ id: 'name', value: 'ab' }] }, 't.id');
    expect(calls[1]).toContain('(SELECT count(*)::int FROM things t WHERE starts_with(lower(t.name), $1)) AS __total');
  });
});
