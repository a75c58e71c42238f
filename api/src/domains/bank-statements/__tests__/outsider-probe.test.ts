import { randomBytes } from 'node:crypto';
import type { Atom, BankImportDetail } from 'shared-kernel/contracts';
import { buildCamt } from '../../../../test/support/camt.js';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';
import { zipArchive } from '../../../../test/support/zip.js';

jest.setTimeout(180_000);

/**
 * The bank-statement routes as an outsider attacks them (issue 14): crafted statements and
 * archives, a file mixing two schools, amounts and references beyond every limit, applying
 * what cannot be paid. Each probe says what a client must see: 400 with a code (never 500)
 * and nothing written. (Another school's user, atoms and odd ids: camt-import.test.ts,
 * assignment.test.ts, test/authorization-matrix.test.ts and test/bad-input.test.ts.)
 */
describe.each(backends())('bank statements probed from outside on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  const IBAN_A = 'AT611904300234573201';
  const IBAN_B = 'DE75512108001245126199';
  const cookies: Record<string, string> = {};
  let key = 0;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const count = async (table: string) => Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const counts = async () => [await count('bank_movements'), await count('bank_imports'), await count('payments')];
  const newKey = () => `probe-${++key}-${Math.random().toString(36).slice(2, 8)}`;
  const call = (method: string, url: string, user: string, payload?: unknown): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...(method === 'POST' ? { 'idempotency-key': newKey() } : {}) }, payload: payload as object });
  const upload = (user: string, filename: string, data: Buffer | string): Promise<TestResponse> => {
    const body = multipart([{ name: 'file', filename, data }]);
    return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const answer = (res: TestResponse) => [res.statusCode, res.json()];
  const makeAccount = async (schoolId: number, iban: string) =>
    (await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro', 'Dojo', 'DE98ZZZ09999999999', $2, 'BKAUATWW', 'Bank') RETURNING id`,
      [schoolId, iban],
    ))[0]!.id;
  const statement = (id: string, entry: { amount: number; bookingDate?: string; valueDate?: string; ref?: string }, iban = IBAN_A) =>
    buildCamt([{ id, iban, entries: [{ amount: entry.amount, credit: true, bookingDate: entry.bookingDate ?? '2026-11-02', valueDate: entry.valueDate, accountServicerRef: entry.ref ?? `${id}-E1`, transactions: [{ name: `Sender ${id}` }] }] }]);

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    schoolA = await createSchool(t.db, 'Probe A');
    schoolB = await createSchool(t.db, 'Probe B');
    await makeAccount(schoolA, IBAN_A);
    await makeAccount(schoolB, IBAN_B);
    const users: Record<string, { atoms: Atom[]; schools: number[] }> = {
      writerA: { atoms: ['finance_r', 'finance_w', 'finance_d'], schools: [schoolA] },
      both: { atoms: ['finance_r', 'finance_w', 'finance_d'], schools: [schoolA, schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs(spec)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a booking or value date that is no calendar day (2026-02-30, month 13, year 0) is 1000, never 500, and writes nothing', async () => {
    const before = await counts();
    const cases: { bookingDate: string; valueDate?: string }[] = [
      { bookingDate: '2026-02-30' },
      { bookingDate: '2026-13-01' },
      { bookingDate: '0000-01-01' },
      { bookingDate: '2026-11-02', valueDate: '2026-04-31' },
    ];
    for (const [n, dates] of cases.entries()) {
      const res = await upload('writerA', 'dates.xml', statement(`DATE-${n}`, { amount: 100, ...dates }));
      expect([n, ...answer(res)]).toEqual([n, 400, { error: 1000 }]);
    }
    expect(await counts()).toEqual(before);
  });

  it('a text with a character the database cannot store (a NUL or lone surrogate by reference) is refused, never 500', async () => {
    const before = await counts();
    for (const reference of ['&#0;', '&#xD800;']) {
      const xml = statement('CHAR-1', { amount: 100 }).replace('<Nm>Sender CHAR-1</Nm>', `<Nm>Sender${reference}</Nm>`);
      const res = await upload('writerA', 'chars.xml', xml);
      expect(res.statusCode).toBe(400);
      expect([1000, 1001]).toContain(res.json<{ error: number }>().error);
    }
    expect(await counts()).toEqual(before);
  });

  it('a file with statements of two schools (a user of both) is refused: one import belongs to one school', async () => {
    const before = await counts();
    const xml = buildCamt([
      { id: 'TWO-A', iban: IBAN_A, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-03', accountServicerRef: 'TWO-A-1' }] },
      { id: 'TWO-B', iban: IBAN_B, entries: [{ amount: 200, credit: true, bookingDate: '2026-11-03', accountServicerRef: 'TWO-B-1' }] },
    ]);
    expect(answer(await upload('both', 'two.xml', xml))).toEqual([400, { error: 103, fields: { iban: IBAN_B } }]);
    expect(await counts()).toEqual(before);
    // Each school's statement on its own imports.
    expect((await upload('both', 'a.xml', buildCamt([{ id: 'TWO-A', iban: IBAN_A, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-03', accountServicerRef: 'TWO-A-1' }] }]))).statusCode).toBe(200);
  });

  it('a statement without entries (a day without movements) imports for its balances; the same file again is 1002', async () => {
    const xml = buildCamt([{ id: 'EMPTY-1', iban: IBAN_A, from: '2026-11-03', to: '2026-11-03', opening: 12_345, closing: 12_345, entries: [] }]);
    const movementsBefore = await count('bank_movements');
    const res = await upload('writerA', 'leer.xml', xml);
    expect(res.statusCode).toBe(200);
    const detail = res.json<BankImportDetail>();
    expect([detail.imported, detail.skipped, detail.statements.map((s) => [s.id, s.opening, s.closing])]).toEqual([0, 0, [['EMPTY-1', 12_345, 12_345]]]);
    expect(await count('bank_movements')).toBe(movementsBefore);
    expect(answer(await upload('writerA', 'leer.xml', xml))).toEqual([400, { error: 1002 }]);
  });

  it('UTF-16 is 1001; a UTF-8 BOM imports; amounts beyond cents, signed, of 20 digits or without a currency are 1000', async () => {
    const xml = statement('ENC-1', { amount: 100 });
    expect(answer(await upload('writerA', 'utf16.xml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace('UTF-8', 'UTF-16'), 'utf16le')])))).toEqual([400, { error: 1001 }]);
    expect((await upload('writerA', 'bom.xml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]))).statusCode).toBe(200);
    const before = await counts();
    for (const amount of ['-1.00', '1.005', '12345678901234567890.00', '1e3', '0x10', '１２.00', '']) {
      const bad = statement('AMT-1', { amount: 100 }).replace('>1.00</Amt>', `>${amount}</Amt>`);
      expect([amount, ...answer(await upload('writerA', 'amount.xml', bad))]).toEqual([amount, 400, { error: 1000 }]);
    }
    const noCurrency = statement('CCY-1', { amount: 100 }).replace(' Ccy="EUR"', '').replace('<Ccy>EUR</Ccy>', '');
    expect(answer(await upload('writerA', 'ccy.xml', noCurrency))).toEqual([400, { error: 1000 }]);
    expect(await counts()).toEqual(before);
  });

  it('archives: nested zip, path names, non-XML only, too many entries, empty; a 0-byte file; over the size limit — all 400, nothing written', async () => {
    const before = await counts();
    const inner = zipArchive([{ name: 'inner.xml', data: statement('NEST-1', { amount: 100 }) }]);
    expect(answer(await upload('writerA', 'nested.zip', zipArchive([{ name: 'inner.zip', data: inner }])))).toEqual([400, { error: 1000 }]);
    expect(answer(await upload('writerA', 'notxml.zip', zipArchive([{ name: 'a.xml', data: 'Hallo' }])))).toEqual([400, { error: 1001 }]);
    expect(answer(await upload('writerA', 'many.zip', zipArchive(Array.from({ length: 201 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })))))).toEqual([400, { error: 98 }]);
    expect((await upload('writerA', 'empty.zip', Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]))).statusCode).toBe(400);
    expect((await upload('writerA', 'empty.xml', Buffer.alloc(0))).statusCode).toBe(400);
    const huge = await upload('writerA', 'huge.xml', Buffer.alloc(21 * 1024 * 1024, 0x41));
    expect(huge.statusCode).toBe(400);
    const traversal = await upload('writerA', '../../etc/passwd.zip', zipArchive([{ name: '../../../tmp/x.xml', data: statement('PATH-1', { amount: 100, ref: 'PATH-E1' }) }]));
    expect(traversal.statusCode).toBe(200);
    expect(traversal.json<BankImportDetail>().imported).toBe(1);
    expect((await counts())[0]).toBe(before[0]! + 1);
  });

  it('an amount or charges above the product\'s money limit (10 M EUR) is 1000, so no such payment is ever booked', async () => {
    const before = await counts();
    const big = statement('BIG-1', { amount: 100 }).replace('>1.00</Amt>', '>9999999999999.99</Amt>');
    expect(answer(await upload('writerA', 'big.xml', big))).toEqual([400, { error: 1000 }]);
    const charges = statement('CHRG-1', { amount: 100 }).replace('<RltdPties>', '<Chrgs><Amt Ccy="EUR">10000000.01</Amt></Chrgs><RltdPties>');
    expect(answer(await upload('writerA', 'charges.xml', charges))).toEqual([400, { error: 1000 }]);
    expect(await counts()).toEqual(before);
    const limit = statement('BIG-2', { amount: 100 }).replace('>1.00</Amt>', '>10000000.00</Amt>');
    expect((await upload('writerA', 'limit.xml', limit)).statusCode).toBe(200);
  });

  it('bamops: a USD credit is not paid (86), a receipt of another student is 404; nothing written', async () => {
    const makeStudent = async (name: string) => (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, $2, 'Probe', 2, 'Gasse', '1', '8010', 'Graz', 'at') RETURNING id`, [schoolA, name]))[0]!.id;
    const anna = await makeStudent('Anna');
    const ben = await makeStudent('Ben');
    const [receipt] = await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, type, amount, date_due, text, currency) VALUES ($1, $2, 'GT', 1, 1000, '2026-11-01', 'B', 'EUR') RETURNING rno::text AS rno`, [schoolA, ben]);
    // A USD account of the school (a statement in USD is refused on an EUR account: 105).
    const IBAN_USD = 'DE44500105175407324931';
    await sql(`INSERT INTO accounts (school_id, name, sepa_name, sepa_iban, sepa_bic, sepa_bank, currency) VALUES ($1, 'Dollar', 'Dojo', $2, 'BKAUATWW', 'Bank', 'USD')`, [schoolA, IBAN_USD]);
    const usd = buildCamt([{ id: 'USD-1', iban: IBAN_USD, currency: 'USD', entries: [{ amount: 500, credit: true, bookingDate: '2026-11-02', accountServicerRef: 'USD-E1' }] }]);
    expect((await upload('writerA', 'usd.xml', usd)).statusCode).toBe(200);
    expect((await upload('writerA', 'small.xml', statement('SMALL-1', { amount: 300 }))).statusCode).toBe(200);
    const id = async (ref: string) => (await sql<{ id: number }>('SELECT id FROM bank_movements WHERE entry_key = $1', [`r:${ref}`]))[0]!.id;
    const before = await counts();
    // Freshly imported movements: version 1, as /api-fin/blassign answers it.
    expect(answer(await call('POST', '/api-fin/sa', 'writerA', { bamid: await id('USD-E1'), stid: anna, ops: 'cp', version: 1 }))).toEqual([400, { error: 86 }]);
    const other = await call('POST', '/api-fin/sa', 'writerA', { bamid: await id('SMALL-1-E1'), stid: anna, ops: 'pr', rno: Number(receipt!.rno), version: 1 });
    expect(other.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await sql('SELECT 1 FROM bank_movements WHERE student_id IS NOT NULL AND id = $1', [await id('SMALL-1-E1')])).toEqual([]);
  });

  it('a bank reference longer than the database indexes imports once (was 500); an account id over 34 characters is 1000, not echoed', async () => {
    const ref = randomBytes(6000).toString('base64');
    const res = await upload('writerA', 'ref.xml', statement('REF-1', { amount: 100, ref }));
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 1, skipped: 0 });
    // The same entry in another file (another statement id) is known: nothing new, 1002.
    expect(answer(await upload('writerA', 'ref-again.xml', statement('REF-2', { amount: 100, ref })))).toEqual([400, { error: 1002 }]);
    const before = await counts();
    const longIban = buildCamt([{ id: 'IBAN-1', iban: `${IBAN_A}${'X'.repeat(100_000)}`, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-02' }] }]);
    expect(answer(await upload('writerA', 'iban.xml', longIban))).toEqual([400, { error: 1000 }]);
    expect(await counts()).toEqual(before);
  });
});
