import { ERROR, type LeadDataResponse, type LeadListResponse, type LeadListRow } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/** A valid lead form for `school`. */
const form = (school: number, overrides: Record<string, unknown> = {}) => ({
  school_id: school,
  salutation_id: 2,
  firstname: 'Max',
  lastname: 'Mustermann',
  email: 'max@example.com',
  phone_regular: '+43 1 234567',
  phone_cellphone: null,
  date_created: '2026-11-20',
  lead_source_id: 1,
  lead_source: null,
  annotation: '',
  interests: ['IV'],
  products: [1],
  ...overrides,
});

describe.each(backends())('/api-lead on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  const cookies: Record<string, string> = {};

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, payload: payload as object });
  const list = async (user: string, body: object = {}) => {
    const res = await call('POST', '/api-lead/list', user, { page: 0, pageSize: 20, sorted: [], filtered: [], ...body });
    expect(res.statusCode).toBe(200);
    return res.json<LeadListResponse>();
  };
  const leadCount = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n;
  /** A lead written straight into the table, with flow columns. */
  const insert = async (school: number, lastname: string, columns: Record<string, unknown> = {}) => {
    const all: Record<string, unknown> = { school_id: school, lastname, firstname: 'Anna', first_contact: '2026-11-01', ...columns };
    const names = Object.keys(all);
    const values = Object.values(all);
    const rows = await sql<{ id: number }>(
      `INSERT INTO leads (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      values,
    );
    return rows[0]!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'none', clock: createClock(NOW) });
    wien = await createSchool(t.db, 'Kampfkunst Wien');
    graz = await createSchool(t.db, 'Kampfkunst Graz');
    cookies.all = (await t.loginAs({ atoms: ['lead_r', 'lead_w', 'lead_d'], schools: [wien, graz] })).cookie;
    cookies.graz = (await t.loginAs({ atoms: ['lead_r', 'lead_w', 'lead_d'], schools: [graz] })).cookie;
    cookies.reader = (await t.loginAs({ atoms: ['lead_r'], schools: [wien, graz] })).cookie;
    cookies.none = (await t.loginAs({ atoms: ['student_r'], schools: [wien, graz] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await sql('DELETE FROM reminders');
    await sql('DELETE FROM conclusions');
    await sql('DELETE FROM students');
    await sql('DELETE FROM leads');
  });

  it('creates a lead from the form, reads it back with version, x and placeholders, and saves it versioned', async () => {
    const created = await call('POST', '/api-lead/data', 'all', form(wien));
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ success: true; id: number }>();

    const read = await call('GET', `/api-lead/data?id=${id}`, 'all');
    expect(read.statusCode).toBe(200);
    const { data, placeholders, mi } = read.json<LeadDataResponse>();
    expect(data).toMatchObject({
      id, school_id: wien, lead_status_id: 1, lead_origin_id: 1, date_created: '2026-11-20', salutation_id: 2,
      firstname: 'Max', lastname: 'Mustermann', email: 'max@example.com', interests: ['IV'], products: [1], x: 1, td: true, version: 1,
    });
    expect(placeholders).toMatchObject({ name: 'Max Mustermann', school: 'Kampfkunst Wien', salutation: expect.stringContaining('Mustermann') });
    expect(mi).toBeNull();

    const { version: _version, id: _id, x: _x, td: _td, created_at: _c, created_by: _b, no_interest_reason_id: _n, ie1: _1, ie2: _2, it1: _3, it2: _4, ieid: _5, itid: _6, date_info_event: _7, date_trial: _8, ...fields } = data;
    const saved = await call('PUT', `/api-lead/data?id=${id}`, 'all', { ...fields, lead_status_id: 7, lastname: 'Müller', version: 1 });
    expect(saved.json()).toEqual({ success: true, version: 2 });
    const stale = await call('PUT', `/api-lead/data?id=${id}`, 'all', { ...fields, lastname: 'Meier', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: ERROR.staleVersion });
    expect((await sql('SELECT lastname, lead_status_id FROM leads WHERE id = $1', [id]))[0]).toEqual({ lastname: 'Müller', lead_status_id: 7 });
  });

  it('refuses bad input with the fields and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lastname: '' }, 'lastname'],
      [{ salutation_id: null }, 'salutation_id'],
      [{ date_created: null }, 'date_created'],
      [{ phone_regular: 'call me' }, 'phone_regular'],
      [{ email: 'not-an-address' }, 'email'],
      [{ lead_source_id: 7, lead_source: null }, 'lead_source'],
      [{ school_id: 999_999 }, 'school_id'],
      [{ lead_origin_id: 5 }, 'lead_origin_id'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/api-lead/data', 'all', form(wien, overrides));
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
    }
    // Another school in the body: refused like an unknown one.
    const foreign = await call('POST', '/api-lead/data', 'graz', form(wien));
    expect(foreign.statusCode).toBe(400);
    expect(await leadCount()).toBe(0);

    // Free-text source with source 7; first contact not needed for origin 5 (network site).
    expect((await call('POST', '/api-lead/data', 'all', form(wien, { lead_source_id: 7, lead_source: 'Flyer' }))).statusCode).toBe(200);
    const id = await insert(wien, 'Netz', { lead_origin_id: 5, first_contact: null, salutation_id: 1 });
    const { data } = (await call('GET', `/api-lead/data?id=${id}`, 'all')).json<LeadDataResponse>();
    const save = await call('PUT', `/api-lead/data?id=${id}`, 'all', { ...form(wien, { date_created: null, lead_status_id: 1 }), version: data.version });
    expect(save.statusCode).toBe(200);
    // On edit the status is required.
    const noStatus = await call('PUT', `/api-lead/data?id=${id}`, 'all', { ...form(wien, { lead_status_id: null }), version: 2 });
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.json<{ fields: Record<string, string> }>().fields).toHaveProperty('lead_status_id');
  });

  it('lists leads with x, flags and the suggestion counts; filters by x, status, name, school and first contact', async () => {
    const fresh = await insert(wien, 'Brandt');
    const invited = await insert(wien, 'Böhm', { ie1: '2026-11-28T18:00:00Z', lead_status_id: 7 });
    const passed = await insert(wien, 'Binder', { ie1: '2026-11-20T18:00:00Z', first_contact: '2026-10-15' });
    const trial = await insert(graz, 'Ebner', { ie1: '2026-11-10T18:00:00Z', date_info_event: '2026-11-10T18:00:00Z', it1: '2026-11-19T17:00:00Z', date_trial: '2026-11-19T17:00:00Z' });
    const signed = await insert(graz, 'Zach', { lead_status_id: 6 });
    await sql("INSERT INTO reminders (school_id, date_deadline, subject, lead_id) VALUES ($1, '2026-11-30', 'Anrufen', $2), ($1, '2026-11-30', 'Erledigt', $2)", [wien, fresh]);
    await sql('UPDATE reminders SET date_done = now() WHERE subject = $1', ['Erledigt']);

    const all = await list('all', { sorted: [{ id: 'ln', desc: false }] });
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => r.ln)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner', 'Zach']);
    const byId = new Map(all.rows.map((r) => [r.lid, r]));
    expect(byId.get(fresh)).toMatchObject<Partial<LeadListRow>>({ x: 1, ie: 0, tr: 0, remc: 1, td: true, fc: '2026-11-01', sn: 'Kampfkunst Wien' });
    expect(byId.get(invited)).toMatchObject<Partial<LeadListRow>>({ x: 3, ie: 1, ls: 7 });
    expect(byId.get(passed)).toMatchObject<Partial<LeadListRow>>({ x: 4, ie: 2 });
    expect(byId.get(trial)).toMatchObject<Partial<LeadListRow>>({ x: 7, ie: 3, tr: 3 });
    expect(byId.get(signed)).toMatchObject<Partial<LeadListRow>>({ x: 8, td: false });
    expect(all.sug).toEqual({ 1: 1, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 1, 8: 1, 9: 0, 10: 0 });

    // The x filter narrows the rows; the counters still show every code of the other filters.
    const x34 = await list('all', { filtered: [{ id: 'x', value: [3, 4] }] });
    expect(x34.rows.map((r) => r.lid).sort()).toEqual([invited, passed].sort());
    expect(x34.sug).toEqual(all.sug);
    const wienOnly = await list('all', { filtered: [{ id: 'sid', value: wien }, { id: 'x', value: 1 }] });
    expect(wienOnly.rows.map((r) => r.lid)).toEqual([fresh]);
    expect(wienOnly.sug).toMatchObject({ 1: 1, 3: 1, 4: 1, 7: 0, 8: 0 });

    expect((await list('all', { filtered: [{ id: 'ln', value: 'bö' }] })).rows.map((r) => r.ln)).toEqual(['Böhm']);
    expect((await list('all', { filtered: [{ id: 'ls', value: [6, 7] }] })).total).toBe(2);
    expect((await list('all', { filtered: [{ id: 'fc', value: { from: '2026-10-01', to: '2026-10-31' } }] })).rows.map((r) => r.lid)).toEqual([passed]);
    expect((await list('all', { sorted: [{ id: 'x', desc: true }] })).rows[0]!.lid).toBe(signed);

    // Graz only sees Graz.
    const grazList = await list('graz');
    expect(grazList.rows.map((r) => r.sid)).toEqual([graz, graz]);
    expect(grazList.sug).toMatchObject({ 1: 0, 7: 1, 8: 1 });

    const bad = await call('POST', '/api-lead/list', 'all', { page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'x', value: 'drei' }] });
    expect(bad.statusCode).toBe(400);
    // x beside the filters (spec 001 §7: pageSize, page, sorted, filtered, x) filters the same way and wins.
    const topLevel = await list('all', { x: 4, filtered: [{ id: 'x', value: [3] }] });
    expect(topLevel.rows.map((r) => r.lid)).toEqual([passed]);
    expect(topLevel.sug).toEqual(all.sug);
    expect((await list('all', { x: null })).total).toBe(5);
    expect((await call('POST', '/api-lead/list', 'all', { page: 0, pageSize: 20, sorted: [], filtered: [], x: 11 })).statusCode).toBe(400);
  });

  it('atoms and schools: 403 without the atom, 404 for another school, nothing changed', async () => {
    const wienLead = await insert(wien, 'Wiener');
    expect((await call('POST', '/api-lead/list', 'none', { page: 0, pageSize: 20, sorted: [], filtered: [] })).statusCode).toBe(403);
    expect((await call('POST', '/api-lead/data', 'reader', form(wien))).statusCode).toBe(403);
    expect((await call('DELETE', `/api-lead/data?id=${wienLead}`, 'reader')).statusCode).toBe(403);
    expect((await call('GET', `/api-lead/data?id=${wienLead}`, 'graz')).statusCode).toBe(404);
    expect((await call('PUT', `/api-lead/data?id=${wienLead}`, 'graz', { ...form(graz, { lead_status_id: 1 }), version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api-lead/data?id=${wienLead}`, 'graz')).statusCode).toBe(404);
    expect((await call('GET', `/api-lead/export-sel?format=csv&ids=${wienLead}`, 'graz')).body).not.toContain('Wiener');
    expect((await sql('SELECT lastname FROM leads WHERE id = $1', [wienLead]))).toEqual([{ lastname: 'Wiener' }]);
    // Moving a lead to a school the user does not have is refused.
    const moved = await call('PUT', `/api-lead/data?id=${wienLead}`, 'all', { ...form(999_999, { lead_status_id: 1 }), version: 1 });
    expect(moved.statusCode).toBe(400);
  });

  it('deletes a lead with its reminders, but not one that became a student or a conclusion', async () => {
    const lead = await insert(wien, 'Weg');
    await sql("INSERT INTO reminders (school_id, date_deadline, subject, lead_id) VALUES ($1, '2026-11-30', 'Anrufen', $2)", [wien, lead]);
    expect((await call('DELETE', `/api-lead/data?id=${lead}`, 'all')).json()).toEqual({ success: true });
    expect(await leadCount()).toBe(0);
    expect(await sql('SELECT id FROM reminders')).toEqual([]);

    const signed = await insert(wien, 'Vertrag', { lead_status_id: 6 });
    const converted = await insert(wien, 'Schüler');
    await sql("INSERT INTO students (school_id, firstname, lastname, lead_id) VALUES ($1, 'Anna', 'Schüler', $2)", [wien, converted]);
    const concluding = await insert(wien, 'Abschluss');
    await sql("INSERT INTO conclusions (school_id, firstname, lastname, created_by_name, lead_id) VALUES ($1, 'Anna', 'Abschluss', 'office', $2)", [wien, concluding]);
    const listed = new Map((await list('all')).rows.map((row) => [row.lid, row.td]));
    expect([listed.get(signed), listed.get(converted), listed.get(concluding)]).toEqual([false, false, false]);
    for (const id of [signed, converted, concluding]) {
      const res = await call('DELETE', `/api-lead/data?id=${id}`, 'all');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: ERROR.leadConverted });
    }
    expect(await leadCount()).toBe(3);
    const { mi, data } = (await call('GET', `/api-lead/data?id=${converted}`, 'all')).json<LeadDataResponse>();
    expect(mi).toMatchObject({ name: 'Anna Schüler' });
    expect(data.td).toBe(false);
  });

  it('exports the selection or the filtered list as CSV and XLSX', async () => {
    const a = await insert(wien, 'Aigner', { email: 'aigner@example.com' });
    await insert(wien, 'Berger');
    await insert(graz, 'Czerny');
    const selected = await call('GET', `/api-lead/export-sel?format=csv&ids=${a}`, 'all');
    expect(selected.statusCode).toBe(200);
    expect(selected.headers['content-type']).toContain('text/csv');
    expect(selected.body).toContain('aigner@example.com');
    expect(selected.body).not.toContain('Berger');
    const filtered = await call('GET', `/api-lead/export-sel?format=csv&filtered=${encodeURIComponent(JSON.stringify([{ id: 'sid', value: wien }]))}`, 'all');
    expect(filtered.body).toContain('Berger');
    expect(filtered.body).not.toContain('Czerny');
    const xlsx = await call('GET', `/api-lead/export-sel?format=xlsx&ids=${a}`, 'all');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
