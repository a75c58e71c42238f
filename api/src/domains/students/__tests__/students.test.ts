import ExcelJS from 'exceljs';
import type { PersonalData, StudentData, Versioned, StudentListResponse, StudentPickerRow, TimelineEntry } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { compareDin5007 } from '../../../../test/support/din5007.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-21T09:30:00Z');

interface StudentRow {
  id: number;
  school_id: number;
  firstname: string;
  lastname: string;
  student_status_id: number;
}

describe.each(backends())('students API on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz' | 'muenchen' | 'berlin', number>;
  const cookies: Record<string, string> = {};
  let wienStudent: StudentRow;
  let grazStudent: StudentRow;

  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, payload });
  const list = (user: string, body: object) => call('POST', '/api-student/list', user, { page: 0, pageSize: 25, sorted: [], filtered: [], ...body });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    const idOf = (part: string) => rows.find((r) => r.name.includes(part))!.id;
    schools = { wien: idOf('Wien'), graz: idOf('Graz'), muenchen: idOf('München'), berlin: idOf('Berlin') };
    for (const user of ['admin', 'office', 'finance', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    const first = async (schoolId: number) =>
      (await sql<StudentRow>('SELECT id, school_id, firstname, lastname, student_status_id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [schoolId]))[0]!;
    wienStudent = await first(schools.wien);
    grazStudent = await first(schools.graz);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api-student/list', () => {
    it('pages through all students by last name, first name, id with exact totals', async () => {
      // German order (DIN 5007-1): Böhm before Brandt.
      const expected = (await sql<{ id: number; lastname: string; firstname: string }>('SELECT id, lastname, firstname FROM students')).sort(
        (x, y) => compareDin5007(x.lastname, y.lastname) || compareDin5007(x.firstname, y.firstname) || x.id - y.id,
      );
      const seen: number[] = [];
      for (let page = 0; page * 25 < expected.length; page++) {
        const res = await list('office', { page });
        expect(res.statusCode).toBe(200);
        const body = res.json<StudentListResponse>();
        expect(body.total).toBe(expected.length);
        expect(body.pages).toBe(Math.ceil(expected.length / 25));
        seen.push(...body.rows.map((r) => r.id));
      }
      expect(seen).toEqual(expected.map((r) => r.id));
      const past = (await list('office', { page: 1000 })).json<StudentListResponse>();
      expect(past).toEqual({ rows: [], pages: Math.ceil(expected.length / 25), total: expected.length });
    });

    it('filters by name prefix (case-insensitive, wildcards literal) and status, sorts descending', async () => {
      const target = (await sql<{ prefix: string }>("SELECT lower(substr(lastname, 1, 2)) AS prefix FROM students WHERE student_status_id = 2 ORDER BY id LIMIT 1"))[0]!.prefix;
      const expected = (
        await sql<{ id: number; lastname: string; firstname: string }>(
          'SELECT id, lastname, firstname FROM students WHERE lower(lastname) LIKE $1 AND student_status_id IN (2, 3)',
          [`${target}%`],
        )
      ).sort((x, y) => compareDin5007(y.lastname, x.lastname) || compareDin5007(y.firstname, x.firstname) || y.id - x.id);
      expect(expected.length).toBeGreaterThan(0);
      const res = await list('office', {
        pageSize: 100,
        sorted: [{ id: 'ln', desc: true }],
        filtered: [{ id: 'ln', value: target.toUpperCase() }, { id: 'sst', value: [2, 3] }],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<StudentListResponse>();
      expect(body.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(body.total).toBe(expected.length);
      expect(body.rows.every((r) => r.ln.toLowerCase().startsWith(target) && [2, 3].includes(r.sst))).toBe(true);

      expect((await list('office', { filtered: [{ id: 'ln', value: '%' }] })).json<StudentListResponse>().total).toBe(0);
      expect((await list('office', { filtered: [{ id: 'ln', value: '_' }] })).json<StudentListResponse>().total).toBe(0);
    });

    it('filters by school, division, member status and the name/number search', async () => {
      const bySchool = (await list('office', { pageSize: 100, filtered: [{ id: 'sid', value: schools.berlin }] })).json<StudentListResponse>();
      expect(bySchool.total).toBe((await sql('SELECT id FROM students WHERE school_id = $1', [schools.berlin])).length);
      expect(bySchool.rows.every((r) => r.sid === schools.berlin && r.sn.includes('Berlin'))).toBe(true);

      const division = (await sql<{ d: number }>('SELECT divisions[1] AS d FROM students WHERE cardinality(divisions) > 0 ORDER BY id LIMIT 1'))[0]!.d;
      const withDivision = (await list('office', { pageSize: 100, filtered: [{ id: 'p', value: division }] })).json<StudentListResponse>();
      expect(withDivision.total).toBe((await sql('SELECT id FROM students WHERE $1 = ANY(divisions)', [division])).length);
      expect(withDivision.rows.every((r) => r.p.includes(division))).toBe(true);

      const member = (await list('office', { pageSize: 100, filtered: [{ id: 'ms', value: 1 }] })).json<StudentListResponse>();
      expect(member.total).toBe((await sql('SELECT id FROM students WHERE e_member_status_id = 1')).length);

      const mno = (await sql<{ mno: string }>('SELECT mno FROM students WHERE mno IS NOT NULL ORDER BY id LIMIT 1'))[0]!.mno;
      const search = (await list('office', { filtered: [{ id: 'q', value: mno.toLowerCase() }] })).json<StudentListResponse>();
      expect(search.rows.map((r) => r.mno)).toContain(mno);
    });

    it('shows balances (sum of open receipts) only with finance_r; without it sorting by balance is refused', async () => {
      const owing = (await sql<{ id: number; open: number }>(
        `SELECT student_id AS id, sum(amount - paid)::int8 AS open FROM receipts WHERE type = 1 GROUP BY student_id HAVING sum(amount - paid) > 0 ORDER BY 2 DESC, 1 LIMIT 1`,
      ))[0]!;
      const top = (await list('office', { pageSize: 1, sorted: [{ id: 'b', desc: true }] })).json<StudentListResponse>().rows[0]!;
      expect(top).toEqual(expect.objectContaining({ id: owing.id, b: Number(owing.open), cc: 'EUR' }));

      const trainer = (await list('trainer', {})).json<StudentListResponse>();
      expect(trainer.rows.every((r) => r.b === null)).toBe(true);
      expect((await list('trainer', { sorted: [{ id: 'b', desc: true }] })).statusCode).toBe(403);
    });

    it('keeps the balance and the open-reminder count in step with receipts and reminders', async () => {
      const student = grazStudent.id;
      const before = (await sql<{ balance: number; open_reminders: number }>('SELECT balance, open_reminders FROM students WHERE id = $1', [student]))[0]!;
      const [receipt] = await sql<{ rno: number }>(
        `INSERT INTO receipts (school_id, student_id, date_due, amount) VALUES ($1, $2, '2026-11-01', 5000) RETURNING rno`,
        [schools.graz, student],
      );
      // paid is the sum of the receipt's payment assignments (migration 101).
      const [payment] = await sql<{ id: number }>(
        `INSERT INTO payments (school_id, student_id, payment_date, amount, payment_method_id) VALUES ($1, $2, '2026-11-02', 5000, 3) RETURNING id`,
        [schools.graz, student],
      );
      await sql('INSERT INTO payment_assignments (school_id, payment_id, rno, amount) VALUES ($1, $2, $3, 1000)', [schools.graz, payment!.id, receipt!.rno]);
      await sql(`INSERT INTO reminders (school_id, date_deadline, subject, student_id) VALUES ($1, '2026-12-01', 'Test', $2)`, [schools.graz, student]);
      let now = (await sql<{ balance: number; open_reminders: number }>('SELECT balance, open_reminders FROM students WHERE id = $1', [student]))[0]!;
      expect(Number(now.balance)).toBe(Number(before.balance) + 4000);
      expect(now.open_reminders).toBe(before.open_reminders + 1);
      await sql('UPDATE payment_assignments SET amount = 5000 WHERE rno = $1', [receipt!.rno]);
      await sql('UPDATE receipts SET type = 2 WHERE rno = $1', [receipt!.rno]);
      await sql("UPDATE reminders SET date_done = now() WHERE student_id = $1 AND subject = 'Test'", [student]);
      now = (await sql<{ balance: number; open_reminders: number }>('SELECT balance, open_reminders FROM students WHERE id = $1', [student]))[0]!;
      expect(Number(now.balance)).toBe(Number(before.balance));
      expect(now.open_reminders).toBe(before.open_reminders);
    });

    it('answers 400 to bad paging, unknown sort or filter ids and wrong filter values', async () => {
      for (const body of [
        { pageSize: 0 },
        { pageSize: 101 },
        { page: -1 },
        { page: 'x' },
        { sorted: [{ id: 'password_hash', desc: false }] },
        { sorted: [{ id: 'ln' }] },
        { filtered: [{ id: 'lower(lastname)', value: 'a' }] },
        { filtered: [{ id: 'sst', value: 'active' }] },
        { filtered: [{ id: 'q', value: 'a' }] },
        { filtered: [{ id: 'ln', value: { $ne: 1 } }] },
        { extra: true },
      ]) {
        const res = await list('office', body);
        expect([body, res.statusCode, res.json().error]).toEqual([body, 400, 4]);
      }
    });

    it('the trainer (Graz only) never sees a student of another school', async () => {
      const all = await sql<{ n: number }>('SELECT count(*)::int AS n FROM students WHERE school_id = $1', [schools.graz]);
      const res = await list('trainer', { pageSize: 100 });
      const body = res.json<StudentListResponse>();
      expect(body.total).toBe(all[0]!.n);
      expect(body.rows.every((r) => r.sid === schools.graz)).toBe(true);
      const other = await list('trainer', { filtered: [{ id: 'sid', value: schools.wien }] });
      expect(other.json<StudentListResponse>().total).toBe(0);
    });
  });

  describe('student detail', () => {
    it('GET /data answers the student; balance only with finance_r', async () => {
      const res = await call('GET', `/api-student/data?id=${grazStudent.id}`, 'office');
      expect(res.statusCode).toBe(200);
      const data = res.json<StudentData>();
      expect(data).toEqual(expect.objectContaining({
        stid: grazStudent.id, firstname: grazStudent.firstname, lastname: grazStudent.lastname, school_id: schools.graz,
        sn: 'Kampfkunstschule Graz', c_currency: 'EUR', balance: expect.any(Number), ia: expect.any(Boolean),
      }));
      const trainer = (await call('GET', `/api-student/data?id=${grazStudent.id}`, 'trainer')).json<StudentData>();
      expect(trainer.balance).toBeNull();
    });

    it("another school's student answers 404 to the trainer on every read and write", async () => {
      for (const url of [
        `/api-student/data?id=${wienStudent.id}`,
        `/api-student/timeline?id=${wienStudent.id}`,
        `/api-student/pd?stid=${wienStudent.id}`,
        `/api-student/address?stid=${wienStudent.id}&type=1`,
        `/api-student/address?stid=${wienStudent.id}&type=2`,
        `/api-document/doc-student?stid=${wienStudent.id}`,
      ]) {
        const res = await call('GET', url, 'trainer');
        expect([url, res.statusCode]).toEqual([url, 404]);
      }
      const picker = (await call('GET', `/api-student/select?id=${wienStudent.id}`, 'trainer')).json<StudentPickerRow[]>();
      expect(picker).toEqual([]);
    });

    it('a student_r-only user gets 403 on every write', async () => {
      for (const [method, url, payload] of [
        ['PUT', `/api-student/pd?stid=${grazStudent.id}`, {}],
        ['PUT', `/api-student/address?stid=${grazStudent.id}&type=1`, {}],
        ['DELETE', `/api-student/address?stid=${grazStudent.id}&type=2`, undefined],
        ['POST', `/api-student/note?stid=${grazStudent.id}`, { type: 1, text: 'x' }],
        ['PUT', `/api-student/note?id=1&stid=${grazStudent.id}`, { type: 1, text: 'x' }],
        ['DELETE', `/api-student/note?id=1&stid=${grazStudent.id}`, undefined],
        ['PUT', `/api-student/pic-save?id=${grazStudent.id}`, undefined],
        ['POST', `/api-document/doc-student?stid=${grazStudent.id}`, undefined],
        ['DELETE', `/api-document/doc-student?id=1&stid=${grazStudent.id}`, undefined],
        ['POST', '/api-reminder/data', { date_deadline: '2026-12-01', subject: 'x', student_id: grazStudent.id }],
      ] as const) {
        const res = await call(method, url, 'trainer', payload);
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
    });

    it('personal data: read, save, read back; invalid input answers 400 naming the field and changes nothing', async () => {
      const url = `/api-student/pd?stid=${grazStudent.id}`;
      const before = (await call('GET', url, 'office')).json<PersonalData & Versioned>();
      expect(before.firstname).toBe(grazStudent.firstname);
      const changed = { ...before, firstname: 'Annika', email: 'annika@example.org', phone_cellphone: '+43 660 1234567', dob: '2012-05-03', divisions: [3, 1] };
      const saved = await call('PUT', url, 'office', changed);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ success: true, version: before.version + 1 });
      const after = (await call('GET', url, 'office')).json<PersonalData & Versioned>();
      expect(after).toEqual({ ...changed, divisions: [1, 3], version: before.version + 1 });

      const bad = await call('PUT', url, 'office', { ...after, email: 'not-a-mail', lastname: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual(expect.objectContaining({ email: 'form.invalid_email', lastname: 'form.required' }));
      expect((await call('GET', url, 'office')).json<PersonalData & Versioned>()).toEqual(after);
    });

    it('addresses: main address changes, invoice address is created, read and deleted', async () => {
      const stid = grazStudent.id;
      const main = { street: 'Sackstraße', house_no: '12', zip: '8010', city: 'Graz', country_iso: 'AT' };
      const mainVersion = (await call('GET', `/api-student/address?stid=${stid}&type=1`, 'office')).json<{ version: number }>().version;
      expect((await call('PUT', `/api-student/address?stid=${stid}&type=1`, 'office', { ...main, version: mainVersion })).statusCode).toBe(200);
      expect((await call('GET', `/api-student/address?stid=${stid}&type=1`, 'office')).json()).toEqual({ ...main, country_iso: 'at', version: mainVersion + 1 });

      // Start without an invoice address (the demo gives some students one).
      await sql('DELETE FROM student_addresses WHERE student_id = $1 AND type = 2', [stid]);
      expect((await call('GET', `/api-student/address?stid=${stid}&type=2`, 'office')).json()).toBeNull();
      expect((await call('GET', `/api-student/data?id=${stid}`, 'office')).json<StudentData>().ia).toBe(false);
      const invoice = { salutation_id: 2, title_id: null, firstname: 'Peter', lastname: 'Huber', company: null, street: 'Herrengasse', house_no: '3', zip: '8010', city: 'Graz', country_iso: 'at', email: null };
      // Version 0: the student had no invoice address when it was read (creates it).
      expect((await call('PUT', `/api-student/address?stid=${stid}&type=2`, 'office', { ...invoice, version: 0 })).json()).toEqual({ success: true, version: 1 });
      expect((await call('GET', `/api-student/address?stid=${stid}&type=2`, 'office')).json()).toEqual({ ...invoice, version: 1 });
      expect((await call('GET', `/api-student/data?id=${stid}`, 'office')).json<StudentData>().ia).toBe(true);

      expect((await call('PUT', `/api-student/address?stid=${stid}&type=2`, 'office', { street: 'x', version: 1 })).statusCode).toBe(400);
      expect((await call('DELETE', `/api-student/address?stid=${stid}&type=1`, 'office')).statusCode).toBe(400);
      expect((await call('DELETE', `/api-student/address?stid=${stid}&type=2`, 'office')).statusCode).toBe(200);
      expect((await call('GET', `/api-student/address?stid=${stid}&type=2`, 'office')).json()).toBeNull();
      expect((await call('DELETE', `/api-student/address?stid=${stid}&type=2`, 'office')).statusCode).toBe(404);
    });

    it('notes: add, read, edit, delete; the timeline lists notes and done reminders newest first', async () => {
      const stid = grazStudent.id;
      const created = await call('POST', `/api-student/note?stid=${stid}`, 'office', { type: 2, text: '  Umgezogen nach Graz-Lend.  ' });
      expect(created.statusCode).toBe(200);
      const noteId = created.json<{ id: number }>().id;
      const note = (await call('GET', `/api-student/note?id=${noteId}&stid=${stid}`, 'office')).json();
      expect(note).toEqual(expect.objectContaining({ id: noteId, stid, type: 2, text: 'Umgezogen nach Graz-Lend.', author: 'Martina Leitner' }));

      const timeline = (await call('GET', `/api-student/timeline?id=${stid}`, 'trainer')).json<TimelineEntry[]>();
      const dcs = timeline.map((e) => e.dc);
      expect([...dcs].sort().reverse()).toEqual(dcs);
      const expectedNotes = await sql('SELECT id FROM student_notes WHERE student_id = $1', [stid]);
      expect(timeline.filter((e) => e.kind === 'note')).toHaveLength(expectedNotes.length);
      expect(timeline.find((e) => e.id === noteId && e.kind === 'note')).toEqual(expect.objectContaining({ type: 2, editable: true }));

      const noteVersion = (await call('GET', `/api-student/note?id=${noteId}&stid=${stid}`, 'office')).json<{ version: number }>().version;
      expect((await call('PUT', `/api-student/note?id=${noteId}&stid=${stid}`, 'office', { type: 1, text: 'Korrigiert', version: noteVersion })).statusCode).toBe(200);
      expect((await call('GET', `/api-student/note?id=${noteId}&stid=${stid}`, 'office')).json()).toEqual(expect.objectContaining({ text: 'Korrigiert', version: noteVersion + 1 }));
      expect((await call('PUT', `/api-student/note?id=${noteId}&stid=${stid}`, 'office', { type: 9, text: 'x', version: noteVersion + 1 })).statusCode).toBe(400);
      // The note of one student cannot be changed through another student's id.
      expect((await call('DELETE', `/api-student/note?id=${noteId}&stid=${wienStudent.id}`, 'office')).statusCode).toBe(404);
      expect((await call('DELETE', `/api-student/note?id=${noteId}&stid=${stid}`, 'office')).statusCode).toBe(200);
      expect((await call('GET', `/api-student/note?id=${noteId}&stid=${stid}`, 'office')).statusCode).toBe(404);
    });
  });

  describe('GET /api-student/select', () => {
    it('finds students by the start of last and first name, at most 20, and needs 2 characters', async () => {
      const student = (await sql<StudentRow>('SELECT id, firstname, lastname FROM students WHERE id = $1', [grazStudent.id]))[0]!;
      const prefix = student.lastname.slice(0, 3);
      const res = await call('GET', `/api-student/select?s=${encodeURIComponent(prefix.toLowerCase())}`, 'office');
      const rows = res.json<StudentPickerRow[]>();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(20);
      expect(rows.every((r) => r.ln.toLowerCase().startsWith(prefix.toLowerCase()) || r.fn.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
      const both = (await call('GET', `/api-student/select?s=${encodeURIComponent(`${student.firstname} ${student.lastname}`)}`, 'office')).json<StudentPickerRow[]>();
      expect(both.map((r) => r.id)).toContain(grazStudent.id);
      expect((await call('GET', '/api-student/select?s=a', 'office')).statusCode).toBe(400);
      expect((await call('GET', '/api-student/select', 'office')).statusCode).toBe(400);
    });
  });

  describe('GET /api-student/export-sel', () => {
    it('exports the selection as CSV with formulas neutralised and German formats', async () => {
      await sql("UPDATE students SET firstname = '=cmd|'' /C calc''!A0', dob = '2011-04-09' WHERE id = $1", [grazStudent.id]);
      const res = await call('GET', `/api-student/export-sel?format=csv&ids=${grazStudent.id},${wienStudent.id}`, 'office');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="schueler-2026-11-21\.csv"; filename\*=UTF-8''schueler-2026-11-21\.csv$/);
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^ID;Vorname;Nachname;Saldo;Status;/);
      const row = lines.find((l) => l.startsWith(`${grazStudent.id};`))!;
      expect(row).toContain(";'=cmd|' /C calc'!A0;");
      expect(row).toContain(';09.04.2011;');
      expect(row).toMatch(/;-?\d+,\d{2};/);
    });

    it('exports as XLSX, and all filtered students without ids; the trainer gets only Graz and no balances', async () => {
      const xlsx = await call('GET', `/api-student/export-sel?format=xlsx&filtered=${encodeURIComponent(JSON.stringify([{ id: 'sid', value: schools.graz }]))}&sorted=${encodeURIComponent(JSON.stringify([{ id: 'ln', desc: false }]))}`, 'office');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as never);
      const sheet = workbook.worksheets[0]!;
      const count = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM students WHERE school_id = $1', [schools.graz]))[0]!.n;
      expect(sheet.rowCount).toBe(count + 1);
      const firstnames = sheet.getColumn(2).values.slice(2);
      expect(firstnames).toContain("'=cmd|' /C calc'!A0");

      const trainer = await call('GET', `/api-student/export-sel?format=csv&ids=${grazStudent.id},${wienStudent.id}`, 'trainer');
      const lines = trainer.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).not.toContain('Saldo');
      expect(lines[1]!.startsWith(`${grazStudent.id};`)).toBe(true);
      const all = await call('GET', '/api-student/export-sel?format=csv', 'trainer');
      expect(all.rawPayload.subarray(3).toString('utf8').trim().split('\r\n')).toHaveLength(count + 1);
    });

    it('answers 400 to bad export input', async () => {
      for (const query of [
        'format=pdf',
        'format=csv&ids=1,abc',
        `format=csv&filtered=${encodeURIComponent('{"id":')}`,
        `format=csv&filtered=${encodeURIComponent(JSON.stringify([{ id: 'password', value: 'x' }]))}`,
        `format=csv&sorted=${encodeURIComponent(JSON.stringify([{ id: 'ln', desc: 'yes' }]))}`,
        'format=csv&ids=1&filtered=[]',
      ]) {
        const res = await call('GET', `/api-student/export-sel?${query}`, 'office');
        expect([query, res.statusCode]).toEqual([query, 400]);
      }
    });
  });
});
