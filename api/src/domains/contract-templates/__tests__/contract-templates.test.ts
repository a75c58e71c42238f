import { ERROR, type ContractTemplate, type ContractTemplateOption, type ContractTemplateRow } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(300_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/** School contract templates over HTTP (spec 001 §3 Contract, §5, §6; issue 12). */
describe.each(backends())('contract templates API on %s', (backend) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let graz: number;
  let wien: number;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, payload: payload as object });
  const count = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM contract_templates'))[0]!.n;
  const form = (overrides: Record<string, unknown> = {}) => ({
    school_id: graz,
    name: 'Kinder Jahresvertrag',
    notes: 'Bis 14 Jahre',
    pay_interval: 3,
    c_country_iso: 'at',
    amount_gross: 15_900,
    activation_gross: 4_900,
    tax_percent: 20,
    c_interval_start: 12,
    c_cperiod_start: 3,
    c_interval_follow: 6,
    c_cperiod_follow: 1,
    currency: 'EUR',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    for (const user of ['office', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    const schools = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    graz = schools.find((s) => s.name.includes('Graz'))!.id;
    wien = schools.find((s) => s.name.includes('Wien'))!.id;
    cookies.grazAdmin = (await t.loginAs({ atoms: ['s_contract_r', 's_contract_w', 's_contract_d'], schools: [graz] })).cookie;
    cookies.grazReader = (await t.loginAs({ atoms: ['s_contract_r'], schools: [graz] })).cookie;
    cookies.concluder = (await t.loginAs({ atoms: ['conclusion_r', 'conclusion_w'], schools: [graz] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("lists the templates of the user's schools by school and name, with their use counts", async () => {
    const all = await call('GET', '/api-contract/data', 'office');
    expect(all.statusCode).toBe(200);
    const rows = all.json<ContractTemplateRow[]>();
    expect(rows.length).toBe(await count());
    const used = await sql<{ id: number; n: number }>(
      'SELECT contract_template_id AS id, count(*)::int AS n FROM student_contracts WHERE contract_template_id IS NOT NULL GROUP BY 1',
    );
    expect(used.length).toBeGreaterThan(0);
    for (const { id, n } of used) expect(rows.find((row) => row.id === id)?.uc).toBe(n);
    expect(rows.every((row) => row.school && Number.isInteger(row.amount_gross) && row.currency.length === 3)).toBe(true);

    const grazOnly = (await call('GET', '/api-contract/data', 'grazReader')).json<ContractTemplateRow[]>();
    expect(grazOnly.length).toBeGreaterThan(0);
    expect(grazOnly.every((row) => row.school_id === graz)).toBe(true);
  });

  it('creates a template with every field, reads it with its version, saves a change and copies it', async () => {
    const before = await count();
    const created = await call('POST', '/api-contract/data', 'grazAdmin', form());
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ success: boolean; id: number }>();
    expect(await count()).toBe(before + 1);

    const read = await call('GET', `/api-contract/data?id=${id}`, 'grazAdmin');
    expect(read.statusCode).toBe(200);
    const template = read.json<ContractTemplate & { uc: number }>();
    expect(template).toEqual({ id, ...form(), version: 1, uc: 0 });

    const saved = await call('PUT', `/api-contract/data?id=${id}`, 'grazAdmin', { ...form({ name: 'Kinder 24 Monate', c_interval_start: 24, tax_percent: 0 }), version: 1 });
    expect(saved.json()).toEqual({ success: true, version: 2 });
    expect((await call('GET', `/api-contract/data?id=${id}`, 'grazAdmin')).json<ContractTemplate>()).toEqual(
      expect.objectContaining({ name: 'Kinder 24 Monate', c_interval_start: 24, tax_percent: 0, version: 2 }),
    );

    // The copy (/m-conf/contract/template/{id}) is a create with the source's fields.
    const copy = await call('POST', '/api-contract/data', 'grazAdmin', form({ name: 'Kopie', currency: 'CHF', tax_percent: 7.7 }));
    expect(copy.statusCode).toBe(200);
    expect((await call('GET', `/api-contract/data?id=${copy.json<{ id: number }>().id}`, 'grazAdmin')).json<ContractTemplate>()).toEqual(
      expect.objectContaining({ name: 'Kopie', currency: 'CHF', tax_percent: 7.7 }),
    );
  });

  it.each([
    ['pay_interval', 2],
    ['c_interval_start', 0],
    ['c_interval_start', 25],
    ['c_interval_follow', 13],
    ['c_cperiod_start', 4],
    ['c_cperiod_follow', 0],
    ['tax_percent', -1],
    ['tax_percent', 100.5],
    ['tax_percent', 19.123],
    ['amount_gross', 12.5],
    ['amount_gross', -100],
    ['activation_gross', -1],
    ['currency', 'USD'],
    ['c_country_iso', 'ch'],
    ['name', '   '],
  ])('refuses %s = %p with 400 naming the field and writes nothing', async (field, value) => {
    const before = await count();
    const res = await call('POST', '/api-contract/data', 'grazAdmin', form({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: number; fields?: Record<string, string> }>()).toEqual(
      expect.objectContaining({ error: ERROR.notSaved, fields: expect.objectContaining({ [field]: expect.stringMatching(/^form\./) }) }),
    );
    expect(await count()).toBe(before);
  });

  it('refuses a body without the required fields, naming them', async () => {
    const res = await call('POST', '/api-contract/data', 'grazAdmin', { school_id: graz });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: number }>().error).toBe(ERROR.notSaved);
  });

  it("keeps to the user's schools: another school's template is 404, another school in the body 400", async () => {
    const [foreign] = await sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [wien]);
    const foreignRead = await call('GET', `/api-contract/data?id=${foreign!.id}`, 'office');
    const { version } = foreignRead.json<ContractTemplate>();
    expect((await call('GET', `/api-contract/data?id=${foreign!.id}`, 'grazAdmin')).statusCode).toBe(404);
    expect((await call('PUT', `/api-contract/data?id=${foreign!.id}`, 'grazAdmin', { ...form(), version })).statusCode).toBe(404);
    expect((await call('DELETE', `/api-contract/data?id=${foreign!.id}`, 'grazAdmin')).statusCode).toBe(404);
    expect((await call('GET', `/api-contract/sel?school=${wien}`, 'grazAdmin')).statusCode).toBe(404);

    const before = await count();
    const intoWien = await call('POST', '/api-contract/data', 'grazAdmin', form({ school_id: wien }));
    expect(intoWien.statusCode).toBe(400);
    expect(intoWien.json()).toEqual({ error: ERROR.notSaved, fields: { school_id: 'form.invalid' } });
    expect(await count()).toBe(before);

    const own = (await call('POST', '/api-contract/data', 'grazAdmin', form())).json<{ id: number }>().id;
    const moved = await call('PUT', `/api-contract/data?id=${own}`, 'grazAdmin', { ...form({ school_id: wien }), version: 1 });
    expect(moved.statusCode).toBe(400);
    expect((await sql<{ school_id: number }>('SELECT school_id FROM contract_templates WHERE id = $1', [own]))[0]!.school_id).toBe(graz);
  });

  it('needs s_contract_r to read, s_contract_w to write and s_contract_d to delete (403)', async () => {
    const [own] = await sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [graz]);
    expect((await call('GET', '/api-contract/data', 'trainer')).statusCode).toBe(403);
    expect((await call('POST', '/api-contract/data', 'grazReader', form())).statusCode).toBe(403);
    expect((await call('PUT', `/api-contract/data?id=${own!.id}`, 'grazReader', { ...form(), version: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api-contract/data?id=${own!.id}`, 'grazReader')).statusCode).toBe(403);
    // The conclusion form's picker, but not the settings.
    expect((await call('GET', '/api-contract/data', 'concluder')).statusCode).toBe(403);
    expect((await call('GET', `/api-contract/sel?school=${graz}`, 'trainer')).statusCode).toBe(403);
  });

  it('offers the templates of one school to the conclusion form (picker)', async () => {
    const res = await call('GET', `/api-contract/sel?school=${graz}`, 'concluder');
    expect(res.statusCode).toBe(200);
    const options = res.json<ContractTemplateOption[]>();
    const expected = await sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1', [graz]);
    expect(options.map((o) => o.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    expect(options.every((o) => o.school_id === graz && o.currency.length === 3)).toBe(true);
    expect((await call('GET', '/api-contract/sel', 'concluder')).statusCode).toBe(400);
  });

  it('refuses to delete a template contracts use (400 {error: 58}) or to move it to another school (59); deletes an unused one', async () => {
    const [used] = await sql<{ id: number }>(
      'SELECT contract_template_id AS id FROM student_contracts WHERE school_id = $1 AND contract_template_id IS NOT NULL LIMIT 1',
      [graz],
    );
    const refused = await call('DELETE', `/api-contract/data?id=${used!.id}`, 'office');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: ERROR.contractTemplateInUse });
    expect(await sql('SELECT id FROM contract_templates WHERE id = $1', [used!.id])).toHaveLength(1);

    const current = (await call('GET', `/api-contract/data?id=${used!.id}`, 'office')).json<ContractTemplate & { uc: number }>();
    const { id: _id, version, uc: _uc, ...fields } = current;
    const moved = await call('PUT', `/api-contract/data?id=${used!.id}`, 'office', { ...fields, school_id: wien, version });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ error: ERROR.contractTemplateSchoolFixed });

    // A conclusion (not yet activated) made from a template holds it too.
    const inConclusion = (await call('POST', '/api-contract/data', 'grazAdmin', form({ name: 'Abschluss' }))).json<{ id: number }>().id;
    await sql("INSERT INTO conclusions (school_id, c_contract_id, firstname, lastname, created_by_name) VALUES ($1, $2, 'Mia', 'Berger', 'Office')", [graz, inConclusion]);
    expect((await call('GET', `/api-contract/data?id=${inConclusion}`, 'grazAdmin')).json<{ uc: number }>().uc).toBe(1);
    expect((await call('DELETE', `/api-contract/data?id=${inConclusion}`, 'grazAdmin')).json()).toEqual({ error: ERROR.contractTemplateInUse });

    const unused = (await call('POST', '/api-contract/data', 'grazAdmin', form({ name: 'Probe' }))).json<{ id: number }>().id;
    const deleted = await call('DELETE', `/api-contract/data?id=${unused}`, 'grazAdmin');
    expect(deleted.json()).toEqual({ success: true });
    expect((await call('GET', `/api-contract/data?id=${unused}`, 'grazAdmin')).statusCode).toBe(404);
  });
});
