import type { Atom, BankAssignResponse, BankMovementData, BankStudentOptions } from 'shared-kernel/contracts';
import { buildCamt } from '../../../../test/support/camt.js';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

describe.each(backends())('bank movements and assignment on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  let accountA: number;
  let accountB: number;
  const IBAN_A = 'AT611904300234573201';
  const cookies: Record<string, string> = {};
  let key = 0;

  const call = (method: string, url: string, user: string, payload?: unknown, idempotencyKey?: string): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) }, payload });
  const newKey = () => `bank-key-${++key}-${Math.random().toString(36).slice(2, 8)}`;
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const upload = (user: string, xml: string) => {
    const body = multipart([{ name: 'file', filename: 'statement.xml', data: xml }]);
    return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const makeStudent = async (schoolId: number, firstname: string, lastname: string) =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, $2, $3, 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolId, firstname, lastname],
    ))[0]!.id;
  const makeContract = async (studentId: number, mandate: string | null, iban: string | null) =>
    (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, tax_percent, pay_interval,
                                      c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow, sepa_mandate_ref, sepa_iban, account_id)
       SELECT school_id, id, 1, 2, '2026-11-01', 4900, 20, 1, 12, 1, 1, 1, $2, $3, $4 FROM students WHERE id = $1 RETURNING id`,
      [studentId, mandate, iban, accountA],
    ))[0]!.id;
  const makeReceipt = async (studentId: number, amount: number) =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, type, amount, date_due, text, currency)
       SELECT school_id, id, 'GT', 1, $2, '2026-11-01', 'Beitrag', 'EUR' FROM students WHERE id = $1 RETURNING rno::text AS rno`,
      [studentId, amount],
    ))[0]!.rno);
  const credit = (ref: string, amount: number, tx: Record<string, unknown>, bookingDate = '2026-11-02') => ({
    amount, credit: true, bookingDate, accountServicerRef: ref, transactions: [tx],
  });

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    schoolA = await createSchool(t.db, 'Assign A');
    schoolB = await createSchool(t.db, 'Assign B');
    // A creditor account (valid creditor id): it receives direct-debit collections (a credit with a mandate reference).
    accountA = (await sql<{ id: number }>(`INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro', 'Dojo', 'DE98ZZZ09999999999', $2, 'BKAUATWW', 'Bank') RETURNING id`, [schoolA, IBAN_A]))[0]!.id;
    accountB = (await sql<{ id: number }>(`INSERT INTO accounts (school_id, name, sepa_name, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro B', 'Dojo', 'DE75512108001245126199', 'BKAUATWW', 'Bank') RETURNING id`, [schoolB]))[0]!.id;
    const users: Record<string, { atoms: Atom[]; schools?: number[] }> = {
      reader: { atoms: ['finance_r'] },
      writer: { atoms: ['finance_r', 'finance_w'] },
      all: { atoms: ['finance_r', 'finance_w', 'finance_d'] },
      otherSchool: { atoms: ['finance_r', 'finance_w', 'finance_d'], schools: [schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs({ atoms: spec.atoms, schools: spec.schools ?? [schoolA] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('manual movement: create, read, change with its version, delete only without a student; another school 404', async () => {
    const form = { account_id: accountA, booking_date: '2026-11-12', amount: 2_500, credit: true, counterparty_name: 'Bar eingezahlt', counterparty_iban: '', mandate_id: null, remittance: 'Kassa' };
    expect((await call('POST', '/api-fin/bam', 'reader', form)).statusCode).toBe(403);
    const created = await call('POST', '/api-fin/bam', 'writer', form, newKey());
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const read = (await call('GET', `/api-fin/bam?id=${id}`, 'reader')).json<BankMovementData>();
    expect(read).toMatchObject({ amount: 2_500, credit: true, currency: 'EUR', counterparty_name: 'Bar eingezahlt', riban: IBAN_A, version: 1, import_id: null });
    const saved = await call('PUT', `/api-fin/bam?id=${id}`, 'writer', { ...form, amount: 2_600, version: 1 });
    expect(saved.json()).toEqual({ success: true, version: 2 });
    expect((await call('PUT', `/api-fin/bam?id=${id}`, 'writer', { ...form, version: 1 })).json()).toEqual({ error: 9 });
    expect((await call('GET', `/api-fin/bam?id=${id}`, 'otherSchool')).statusCode).toBe(404);
    expect((await call('DELETE', `/api-fin/bam?id=${id}`, 'otherSchool')).statusCode).toBe(404);
    expect((await call('POST', '/api-fin/bam', 'otherSchool', form, newKey())).json()).toMatchObject({ error: 4, fields: { account_id: expect.any(String) } });
    expect((await call('DELETE', `/api-fin/bam?id=${id}`, 'writer')).statusCode).toBe(403);
    expect((await call('DELETE', `/api-fin/bam?id=${id}`, 'all')).json()).toEqual({ success: true });
    expect(await sql('SELECT 1 FROM bank_movements WHERE id = $1', [id])).toEqual([]);
  });

  it('suggests by mandate, IBAN, receipt number and name (debits ignored, collective transfers never); applies pr once, also in parallel', async () => {
    const anna = await makeStudent(schoolA, 'Anna', 'Berger');
    const ben = await makeStudent(schoolA, 'Ben', 'Lechner');
    const clara = await makeStudent(schoolA, 'Clara', 'Wagner');
    const dora = await makeStudent(schoolA, 'Dora', 'Fuchs');
    await makeContract(anna, 'MANDATE-ANNA', null);
    await makeContract(ben, null, 'DE89370400440532013000');
    const annaReceipt = await makeReceipt(anna, 4_900);
    const claraReceipt = await makeReceipt(clara, 3_000);
    const doraReceipt = await makeReceipt(dora, 1_000);
    const xml = buildCamt([{
      id: 'ASSIGN-1', iban: IBAN_A,
      entries: [
        credit('A-1', 4_900, { name: 'Eltern Berger', mandateId: 'MANDATE-ANNA', purpose: ['Beitrag'] }, '2026-11-01'),
        credit('A-2', 2_000, { name: 'Lechner', iban: 'DE89370400440532013000', purpose: ['Mitgliedsbeitrag'] }, '2026-11-02'),
        credit('A-3', 3_000, { name: 'Irgendwer', purpose: [`Beleg ${claraReceipt}`] }, '2026-11-03'),
        credit('A-4', 1_500, { name: 'Oma', purpose: ['für Dora Fuchs'] }, '2026-11-04'),
        credit('A-5', 4_000, { name: 'Verein', purpose: [`Belege ${claraReceipt} und ${doraReceipt}`] }, '2026-11-05'),
        { amount: 999, credit: false, bookingDate: '2026-11-01', accountServicerRef: 'A-DEBIT', transactions: [{ name: 'Miete' }] },
      ],
    }]);
    expect((await upload('writer', xml)).statusCode).toBe(200);

    const suggestions = (await call('POST', '/api-fin/blassign', 'reader')).json<BankAssignResponse>();
    const byName = Object.fromEntries(suggestions.rows.map((row) => [row.sname, row]));
    expect(suggestions.rows.every((row) => row.amt > 0)).toBe(true);
    expect(suggestions.rows.map((row) => row.bd)).toEqual([...suggestions.rows.map((row) => row.bd)].sort());
    expect(byName['Eltern Berger']).toMatchObject({ stid: anna, stn: 'Anna Berger', why: 'mandate', op: 'pr', rno: annaReceipt });
    expect(byName.Lechner).toMatchObject({ stid: ben, why: 'iban', op: 'cp', rno: null });
    expect(byName.Irgendwer).toMatchObject({ stid: clara, why: 'receipt', op: 'pr', rno: claraReceipt });
    expect(byName.Oma).toMatchObject({ stid: dora, why: 'name', op: 'cp' });
    expect(byName.Verein).toMatchObject({ stid: null, op: null, collective: true });
    expect(byName.Miete).toBeUndefined();
    expect((await call('POST', '/api-fin/blassign', 'otherSchool')).json()).toEqual({ rows: [], total: 0 });

    // Options for another student of the movement's school; another school's user gets 404.
    const options = (await call('GET', `/api-fin/sa?id=${dora}&bam=${byName.Verein!.id}`, 'reader')).json<BankStudentOptions>();
    expect(options).toMatchObject({ stid: dora, stn: 'Dora Fuchs', receipts: [{ rno: doraReceipt, open: 1_000 }], op: 'cp' });
    expect((await call('GET', `/api-fin/sa?id=${dora}&bam=${byName.Verein!.id}`, 'otherSchool')).statusCode).toBe(404);

    // Apply: two parallel requests with different keys make one payment; the second is 409 {error: 95}.
    const movementId = byName['Eltern Berger']!.id;
    const version = byName['Eltern Berger']!.version;
    expect(version).toBe(1);
    expect((await call('POST', '/api-fin/sa', 'reader', { bamid: movementId, stid: anna, ops: 'pr', version })).statusCode).toBe(403);
    expect((await call('POST', '/api-fin/sa', 'otherSchool', { bamid: movementId, stid: anna, ops: 'pr', version }, newKey())).statusCode).toBe(404);
    const [first, second] = await Promise.all([
      call('POST', '/api-fin/sa', 'writer', { bamid: movementId, stid: anna, ops: 'pr', version }, newKey()),
      call('POST', '/api-fin/sa', 'writer', { bamid: movementId, stid: anna, ops: 'pr', version }, newKey()),
    ]);
    const answers = [first, second].map((res) => res.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    expect([first, second].find((res) => res.statusCode === 409)!.json()).toEqual({ error: 95 });
    const payments = await sql<{ amount: string; payment_method_id: number; account_id: number; assigned: string }>(
      'SELECT amount::text, payment_method_id, account_id, assigned::text FROM payments WHERE student_id = $1', [anna]);
    expect(payments).toEqual([{ amount: '4900', payment_method_id: 2, account_id: accountA, assigned: '4900' }]);
    const [receipt] = await sql<{ paid: string }>('SELECT paid::text FROM receipts WHERE rno = $1', [annaReceipt]);
    expect(receipt!.paid).toBe('4900');
    const [student] = await sql<{ balance: string }>('SELECT balance::text FROM students WHERE id = $1', [anna]);
    expect(student!.balance).toBe('0');
    // Done now: no longer offered, and the list says done with the student.
    expect((await call('POST', '/api-fin/blassign', 'reader')).json<BankAssignResponse>().rows.map((row) => row.id)).not.toContain(movementId);
    expect((await call('GET', `/api-fin/bam?id=${movementId}`, 'reader')).json<BankMovementData>()).toMatchObject({ student_id: anna, student_name: 'Anna Berger' });
    expect((await call('DELETE', `/api-fin/bam?id=${movementId}`, 'all')).json()).toEqual({ error: 95 });

    // The same key again answers the first answer and writes nothing.
    const sameKey = newKey();
    const cp = await call('POST', '/api-fin/sa', 'writer', { bamid: byName.Lechner!.id, stid: ben, ops: 'cp', version: byName.Lechner!.version }, sameKey);
    const repeat = await call('POST', '/api-fin/sa', 'writer', { bamid: byName.Lechner!.id, stid: ben, ops: 'cp', version: byName.Lechner!.version }, sameKey);
    expect(cp.statusCode).toBe(200);
    expect(repeat.json()).toEqual(cp.json());
    expect(await sql('SELECT 1 FROM payments WHERE student_id = $1', [ben])).toHaveLength(1);
    const [income] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM income WHERE student_id = $1', [ben]);
    expect(income!.n).toBe(1);

    // A debit is not assigned; del needs finance_d and removes the movement.
    const [debit] = await sql<{ id: number; version: number }>(`SELECT id, version FROM bank_movements WHERE entry_key = 'r:A-DEBIT'`);
    expect((await call('POST', '/api-fin/sa', 'writer', { bamid: debit!.id, stid: dora, ops: 'cp', version: debit!.version }, newKey())).json()).toEqual({ error: 96 });
    const verein = { bamid: byName.Verein!.id, stid: null, ops: 'del', version: byName.Verein!.version };
    expect((await call('POST', '/api-fin/sa', 'writer', verein, newKey())).statusCode).toBe(403);
    expect((await call('POST', '/api-fin/sa', 'all', verein, newKey())).json()).toEqual({ success: true, payment_id: null, assigned: 0 });
    // A student of another school is refused; nothing written.
    const stranger = await makeStudent(schoolB, 'Eva', 'Fremd');
    expect((await call('POST', '/api-fin/sa', 'writer', { bamid: byName.Oma!.id, stid: stranger, ops: 'cp', version: byName.Oma!.version }, newKey())).statusCode).toBe(400);
    expect(await sql('SELECT 1 FROM payments WHERE student_id = $1', [stranger])).toEqual([]);
    // pr without an open receipt: 409 {error: 99}.
    expect((await call('POST', '/api-fin/sa', 'writer', { bamid: byName.Oma!.id, stid: ben, ops: 'pr', version: byName.Oma!.version }, newKey())).json()).toEqual({ error: 99 });
    expect(accountB).toBeGreaterThan(0);
  });

  it('applies a movement only with the version the list answered: edited meanwhile is 409 {error: 9}, nothing booked; the current version books the new amount', async () => {
    const gina = await makeStudent(schoolA, 'Gina', 'Versioniert');
    const form = { account_id: accountA, booking_date: '2026-10-15', amount: 1_000, credit: true, counterparty_name: 'Versioniert bar', counterparty_iban: '', mandate_id: null, remittance: 'Kassa' };
    const id = (await call('POST', '/api-fin/bam', 'writer', form, newKey())).json<{ id: number }>().id;
    const listed = () => call('POST', '/api-fin/blassign', 'reader').then((res) => res.json<BankAssignResponse>().rows.find((row) => row.id === id)!);
    // User A loads the assignment screen: the row carries the movement's version.
    const seenByA = await listed();
    expect(seenByA).toMatchObject({ amt: 1_000, version: 1 });
    // User B changes the amount of the hand-entered movement meanwhile.
    expect((await call('PUT', `/api-fin/bam?id=${id}`, 'writer', { ...form, amount: 9_000, version: 1 })).json()).toEqual({ success: true, version: 2 });

    // A applies what A saw: refused as stale, nothing booked, the movement as B left it.
    for (const ops of ['cp', 'del'] as const) {
      const stale = await call('POST', '/api-fin/sa', 'all', { bamid: id, stid: ops === 'del' ? null : gina, ops, version: seenByA.version }, newKey());
      expect([stale.statusCode, stale.json()]).toEqual([409, { error: 9 }]);
    }
    expect(await sql('SELECT 1 FROM payments WHERE student_id = $1', [gina])).toEqual([]);
    expect(await sql('SELECT 1 FROM income WHERE student_id = $1', [gina])).toEqual([]);
    expect((await call('GET', `/api-fin/bam?id=${id}`, 'reader')).json<BankMovementData>()).toMatchObject({ amount: 9_000, student_id: null, payment_id: null, version: 2 });
    // Without a version the operation is refused as every versioned write (400), nothing booked.
    expect((await call('POST', '/api-fin/sa', 'writer', { bamid: id, stid: gina, ops: 'cp' }, newKey())).statusCode).toBe(400);
    expect(await sql('SELECT 1 FROM payments WHERE student_id = $1', [gina])).toEqual([]);

    // After the list reloads, A sees the new amount and version and applies it.
    const reloaded = await listed();
    expect(reloaded).toMatchObject({ amt: 9_000, version: 2 });
    const applied = await call('POST', '/api-fin/sa', 'writer', { bamid: id, stid: gina, ops: 'cp', version: reloaded.version }, newKey());
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ success: true, payment_id: expect.any(Number), assigned: 0 });
    expect(await sql<{ amount: string }>('SELECT amount::text FROM payments WHERE student_id = $1', [gina])).toEqual([{ amount: '9000' }]);
    expect((await call('GET', `/api-fin/bam?id=${id}`, 'reader')).json<BankMovementData>()).toMatchObject({ student_id: gina, version: 3 });
  });

  it('an imported movement is not edited (97)', async () => {
    expect((await upload('writer', buildCamt([{ id: 'IMP-1', iban: IBAN_A, entries: [credit('IMP-E1', 100, { name: 'X' })] }]))).statusCode).toBe(200);
    const [movement] = await sql<{ id: number }>(`SELECT id FROM bank_movements WHERE entry_key = 'r:IMP-E1'`);
    const form = { account_id: accountA, booking_date: '2026-11-12', amount: 2_500, credit: true, counterparty_name: 'X', counterparty_iban: '', mandate_id: null, remittance: '', version: 1 };
    expect((await call('PUT', `/api-fin/bam?id=${movement!.id}`, 'writer', form)).json()).toEqual({ error: 97 });
  });
});
