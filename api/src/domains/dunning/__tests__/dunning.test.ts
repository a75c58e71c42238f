import type { Atom, DunningCountsResponse, DunningListResponse, DunningRunResponse } from 'shared-kernel/contracts';
import { pdfText } from '../../../../test/support/pdf-tools.js';
import { startTestSmtp, type TestSmtp } from '../../../../test/support/smtp.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';
import { writeConfigValue } from '../../config/repository.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('dunning runs API on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let schoolA: number;
  let schoolB: number;
  const cookies: Record<string, string> = {};
  const usernames: Record<string, string> = {};
  /** Moves the clock (days later) and signs everybody in again (the sessions would have expired). */
  const later = async (days: number) => {
    t.clock.set(new Date(NOW.getTime() + days * DAY));
    for (const [name, username] of Object.entries(usernames)) cookies[name] = await t.login(username);
  };
  let keyNo = 0;
  let writerId = 0;
  const newKey = () => `dunning-key-${++keyNo}-${Math.random().toString(36).slice(2, 8)}`;

  const call = (method: string, url: string, user: string, payload?: unknown, key?: string): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const list = async (level: number, user = 'fw') => {
    const res = await call('GET', `/api-receipt/dunning?level=${level}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<DunningListResponse>();
  };
  const run = async (level: number, rnos: number[], user = 'fw', key: string | undefined = newKey()) => {
    const res = await call('POST', '/api-receipt/dunning', user, { level, rnos }, key);
    expect(res.statusCode).toBe(200);
    return res.json<DunningRunResponse>();
  };
  const student = async (schoolId: number, p: { fn: string; ln: string; email?: string | null; street?: string | null; salutation?: number }) =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, email, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, $2, $3, $4, $5, 2, $6, '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolId, p.salutation ?? 1, p.fn, p.ln, p.email ?? null, p.street === undefined ? 'Hauptplatz' : p.street],
    ))[0]!.id;
  const receipt = async (studentId: number, due: string, amount: number) =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, text, date_due, amount, tax, created_at)
       SELECT school_id, id, 'IR', 'Monatsbeitrag', $2, $3, 0, $4 FROM students WHERE id = $1 RETURNING rno::text AS rno`,
      [studentId, due, amount, NOW],
    ))[0]!.rno);
  const dunningRows = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM dunnings'))[0]!.n);

  // School A: Maria (mail + address, two receipts due, one not yet), Paul (address only),
  // Nora (mail only, no street), Otto (neither). School B: Berta.
  const s: Record<string, number> = {};
  const r: Record<string, number> = {};

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ backend, clock: createClock(NOW), env: { SMTP_URL: smtp.url } });
    schoolA = await createSchool(t.db, 'Kampfkunst Graz');
    schoolB = await createSchool(t.db, 'Kampfkunst Linz');
    const users: Record<string, { atoms: Atom[]; schools: number[] }> = {
      none: { atoms: ['student_r', 'student_w'], schools: [schoolA] },
      reader: { atoms: ['finance_r'], schools: [schoolA] },
      fw: { atoms: ['finance_r', 'finance_w'], schools: [schoolA] },
      fw2: { atoms: ['finance_r', 'finance_w'], schools: [schoolA] },
      otherSchool: { atoms: ['finance_r', 'finance_w'], schools: [schoolB] },
      both: { atoms: ['finance_r', 'finance_w'], schools: [schoolA, schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) {
      const user = await t.loginAs(spec);
      cookies[name] = user.cookie;
      usernames[name] = user.username;
      if (name === 'fw') {
        writerId = user.id;
        await t.db.query("UPDATE users SET firstname = 'Fritz', lastname = 'Finanz' WHERE id = $1", [user.id]);
        await t.db.transaction((tx) => writeConfigValue(tx, schoolA, 'mail_from', 'Kampfkunst Graz <office@graz.example.test>', user.id));
      }
    }
    s.maria = await student(schoolA, { fn: 'Maria', ln: 'Huber', email: 'maria@example.test' });
    s.paul = await student(schoolA, { fn: 'Paul', ln: 'Gruber', salutation: 2 });
    s.nora = await student(schoolA, { fn: 'Nora', ln: 'Ohnestraße', email: 'nora@example.test', street: null });
    s.otto = await student(schoolA, { fn: 'Otto', ln: 'Nirgends', street: '' });
    s.berta = await student(schoolB, { fn: 'Berta', ln: 'Linz', email: 'berta@example.test' });
    r.maria1 = await receipt(s.maria, '2026-10-01', 4900);
    r.maria2 = await receipt(s.maria, '2026-11-07', 5150);
    r.mariaLater = await receipt(s.maria, '2026-11-15', 4900); // 15.11. + 14 days = 29.11.: not yet
    r.paul = await receipt(s.paul, '2026-09-01', 3000);
    r.nora = await receipt(s.nora, '2026-09-01', 2000);
    r.otto = await receipt(s.otto, '2026-09-01', 1000);
    r.berta = await receipt(s.berta, '2026-09-01', 7000);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses without finance_r / finance_w, bad input with a code, and another school\'s receipts with 404, writing nothing', async () => {
    expect((await call('GET', '/api-receipt/dunning?level=1', 'none')).statusCode).toBe(403);
    expect((await call('GET', '/api-receipt/dunning-counts', 'none')).statusCode).toBe(403);
    expect((await call('POST', '/api-receipt/dunning', 'reader', { level: 1, rnos: [r.paul] }, newKey())).statusCode).toBe(403);
    for (const query of ['level=0', 'level=4', 'level=x', '']) {
      const res = await call('GET', `/api-receipt/dunning?${query}`, 'fw');
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ error: number }>().error).toBe('number');
    }
    const empty = await call('POST', '/api-receipt/dunning', 'fw', { level: 1, rnos: [] }, newKey());
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 100 });
    const tooMany = await call('POST', '/api-receipt/dunning', 'fw', { level: 1, rnos: Array.from({ length: 1001 }, (_, i) => i + 1) }, newKey());
    expect(tooMany.json()).toMatchObject({ error: 101 });
    for (const body of [{ level: 5, rnos: [r.paul] }, { level: 1, rnos: [String(r.paul) + 'x'] }, { level: 1 }, { level: 1, rnos: [1.5] }]) {
      const res = await call('POST', '/api-receipt/dunning', 'fw', body, newKey());
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ error: number }>().error).toBe('number');
    }
    // Another school's receipt, alone or beside an own one: 404, nothing dunned.
    expect((await call('POST', '/api-receipt/dunning', 'fw', { level: 1, rnos: [r.berta] }, newKey())).statusCode).toBe(404);
    expect((await call('POST', '/api-receipt/dunning', 'fw', { level: 1, rnos: [r.paul, r.berta] }, newKey())).statusCode).toBe(404);
    expect((await call('POST', '/api-receipt/dunning', 'otherSchool', { level: 1, rnos: [r.paul] }, newKey())).statusCode).toBe(404);
    expect(await dunningRows()).toBe(0);
  });

  it('lists for level 1 the open receipts due iv_m1_days ago in the user\'s schools only', async () => {
    const level1 = await list(1);
    expect(level1.rows.map((row) => row.rno)).toEqual([r.paul, r.maria1, r.maria2, r.otto, r.nora]); // by last name
    expect(level1.rows.find((row) => row.rno === r.maria1)).toEqual({
      rno: r.maria1, stid: s.maria, fn: 'Maria', ln: 'Huber', sid: schoolA, dc: '2026-11-21', dd: '2026-10-01', a: 4900, o: 4900, cur: 'EUR', dun: 0, dlir: null,
    });
    expect(level1.total).toBe(5);
    expect(level1.sums).toEqual([{ cur: 'EUR', o: 4900 + 5150 + 3000 + 2000 + 1000 }]);
    expect(level1.inactive).toEqual([]);
    expect((await list(2)).rows).toEqual([]);
    expect((await list(1, 'otherSchool')).rows.map((row) => row.rno)).toEqual([r.berta]);
    expect((await list(1, 'both')).total).toBe(6);
    expect((await call('GET', '/api-receipt/dunning-counts', 'fw')).json<DunningCountsResponse>()).toEqual({ counts: { 1: 5, 2: 0, 3: 0 } });
  });

  let firstRun: DunningRunResponse;

  it('duns the selection: one letter per student combining the items, one PDF to print, mails where there is an address, the unreachable reported', async () => {
    smtp.received.length = 0;
    const key = newKey();
    firstRun = await run(1, [r.maria1, r.maria2, r.paul, r.nora, r.otto], 'fw', key);
    expect(firstRun).toEqual({
      success: true,
      run: expect.any(Number),
      dunnings: 3, // Maria (2 items), Paul, Nora; Otto has neither address nor e-mail
      receipts: 4,
      printed: 2, // Maria and Paul; Nora has no street
      mails: 2, // Maria and Nora
      skipped: 1,
      noAddress: [
        { stid: s.otto, name: 'Otto Nirgends', mailed: false },
        { stid: s.nora, name: 'Nora Ohnestraße', mailed: true },
      ].sort((a, b) => a.stid - b.stid),
    });
    const dunnings = await sql<{ student_id: number; dunning_level: number; amount: string; receipt_nos: string[]; mailed_to: string | null; run_id: number; sent: string }>(
      "SELECT student_id, dunning_level, amount::text, receipt_nos::text[] AS receipt_nos, mailed_to, run_id, to_char(sent_at, 'YYYY-MM-DD') AS sent FROM dunnings ORDER BY student_id",
    );
    expect(dunnings).toEqual([
      { student_id: s.maria, dunning_level: 1, amount: '10050', receipt_nos: [String(r.maria1), String(r.maria2)], mailed_to: 'maria@example.test', run_id: firstRun.run, sent: '2026-11-21' },
      { student_id: s.paul, dunning_level: 1, amount: '3000', receipt_nos: [String(r.paul)], mailed_to: null, run_id: firstRun.run, sent: '2026-11-21' },
      { student_id: s.nora, dunning_level: 1, amount: '2000', receipt_nos: [String(r.nora)], mailed_to: 'nora@example.test', run_id: firstRun.run, sent: '2026-11-21' },
    ]);
    // The receipts show the level (the student's finance tab).
    const maria = (await call('GET', `/api-student/receipts?type=1&id=${s.maria}`, 'fw')).json<{ rows: { rno: number; dun: number; dlir: string | null }[] }>();
    expect(maria.rows.filter((row) => row.rno !== r.mariaLater).map((row) => [row.dun, row.dlir])).toEqual([[1, '2026-11-21'], [1, '2026-11-21']]);

    // The PDF: Maria's and Paul's letters with their items and sums, one after the other.
    const pdf = await call('GET', `/api-receipt/dunning-pdf?id=${firstRun.run}`, 'fw');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Maria Huber');
    expect(text).toContain('Sehr geehrte Frau Huber');
    expect(text).toContain(`Rechnung Nr. ${r.maria1}`);
    expect(text).toContain('100,50');
    expect(text).toContain('Paul Gruber');
    expect(text).toContain('Sehr geehrter Herr Gruber');
    expect(text).toContain('30,00');
    expect(text).toContain('1. Mahnung');
    expect(text).not.toContain('Nora');
    expect(text).not.toContain('Otto');
    expect(text.indexOf('Huber')).toBeLessThan(text.indexOf('Gruber'));

    // The mails: Maria and Nora, each with her letter attached, from the school's address.
    await t.app.mailer.idle();
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual(['maria@example.test', 'nora@example.test']);
    const toMaria = mails.find((m) => m.envelope.to[0] === 'maria@example.test')!.mail;
    expect(toMaria.subject).toBe('1. Mahnung');
    expect(toMaria.from?.text).toContain('office@graz.example.test');
    expect(toMaria.text).toContain('100,50');
    expect(toMaria.attachments).toHaveLength(1);
    expect(pdfText(toMaria.attachments[0]!.content)).toContain('Maria Huber');
    expect(pdfText(toMaria.attachments[0]!.content)).not.toContain('Paul');
    const timeline = await sql<{ entity_id: number; subject: string }>("SELECT entity_id, subject FROM sent_mails WHERE entity_type = 'student' ORDER BY entity_id");
    expect(timeline).toEqual([{ entity_id: s.maria, subject: '1. Mahnung' }, { entity_id: s.nora, subject: '1. Mahnung' }]);

    // The same submission again (same key) answers the same run and writes nothing.
    expect(await run(1, [r.maria1, r.maria2, r.paul, r.nora, r.otto], 'fw', key)).toEqual(firstRun);
    expect(await dunningRows()).toBe(3);
    // A new submission of the same items duns nothing twice.
    const again = await run(1, [r.maria1, r.maria2, r.paul, r.nora, r.otto]);
    expect(again).toMatchObject({ run: null, dunnings: 0, receipts: 0, skipped: 5 });
    expect(await dunningRows()).toBe(3);
    await t.app.mailer.idle();
    expect(smtp.received).toHaveLength(2);

    // Level 1 now lists only Otto's; nothing is due at level 2 before 14 days have passed.
    expect((await list(1)).rows.map((row) => row.rno)).toEqual([r.otto]);
    expect((await list(2)).rows).toEqual([]);
  });

  it('keeps the run\'s PDF to the users who see all of its schools', async () => {
    expect((await call('GET', `/api-receipt/dunning-pdf?id=${firstRun.run}`, 'otherSchool')).statusCode).toBe(404);
    expect((await call('GET', `/api-receipt/dunning-pdf?id=${firstRun.run}`, 'both')).statusCode).toBe(200);
    expect((await call('GET', `/api-receipt/dunning-pdf?id=${firstRun.run}`, 'none')).statusCode).toBe(403);
    expect((await call('GET', '/api-receipt/dunning-pdf?id=999999', 'fw')).statusCode).toBe(404);
  });

  it('moves items to level 2 after iv_m2_days and to level 3 (collection) after iv_m3_days; a switched-off level lists nothing', async () => {
    await later(14); // 05.12.2026
    expect((await list(2)).rows.map((row) => row.rno)).toEqual([r.paul, r.maria1, r.maria2, r.nora]);
    expect((await list(1)).rows.map((row) => row.rno)).toEqual([r.mariaLater, r.otto]);
    const second = await run(2, [r.maria1]);
    expect(second).toMatchObject({ dunnings: 1, receipts: 1, printed: 1, mails: 1 });
    const pdf = pdfText((await call('GET', `/api-receipt/dunning-pdf?id=${second.run}`, 'fw')).rawPayload);
    expect(pdf).toContain('2. Mahnung');
    expect(pdf).toContain('49,00');
    expect(pdf).not.toContain(`Rechnung Nr. ${r.maria2}`);
    expect((await list(3)).rows).toEqual([]);
    await later(28);
    expect((await list(3)).rows.map((row) => row.rno)).toEqual([r.maria1]);
    expect((await call('GET', '/api-receipt/dunning-counts', 'fw')).json<DunningCountsResponse>()).toEqual({ counts: { 1: 2, 2: 3, 3: 1 } });
    const collection = await run(3, [r.maria1]);
    const text = pdfText((await call('GET', `/api-receipt/dunning-pdf?id=${collection.run}`, 'fw')).rawPayload);
    expect(text).toContain('Inkasso');
    expect((await list(3)).rows).toEqual([]);
    // Level 3 switched off (0 days) for the school: nothing listed, the school named as inactive.
    await t.db.transaction((tx) => writeConfigValue(tx, schoolA, 'iv_m3_days', 0, writerId));
    await sql('UPDATE receipts SET dunning_level = 2 WHERE rno = $1', [r.maria2]);
    const off = await list(3);
    expect(off.rows).toEqual([]);
    expect(off.inactive).toEqual([schoolA]);
    await t.db.transaction((tx) => writeConfigValue(tx, schoolA, 'iv_m3_days', 14, writerId));
    expect((await list(3)).rows.map((row) => row.rno)).toEqual([r.maria2]);
  });

  it('leaves out a receipt in collection by direct debit (pending or paid), not one whose debit was returned', async () => {
    const kurt = await student(schoolA, { fn: 'Kurt', ln: 'Lastschrift' });
    const debited = await receipt(kurt, '2026-09-01', 4000);
    const [account] = await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank)
       VALUES ($1, 'Giro', 'Kampfkunst Graz', 'AT61ZZZ01234567890', 'AT611904300234573201', 'BKAUATWW', 'Bank Austria') RETURNING id`,
      [schoolA],
    );
    const [sepaRun] = await sql<{ id: number }>(
      `INSERT INTO sepa_runs (school_id, account_id, message_id, year, month, collection_date, pain_version, cnt, amount, creditor_iban, ebics_file_key, fints_file_key)
       VALUES ($1, $2, 'MSG-DUNNING-TEST', 2026, 12, '2026-12-20', 'pain.008.001.08', 1, 4000, 'AT611904300234573201', 'k-ebics-dun', 'k-fints-dun') RETURNING id`,
      [schoolA, account!.id],
    );
    await sql(
      `WITH t AS (INSERT INTO sepa_transactions (run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, debtor_name, debtor_iban)
                  VALUES ($1, $2, $4, 'E2E-DUN-1', 'M-1', '2026-01-01', 'FRST', 4000, 'Kurt Lastschrift', 'AT611904300234573201') RETURNING id)
       INSERT INTO sepa_debits (run_id, school_id, transaction_id, receipt_id, student_id, amount) SELECT $1, $2, t.id, $3, $4, 4000 FROM t`,
      [sepaRun!.id, schoolA, debited, kurt],
    );
    expect((await list(1)).rows.map((row) => row.rno)).not.toContain(debited);
    expect(await run(1, [debited])).toMatchObject({ dunnings: 0, skipped: 1 });
    await sql("UPDATE sepa_debits SET status = 'returned' WHERE receipt_id = $1", [debited]);
    expect((await list(1)).rows.map((row) => row.rno)).toContain(debited);
  });

  it('duns a receipt at a level once, also for two runs at the same moment (database rule)', async () => {
    const before = await dunningRows();
    const [a, b] = await Promise.all([run(2, [r.paul, r.nora], 'fw'), run(2, [r.paul, r.nora], 'fw2')]);
    expect(a.dunnings + b.dunnings).toBe(2);
    expect(a.receipts + b.receipts).toBe(2);
    expect(await dunningRows()).toBe(before + 2);
    const items = await sql<{ n: number }>('SELECT count(*)::int AS n FROM dunning_run_items WHERE rno = ANY ($1::int8[]) AND dunning_level = 2', [[r.paul, r.nora]]);
    expect(items[0]!.n).toBe(2);
    const dunningId = (await sql<{ id: number }>('SELECT id FROM dunnings ORDER BY id LIMIT 1'))[0]!.id;
    await expect(
      t.db.query('INSERT INTO dunning_run_items (school_id, dunning_id, rno, dunning_level) VALUES ($1, $2, $3, 2)', [schoolA, dunningId, r.paul]),
    ).rejects.toThrow(/duplicate key|unique/i);
  });

  it('renders the letters PDF after the commit: a failed render keeps the dunnings, the download renders it again (503 {error: 102} while that fails), then streams the stored file', async () => {
    const ida = await student(schoolA, { fn: 'Ida', ln: 'Ausfall' });
    const rno = await receipt(ida, '2026-09-01', 4200);
    // The file store fails once the transaction has committed (the render's store step).
    const put = jest.spyOn(t.app.files, 'put').mockRejectedValueOnce(new Error('store down'));
    const answer = await run(1, [rno]);
    expect(answer).toMatchObject({ dunnings: 1, receipts: 1, printed: 1 });
    expect(put).toHaveBeenCalledTimes(1);
    expect(await sql('SELECT file_key FROM dunning_runs WHERE id = $1', [answer.run])).toEqual([{ file_key: null }]);
    expect(await sql('SELECT student_id, dunning_level FROM dunnings WHERE run_id = $1', [answer.run])).toEqual([{ student_id: ida, dunning_level: 1 }]);
    // Still failing: a clear answer, nothing recorded.
    put.mockRejectedValueOnce(new Error('store down'));
    const failed = await call('GET', `/api-receipt/dunning-pdf?id=${answer.run}`, 'fw');
    expect([failed.statusCode, failed.json()]).toEqual([503, { error: 102 }]);
    put.mockRestore();
    // The store is back: the download renders the run's letters and keeps them.
    const pdf = await call('GET', `/api-receipt/dunning-pdf?id=${answer.run}`, 'fw');
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Ida Ausfall');
    expect(text).toContain(`Rechnung Nr. ${rno}`);
    expect(text).toContain('42,00');
    const [{ file_key: key }] = await sql<{ file_key: string | null }>('SELECT file_key FROM dunning_runs WHERE id = $1', [answer.run]);
    expect(key).not.toBeNull();
    // Later downloads stream the stored file from the store (never read whole into memory).
    const read = jest.spyOn(t.app.files, 'read');
    const again = await call('GET', `/api-receipt/dunning-pdf?id=${answer.run}`, 'fw');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect(again.headers['content-length']).toBe(String(pdf.rawPayload.length));
    expect(again.headers['content-disposition']).toMatch(/^attachment/);
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
    expect((await sql<{ file_key: string | null }>('SELECT file_key FROM dunning_runs WHERE id = $1', [answer.run]))[0]!.file_key).toBe(key);
  });
});
