import fc from 'fast-check';
import type { RouteAccessEntry } from '../src/auth/access.js';
import { apiRoutes, buildBody, buildUrl, sampleFor } from './support/route-samples.js';
import { backends, createSchool, createTestApp, type TestApp } from './support/test-app.js';

type JsonSchema = Record<string, any>;

/** Values of the wrong type for a schema (never coercible into it). */
function wrongValues(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema?.type) ? schema!.type : [schema?.type];
  const options: fc.Arbitrary<unknown>[] = [fc.constant({ nested: { deep: true } })];
  if (!type.includes('array')) options.push(fc.constant([1, 'two', { three: 3 }]));
  if (type.includes('integer') || type.includes('number')) {
    options.push(fc.constantFrom('abc', '1e999', '12abc', 1.5, -5, 2 ** 53, '💥'));
  }
  if (type.includes('string')) options.push(fc.constant({ toString: 'x' }));
  if (type.includes('boolean')) options.push(fc.constantFrom('maybe', 2, { yes: true }));
  if (schema?.enum) options.push(fc.constantFrom('__not_a_member__', 987654));
  if (schema?.maxLength) options.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  return fc.oneof(...options);
}

/** Bodies that break the body schema: missing required field, wrong types, not an object, not JSON. */
function badBodies(entry: RouteAccessEntry): fc.Arbitrary<{ payload: unknown; contentType?: string }> {
  const schema = entry.schema?.body as JsonSchema;
  const valid = buildBody(entry) as Record<string, unknown>;
  const required: string[] = schema.required ?? [];
  const properties = Object.keys(schema.properties ?? {});
  const cases: fc.Arbitrary<{ payload: unknown; contentType?: string }>[] = [
    fc.constantFrom<unknown>(null, 42, 'text', [], [valid]).map((payload) => ({ payload: JSON.stringify(payload), contentType: 'application/json' })),
    fc.string({ maxLength: 40 }).map((text) => ({ payload: `{${text}`, contentType: 'application/json' })),
    fc.constant({ payload: '<xml/>', contentType: 'application/xml' }),
  ];
  if (required.length) {
    cases.push(fc.constantFrom(...required).map((name) => {
      const copy = { ...valid };
      delete copy[name];
      return { payload: copy };
    }));
  }
  const typed = properties.filter((name) => required.includes(name) || schema.properties[name].enum);
  if (typed.length) {
    cases.push(
      fc.constantFrom(...typed).chain((name) =>
        wrongValues(schema.properties[name]).map((value) => ({ payload: { ...valid, [name]: value } })),
      ),
    );
  }
  return fc.oneof(...cases);
}

/** Query strings that break the query schema. */
function badQueries(entry: RouteAccessEntry): fc.Arbitrary<string> | null {
  const schema = entry.schema?.querystring as JsonSchema | undefined;
  if (!schema?.properties) return null;
  const base = (sampleFor(schema) as Record<string, unknown>) ?? {};
  const cases: fc.Arbitrary<Record<string, unknown>>[] = [];
  const required: string[] = schema.required ?? [];
  if (required.length) {
    cases.push(fc.constantFrom(...required).map((name) => {
      const copy = { ...base };
      delete copy[name];
      return copy;
    }));
  }
  const constrained = Object.entries(schema.properties as Record<string, JsonSchema>).filter(
    ([, p]) => p.type === 'integer' || p.enum || p.maxLength,
  );
  if (constrained.length) {
    cases.push(
      fc.constantFrom(...constrained).chain(([name, p]) =>
        fc
          .constantFrom<unknown>(...(p.type === 'integer' ? ['abc', '-1', '0', '1.5', '99999999999999999999', ''] : []), ...(p.enum ? ['__nope__'] : []), ...(p.maxLength ? ['y'.repeat(p.maxLength + 1)] : []))
          .map((value) => ({ ...base, [name]: value })),
      ),
    );
  }
  if (!cases.length) return null;
  return fc.oneof(...cases).map((values) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
    return `${entry.url.replace(/:(\w+)/g, '1')}?${params}`;
  });
}

describe.each(backends())('hostile input on %s', (backend) => {
  let t: TestApp;
  let cookie: string;

  /** Row counts of every table but the audit log (which records the refusals). */
  const counts = async () => {
    const tables = await t.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('audit_log') ORDER BY 1",
    );
    const result: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      result[table_name] = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}"`)).rows[0].n;
    }
    return result;
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo' });
    await createSchool(t.db, 'Extra', 'de');
    cookie = await t.login('admin', 'demo1234');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('bad bodies and queries on every route: never 5xx, always refused, nothing written', async () => {
    const routes = apiRoutes(t.app.routeAccess).filter((r) => r.url !== '/api-auth/logout');
    const before = await counts();
    const failures: string[] = [];
    let checked = 0;
    for (const entry of routes) {
      const headers = (contentType?: string) => ({ cookie, ...(contentType ? { 'content-type': contentType } : {}) });
      if (entry.schema?.body) {
        checked++;
        await fc.assert(
          fc.asyncProperty(badBodies(entry), async ({ payload, contentType }) => {
            const res = await t.request({ method: entry.method, url: buildUrl(entry, { id: 999999 }), headers: headers(contentType), payload });
            if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${entry.method} ${entry.url} ${JSON.stringify(payload).slice(0, 120)} -> ${res.statusCode}`);
          }),
          { numRuns: 12, seed: 4242 },
        );
      }
      const queries = badQueries(entry);
      if (queries) {
        checked++;
        await fc.assert(
          fc.asyncProperty(queries, async (url) => {
            const res = await t.request({ method: entry.method, url, headers: headers(), payload: buildBody(entry) });
            if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${entry.method} ${url} -> ${res.statusCode}`);
          }),
          { numRuns: 8, seed: 4242 },
        );
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('malformed JSON and an oversized body answer 400 {error: 4}', async () => {
    const malformed = await t.request({ method: 'POST', url: '/api-base/filter', headers: { cookie, 'content-type': 'application/json' }, payload: '{"name": "schools", ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 4 });
    const huge = await t.request({
      method: 'POST',
      url: '/api-base/filter',
      headers: { cookie },
      payload: { name: 'schools', value: [], padding: 'x'.repeat(150 * 1024) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ error: 4 });
  });

  it('schema violations name the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api-base/filter', headers: { cookie }, payload: { name: 'colours', value: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(4);
    expect(Object.keys(res.json().fields)).toContain('name');
  });
});
