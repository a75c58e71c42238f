import type { ActivationAnswer } from 'shared-kernel/contracts';
import { insertConclusion } from '../../../../test/support/conclusion-rows.js';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock } from '../../../../test/support/test-app.js';

jest.setTimeout(300_000);

const WRITER_ATOMS = [
  'conclusion_r', 'conclusion_w', 'conclusion_d', 'student_r', 'student_w',
  's_account_r', 's_account_w', 's_account_d', 's_contract_r', 's_contract_w', 's_contract_d',
] as const;

/**
 * Issue 12 from the outside: what a client that is not the screens sends to the conclusion,
 * bank account and contract template routes. Malformed bodies and ids are 400 with an error
 * code and write nothing (never a 500), encoded paths reach the same guarded route, parallel
 * double submits write once, and another school's user or a trainer reads and changes nothing.
 */
describe.each(backends())('issue 12 routes attacked from outside on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(new Date('2026-11-21T09:30:00Z')),
    users: {
      writer: { atoms: [...WRITER_ATOMS], schools: ['wien'] },
      grazAdmin: { atoms: [...WRITER_ATOMS], schools: ['graz'] },
      trainer: { atoms: ['student_r', 'reminder_r'], schools: ['wien'] },
    },
  });
  const raw = (method: string, url: string, user: string, payload?: string, contentType = 'application/json') =>
    s.t.request({ method, url, payload, headers: { cookie: s.cookies[user]!, 'content-type': contentType } });
  const counts = async () =>
    (await s.sql<{ c: number; st: number; sc: number; a: number; t: number; nr: number }>(
      `SELECT (SELECT count(*)::int FROM conclusions) AS c, (SELECT count(*)::int FROM students) AS st,
              (SELECT count(*)::int FROM student_contracts) AS sc, (SELECT count(*)::int FROM accounts) AS a,
              (SELECT count(*)::int FROM contract_templates) AS t, (SELECT count(*)::int FROM network_requests) AS nr`,
    ))[0]!;

  it.each([
    ['POST', '/api-conclusion/data'],
    ['POST', '/api-conclusion/legacy'],
    ['PUT', '/api-conclusion/data?id=1'],
    ['PUT', '/api-conclusion/actcon?id=1'],
    ['POST', '/api-conclusion/list'],
    ['POST', '/api-account/data'],
    ['PUT', '/api-account/data?id=1'],
    ['POST', '/api-contract/data'],
    ['PUT', '/api-contract/data?id=1'],
  ])('%s %s: a malformed body is 400 with an error code and writes nothing', async (method, url) => {
    const before = await counts();
    const bodies: [string, string][] = [
      ['{"school_id": 1,', 'application/json'],
      ['[]', 'application/json'],
      ['"text"', 'application/json'],
      ['null', 'application/json'],
      ['{"school_id": "1", "products": "4", "version": "1"}', 'application/json'],
      ['{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', 'application/json'],
      ['school_id=1', 'application/x-www-form-urlencoded'],
      ['<a/>', 'text/xml'],
    ];
    for (const [payload, type] of bodies) {
      const res = await raw(method, url, 'writer', payload, type);
      expect([payload, res.statusCode]).toEqual([payload, expect.any(Number)]);
      expect([payload, res.statusCode >= 400 && res.statusCode < 500]).toEqual([payload, true]);
      expect([payload, res.json<{ error?: unknown }>().error]).toEqual([payload, expect.any(Number)]);
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    'id=abc', 'id=-1', 'id=0', 'id=1.5', 'id=1e3', 'id=99999999999', 'id=%00', 'id=1&id=2', 'id=', 'id[]=1', 'id=0x10', 'id=%201',
  ])('an id query %s is 400 with an error code on every route naming a conclusion, account or template', async (query) => {
    const routes: [string, string][] = [
      ['GET', '/api-conclusion/data'], ['DELETE', '/api-conclusion/data'], ['PUT', '/api-conclusion/prestud'],
      ['GET', '/api-conclusion/cp'], ['GET', '/api-conclusion/sepaddm'], ['GET', '/api-account/data'],
      ['DELETE', '/api-account/data'], ['GET', '/api-contract/data'], ['DELETE', '/api-contract/data'],
    ];
    for (const [method, path] of routes) {
      const res = await raw(method, `${path}?${query}`, 'writer');
      expect([method, path, res.statusCode]).toEqual([method, path, res.statusCode === 404 ? 404 : 400]);
      expect([method, path, res.json<{ error?: unknown }>().error]).toEqual([method, path, expect.any(Number)]);
    }
  });

  it('encoded, doubled and cased paths reach the same guarded route or none: a trainer and another school read nothing', async () => {
    const c = await insertConclusion(s, s.wien);
    const urls = [
      `/api-conclusion/%64ata?id=${c.id}`,
      `/api-conclusion//data?id=${c.id}`,
      `/api-conclusion/data/?id=${c.id}`,
      `/api-conclusion/DATA?id=${c.id}`,
      `/api-conclusion/./data?id=${c.id}`,
      `/api-x/../api-conclusion/data?id=${c.id}`,
      `/api-conclusion%2Fdata?id=${c.id}`,
      `/api-conclusion/data%3Fid=${c.id}`,
      `/api-conclusion/sepaddm%00?id=${c.id}`,
      `/api-conclusion/cp;x?id=${c.id}`,
    ];
    for (const url of urls) {
      for (const user of ['trainer', 'grazAdmin']) {
        const res = await raw('GET', url, user);
        expect([url, user, [401, 403, 404, 400].includes(res.statusCode)]).toEqual([url, user, true]);
        expect([url, user, res.body.includes(c.lastname)]).toEqual([url, user, false]);
      }
    }
  });

  it("another school's admin and a trainer can neither read nor act on a conclusion, account or template of Wien", async () => {
    const c = await insertConclusion(s, s.wien);
    const [account] = await s.sql<{ id: number; version: number }>('SELECT id, version FROM accounts WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]);
    const [template] = await s.sql<{ id: number; version: number }>('SELECT id, version FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]);
    const before = await counts();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api-conclusion/data?id=${c.id}`],
      ['PUT', `/api-conclusion/actcon?id=${c.id}`, { version: 1, date_withdrawal: null }],
      ['PUT', `/api-conclusion/prestud?id=${c.id}`],
      ['GET', `/api-conclusion/cp?id=${c.id}`],
      ['GET', `/api-conclusion/sepaddm?id=${c.id}`],
      ['DELETE', `/api-conclusion/data?id=${c.id}`],
      ['GET', `/api-account/data?id=${account!.id}`],
      ['DELETE', `/api-account/data?id=${account!.id}`],
      ['GET', `/api-contract/data?id=${template!.id}`],
      ['DELETE', `/api-contract/data?id=${template!.id}`],
    ];
    for (const [method, url, body] of calls) {
      const graz = await s.call(method, url, 'grazAdmin', body);
      expect([method, url, graz.statusCode]).toEqual([method, url, 404]);
      const trainer = await s.call(method, url, 'trainer', body);
      expect([method, url, trainer.statusCode]).toEqual([method, url, 403]);
    }
    // Lists and pickers of Graz show nothing of Wien.
    const lists: [string, string, unknown?][] = [
      ['POST', '/api-conclusion/list', { page: 0, pageSize: 100, sorted: [], filtered: [] }],
      ['POST', '/api-account/list', { page: 0, pageSize: 100, sorted: [], filtered: [] }],
      ['GET', '/api-account/sel'],
      ['GET', `/api-contract/data`],
    ];
    for (const [method, url, body] of lists) {
      const res = await s.call(method, url, 'grazAdmin', body);
      const rows = JSON.stringify(res.json());
      expect([url, rows.includes(c.lastname), rows.includes(`"school_id":${s.wien},`), rows.includes(`"sid":${s.wien},`)]).toEqual([url, false, false, false]);
    }
    expect(await counts()).toEqual(before);
    const [after] = await s.sql<{ activated_at: Date | null }>('SELECT activated_at FROM conclusions WHERE id = $1', [c.id]);
    expect(after!.activated_at).toBeNull();
  });

  it('parallel activations and pre-student requests write once', async () => {
    const c = await insertConclusion(s, s.wien);
    const activations = await Promise.all(Array.from({ length: 8 }, () => s.call('PUT', `/api-conclusion/actcon?id=${c.id}`, 'writer', { version: 1 })));
    expect(activations.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const answers = activations.map((a) => a.json<ActivationAnswer>());
    expect(new Set(answers.map((a) => a.stu)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await s.sql('SELECT id FROM students WHERE lastname = $1', [c.lastname])).toHaveLength(1);
    expect(await s.sql('SELECT id FROM student_contracts WHERE conclusion_id = $1', [c.id])).toHaveLength(1);

    const requests = await Promise.all(Array.from({ length: 8 }, () => s.call('PUT', `/api-conclusion/prestud?id=${c.id}`, 'writer')));
    expect(requests.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(requests.map((r) => r.json<{ created: boolean }>()).filter((r) => r.created)).toHaveLength(1);
    expect(await s.sql('SELECT id FROM network_requests WHERE conclusion_id = $1', [c.id])).toHaveLength(1);
  });

  it('two conclusions of one student: their parallel pre-student requests make one network request', async () => {
    const [student] = await s.sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 AND mno IS NULL ORDER BY id DESC LIMIT 1', [s.wien]);
    const pair = [await insertConclusion(s, s.wien, { student_id: student!.id }), await insertConclusion(s, s.wien, { student_id: student!.id })];
    for (const c of pair) expect((await s.call('PUT', `/api-conclusion/actcon?id=${c.id}`, 'writer', { version: 1 })).statusCode).toBe(200);
    const answers = await Promise.all(pair.flatMap((c) => [1, 2, 3, 4, 5, 6].map(() => s.call('PUT', `/api-conclusion/prestud?id=${c.id}`, 'writer'))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.json<{ id: number }>().id)).size).toBe(1);
    expect(await s.sql('SELECT id FROM network_requests WHERE student_id = $1', [student!.id])).toHaveLength(1);
  });

  it('parallel creates of one contract number with different keys: one saved, the others 400 {error: 1006}, never a 500', async () => {
    const c = await insertConclusion(s, s.wien);
    const data = (await s.call('GET', `/api-conclusion/data?id=${c.id}`, 'writer')).json<{ data: Record<string, unknown> }>().data;
    const form = Object.fromEntries(
      Object.entries(data).filter(([key]) => !['id', 'version', 'po', 'activated_at', 'date_withdrawal', 'student_id', 'created_at', 'created_by_name'].includes(key)),
    );
    const body = { ...form, contract_no: 'PARALLEL-1', sepa_mandate_ref: 'MREF-PARALLEL-1', lastname: 'Parallel' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s.t.request({ method: 'POST', url: '/api-conclusion/data', payload: body, headers: { cookie: s.cookies.writer!, 'idempotency-key': `parallel-cno-${i}-0001` } }),
      ),
    );
    const outcomes = answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode}/${a.json<{ error: number }>().error}`)).sort();
    expect(outcomes).toEqual([200, '400/1006', '400/1006', '400/1006', '400/1006', '400/1006']);
    expect(await s.sql("SELECT id FROM conclusions WHERE contract_no = 'PARALLEL-1'")).toHaveLength(1);
  });

  it("a new form is not prefilled from another school's student or lead (404)", async () => {
    const [student] = await s.sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 LIMIT 1', [s.wien]);
    const [lead] = await s.sql<{ id: number }>('SELECT id FROM leads WHERE school_id = $1 LIMIT 1', [s.wien]);
    for (const query of [`sid=${student!.id}`, `lid=${lead!.id}`, `sid=${student!.id}&lid=${lead!.id}`]) {
      const res = await s.call('GET', `/api-conclusion/data?${query}`, 'grazAdmin');
      expect([query, res.statusCode]).toEqual([query, 404]);
    }
  });

  it('parallel double submits of a new bank account and a new contract template (one Idempotency-Key) save one', async () => {
    const post = (url: string, payload: unknown, key: string) =>
      s.t.request({ method: 'POST', url, payload: payload as object, headers: { cookie: s.cookies.writer!, 'idempotency-key': key } });
    const account = {
      school_id: s.wien, name: 'Doppelklick-Konto', sepa_name: 'Schule Wien', sepa_ci: '', sepa_iban: 'DE89370400440532013000',
      sepa_bic: 'COBADEFFXXX', sepa_bank: 'Commerzbank', is_main: false,
    };
    const accounts = await Promise.all(Array.from({ length: 6 }, () => post('/api-account/data', account, 'account-double-0001')));
    expect(accounts.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(accounts.map((a) => a.json<{ id: number }>().id)).size).toBe(1);
    expect(await s.sql("SELECT id FROM accounts WHERE name = 'Doppelklick-Konto'")).toHaveLength(1);

    const [template] = await s.sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]);
    const read = (await s.call('GET', `/api-contract/data?id=${template!.id}`, 'writer')).json<Record<string, unknown>>();
    const { id: _id, version: _version, uc: _uc, ...fields } = read;
    const copy = { ...fields, name: 'Doppelklick-Vorlage' };
    const templates = await Promise.all(Array.from({ length: 6 }, () => post('/api-contract/data', copy, 'template-double-0001')));
    expect(templates.map((a) => [a.statusCode, a.json<{ error?: number }>().error])).toEqual(Array(6).fill([200, undefined]));
    expect(await s.sql("SELECT id FROM contract_templates WHERE name = 'Doppelklick-Vorlage'")).toHaveLength(1);
  });
});
