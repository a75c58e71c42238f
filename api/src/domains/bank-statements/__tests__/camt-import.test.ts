import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Atom, BankImportDetail, BankMovementRow, PagedListResponse } from 'shared-kernel/contracts';
import { buildCamt } from '../../../../test/support/camt.js';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';
import { zipArchive } from '../../../../test/support/zip.js';

jest.setTimeout(180_000);

const SAMPLES = join(__dirname, '../../../../test/fixtures/sepa/samples');
const sample = (path: string) => readFileSync(join(SAMPLES, path));

/**
 * The public CAMT samples of api/test/fixtures/sepa/samples (a copy of the office's ../shared/fixtures/sepa) with what they hold (counted by
 * hand from the files): movements and their signed sum in cents, per sample.
 */
const PUBLIC_SAMPLES = [
  // One credit of 8.85 EUR (a single transaction in NtryDtls).
  { path: 'camt053/genkgo-camt053.v2.minimal.xml', iban: 'NL26VAYB8060476890', count: 1, sum: 885, statements: 1, opening: 1815, closing: -2700 },
  // Two statements: a credit of 8.85, a debit of 7.00.
  { path: 'camt053/genkgo-camt053.v2.multi.statement.xml', iban: 'NL26VAYB8060476890', count: 2, sum: 885 - 700, statements: 2, opening: 1815, closing: 2000 },
  // Version .001.08: one credit of 8.85 (its transaction states 0 SEK: the entry's amount counts).
  { path: 'camt053/genkgo-camt053.v8.xml', iban: 'NL26VAYB8060476890', count: 1, sum: 885, statements: 1, opening: 1815, closing: -2700 },
  // camt.054 on an account named by Othr/Id: a debit of 200000 SEK with three transactions
  // that carry no amounts of their own (so it stays one movement).
  // The account is kept in SEK (into an EUR account it is refused: 105).
  { path: 'camt054/genkgo-camt054.v2.xml', iban: 'CH2801234000123456789', count: 1, sum: -20_000_000, statements: 1, opening: null, closing: null, currency: 'SEK' },
];

describe.each(backends())('bank statement import on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  let accountA: number;
  const IBAN_A = 'AT611904300234573201';
  const cookies: Record<string, string> = {};

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const count = async (table: string) => Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const upload = (user: string, filename: string, data: Buffer | string): Promise<TestResponse> => {
    const body = multipart([{ name: 'file', filename, data }]);
    return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const list = async (user: string, filtered: unknown[] = []) =>
    (await t.request({ method: 'POST', url: '/api-fin/bl', headers: { cookie: cookies[user]! }, payload: { page: 0, pageSize: 100, sorted: [], filtered } })).json<PagedListResponse<BankMovementRow>>();
  /** An account; `ci` its creditor id (null: none, as for an account that never collects). */
  const makeAccount = async (schoolId: number, iban: string, name = 'Giro', ci: string | null = 'DE98ZZZ09999999999', currency = 'EUR') =>
    (await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, currency) VALUES ($1, $2, 'Dojo', $4, $3, 'BKAUATWW', 'Bank', $5) RETURNING id`,
      [schoolId, name, iban, ci, currency],
    ))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    schoolA = await createSchool(t.db, 'Bank A');
    schoolB = await createSchool(t.db, 'Bank B');
    accountA = await makeAccount(schoolA, IBAN_A);
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

  it.each(PUBLIC_SAMPLES)('imports the public sample $path with the right count and sum; again it is 1002 and writes nothing', async (s) => {
    // Each sample in a school of its own: the samples share an IBAN and entries.
    const school = await createSchool(t.db, `Sample ${s.path}`);
    if (s.currency) {
      // Into an account of another currency the statement is refused, nothing written.
      const eurSchool = await createSchool(t.db, `EUR ${s.path}`);
      await makeAccount(eurSchool, s.iban, 'EUR account');
      cookies[`eur-${s.path}`] = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [eurSchool] })).cookie;
      const before = [await count('bank_movements'), await count('bank_imports')];
      const refused = await upload(`eur-${s.path}`, 'foreign.xml', sample(s.path));
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: 105, fields: { iban: s.iban, currency: s.currency, account_currency: 'EUR' } }]);
      expect([await count('bank_movements'), await count('bank_imports')]).toEqual(before);
    }
    await makeAccount(school, s.iban, 'Sample account', 'DE98ZZZ09999999999', s.currency ?? 'EUR');
    const user = `sample-${s.path}`;
    cookies[user] = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school] })).cookie;

    const res = await upload(user, s.path.split('/')[1]!, sample(s.path));
    expect(res.statusCode).toBe(200);
    const detail = res.json<BankImportDetail>();
    expect(detail).toMatchObject({ imported: s.count, skipped: 0, school_id: school });
    expect(detail.statements).toHaveLength(s.statements);
    expect(detail.statements[0]).toMatchObject({ iban: s.iban, opening: s.opening });
    expect(detail.statements.at(-1)!.closing).toBe(s.closing);
    const rows = (await list(user)).rows;
    expect(rows).toHaveLength(s.count);
    expect(rows.reduce((sum, row) => sum + row.amt, 0)).toBe(s.sum);

    const movements = await count('bank_movements');
    const imports = await count('bank_imports');
    const again = await upload(user, 'again.xml', sample(s.path));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 1002 });
    expect(await count('bank_movements')).toBe(movements);
    expect(await count('bank_imports')).toBe(imports);
    // The detail is the school's: another school's user gets 404.
    expect((await t.request({ method: 'GET', url: `/api-fin/bamimport?id=${detail.id}`, headers: { cookie: cookies.otherSchool! } })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api-fin/bamimport?id=${detail.id}`, headers: { cookie: cookies[user]! } })).json<BankImportDetail>()).toEqual(detail);
  });

  it('reads the fields of a movement: counterparty, mandate, end-to-end id, purpose with entities unescaped, bank code, charges', async () => {
    const xml = buildCamt([{
      id: 'FIELDS-1', iban: IBAN_A, opening: 10_000, closing: 14_900,
      entries: [{
        amount: 4_900, credit: true, bookingDate: '2026-11-03', valueDate: '2026-11-04', accountServicerRef: 'REF-FIELDS-1',
        transactions: [{ name: 'Müller & Söhne <GmbH>', iban: 'DE89370400440532013000', endToEndId: 'E2E-1', mandateId: 'MANDATE-7',
          purpose: ['Beitrag November', 'Anna Müller &#228;'], charges: 35 }],
      }],
    }]);
    const res = await upload('writer', 'fields.xml', xml.replace('Anna Müller &amp;#228;', 'Anna M&#252;ller &amp; Co'));
    expect(res.statusCode).toBe(200);
    const [movement] = await sql<Record<string, unknown>>(`SELECT * FROM bank_movements WHERE entry_key = 'r:REF-FIELDS-1'`);
    expect(movement).toMatchObject({
      counterparty_name: 'Müller & Söhne <GmbH>', counterparty_iban: 'DE89370400440532013000', mandate_id: 'MANDATE-7', end_to_end_id: 'E2E-1',
      remittance: 'Beitrag November Anna Müller & Co', bank_tx_code: 'PMNT/RCDT/ESCT', credit: true, school_id: schoolA, account_id: accountA,
    });
    expect(Number(movement!.amount)).toBe(4_900);
    expect(Number(movement!.charges)).toBe(35);
  });

  it('splits a batch booking into its transactions; a file with new and known entries imports the new ones', async () => {
    const batch = {
      amount: 3_000, credit: true, bookingDate: '2026-11-05', accountServicerRef: 'BATCH-1',
      transactions: [{ amount: 1_000, name: 'Eins', purpose: ['eins'] }, { amount: 2_000, name: 'Zwei', purpose: ['zwei'] }],
    };
    const first = await upload('writer', 'batch.xml', buildCamt([{ id: 'BATCH-STMT-1', iban: IBAN_A, entries: [batch] }]));
    expect(first.statusCode).toBe(200);
    expect(first.json<BankImportDetail>()).toMatchObject({ imported: 2, skipped: 0 });
    const rows = (await list('writer', [{ id: 'sname', value: 'Eins' }])).rows;
    expect(rows.map((row) => [row.sname, row.amt])).toEqual([['Eins', 1_000]]);

    const newEntry = { amount: 500, credit: true, bookingDate: '2026-11-06', accountServicerRef: 'NEW-1', transactions: [{ name: 'Neu' }] };
    const second = await upload('writer', 'overlap.xml', buildCamt([{ id: 'BATCH-STMT-2', iban: IBAN_A, entries: [batch, newEntry] }], { kind: '054', version: '08' }));
    expect(second.statusCode).toBe(200);
    expect(second.json<BankImportDetail>()).toMatchObject({ imported: 1, skipped: 2 });
  });

  it('two uploads at once, of one file or of two files with the same entries (camt.054 and camt.053), write every entry once', async () => {
    const entries = [1, 2, 3].map((i) => ({ amount: 100 * i, credit: true, bookingDate: '2026-11-07', accountServicerRef: `PAR-${i}`, transactions: [{ name: `Parallel ${i}` }] }));
    const before = await count('bank_movements');
    const same = buildCamt([{ id: 'PAR-STMT-1', iban: IBAN_A, entries }]);
    const twice = await Promise.all([upload('writer', 'a.xml', same), upload('writer', 'b.xml', same)]);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(twice.find((res) => res.statusCode === 400)!.json()).toEqual({ error: 1002 });
    expect(await count('bank_movements')).toBe(before + 3);

    const more = [4, 5].map((i) => ({ amount: 100 * i, credit: true, bookingDate: '2026-11-08', accountServicerRef: `PAR-${i}`, transactions: [{ name: `Parallel ${i}` }] }));
    const both = await Promise.all([
      upload('writer', 'n.xml', buildCamt([{ id: 'PAR-STMT-2', iban: IBAN_A, entries: more }], { kind: '054', version: '08' })),
      upload('writer', 's.xml', buildCamt([{ id: 'PAR-STMT-3', iban: IBAN_A, entries: more }], { kind: '053', version: '02' })),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((res) => res.statusCode === 200)!.json<BankImportDetail>()).toMatchObject({ imported: 2, skipped: 0 });
    expect(await count('bank_movements')).toBe(before + 5);
    expect((await list('writer', [{ id: 'sname', value: 'Parallel' }])).rows).toHaveLength(5);
  });

  it('imports a zip with two statements; refuses a zip bomb (98) having inflated at most the budget', async () => {
    const one = buildCamt([{ id: 'ZIP-1', iban: IBAN_A, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-07', accountServicerRef: 'ZIP-E1' }] }]);
    const two = buildCamt([{ id: 'ZIP-2', iban: IBAN_A, entries: [{ amount: 200, credit: false, bookingDate: '2026-11-08', accountServicerRef: 'ZIP-E2' }] }], { kind: '054' });
    const res = await upload('writer', 'day.zip', zipArchive([{ name: 'camt053.xml', data: one }, { name: 'camt054.xml', data: two }, { name: 'readme.txt', data: 'x' }]));
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 2, statements: [{ id: 'ZIP-1' }, { id: 'ZIP-2' }] });

    const started = Date.now();
    const bomb = zipArchive([{ name: 'bomb.xml', data: Buffer.alloc(200 * 1024 * 1024, 0x20) }]);
    const refused = await upload('writer', 'bomb.zip', bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 98 });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('refuses a direct-debit collection (a credit with a mandate) to an account without a valid creditor id (1004) and writes nothing; the school\'s own debits with a mandate import', async () => {
    const IBAN_PLAIN = 'AT483200000012345864';
    await makeAccount(schoolA, IBAN_PLAIN, 'Kassa-Konto', 'DE00ZZZ00000000000');
    const before = await count('bank_movements');
    const imports = await count('bank_imports');
    const collection = buildCamt([{
      id: 'NOCI-1', iban: IBAN_PLAIN,
      entries: [
        { amount: 1_000, credit: true, bookingDate: '2026-11-10', accountServicerRef: 'NOCI-T', transactions: [{ name: 'Überweiser', purpose: ['Spende'] }] },
        { amount: 4_900, credit: true, bookingDate: '2026-11-10', accountServicerRef: 'NOCI-C', transactions: [{ name: 'Eltern', mandateId: 'M-1', endToEndId: 'E-1' }] },
      ],
    }]);
    const refused = await upload('writer', 'noci.xml', collection);
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 1004, fields: { iban: IBAN_PLAIN } }]);
    expect([await count('bank_movements'), await count('bank_imports')]).toEqual([before, imports]);

    const ownBill = buildCamt([{
      id: 'NOCI-2', iban: IBAN_PLAIN,
      entries: [{ amount: 8_000, credit: false, bookingDate: '2026-11-11', accountServicerRef: 'NOCI-D', transactions: [{ name: 'Stadtwerke', mandateId: 'STROM-1', endToEndId: 'E-2' }] }],
    }]);
    const imported = await upload('writer', 'bill.xml', ownBill);
    expect(imported.statusCode).toBe(200);
    expect(imported.json<BankImportDetail>()).toMatchObject({ imported: 1 });
  });

  it('refuses truncated (1000), non-XML (1001), unknown account (1003 naming the IBAN), an XML bomb and an external entity (1000) without expansion', async () => {
    const before = await count('bank_movements');
    const xml = buildCamt([{ id: 'BAD-1', iban: IBAN_A, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-09' }] }]);
    const truncated = await upload('writer', 'cut.xml', xml.slice(0, xml.length / 2));
    expect([truncated.statusCode, truncated.json()]).toEqual([400, { error: 1000 }]);
    const notXml = await upload('writer', 'statement.xml', 'Buchungsdatum;Betrag\n01.11.2026;12,00\n');
    expect([notXml.statusCode, notXml.json()]).toEqual([400, { error: 1001 }]);
    const pdf = await upload('writer', 'statement.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.json()).toEqual({ error: 1001 });
    const unknown = await upload('writer', 'other.xml', buildCamt([{ id: 'U-1', iban: 'DE02120300000000202051', entries: [{ amount: 100, credit: true, bookingDate: '2026-11-09' }] }]));
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { error: 1003, fields: { iban: 'DE02120300000000202051' } }]);
    // Another school's account is not this user's either.
    await makeAccount(schoolB, 'DE75512108001245126199');
    const foreign = await upload('writer', 'foreign.xml', buildCamt([{ id: 'F-1', iban: 'DE75512108001245126199', entries: [{ amount: 100, credit: true, bookingDate: '2026-11-09' }] }]));
    expect(foreign.json()).toMatchObject({ error: 1003 });

    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
${xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '').replace('<Ustrd>', '<Ustrd>&lol9;')}`;
    const started = Date.now();
    const bomb = await upload('writer', 'lol.xml', laughs);
    expect([bomb.statusCode, bomb.json()]).toEqual([400, { error: 1000 }]);
    expect(Date.now() - started).toBeLessThan(2_000);
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '').replace('<Id>BAD-1</Id>', '<Id>&xxe;</Id>')}`;
    const external = await upload('writer', 'xxe.xml', xxe);
    expect([external.statusCode, external.json()]).toEqual([400, { error: 1000 }]);
    expect(await count('bank_movements')).toBe(before);
    expect(await sql(`SELECT 1 FROM bank_imports WHERE statements::text LIKE '%root:%'`)).toEqual([]);
  });

  it('permissions: import needs finance_w; another school sees none of the movements', async () => {
    const xml = buildCamt([{ id: 'P-1', iban: IBAN_A, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-10', accountServicerRef: 'P-E1' }] }]);
    expect((await upload('reader', 'p.xml', xml)).statusCode).toBe(403);
    expect((await list('reader')).total).toBeGreaterThan(0);
    expect((await list('otherSchool')).rows).toEqual([]);
  });
});
