import type { HumanRow, PagedListResponse, ReminderRow, StudentData, TimelineEntry } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('reminders API on %s', (backend) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let graz: number;
  let wien: number;
  let student: number;
  let wienStudent: number;
  let wienOnly: number;
  let trainerId: number;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, payload });
  const list = (user: string, body: object) => call('POST', '/api-reminder/list', user, { page: 0, pageSize: 50, sorted: [], filtered: [], ...body });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    for (const user of ['admin', 'office', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    const schools = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    graz = schools.find((s) => s.name.includes('Graz'))!.id;
    wien = schools.find((s) => s.name.includes('Wien'))!.id;
    student = (await sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [graz]))[0]!.id;
    wienStudent = (await sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [wien]))[0]!.id;
    cookies.grazWriter = (await t.loginAs({ atoms: ['reminder_r', 'reminder_w', 'student_r', 'lead_r'], schools: [graz] })).cookie;
    cookies.grazRemindersOnly = (await t.loginAs({ atoms: ['reminder_r', 'reminder_w'], schools: [graz] })).cookie;
    const wienUser = await t.loginAs({ atoms: ['reminder_r', 'reminder_w'], schools: [wien] });
    cookies.wienWriter = wienUser.cookie;
    wienOnly = wienUser.id;
    cookies.financeOnly = (await t.loginAs({ atoms: ['finance_r'], schools: [graz] })).cookie;
    trainerId = (await sql<{ id: number }>("SELECT id FROM users WHERE username = 'trainer'"))[0]!.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists open or done reminders, filtered by student, earliest deadline first', async () => {
    const open = await list('office', { done: false, sorted: [{ id: 'date_deadline', desc: false }] });
    expect(open.statusCode).toBe(200);
    const body = open.json<PagedListResponse<ReminderRow>>();
    const expected = await sql<{ id: number }>('SELECT id FROM reminders WHERE date_done IS NULL ORDER BY date_deadline, id');
    expect(body.total).toBe(expected.length);
    expect(body.rows.map((r) => r.reminder_id)).toEqual(expected.slice(0, 50).map((r) => r.id));
    expect(body.rows.every((r) => r.date_done === null && r.user_done === null)).toBe(true);

    const done = (await list('office', { done: true })).json<PagedListResponse<ReminderRow>>();
    expect(done.total).toBe((await sql('SELECT id FROM reminders WHERE date_done IS NOT NULL')).length);
    expect(done.rows.every((r) => r.date_done !== null)).toBe(true);

    const withStudent = (await sql<{ student_id: number }>('SELECT student_id FROM reminders WHERE student_id IS NOT NULL ORDER BY id LIMIT 1'))[0]!.student_id;
    const forStudent = (await list('office', { filtered: [{ id: 'student_id', value: withStudent }] })).json<PagedListResponse<ReminderRow>>();
    expect(forStudent.rows.length).toBeGreaterThan(0);
    expect(forStudent.rows.every((r) => r.student_id === withStudent && r.ref_name)).toBe(true);

    expect((await list('office', { done: 'maybe' })).statusCode).toBe(400);
    expect((await list('office', { filtered: [{ id: 'school_id', value: 1 }] })).statusCode).toBe(400);
  });

  it('the trainer reads only Graz reminders and may not write', async () => {
    const rows = (await list('trainer', { pageSize: 100 })).json<PagedListResponse<ReminderRow>>().rows;
    expect(rows.every((r) => r.school_id === graz)).toBe(true);
    const foreign = (await sql<{ id: number }>('SELECT id FROM reminders WHERE school_id = $1 LIMIT 1', [wien]))[0]!.id;
    expect((await call('GET', `/api-reminder/data?id=${foreign}`, 'trainer')).statusCode).toBe(404);
    expect((await call('POST', '/api-reminder/data', 'trainer', { date_deadline: '2026-12-01', subject: 'x', student_id: student })).statusCode).toBe(403);
  });

  it('creates a reminder for a student, marks it done (it moves to the timeline) and deletes it', async () => {
    const remcBefore = (await call('GET', `/api-student/data?id=${student}`, 'office')).json<StudentData>().remc;
    const created = await call('POST', '/api-reminder/data', 'grazWriter', { date_deadline: '2026-11-25', subject: 'Gurt bestellen', notes: 'Größe 160', student_id: student });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const reminder = (await call('GET', `/api-reminder/data?id=${id}`, 'grazWriter')).json<ReminderRow>();
    expect(reminder).toEqual(expect.objectContaining({ reminder_id: id, school_id: graz, student_id: student, subject: 'Gurt bestellen', date_done: null, date_deadline: '2026-11-25' }));
    expect((await call('GET', `/api-student/data?id=${student}`, 'office')).json<StudentData>().remc).toBe(remcBefore + 1);

    const done = await call('PUT', `/api-reminder/data?id=${id}`, 'grazWriter', {
      date_deadline: reminder.date_deadline, subject: reminder.subject, notes: reminder.notes, student_id: student, school_id: graz, done: true,
      version: reminder.version,
    });
    expect(done.json()).toEqual({ success: true, version: reminder.version + 1 });
    const after = (await call('GET', `/api-reminder/data?id=${id}`, 'grazWriter')).json<ReminderRow>();
    expect(after.date_done).not.toBeNull();
    expect(after.user_done).toBeTruthy();
    expect((await call('GET', `/api-student/data?id=${student}`, 'office')).json<StudentData>().remc).toBe(remcBefore);
    const timeline = (await call('GET', `/api-student/timeline?id=${student}`, 'office')).json<TimelineEntry[]>();
    expect(timeline).toContainEqual(expect.objectContaining({ id, kind: 'reminder_done', text: 'Gurt bestellen', editable: false }));

    // Deleting needs reminder_d.
    expect((await call('DELETE', `/api-reminder/data?id=${id}`, 'grazWriter')).statusCode).toBe(403);
    expect((await call('DELETE', `/api-reminder/data?id=${id}`, 'office')).statusCode).toBe(200);
    expect((await call('GET', `/api-reminder/data?id=${id}`, 'office')).statusCode).toBe(404);
  });

  it('refuses references the user may not see and bad input with 400, writing nothing', async () => {
    const count = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM reminders'))[0]!.n;
    const before = await count();
    for (const body of [
      { date_deadline: '2026-12-01', subject: 'x', student_id: wienStudent },
      { date_deadline: '2026-12-01', subject: 'x', school_id: wien },
      { date_deadline: '2026-12-01', subject: 'x' },
      { date_deadline: '2026-13-01', subject: 'x', student_id: student },
      { date_deadline: '2026-12-01', subject: '', student_id: student },
      { date_deadline: '2026-12-01', subject: 'x', student_id: student, delegated_to: 999999 },
    ]) {
      const res = await call('POST', '/api-reminder/data', 'grazWriter', body);
      expect([body, res.statusCode]).toEqual([body, 400]);
    }
    expect(await count()).toBe(before);
    const ok = await call('POST', '/api-reminder/data', 'grazWriter', { date_deadline: '2026-12-01', subject: 'Schule', school_id: graz });
    expect(ok.statusCode).toBe(200);
  });

  it('delegates only to users who see the reminder\'s school, and the picker lists exactly those', async () => {
    const base = { date_deadline: '2026-12-02', subject: 'Rückruf', student_id: student };
    // The trainer sees Graz: a Graz reminder may be delegated to him, not to the Wien-only user.
    const toTrainer = await call('POST', '/api-reminder/data', 'grazWriter', { ...base, delegated_to: trainerId });
    expect(toTrainer.statusCode).toBe(200);
    const row = (await call('GET', `/api-reminder/data?id=${toTrainer.json<{ id: number }>().id}`, 'grazWriter')).json<ReminderRow>();
    expect(row).toEqual(expect.objectContaining({ delegated_to: trainerId, delegated_username: 'trainer', username: expect.any(String) }));
    const toWien = await call('POST', '/api-reminder/data', 'grazWriter', { ...base, delegated_to: wienOnly });
    expect(toWien.statusCode).toBe(400);
    expect(toWien.json()).toEqual(expect.objectContaining({ fields: { delegated_to: 'form.invalid' } }));
    const moved = await call('PUT', `/api-reminder/data?id=${row.reminder_id}`, 'grazWriter', { ...base, delegated_to: wienOnly, version: row.version });
    expect(moved.statusCode).toBe(400);
    expect((await call('GET', `/api-reminder/data?id=${row.reminder_id}`, 'grazWriter')).json<ReminderRow>().delegated_to).toBe(trainerId);

    const humans = async (user: string, body: object = {}) =>
      call('POST', '/api-human/list', user, { page: 0, pageSize: 100, sorted: [{ id: 'ln', desc: false }], filtered: [], ...body });
    const forGraz = (await humans('grazWriter')).json<PagedListResponse<HumanRow>>();
    const ids = forGraz.rows.map((h) => h.id);
    expect(ids).toContain(trainerId);
    expect(ids).not.toContain(wienOnly);
    expect(forGraz.rows.find((h) => h.id === trainerId)).toEqual(expect.objectContaining({ un: 'trainer', fn: expect.any(String), ln: expect.any(String) }));
    expect(forGraz.total).toBe(forGraz.rows.length);
    // The Wien user sees Wien's users (all-school users among them), not the Graz trainer.
    const forWien = (await humans('wienWriter')).json<PagedListResponse<HumanRow>>().rows.map((h) => h.id);
    expect(forWien).toContain(wienOnly);
    expect(forWien).not.toContain(trainerId);
    // sid narrows to one of the caller's schools; another school's id is refused.
    const office = (await humans('office', { sid: wien })).json<PagedListResponse<HumanRow>>().rows.map((h) => h.id);
    expect(office).toContain(wienOnly);
    expect(office).not.toContain(trainerId);
    expect((await humans('grazWriter', { sid: wien })).statusCode).toBe(400);
    const filtered = (await humans('office', { filtered: [{ id: 'un', value: 'trai' }] })).json<PagedListResponse<HumanRow>>();
    expect(filtered.rows.map((h) => h.un)).toEqual(['trainer']);
    expect((await humans('financeOnly')).statusCode).toBe(403);
  });

  it('keeps reminders of leads in the lead\'s school; another school\'s reminder is 404 for reading, changing and deleting', async () => {
    const lead = (await sql<{ id: number }>('SELECT id FROM leads WHERE school_id = $1 ORDER BY id LIMIT 1', [graz]))[0]!.id;
    const created = await call('POST', '/api-reminder/data', 'grazWriter', { date_deadline: '2026-11-20', subject: 'Probetraining nachfassen', lead_id: lead });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const byLead = (await list('grazWriter', { filtered: [{ id: 'lead_id', value: lead }], done: false })).json<PagedListResponse<ReminderRow>>();
    expect(byLead.rows).toContainEqual(expect.objectContaining({ reminder_id: id, lead_id: lead, school_id: graz, ref_name: expect.any(String) }));

    const row = (await call('GET', `/api-reminder/data?id=${id}`, 'grazWriter')).json<ReminderRow>();
    const body = { date_deadline: row.date_deadline, subject: row.subject, notes: '', lead_id: lead, version: row.version };
    expect((await call('GET', `/api-reminder/data?id=${id}`, 'wienWriter')).statusCode).toBe(404);
    expect((await call('PUT', `/api-reminder/data?id=${id}`, 'wienWriter', body)).statusCode).toBe(404);
    const wienLead = (await sql<{ id: number }>('SELECT id FROM leads WHERE school_id = $1 ORDER BY id LIMIT 1', [wien]))[0]!.id;
    expect((await call('POST', '/api-reminder/data', 'grazWriter', { date_deadline: '2026-11-20', subject: 'x', lead_id: wienLead })).statusCode).toBe(400);

    // Done, then a stale save is refused with 409 and changes nothing.
    const done = await call('PUT', `/api-reminder/data?id=${id}`, 'grazWriter', { ...body, done: true });
    expect(done.json()).toEqual({ success: true, version: row.version + 1 });
    const stale = await call('PUT', `/api-reminder/data?id=${id}`, 'grazWriter', { ...body, subject: 'alt', done: false });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(expect.objectContaining({ error: 9 }));
    const after = (await call('GET', `/api-reminder/data?id=${id}`, 'grazWriter')).json<ReminderRow>();
    expect(after).toEqual(expect.objectContaining({ subject: 'Probetraining nachfassen', date_done: expect.any(String), user_done: expect.any(String) }));
    const doneList = (await list('grazWriter', { filtered: [{ id: 'lead_id', value: lead }], done: true })).json<PagedListResponse<ReminderRow>>();
    expect(doneList.rows.map((r) => r.reminder_id)).toContain(id);
    expect((await call('DELETE', `/api-reminder/data?id=${id}`, 'office')).statusCode).toBe(200);
  });

  it("attaching a reminder to a student or a lead needs the right to read them; without it the list hides whose reminder it is", async () => {
    const lead = (await sql<{ id: number }>('SELECT id FROM leads WHERE school_id = $1 ORDER BY id LIMIT 1', [graz]))[0]!.id;
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM reminders'))[0]!.n;
    expect((await call('POST', '/api-reminder/data', 'grazRemindersOnly', { date_deadline: '2026-11-20', subject: 'x', lead_id: lead })).statusCode).toBe(403);
    expect((await call('POST', '/api-reminder/data', 'grazRemindersOnly', { date_deadline: '2026-11-20', subject: 'x', student_id: student })).statusCode).toBe(403);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM reminders'))[0]!.n).toBe(before);
    // A school reminder needs neither.
    expect((await call('POST', '/api-reminder/data', 'grazRemindersOnly', { date_deadline: '2026-11-20', subject: 'Hallenmiete', school_id: graz })).statusCode).toBe(200);

    const onLead = (await call('POST', '/api-reminder/data', 'grazWriter', { date_deadline: '2026-11-20', subject: 'Rückruf Interessent', lead_id: lead })).json<{ id: number }>().id;
    const onStudent = (await call('POST', '/api-reminder/data', 'grazWriter', { date_deadline: '2026-11-20', subject: 'Rückruf Mitglied', student_id: student })).json<{ id: number }>().id;
    const names = async (user: string) => {
      const rows = (await list(user, { done: false })).json<PagedListResponse<ReminderRow>>().rows;
      return Object.fromEntries(rows.filter((r) => r.reminder_id === onLead || r.reminder_id === onStudent).map((r) => [r.reminder_id, r.ref_name]));
    };
    expect(await names('grazWriter')).toEqual({ [onLead]: expect.any(String), [onStudent]: expect.any(String) });
    expect(await names('grazRemindersOnly')).toEqual({ [onLead]: null, [onStudent]: null });
    expect((await call('GET', `/api-reminder/data?id=${onLead}`, 'grazRemindersOnly')).json<ReminderRow>()).toEqual(expect.objectContaining({ lead_id: lead, ref_name: null }));
    const upcoming = (await call('GET', '/api-reminder/upcoming', 'grazRemindersOnly')).json<ReminderRow[]>();
    expect(upcoming.filter((r) => r.reminder_id === onStudent).map((r) => r.ref_name)).toEqual([null]);
  });
});
