import type { ActivationAnswer } from 'shared-kernel/contracts';
import { insertConclusion } from '../../../../test/support/conclusion-rows.js';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock } from '../../../../test/support/test-app.js';

jest.setTimeout(240_000);

const WRITER_ATOMS = ['conclusion_r', 'conclusion_w', 'conclusion_d', 'student_r', 'student_w'] as const;

describe.each(backends())('conclusion activation and pre-student on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(new Date('2026-11-21T09:30:00Z')),
    users: {
      writer: { atoms: [...WRITER_ATOMS], schools: ['wien', 'graz'] },
      grazWriter: { atoms: [...WRITER_ATOMS], schools: ['graz'] },
      reader: { atoms: ['conclusion_r', 'student_r'], schools: ['wien', 'graz'] },
    },
  });

  const activate = (id: number, body: Record<string, unknown>, user = 'writer') => s.call('PUT', `/api-conclusion/actcon?id=${id}`, user, body);
  const studentsNamed = (lastname: string) => s.sql<{ id: number }>('SELECT id FROM students WHERE lastname = $1', [lastname]);
  /** Everything an activation writes, for "nothing written" checks. */
  const footprint = async (id: number, lastname: string) => ({
    students: (await studentsNamed(lastname)).length,
    contracts: (await s.sql('SELECT id FROM student_contracts WHERE conclusion_id = $1', [id])).length,
    notes: (await s.sql("SELECT n.id FROM student_notes n JOIN students st ON st.id = n.student_id WHERE st.lastname = $1", [lastname])).length,
    conclusion: (await s.sql('SELECT activated_at, student_id, date_withdrawal, version FROM conclusions WHERE id = $1', [id]))[0],
  });

  it('creates the provisional student, the contract from the template with the SEPA mandate, the invoice address and a timeline entry', async () => {
    const c = await insertConclusion(s, s.wien);
    const res = await activate(c.id, { date_withdrawal: '2026-12-15', version: 1 });
    expect(res.statusCode).toBe(200);
    const answer = res.json<ActivationAnswer>();
    expect(answer).toEqual({ success: true, stu: expect.any(Number), scid: expect.any(Number), version: 2, created: true });

    const [student] = await s.sql<Record<string, unknown>>(
      "SELECT school_id, student_status_id, firstname, lastname, to_char(dob, 'YYYY-MM-DD') AS dob, street, zip, city, divisions FROM students WHERE id = $1",
      [answer.stu],
    );
    expect(student).toEqual({
      school_id: s.wien, student_status_id: 1, firstname: 'Lena', lastname: c.lastname, dob: '2014-05-03',
      street: 'Praterstraße', zip: '1020', city: 'Wien', divisions: [1, 3],
    });

    const [template] = await s.sql<Record<string, unknown>>(
      `SELECT t.amount_gross, t.activation_gross, t.pay_interval, t.currency, t.c_interval_start, t.c_cperiod_start, t.c_interval_follow, t.c_cperiod_follow
         FROM conclusions c JOIN contract_templates t ON t.id = c.c_contract_id WHERE c.id = $1`,
      [c.id],
    );
    const [contract] = await s.sql<Record<string, unknown>>(
      `SELECT student_id, school_id, status, payment_method_id, contract_no, account_id, amount_gross, activation_gross, pay_interval, currency,
              c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow,
              to_char(contract_start, 'YYYY-MM-DD') AS contract_start, to_char(due_date, 'YYYY-MM-DD') AS due_date,
              sepa_name, sepa_iban, sepa_bic, sepa_bank, sepa_mandate_ref, to_char(sepa_date_mandate, 'YYYY-MM-DD') AS sepa_date_mandate, sepa_sequence
         FROM student_contracts WHERE id = $1`,
      [answer.scid],
    );
    const [account] = await s.sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND is_main', [s.wien]);
    expect(contract).toEqual({
      ...template,
      student_id: answer.stu, school_id: s.wien, status: 1, payment_method_id: 1, contract_no: c.contractNo, account_id: account!.id,
      contract_start: '2026-12-01', due_date: '2026-12-01',
      sepa_name: expect.stringMatching(/^Markus Zahler/), sepa_iban: 'AT611904300234573201', sepa_bic: 'BKAUATWWXXX',
      sepa_bank: 'UniCredit Bank Austria AG', sepa_mandate_ref: c.mandateRef, sepa_date_mandate: '2026-11-20', sepa_sequence: 'FRST',
    });
    // Money in integer cents, as the template has it.
    expect(Number(contract!.amount_gross)).toBeGreaterThan(0);

    const addresses = await s.sql<Record<string, unknown>>('SELECT type, firstname, lastname, street, zip FROM student_addresses WHERE student_id = $1', [answer.stu]);
    expect(addresses).toEqual([{ type: 2, firstname: 'Markus', lastname: expect.stringMatching(/^Zahler/), street: 'Hauptstraße', zip: '1010' }]);

    const notes = await s.sql<{ type: number; text: string }>('SELECT type, text FROM student_notes WHERE student_id = $1', [answer.stu]);
    expect(notes).toEqual([{ type: 3, text: expect.stringContaining(c.contractNo) }]);
    expect(notes[0]!.text).toContain('01.12.2026');
    expect(notes[0]!.text).toContain('Widerruf zum 15.12.2026');

    const [conclusion] = await s.sql<Record<string, unknown>>(
      "SELECT activated_at IS NOT NULL AS act, student_id, to_char(date_withdrawal, 'YYYY-MM-DD') AS dw, version FROM conclusions WHERE id = $1",
      [c.id],
    );
    expect(conclusion).toEqual({ act: true, student_id: answer.stu, dw: '2026-12-15', version: 2 });

    // The student is there for the student screens (visible through the API).
    const read = await s.call('GET', `/api-student/data?id=${answer.stu}`, 'writer');
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(c.lastname);
  });

  it('an activated conclusion can no longer be edited or deleted (400 {error: 60}), and still reads as activated', async () => {
    const c = await insertConclusion(s, s.wien);
    const read = async () => (await s.call('GET', `/api-conclusion/data?id=${c.id}`, 'writer')).json<{ data: Record<string, unknown> }>().data;
    const { id: _id, po: _po, activated_at: _a, date_withdrawal: _w, student_id: _s, created_at: _c, created_by_name: _n, ...form } = await read();
    const { stu } = (await activate(c.id, { version: 1 })).json<ActivationAnswer>();
    const edit = await s.call('PUT', `/api-conclusion/data?id=${c.id}`, 'writer', { ...form, annotation: 'danach geändert', version: 2 });
    expect([edit.statusCode, edit.json()]).toEqual([400, { error: 60 }]);
    const remove = await s.call('DELETE', `/api-conclusion/data?id=${c.id}`, 'writer');
    expect([remove.statusCode, remove.json()]).toEqual([400, { error: 60 }]);
    const after = await read();
    expect(after).toEqual(expect.objectContaining({ annotation: '', student_id: stu }));
    expect(after.activated_at).toBeTruthy();
    const listed = await s.call('POST', '/api-conclusion/list', 'writer', { page: 0, pageSize: 5, sorted: [], filtered: [{ id: 'ln', value: c.lastname }] });
    expect(listed.json<{ rows: { ccid: number; act: boolean; stu: number | null }[] }>().rows).toEqual([
      expect.objectContaining({ ccid: c.id, act: true, stu }),
    ]);
  });

  it('activating twice makes one student: the second call answers the first result and writes nothing', async () => {
    const c = await insertConclusion(s, s.wien);
    const first = (await activate(c.id, { version: 1 })).json<ActivationAnswer>();
    const before = await footprint(c.id, c.lastname);
    // The version read before the first activation, and the one after it: both the same answer.
    for (const version of [1, 2]) {
      const again = await activate(c.id, { version });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ...first, created: false });
    }
    expect(await footprint(c.id, c.lastname)).toEqual(before);
    expect(before).toEqual(expect.objectContaining({ students: 1, contracts: 1, notes: 1 }));
  });

  it('parallel activations of one conclusion make exactly one student and one contract', async () => {
    const c = await insertConclusion(s, s.wien);
    const answers = await Promise.all(Array.from({ length: 6 }, () => activate(c.id, { version: 1 })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json<ActivationAnswer>());
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.stu)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.scid)).size).toBe(1);
    expect(await footprint(c.id, c.lastname)).toEqual(expect.objectContaining({ students: 1, contracts: 1, notes: 1 }));
  });

  it('is atomic: a mandate reference already used on the account fails the contract insert and leaves no student behind', async () => {
    // A demo contract of Wien's main account holds a mandate reference; the conclusion uses it again.
    const [taken] = await s.sql<{ account_id: number; sepa_mandate_ref: string }>(
      `SELECT sc.account_id, sc.sepa_mandate_ref FROM student_contracts sc JOIN accounts a ON a.id = sc.account_id
        WHERE sc.school_id = $1 AND a.is_main AND sc.sepa_mandate_ref IS NOT NULL ORDER BY sc.id LIMIT 1`,
      [s.wien],
    );
    expect(taken).toBeDefined();
    const c = await insertConclusion(s, s.wien, { account_id: taken!.account_id, sepa_mandate_ref: taken!.sepa_mandate_ref });
    const before = await footprint(c.id, c.lastname);
    const res = await activate(c.id, { date_withdrawal: '2026-12-15', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 61, fields: { sepa_mandate_ref: 'form.invalid' } });
    // The student was inserted before the contract failed: rolled back with everything else.
    expect(await footprint(c.id, c.lastname)).toEqual(before);
    expect(before).toEqual(expect.objectContaining({ students: 0, contracts: 0, notes: 0, conclusion: expect.objectContaining({ activated_at: null, version: 1 }) }));

    // With a free reference the same conclusion activates.
    await s.sql("UPDATE conclusions SET sepa_mandate_ref = sepa_mandate_ref || '-2' WHERE id = $1", [c.id]);
    expect((await activate(c.id, { version: 1 })).statusCode).toBe(200);
    expect(await footprint(c.id, c.lastname)).toEqual(expect.objectContaining({ students: 1, contracts: 1 }));
  });

  it('refuses a stale version (409 {error: 9}), a bad withdrawal date (400) and a template of another school (400 {error: 68}), writing nothing', async () => {
    const c = await insertConclusion(s, s.wien);
    await s.sql('UPDATE conclusions SET version = 3 WHERE id = $1', [c.id]);
    const stale = await activate(c.id, { version: 2 });
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: 9 }]);
    const bad = await activate(c.id, { date_withdrawal: '2026-02-30', version: 3 });
    expect(bad.statusCode).toBe(400);
    const missingVersion = await activate(c.id, {});
    expect(missingVersion.statusCode).toBe(400);

    const [grazTemplate] = await s.sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 LIMIT 1', [s.graz]);
    const other = await insertConclusion(s, s.wien, { c_contract_id: grazTemplate!.id });
    const gone = await activate(other.id, { version: 1 });
    expect([gone.statusCode, gone.json()]).toEqual([400, { error: 68 }]);
    for (const x of [c, other]) expect(await footprint(x.id, x.lastname)).toEqual(expect.objectContaining({ students: 0, contracts: 0, notes: 0 }));
  });

  it('a conclusion opened for a student adds the contract to that student and makes no new one', async () => {
    const [student] = await s.sql<{ id: number; lastname: string }>('SELECT id, lastname FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]);
    const c = await insertConclusion(s, s.wien, { student_id: student!.id });
    const students = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM students'))[0]!.n;
    const before = await students();
    const res = await activate(c.id, { version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json<ActivationAnswer>()).toEqual(expect.objectContaining({ stu: student!.id, created: true }));
    expect(await students()).toBe(before);
    const contracts = await s.sql<{ student_id: number; contract_no: string }>('SELECT student_id, contract_no FROM student_contracts WHERE conclusion_id = $1', [c.id]);
    expect(contracts).toEqual([{ student_id: student!.id, contract_no: c.contractNo }]);
    const notes = await s.sql<{ text: string }>('SELECT text FROM student_notes WHERE student_id = $1', [student!.id]);
    expect(notes.map((n) => n.text)).toEqual(expect.arrayContaining([expect.stringContaining(c.contractNo)]));
  });

  it('a user without conclusion_w (403) and a user of another school (404) cannot activate', async () => {
    const c = await insertConclusion(s, s.wien);
    const reader = await activate(c.id, { version: 1 }, 'reader');
    expect(reader.statusCode).toBe(403);
    const graz = await activate(c.id, { version: 1 }, 'grazWriter');
    expect(graz.statusCode).toBe(404);
    expect(await footprint(c.id, c.lastname)).toEqual(expect.objectContaining({ students: 0, contracts: 0, conclusion: expect.objectContaining({ activated_at: null, version: 1 }) }));
  });

  it('pre-student: only for an activated conclusion with a student and no membership number; recorded once in the network outbox', async () => {
    const c = await insertConclusion(s, s.wien);
    const prestud = (user = 'writer') => s.call('PUT', `/api-conclusion/prestud?id=${c.id}`, user);
    const early = await prestud();
    expect([early.statusCode, early.json()]).toEqual([400, { error: 66 }]);

    const { stu } = (await activate(c.id, { version: 1 })).json<ActivationAnswer>();
    expect((await prestud('reader')).statusCode).toBe(403);
    expect((await prestud('grazWriter')).statusCode).toBe(404);

    const first = await prestud();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, id: expect.any(Number), created: true });
    const [request] = await s.sql<{ kind: string; student_id: number; status: number; payload: Record<string, unknown> }>(
      'SELECT kind, student_id, status, payload FROM network_requests WHERE conclusion_id = $1',
      [c.id],
    );
    expect(request).toEqual({
      kind: 'pre_student', student_id: stu, status: 1,
      payload: expect.objectContaining({ firstname: 'Lena', lastname: c.lastname, birthdate: '2014-05-03', products: [1, 3] }),
    });
    const [flag] = await s.sql<{ network_flag: boolean }>('SELECT network_flag FROM students WHERE id = $1', [stu]);
    expect(flag!.network_flag).toBe(true);

    const again = await prestud();
    expect(again.json()).toEqual({ success: true, id: first.json<{ id: number }>().id, created: false });
    expect(await s.sql('SELECT id FROM network_requests WHERE student_id = $1', [stu])).toHaveLength(1);

    // A student who has a membership number is a member already: no pre-student.
    const member = await insertConclusion(s, s.wien);
    const { stu: memberId } = (await activate(member.id, { version: 1 })).json<ActivationAnswer>();
    await s.sql("UPDATE students SET mno = 'AT-990001' WHERE id = $1", [memberId]);
    const refused = await s.call('PUT', `/api-conclusion/prestud?id=${member.id}`, 'writer');
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 66 }]);
  });
});
