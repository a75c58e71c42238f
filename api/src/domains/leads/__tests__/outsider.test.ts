import { ERROR, type LeadDataResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(240_000);

const NOW = new Date('2026-11-21T09:30:00Z');

const form = (school: number, overrides: Record<string, unknown> = {}) => ({
  school_id: school,
  salutation_id: 2,
  firstname: 'Max',
  lastname: 'Mustermann',
  email: 'max@example.com',
  phone_regular: '+43 1 234567',
  date_created: '2026-11-20',
  annotation: '',
  interests: [],
  products: [],
  ...overrides,
});

/**
 * Issue 15 as an outsider sees it: another school's staff, a trainer who only reads, encoded
 * paths, bodies of the wrong types and double submits against /api-lead and /api-reminder.
 * Every refusal is a 4xx with an error code (never a 500) and leaves the data as it was.
 */
describe.each(backends())('leads and reminders attacked from outside on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  const cookies: Record<string, string> = {};

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...headers }, payload: payload as object });
  const snapshot = async () =>
    JSON.stringify(await sql('SELECT id, school_id, lastname, lead_status_id, version, no_interest_reason_id FROM leads ORDER BY id')) +
    JSON.stringify(await sql('SELECT id, school_id, subject, date_done, version FROM reminders ORDER BY id')) +
    JSON.stringify(await sql('SELECT count(*)::int AS n FROM student_notes'));
  const insertLead = async (school: number, lastname: string, status = 1) =>
    (await sql<{ id: number }>(
      "INSERT INTO leads (school_id, salutation_id, firstname, lastname, lead_status_id, first_contact) VALUES ($1, 1, 'Eva', $2, $3, '2026-11-01') RETURNING id",
      [school, lastname, status],
    ))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'none', clock: createClock(NOW) });
    wien = await createSchool(t.db, 'Kampfkunst Wien');
    graz = await createSchool(t.db, 'Kampfkunst Graz');
    const all = ['lead_r', 'lead_w', 'lead_d', 'reminder_r', 'reminder_w', 'reminder_d'] as const;
    cookies.wien = (await t.loginAs({ atoms: [...all], schools: [wien] })).cookie;
    cookies.graz = (await t.loginAs({ atoms: [...all], schools: [graz] })).cookie;
    cookies.trainer = (await t.loginAs({ atoms: ['lead_r', 'reminder_r'], schools: [wien] })).cookie;
    cookies.both = (await t.loginAs({ atoms: [...all], schools: [wien, graz] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('encoded and malformed paths and ids answer 400 or 404 with a code, never a 500', async () => {
    const lead = await insertLead(wien, 'Weiß');
    const before = await snapshot();
    const urls = [
      `/api-lead/data?id=${lead}%20OR%201=1`,
      '/api-lead/data?id=-1',
      '/api-lead/data?id=0',
      '/api-lead/data?id=99999999999999999999',
      `/api-lead/data?id=${lead}&id=${lead}`,
      '/api-lead/data?id[]=1',
      '/api-lead/data?id=%00',
      `/api-lead%2Fdata?id=${lead}`,
      `/api-lead/timeline?id=${lead}.5`,
      `/api-lead/attend?id=${lead}&type=3`,
      `/api-lead/attend?id=${lead}&type=%31%31`,
      '/api-lead/export-sel?format=pdf',
      '/api-lead/export-sel?format=csv&ids=1,,x',
      '/api-lead/export-sel?format=csv&filtered=%7B',
      '/api-lead/export-sel?format=csv&sorted=%5B%7B%22id%22%3A%22x%3B%20drop%22%7D%5D',
      '/api-reminder/data?id=abc',
      '/api-reminder/data?id=1e3',
    ];
    for (const url of urls) {
      const res = await call('GET', url, 'wien');
      expect([url, res.statusCode < 500, res.statusCode >= 400]).toEqual([url, true, true]);
      expect([url, typeof res.json<{ error?: unknown }>().error]).toEqual([url, 'number']);
    }
    for (const method of ['PUT', 'DELETE']) {
      const res = await call(method, `/api-lead/data?id=${lead}%27`, 'wien', method === 'PUT' ? { ...form(wien, { lead_status_id: 1 }), version: 1 } : undefined);
      expect([method, res.statusCode]).toEqual([method, 400]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('bodies of the wrong types answer 400 with an error code and write nothing', async () => {
    const lead = await insertLead(wien, 'Typfehler');
    const before = await snapshot();
    const bad: [string, string, unknown][] = [
      ['POST', '/api-lead/data', 'not an object'],
      ['POST', '/api-lead/data', [form(wien)]],
      ['POST', '/api-lead/data', form(wien, { school_id: 'Wien' })],
      ['POST', '/api-lead/data', form(wien, { lastname: { $gt: '' } })],
      ['POST', '/api-lead/data', form(wien, { interests: ['IV', 'VIP'] })],
      ['POST', '/api-lead/data', form(wien, { products: [1.5] })],
      ['POST', '/api-lead/data', form(wien, { date_created: '31.02.2026' })],
      ['POST', '/api-lead/data', form(wien, { lastname: 'x'.repeat(301) })],
      ['POST', '/api-lead/data', form(wien, { admin: true })],
      ['PUT', `/api-lead/data?id=${lead}`, { ...form(wien, { lead_status_id: 1 }), version: 'eins' }],
      ['PUT', `/api-lead/data?id=${lead}`, form(wien, { lead_status_id: 1 })],
      ['PUT', `/api-lead/data?id=${lead}`, { ...form(wien, { lead_status_id: 99 }), version: 1 }],
      ['POST', '/api-lead/list', { page: -1, pageSize: 20, sorted: [], filtered: [] }],
      ['POST', '/api-lead/list', { page: 0, pageSize: 1_000_000, sorted: [], filtered: [] }],
      ['POST', '/api-lead/list', { page: 0, pageSize: 20, sorted: [{ id: 'lastname; DROP TABLE leads', desc: false }], filtered: [] }],
      ['POST', '/api-lead/list', { page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'fc', value: { from: 'gestern' } }] }],
      ['POST', '/api-lead/list', { page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'sid', value: { $ne: 1 } }] }],
      ['PUT', `/api-lead/attend?id=${lead}&type=1`, { date: 'gestern', version: 1 }],
      ['PUT', `/api-lead/attend?id=${lead}&type=1`, { date: 5, version: 1 }],
      ['PUT', `/api-lead/attend?id=${lead}&type=1`, { date: '2026-02-31T10:00:00Z', version: 1 }],
      ['PUT', `/api-lead/attend?id=${lead}&type=1`, { date: 'May 1', version: 1 }],
      ['PUT', `/api-lead/attend?id=${lead}&type=1`, { date: null }],
      ['POST', '/api-content/appointment', { sid: wien, type: 1, ds: '5', de: '6', status: 1 }],
      ['POST', `/api-lead/invite?id=${lead}&type=2`, { invite_tr: 1, template: 'inv_trial', subject: 's', content: 'c', date_delivery: '12' }],
      ['POST', `/api-lead/no-interest?id=${lead}`, { reason: 9 }],
      ['POST', `/api-lead/no-interest?id=${lead}`, { reason: '1' + 'x' }],
      ['POST', `/api-lead/no-interest?id=${lead}`, {}],
      ['POST', `/api-lead/invite?id=${lead}&type=1`, { invite_tr: 'mail', template: 1, subject: 's', content: 'c' }],
      ['POST', `/api-lead/invite?id=${lead}&type=1`, { invite_tr: 2, template: 1, subject: 's', content: 'c', events: 'all' }],
      ['POST', '/api-reminder/data', { date_deadline: 5, subject: 'x', school_id: wien }],
      ['POST', '/api-reminder/data', { date_deadline: '2026-13-01', subject: 'x', school_id: wien }],
      ['POST', '/api-reminder/data', { date_deadline: '2026-12-01', subject: null, school_id: wien }],
      ['POST', '/api-reminder/data', { date_deadline: '2026-12-01', subject: 'x', school_id: wien, done: 'yes' }],
      ['POST', '/api-reminder/data', { date_deadline: '2026-12-01', subject: 'x', lead_id: [lead] }],
      ['POST', '/api-reminder/list', { page: 0, pageSize: 20, sorted: [], filtered: [], done: 'no' }],
      ['POST', '/api-human/list', { page: 0, pageSize: 20, sorted: [], filtered: [], sid: 'Wien' }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await t.request({
        method,
        url,
        headers: { cookie: cookies.wien!, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      const label = `${method} ${url} ${JSON.stringify(payload).slice(0, 80)}`;
      expect([label, res.statusCode]).toEqual([label, 400]);
      expect([label, typeof res.json<{ error?: unknown }>().error]).toEqual([label, 'number']);
    }
    // Not JSON at all.
    const broken = await t.request({ method: 'POST', url: '/api-lead/data', headers: { cookie: cookies.wien!, 'content-type': 'application/json' }, payload: '{"school_id":' });
    expect(broken.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it("another school's admin and a reading trainer change nothing of a lead and its reminders", async () => {
    const lead = await insertLead(wien, 'Geheim');
    const created = await call('POST', '/api-reminder/data', 'wien', { date_deadline: '2026-11-25', subject: 'Anrufen', notes: 'vertraulich', lead_id: lead });
    expect(created.statusCode).toBe(200);
    const reminder = created.json<{ id: number }>().id;
    const before = await snapshot();
    const { data } = (await call('GET', `/api-lead/data?id=${lead}`, 'wien')).json<LeadDataResponse>();

    const attempts: [string, string, string, unknown, number][] = [
      ['graz', 'GET', `/api-lead/data?id=${lead}`, undefined, 404],
      ['graz', 'GET', `/api-lead/timeline?id=${lead}`, undefined, 404],
      ['graz', 'GET', `/api-lead/attend?id=${lead}&type=1`, undefined, 404],
      ['graz', 'PUT', `/api-lead/data?id=${lead}`, { ...form(graz, { lead_status_id: 7 }), version: data.version }, 404],
      ['graz', 'PUT', `/api-lead/attend?id=${lead}&type=1`, { date: NOW.toISOString(), version: data.version }, 404],
      ['graz', 'POST', `/api-lead/no-interest?id=${lead}`, { reason: 1 }, 404],
      ['graz', 'DELETE', `/api-lead/data?id=${lead}`, undefined, 404],
      ['graz', 'GET', `/api-reminder/data?id=${reminder}`, undefined, 404],
      ['graz', 'PUT', `/api-reminder/data?id=${reminder}`, { date_deadline: '2026-11-26', subject: 'Übernommen', school_id: graz, done: true, version: 1 }, 404],
      ['graz', 'DELETE', `/api-reminder/data?id=${reminder}`, undefined, 404],
      // A reminder of its own school pointing at the foreign lead.
      ['graz', 'POST', '/api-reminder/data', { date_deadline: '2026-11-26', subject: 'Spion', lead_id: lead }, 400],
      ['graz', 'POST', '/api-reminder/data', { date_deadline: '2026-11-26', subject: 'Spion', school_id: wien }, 400],
      ['graz', 'POST', '/api-human/list', { page: 0, pageSize: 20, sorted: [], filtered: [], sid: wien }, 400],
      ['trainer', 'PUT', `/api-lead/data?id=${lead}`, { ...form(wien, { lead_status_id: 7 }), version: data.version }, 403],
      ['trainer', 'POST', '/api-lead/data', form(wien), 403],
      ['trainer', 'DELETE', `/api-lead/data?id=${lead}`, undefined, 403],
      ['trainer', 'PUT', `/api-lead/attend?id=${lead}&type=1`, { date: NOW.toISOString(), version: data.version }, 403],
      ['trainer', 'POST', `/api-lead/no-interest?id=${lead}`, { reason: 1 }, 403],
      ['trainer', 'POST', `/api-lead/invite?id=${lead}&type=1`, { invite_tr: 1, template: 'inv_info_event', subject: 's', content: 'c' }, 403],
      ['trainer', 'POST', '/api-reminder/data', { date_deadline: '2026-11-26', subject: 'x', lead_id: lead }, 403],
      ['trainer', 'PUT', `/api-reminder/data?id=${reminder}`, { date_deadline: '2026-11-26', subject: 'x', lead_id: lead, done: true, version: 1 }, 403],
      ['trainer', 'DELETE', `/api-reminder/data?id=${reminder}`, undefined, 403],
      ['trainer', 'POST', '/api-import/leglead', { ids: [1] }, 403],
    ];
    for (const [user, method, url, payload, status] of attempts) {
      const res = await call(method, url, user, payload);
      expect([user, method, url, res.statusCode]).toEqual([user, method, url, status]);
      expect(res.body).not.toContain('vertraulich');
    }
    // Lists of the other school do not show the lead or its reminder.
    const leads = await call('POST', '/api-lead/list', 'graz', { page: 0, pageSize: 100, sorted: [], filtered: [] });
    expect(leads.body).not.toContain('Geheim');
    const reminders = await call('POST', '/api-reminder/list', 'graz', { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'lead_id', value: lead }] });
    expect(reminders.json<{ total: number }>().total).toBe(0);
    expect((await call('GET', '/api-reminder/upcoming', 'graz')).body).not.toContain('Anrufen');
    const exported = await call('GET', `/api-lead/export-sel?format=csv&ids=${lead}`, 'graz');
    expect(exported.body).not.toContain('Geheim');
    expect(await snapshot()).toBe(before);
    // The trainer reads them.
    expect((await call('GET', `/api-reminder/data?id=${reminder}`, 'trainer')).statusCode).toBe(200);
    expect((await call('GET', `/api-lead/data?id=${lead}`, 'trainer')).statusCode).toBe(200);
  });

  it("another school's appointments and invitation letters are not reachable", async () => {
    const lead = await insertLead(wien, 'Brief');
    const event = (await sql<{ id: number }>(
      "INSERT INTO appointments (school_id, type, ds, de) VALUES ($1, 1, '2026-12-09T17:00:00Z', '2026-12-09T18:00:00Z') RETURNING id",
      [wien],
    ))[0]!.id;
    const invited = await call('POST', `/api-lead/invite?id=${lead}&type=1`, 'wien', {
      invite_tr: 3, template: 'inv_info_event', subject: 'Einladung', content: '<p>##events1##</p>', events: [event],
    });
    expect(invited.statusCode).toBe(200);
    const invitation = invited.json<{ invitation: number }>().invitation;
    const appointments = async () => JSON.stringify(await sql('SELECT id, school_id, ds, de, status, version FROM appointments ORDER BY id'));
    const before = await appointments();
    const attempts: [string, string, string, unknown, number[]][] = [
      ['graz', 'GET', `/api-lead/invitation-pdf?id=${invitation}`, undefined, [404]],
      ['graz', 'GET', `/api-content/appointment?sid=${wien}&type=1`, undefined, [400, 404]],
      ['graz', 'GET', `/api-content/ie-next?sid=${wien}&type=1`, undefined, [400, 404]],
      ['graz', 'PUT', `/api-content/appointment?id=${event}`, { sid: graz, type: 1, ds: '2026-12-10T17:00:00Z', de: '2026-12-10T18:00:00Z', status: 2, version: 1 }, [404]],
      ['graz', 'DELETE', `/api-content/appointment?id=${event}`, undefined, [404]],
      ['graz', 'POST', '/api-content/appointment', { sid: wien, type: 1, ds: '2026-12-10T17:00:00Z', de: '2026-12-10T18:00:00Z', status: 1 }, [400, 404]],
      ['trainer', 'POST', '/api-content/appointment', { sid: wien, type: 1, ds: '2026-12-10T17:00:00Z', de: '2026-12-10T18:00:00Z', status: 1 }, [403]],
      ['trainer', 'DELETE', `/api-content/appointment?id=${event}`, undefined, [403]],
    ];
    for (const [user, method, url, payload, statuses] of attempts) {
      const res = await call(method, url, user, payload);
      expect([user, method, url, statuses.includes(res.statusCode)]).toEqual([user, method, url, true]);
    }
    expect(await appointments()).toBe(before);
    expect((await call('GET', `/api-lead/invitation-pdf?id=${invitation}`, 'trainer')).statusCode).toBe(200);
  });

  it('an invitation and the deletion of its appointment at the same moment: one of them wins, never both', async () => {
    const lead = await insertLead(wien, 'Wettlauf');
    for (let round = 0; round < 6; round += 1) {
      const event = (await sql<{ id: number }>(
        "INSERT INTO appointments (school_id, type, ds, de, status) VALUES ($1, 1, '2026-12-09T17:00:00Z', '2026-12-09T18:00:00Z', 1) RETURNING id",
        [wien],
      ))[0]!.id;
      const [invite, remove] = await Promise.all([
        call('POST', `/api-lead/invite?id=${lead}&type=1`, 'wien', { invite_tr: 1, template: 'inv_info_event', subject: 'Einladung', content: '<p>##events1##</p>', events: [event] }),
        call('DELETE', `/api-content/appointment?id=${event}`, 'wien'),
      ]);
      const exists = (await sql('SELECT 1 FROM appointments WHERE id = $1', [event])).length === 1;
      const named = (await sql('SELECT 1 FROM lead_invitations WHERE $1 = ANY (appointment_ids)', [event])).length;
      // Invited: the appointment stays (409 {error: 76}); deleted first: the invitation is refused (77).
      const outcome = [invite.statusCode, remove.statusCode, exists, named];
      expect([[200, 409, true, 1], [400, 200, false, 0]]).toContainEqual(outcome);
    }
  });

  it("a lead moved to another school takes its reminders, notes and invitations along", async () => {
    const lead = await insertLead(wien, 'Umzug');
    const reminder = (await call('POST', '/api-reminder/data', 'both', { date_deadline: '2026-11-25', subject: 'Nachfassen', lead_id: lead })).json<{ id: number }>().id;
    expect((await call('POST', `/api-lead/no-interest?id=${lead}`, 'both', { reason: 5, notes: 'zieht nach Graz' })).statusCode).toBe(200);
    const { data } = (await call('GET', `/api-lead/data?id=${lead}`, 'both')).json<LeadDataResponse>();
    const moved = await call('PUT', `/api-lead/data?id=${lead}`, 'both', { ...form(graz, { lastname: 'Umzug', lead_status_id: 7 }), version: data.version });
    expect(moved.statusCode).toBe(200);
    // Graz sees the lead with its history; Wien no longer reads about it.
    expect((await call('GET', `/api-reminder/data?id=${reminder}`, 'graz')).statusCode).toBe(200);
    const timeline = await call('GET', `/api-lead/timeline?id=${lead}`, 'graz');
    expect(timeline.body).toContain('zieht nach Graz');
    expect((await call('GET', `/api-reminder/data?id=${reminder}`, 'wien')).statusCode).toBe(404);
    expect((await call('GET', '/api-reminder/upcoming', 'wien')).body).not.toContain('Nachfassen');
  });

  it('lead statuses: legacy 3-5 are not chosen anew, a lead with a conclusion stays signed and is not "no interest"; no interest twice writes one note', async () => {
    const created = await call('POST', '/api-lead/data', 'wien', form(wien, { lead_status_id: 4 }));
    expect(created.statusCode).toBe(400);
    expect(created.json<{ fields: Record<string, string> }>().fields).toHaveProperty('lead_status_id');

    const lead = await insertLead(wien, 'Status');
    const read = async (id: number) => (await call('GET', `/api-lead/data?id=${id}`, 'wien')).json<LeadDataResponse>().data;
    const moved = await call('PUT', `/api-lead/data?id=${lead}`, 'wien', { ...form(wien, { lead_status_id: 5 }), version: (await read(lead)).version });
    expect(moved.statusCode).toBe(400);
    // A lead that has a legacy status keeps it when saved.
    const legacy = await insertLead(wien, 'Altbestand', 3);
    const kept = await call('PUT', `/api-lead/data?id=${legacy}`, 'wien', { ...form(wien, { lead_status_id: 3 }), version: (await read(legacy)).version });
    expect(kept.statusCode).toBe(200);

    // A signed lead a conclusion was made from stays signed; one set to 6 by hand may go back.
    const withConclusion = await insertLead(wien, 'Vertragspartner', 6);
    await sql("INSERT INTO conclusions (school_id, firstname, lastname, created_by_name, lead_id) VALUES ($1, 'Eva', 'Vertragspartner', 'office', $2)", [wien, withConclusion]);
    const back = await call('PUT', `/api-lead/data?id=${withConclusion}`, 'wien', { ...form(wien, { lead_status_id: 7 }), version: (await read(withConclusion)).version });
    expect(back.statusCode).toBe(400);
    expect(back.json<{ fields: Record<string, string> }>().fields).toHaveProperty('lead_status_id');
    const byHand = await insertLead(wien, 'Versehen', 6);
    expect((await call('PUT', `/api-lead/data?id=${byHand}`, 'wien', { ...form(wien, { lead_status_id: 7 }), version: (await read(byHand)).version })).statusCode).toBe(200);

    const concluded = await insertLead(wien, 'Abgeschlossen', 6);
    const notes = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM student_notes'))[0]!.n;
    const notesBefore = await notes();
    const refused = await call('POST', `/api-lead/no-interest?id=${concluded}`, 'wien', { reason: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: ERROR.leadConcluded });
    expect((await read(concluded)).lead_status_id).toBe(6);

    const [first, second] = await Promise.all([
      call('POST', `/api-lead/no-interest?id=${lead}`, 'wien', { reason: 2, notes: 'zu weit' }),
      call('POST', `/api-lead/no-interest?id=${lead}`, 'wien', { reason: 2, notes: 'zu weit' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await read(lead)).lead_status_id).toBe(2);
    expect(await notes()).toBe(notesBefore + 1);
  });

  it('a lead and a reminder created twice with the same Idempotency-Key (a double click) exist once', async () => {
    const leads = async () => (await sql<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE lastname = 'Doppelklick'"))[0]!.n;
    const key = { 'idempotency-key': 'lead-doppelklick-1' };
    const body = form(wien, { lastname: 'Doppelklick' });
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api-lead/data', 'wien', body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json<{ id: number }>().id)).size).toBe(1);
    expect(await leads()).toBe(1);
    // The same key for another lead: 422 {error: 10}, nothing written.
    const reused = await call('POST', '/api-lead/data', 'wien', form(wien, { lastname: 'Anders' }), key);
    expect(reused.statusCode).toBe(422);

    const reminderKey = { 'idempotency-key': 'reminder-doppelklick-1' };
    const reminder = { date_deadline: '2026-11-30', subject: 'Doppelklick', school_id: wien };
    const made = await Promise.all([1, 2, 3].map(() => call('POST', '/api-reminder/data', 'wien', reminder, reminderKey)));
    expect(made.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(made.map((a) => a.json<{ id: number }>().id)).size).toBe(1);
    expect((await sql("SELECT id FROM reminders WHERE subject = 'Doppelklick'")).length).toBe(1);
  });
});
