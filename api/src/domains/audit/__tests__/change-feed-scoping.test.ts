import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { multipart, tinyPdf, type FormPart } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, createUser, type TestApp, type UserSpec } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/**
 * Issue 10 item 8: the change feed (GET /api-base/changes) shows a user only the writes of
 * his schools; writes about user accounts only to whom may manage the account; other writes
 * without a school only to the superadmin and admins with all schools.
 */
describe.each(backends())('change feed scoping on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  let wienStudent: number;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (user: string, method: string, url: string, payload?: unknown) =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, payload });
  const upload = (user: string, method: string, url: string, parts: FormPart[]) => {
    const body = multipart(parts);
    return t.request({ method, url, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const lastAuditId = async () => (await sql<{ id: string }>('SELECT COALESCE(max(id), 0) AS id FROM audit_log'))[0]!.id;
  const feedIds = async (user: string) => {
    const res = await call(user, 'GET', '/api-base/changes?limit=200');
    expect(res.statusCode).toBe(200);
    return new Set(res.json<{ id: number }[]>().map((row) => String(row.id)));
  };
  const auditRowsAfter = async (marker: string) =>
    sql<{ id: string; route: string; method: string; entity: string | null; school_id: number | null }>(
      'SELECT id::text AS id, route, method, entity, school_id FROM audit_log WHERE id > $1 AND status < 400 ORDER BY id',
      [marker],
    );

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const school = async (name: string) => (await sql<{ id: number }>('SELECT id FROM schools WHERE name LIKE $1 ORDER BY id LIMIT 1', [`%${name}%`]))[0]!.id;
    wien = await school('Wien');
    graz = await school('Graz');
    wienStudent = (await sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [wien]))[0]!.id;
    for (const user of ['office', 'admin']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    const admins: [string, UserSpec][] = [
      ['grazAdmin', { level: 2, schools: [graz] }],
      ['wienAdmin', { level: 2, schools: [wien] }],
      ['allSchoolsAdmin', { level: 2 }],
    ];
    for (const [name, spec] of admins) {
      const made = await t.loginAs(spec);
      cookies[name] = made.cookie;
      ids[name] = made.id;
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it("hides a Wien student's note, picture, document, address and reminder writes from a Graz-only admin; Wien's admin sees them", async () => {
    const marker = await lastAuditId();
    // office has all schools: the request's scope alone names no school.
    const note = await call('office', 'POST', `/api-student/note?stid=${wienStudent}`, { type: 1, text: 'Gespräch mit den Eltern' });
    expect(note.statusCode).toBe(200);
    const noteId = note.json<{ id: number }>().id;
    expect((await call('office', 'PUT', `/api-student/note?id=${noteId}&stid=${wienStudent}`, { type: 2, text: 'Geändert', version: 1 })).statusCode).toBe(200);
    expect((await call('office', 'DELETE', `/api-student/note?id=${noteId}&stid=${wienStudent}`)).statusCode).toBe(200);

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } }).png().toBuffer();
    expect((await upload('office', 'PUT', `/api-student/pic-save?id=${wienStudent}`, [{ name: 'file', filename: 'a.png', data: png }])).statusCode).toBe(200);
    const doc = await upload('office', 'POST', `/api-document/doc-student?stid=${wienStudent}`, [
      { name: 'tid', value: '1' },
      { name: 'file', filename: 'Vertrag.pdf', contentType: 'application/pdf', data: tinyPdf() },
    ]);
    expect(doc.statusCode).toBe(200);
    const docId = doc.json<{ documents: { id: number }[] }>().documents[0]!.id;
    expect((await call('office', 'DELETE', `/api-document/doc-student?id=${docId}&stid=${wienStudent}`)).statusCode).toBe(200);

    const invoice = { salutation_id: 2, title_id: null, firstname: 'Peter', lastname: 'Huber', company: null, street: 'Herrengasse', house_no: '3', zip: '1010', city: 'Wien', country_iso: 'at', email: null };
    // The version read: 0 when the student has no invoice address (record versions).
    const invoiceRead = (await call('office', 'GET', `/api-student/address?stid=${wienStudent}&type=2`)).json<{ version: number } | null>();
    expect((await call('office', 'PUT', `/api-student/address?stid=${wienStudent}&type=2`, { ...invoice, version: invoiceRead?.version ?? 0 })).statusCode).toBe(200);
    expect((await call('office', 'DELETE', `/api-student/address?stid=${wienStudent}&type=2`)).statusCode).toBe(200);
    const main = { street: 'Kärntner Straße', house_no: '5', zip: '1010', city: 'Wien', country_iso: 'at' };
    const mainRead = (await call('office', 'GET', `/api-student/address?stid=${wienStudent}&type=1`)).json<{ version: number }>();
    expect((await call('office', 'PUT', `/api-student/address?stid=${wienStudent}&type=1`, { ...main, version: mainRead.version })).statusCode).toBe(200);

    const reminder = await call('office', 'POST', '/api-reminder/data', { date_deadline: '2026-12-01', subject: 'Rückruf', student_id: wienStudent });
    expect(reminder.statusCode).toBe(200);
    const reminderId = reminder.json<{ id: number }>().id;
    expect((await call('office', 'PUT', `/api-reminder/data?id=${reminderId}`, { date_deadline: '2026-12-02', subject: 'Rückruf', student_id: wienStudent, version: 1 })).statusCode).toBe(200);
    expect((await call('office', 'DELETE', `/api-reminder/data?id=${reminderId}`)).statusCode).toBe(200);

    const written = await auditRowsAfter(marker);
    expect(written.length).toBe(12);
    // Every row carries the student's school.
    expect(written.filter((row) => row.school_id !== wien)).toEqual([]);

    const grazSees = await feedIds('grazAdmin');
    expect(written.filter((row) => grazSees.has(row.id))).toEqual([]);
    const wienSees = await feedIds('wienAdmin');
    expect(written.filter((row) => !wienSees.has(row.id))).toEqual([]);
    const allSee = await feedIds('allSchoolsAdmin');
    expect(written.filter((row) => !allSee.has(row.id))).toEqual([]);
  });

  it('shows writes about a user account only to admins who may manage it', async () => {
    const marker = await lastAuditId();
    const roleId = (await sql<{ id: number }>('SELECT id FROM roles ORDER BY id LIMIT 1'))[0]!.id;
    const form = (username: string, schools: number[] | null) => ({
      username, salutation_id: 1, firstname: 'Eva', lastname: 'Berger', email: `${username}@example.test`,
      status: schools ? 2 : 1, schools: schools ?? [], role_id: roleId, pw1: 'Feed-Scoping-2026!', pw2: 'Feed-Scoping-2026!',
    });
    const create = async (username: string, schools: number[] | null) => {
      const res = await call('admin', 'POST', '/api-user/data', form(username, schools));
      expect(res.statusCode).toBe(200);
      return res.json<{ id: number }>().id;
    };
    const wienUser = await create('feed.wien', [wien]);
    const allSchoolsUser = await create('feed.all', null);
    const grazUser = await create('feed.graz', [graz]);
    const otherGrazAdmin = await createUser(t.db, { level: 2, schools: [graz] });
    const newPassword = { current: DEMO_PASSWORD, pw: 'Feed-Scoping-2027!', pwc: 'Feed-Scoping-2027!' };
    expect((await call('admin', 'PUT', `/api-user/cpw?id=${wienUser}`, newPassword)).statusCode).toBe(200);
    expect((await call('admin', 'PUT', `/api-user/cpw?id=${allSchoolsUser}`, newPassword)).statusCode).toBe(200);
    expect((await call('admin', 'PUT', `/api-user/cpw?id=${otherGrazAdmin.id}`, newPassword)).statusCode).toBe(200);
    expect((await call('admin', 'PUT', `/api-user/cpw?id=${grazUser}`, newPassword)).statusCode).toBe(200);
    // The Graz admin's own write (his school filter) is his to see.
    expect((await call('grazAdmin', 'POST', '/api-base/filter', { name: 'schools', value: [graz] })).statusCode).toBe(200);

    const written = await auditRowsAfter(marker);
    expect(written.length).toBe(8);
    const about = async (userId: number) =>
      (await sql<{ id: string }>("SELECT id::text AS id FROM audit_log WHERE id > $1 AND entity IN ('user', 'filter') AND entity_id = $2", [marker, String(userId)])).map((r) => r.id);
    const grazSees = await feedIds('grazAdmin');
    for (const hidden of [wienUser, allSchoolsUser, otherGrazAdmin.id]) {
      expect((await about(hidden)).filter((id) => grazSees.has(id))).toEqual([]);
    }
    const grazOwn = [...(await about(grazUser)), ...(await about(ids.grazAdmin!))];
    expect(grazOwn.length).toBe(3);
    expect(grazOwn.filter((id) => !grazSees.has(id))).toEqual([]);

    const wienSees = await feedIds('wienAdmin');
    expect((await about(wienUser)).filter((id) => !wienSees.has(id))).toEqual([]);
    expect((await about(grazUser)).filter((id) => wienSees.has(id))).toEqual([]);
    expect((await about(allSchoolsUser)).filter((id) => wienSees.has(id))).toEqual([]);

    const allSee = await feedIds('allSchoolsAdmin');
    expect(written.filter((row) => !allSee.has(row.id))).toEqual([]);
  });

  it('shows role writes (no school) only to the superadmin and admins with all schools', async () => {
    const marker = await lastAuditId();
    const res = await call('admin', 'POST', '/api-base/role', { role_name: 'Feed scoping role', atoms: ['student_r'] });
    expect(res.statusCode).toBe(200);
    const [row] = await auditRowsAfter(marker);
    expect(row).toMatchObject({ route: '/api-base/role', school_id: null });
    expect((await feedIds('admin')).has(row!.id)).toBe(true);
    expect((await feedIds('allSchoolsAdmin')).has(row!.id)).toBe(true);
    expect((await feedIds('grazAdmin')).has(row!.id)).toBe(false);
    expect((await feedIds('wienAdmin')).has(row!.id)).toBe(false);
  });
});
