import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Atom, DdCandidatesResponse, DdGenerateResponse, DdPreview, SepaFilesResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

// A Saturday: the bank's earliest collection date is Tuesday 24.11. (Monday = the D-1 day);
// with the default 14 days of pre-notification (sepa_lead_days) 5.12. is a Saturday, so Monday 7.12.
const NOW = new Date('2026-11-21T09:30:00Z');
const DEFAULT_CD = '2026-12-07';
const XSD = resolve(__dirname, '../../../../test/fixtures/sepa/xsd');

function schemaErrors(xml: Buffer, version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dd-api-'));
  try {
    writeFileSync(join(dir, 'f.xml'), xml);
    execFileSync('xmllint', ['--noout', '--schema', join(XSD, `${version}.xsd`), join(dir, 'f.xml')], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(backends())('direct-debit runs and SEPA files on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  let schoolC: number;
  const cookies: Record<string, string> = {};
  let n = 0;

  const call = (method: string, url: string, user: string, payload?: unknown, key?: string): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  const account = async (schoolId: number, ci: string | null, pain = 'pain.008.001.08') =>
    (await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main, sepa_pain_version)
       VALUES ($1, 'Giro', 'Kampfkunst Müller & Söhne', $2, 'DE89370400440532013000', 'COBADEFFXXX', 'Commerzbank', true, $3) RETURNING id`,
      [schoolId, ci, pain],
    ))[0]!.id;

  /** A student with a contract (method 1 with a mandate unless told) and one open receipt due on `due`. */
  const debtor = async (schoolId: number, opts: { mandate?: boolean; method?: number; due?: string; amount?: number; name?: string } = {}) => {
    const i = ++n;
    const student = (await sql<{ id: number }>(
      "INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, $2, 'Müller', 2) RETURNING id",
      [schoolId, opts.name ?? `Jörg${i}`],
    ))[0]!.id;
    const mandate = opts.mandate ?? true;
    const contract = (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                      sepa_name, sepa_iban, sepa_bic, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, 1, $3, '2026-01-01', 4900, 1, 'Jörg Müller & <Söhne>', $4, NULL, $5, $6, $7) RETURNING id`,
      [schoolId, student, opts.method ?? 1, mandate ? 'DE02 1203 0000 0000 2020 51' : null, mandate ? `M-${i}` : null, mandate ? '2025-12-15' : null, mandate ? 'FRST' : null],
    ))[0]!.id;
    const due = opts.due ?? '2026-11-15';
    const rno = (await sql<{ rno: number }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
       VALUES ($1, $2, $3, 'IR', 'Beitrag 11/2026', $4, $4, $5) RETURNING rno`,
      [schoolId, student, contract, due, opts.amount ?? 4900],
    ))[0]!.rno;
    return { student, contract, rno: Number(rno), due };
  };
  const candidates = async (user = 'fw', year = 2026, month = 11) =>
    (await call('PUT', '/api-fin/dd', user, { year, month })).json<DdCandidatesResponse>();
  const sel = (...ds: { contract: number; due: string }[]) => ds.map((d) => ({ scid: d.contract, dd: d.due }));
  const runsOf = async (rno: number) =>
    Number((await sql<{ n: number }>("SELECT count(*)::int AS n FROM sepa_debits WHERE receipt_id = $1 AND status = 'pending'", [rno]))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    schoolA = await createSchool(t.db, 'DD A', 'de');
    schoolB = await createSchool(t.db, 'DD B', 'de');
    schoolC = await createSchool(t.db, 'DD C', 'de');
    await account(schoolA, 'DE98ZZZ09999999999');
    await account(schoolB, 'DE98ZZZ09999999999', 'pain.008.001.02');
    await account(schoolC, 'DE00ZZZ00000000000'); // invalid check digits
    const users: Record<string, { atoms: Atom[]; schools?: number[] }> = {
      none: { atoms: ['student_r'] },
      reader: { atoms: ['finance_r'] },
      fw: { atoms: ['finance_r', 'finance_w'] },
      fwB: { atoms: ['finance_r', 'finance_w'], schools: [schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs({ atoms: spec.atoms, schools: spec.schools ?? [schoolA, schoolC] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the candidates of the period: SEPA contracts with a mandate, ci empty for an invalid creditor id; finance_r needed', async () => {
    const good = await debtor(schoolA);
    const noMandate = await debtor(schoolA, { mandate: false });
    const transfer = await debtor(schoolA, { method: 2 });
    const otherMonth = await debtor(schoolA, { due: '2026-12-01' });
    const badCi = await debtor(schoolC);
    const otherSchool = await debtor(schoolB);
    expect((await call('PUT', '/api-fin/dd', 'none', { year: 2026, month: 11 })).statusCode).toBe(403);
    const list = await candidates('reader');
    const rnos = list.rows.map((r) => r.rno);
    expect(rnos).toEqual(expect.arrayContaining([good.rno, badCi.rno]));
    for (const absent of [noMandate, transfer, otherMonth, otherSchool]) expect(rnos).not.toContain(absent.rno);
    const row = list.rows.find((r) => r.rno === good.rno)!;
    expect(row).toMatchObject({ scid: good.contract, dd: '2026-11-15', amt: 4900, f: true, sid: schoolA, ci: 'DE98ZZZ09999999999', ln: 'Müller', cs: '2026-01-01', ce: null });
    expect(list.rows.find((r) => r.rno === badCi.rno)!.ci).toBe('');
    expect(list.last).toBeNull();
    expect((await call('PUT', '/api-fin/dd', 'reader', { year: 2026, month: 13 })).statusCode).toBe(400);
  });

  it('previews without writing: count, totals per account, collection date, FRST/RCUR, left out and why', async () => {
    const a1 = await debtor(schoolA, { amount: 1234 });
    const a2 = await debtor(schoolA, { amount: 5 });
    await sql("UPDATE student_contracts SET sepa_sequence = 'RCUR' WHERE id = $1", [a2.contract]);
    const badCi = await debtor(schoolC);
    const noMandate = await debtor(schoolA, { mandate: false });
    const res = await call('POST', '/api-fin/dd', 'reader', { year: 2026, month: 11, preview: true, data: sel(a1, a2, badCi) });
    expect(res.statusCode).toBe(200);
    const preview = res.json<DdPreview>();
    expect(preview).toMatchObject({ cd: DEFAULT_CD, lead: 14 });
    const accountA = preview.accounts.find((a) => a.ci === 'DE98ZZZ09999999999')!;
    expect(accountA).toMatchObject({ cnt: 2, amt: 1239, frst: 1, rcur: 1, pain: 'pain.008.001.08', cur: 'EUR', cd: DEFAULT_CD, lead: 14 });
    expect(preview.left).toEqual(expect.arrayContaining([
      expect.objectContaining({ rno: badCi.rno, reason: 'no_creditor_id' }),
      expect.objectContaining({ rno: noMandate.rno, reason: 'no_mandate' }),
    ]));
    expect(await runsOf(a1.rno)).toBe(0);
  });

  it('refuses bad input with codes: nothing selected 90, a receipt of another school 404, reading users 403', async () => {
    const own = await debtor(schoolA);
    const foreign = await debtor(schoolB);
    expect((await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: [] })).json()).toEqual({ error: 90 });
    expect((await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: [] })).statusCode).toBe(400);
    const foreignRes = await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: sel(own, foreign) });
    expect(foreignRes.statusCode).toBe(404);
    expect((await call('POST', '/api-fin/dd', 'reader', { year: 2026, month: 11, data: sel(own) })).statusCode).toBe(403);
    const bad = await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: [{ scid: 'x', dd: '2026-11-15' }] });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('number');
    // Selected but without mandate only: nothing to debit.
    const noMandate = await debtor(schoolA, { mandate: false });
    expect((await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: sel(noMandate) })).json()).toEqual({ error: 91 });
    expect(await runsOf(own.rno)).toBe(0);
  });

  it('generates one run per creditor account; the receipts are in collection and a second run does not debit them', async () => {
    const a = await debtor(schoolA, { name: 'Zoë & <Anna>' });
    const b = await debtor(schoolA);
    const res = await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: sel(a, b) }, `gen-${backend}-1`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<DdGenerateResponse>();
    expect(answer.runs).toHaveLength(1);
    expect(answer.runs[0]).toMatchObject({ cnt: 2, amt: 9800 });
    expect(await runsOf(a.rno)).toBe(1);
    const list = await candidates();
    expect(list.rows.map((r) => r.rno)).not.toContain(a.rno);
    expect(list.last).not.toBeNull();
    // The same selection again (a new request): refused, nothing debited twice.
    const again = await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: sel(a, b) }, `gen-${backend}-2`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 92 });
    expect(await runsOf(a.rno)).toBe(1);
    // The same Idempotency-Key again: the first answer, nothing new.
    const replay = await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: sel(a, b) }, `gen-${backend}-1`);
    expect(replay.json()).toEqual(answer);
    // The mandate was used: a later receipt of the contract is a recurring debit.
    await sql(`INSERT INTO receipts (school_id, student_id, student_contract_id, kind, date_due, period_start, amount) VALUES ($1, $2, $3, 'IR', '2026-12-15', '2026-12-15', 4900)`, [schoolA, a.student, a.contract]);
    const december = await candidates('fw', 2026, 12);
    expect(december.rows.find((r) => r.scid === a.contract)!.f).toBe(false);
  });

  it('double submits in parallel make one run (same key: same answer; other keys: 409)', async () => {
    const a = await debtor(schoolA);
    const body = { year: 2026, month: 11, data: sel(a) };
    const sameKey = await Promise.all([1, 2, 3].map(() => call('POST', '/api-fin/dd', 'fw', body, `par-${backend}`)));
    expect(sameKey.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(sameKey.map((r) => r.body)).size).toBe(1);
    const b = await debtor(schoolA);
    const otherKeys = await Promise.all([1, 2, 3].map((i) => call('POST', '/api-fin/dd', 'fw', { ...body, data: sel(b) }, `par-${backend}-${i}`)));
    expect(otherKeys.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await runsOf(a.rno)).toBe(1);
    expect(await runsOf(b.rno)).toBe(1);
    // The attempts that were rolled back (same key: answered by the twin; other keys: 409) left
    // no files behind: every stored file is one of a run.
    const referenced = new Set((await sql<{ e: string; f: string }>('SELECT ebics_file_key AS e, fints_file_key AS f FROM sepa_runs')).flatMap((r) => [r.e, r.f]));
    const stored: string[] = [];
    for await (const key of t.app.files.keys()) stored.push(key);
    expect(stored.filter((key) => !referenced.has(key))).toEqual([]);
    // The committed runs confirmed their files' write intents: files.sweep never touches them.
    expect(await sql('SELECT key FROM file_intents WHERE key = ANY($1::text[])', [[...referenced]])).toEqual([]);
  });

  it('a repeat of a committed run (same key) whose attempt wrote files before finding the key taken removes them again', async () => {
    const a = await debtor(schoolA);
    const body = { year: 2026, month: 11, data: sel(a) };
    const first = await call('POST', '/api-fin/dd', 'fw', body, `twin-${backend}`);
    expect(first.statusCode).toBe(200);
    // The receipt is free again (its debit came back), so the repeat's attempt makes a run and
    // its files before the Idempotency-Key tells it that the first request answered already.
    await sql("UPDATE sepa_debits SET status = 'returned' WHERE receipt_id = $1", [a.rno]);
    const repeat = await call('POST', '/api-fin/dd', 'fw', body, `twin-${backend}`);
    expect(repeat.body).toBe(first.body);
    expect(Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM sepa_debits WHERE receipt_id = $1', [a.rno]))[0]!.n)).toBe(1);
    const referenced = new Set((await sql<{ e: string; f: string }>('SELECT ebics_file_key AS e, fints_file_key AS f FROM sepa_runs')).flatMap((r) => [r.e, r.f]));
    const stored: string[] = [];
    for await (const key of t.app.files.keys()) stored.push(key);
    expect(stored.filter((key) => !referenced.has(key))).toEqual([]);
  });

  /** A further open receipt of a debtor's contract (its own period), due on `due`. */
  const extraReceipt = async (d: { student: number; contract: number }, due: string, amount: number, periodStart: string, text = 'Prüfungsgebühr') =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
       SELECT school_id, $2, $3, 'IR', $6, $4, $5, $1 FROM student_contracts WHERE id = $3 RETURNING rno::text AS rno`,
      [amount, d.student, d.contract, due, periodStart, text],
    ))[0]!.rno);
  /** The transactions of a pain.008 (DrctDbtTxInf) as the bank reads them, with the file's counts and sums. */
  const transactionsIn = (xml: string) => ({
    nbOfTxs: [...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((m) => Number(m[1])),
    ctrlSums: [...xml.matchAll(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)].map((m) => m[1]),
    txs: [...xml.matchAll(/<PmtInf>.*?<\/PmtInf>/gs)].flatMap((pmt) => {
      const seq = /<SeqTp>([A-Z]+)<\/SeqTp>/.exec(pmt[0])![1];
      return [...pmt[0].matchAll(/<DrctDbtTxInf>(.*?)<\/DrctDbtTxInf>/gs)].map((tx) => ({
        seq,
        e2e: /<EndToEndId>([^<]+)</.exec(tx[1]!)![1],
        amount: /<InstdAmt Ccy="EUR">([\d.]+)</.exec(tx[1]!)![1],
        mandate: /<MndtId>([^<]+)</.exec(tx[1]!)![1],
        purpose: /<Ustrd>([^<]+)</.exec(tx[1]!)![1]!,
      }));
    }),
  });

  it('two open receipts of one new contract in one run are one FRST transaction: the sum, both receipt numbers, one end-to-end id; preview and file count alike', async () => {
    const d = await debtor(schoolA, { amount: 4900 });
    const second = await extraReceipt(d, d.due, 2550, '2026-11-16');
    const body = { year: 2026, month: 11, data: sel(d) };
    const preview = (await call('POST', '/api-fin/dd', 'fw', { ...body, preview: true })).json<DdPreview>();
    expect(preview).toMatchObject({ cnt: 1, rcpt: 2, frst: 1, rcur: 0 });
    expect(preview.accounts).toEqual([expect.objectContaining({ cnt: 1, rcpt: 2, frst: 1, rcur: 0, amt: 7450 })]);
    const gen = await call('POST', '/api-fin/dd', 'fw', body, `one-${backend}`);
    expect(gen.statusCode).toBe(200);
    const run = gen.json<DdGenerateResponse>().runs[0]!;
    expect(run).toMatchObject({ cnt: 1, rcpt: 2, amt: 7450 });
    for (const [mode, version] of [['ebics', 'pain.008.001.08'], ['fints', 'pain.008.003.02']] as const) {
      const file = (await call('GET', `/api-fin/es?mode=${mode}&key=${run.id}`, 'fw')).rawPayload;
      expect(schemaErrors(file, version)).toBe('');
      const parsed = transactionsIn(file.toString('utf8'));
      expect(parsed.nbOfTxs).toEqual([1, 1]);
      expect(parsed.ctrlSums).toEqual(['74.50', '74.50']);
      expect(parsed.txs).toEqual([{ seq: 'FRST', e2e: `R${d.rno}-DD${run.id}`, amount: '74.50', mandate: expect.stringMatching(/^M-\d+$/), purpose: expect.any(String) }]);
      expect(parsed.txs[0]!.purpose).toMatch(new RegExp(`^Belege ${d.rno}, ${second} Joerg\\d+ Mueller$`));
    }
    // Both receipts are in collection under that one transaction; the list of files counts transactions.
    expect(await runsOf(d.rno)).toBe(1);
    expect(await runsOf(second)).toBe(1);
    expect(await sql('SELECT t.end_to_end_id AS e2e, t.amount::int AS amount, count(d.id)::int AS receipts FROM sepa_transactions t JOIN sepa_debits d ON d.transaction_id = t.id WHERE t.run_id = $1 GROUP BY t.id', [run.id]))
      .toEqual([{ e2e: `R${d.rno}-DD${run.id}`, amount: 7450, receipts: 2 }]);
    expect((await call('GET', '/api-fin/sepa', 'fw')).json<SepaFilesResponse>().rows.find((r) => r.id === run.id)).toMatchObject({ cnt: 1, amt: 7450 });
  });

  it('two contracts of one student with different mandates are two transactions; RCUR and FRST of one student stay apart', async () => {
    const d = await debtor(schoolA, { amount: 3000 });
    const contract2 = (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                      sepa_name, sepa_iban, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, 1, 1, '2026-01-01', 2000, 1, 'Jörg Müller', 'DE02120300000000202051', $3, '2025-12-15', 'RCUR') RETURNING id`,
      [schoolA, d.student, `M2-${d.rno}`],
    ))[0]!.id;
    const other = await extraReceipt({ student: d.student, contract: contract2 }, d.due, 2000, '2026-11-15');
    const body = { year: 2026, month: 11, data: [...sel(d), { scid: contract2, dd: d.due }] };
    expect((await call('POST', '/api-fin/dd', 'fw', { ...body, preview: true })).json<DdPreview>()).toMatchObject({ cnt: 2, rcpt: 2, frst: 1, rcur: 1 });
    const run = (await call('POST', '/api-fin/dd', 'fw', body, `two-${backend}`)).json<DdGenerateResponse>().runs[0]!;
    expect(run).toMatchObject({ cnt: 2, rcpt: 2, amt: 5000 });
    const xml = (await call('GET', `/api-fin/es?mode=ebics&key=${run.id}`, 'fw')).rawPayload;
    expect(schemaErrors(xml, 'pain.008.001.08')).toBe('');
    const parsed = transactionsIn(xml.toString('utf8'));
    expect(parsed.txs.map(({ seq, e2e, amount, mandate }) => ({ seq, e2e, amount, mandate }))).toEqual([
      { seq: 'FRST', e2e: `R${d.rno}-DD${run.id}`, amount: '30.00', mandate: expect.stringMatching(/^M-\d+$/) },
      { seq: 'RCUR', e2e: `R${other}-DD${run.id}`, amount: '20.00', mandate: `M2-${d.rno}` },
    ]);
    expect(parsed.nbOfTxs).toEqual([2, 1, 1]);
  });

  it('many receipts of one mandate: the remittance names as many numbers as fit in 140 characters and how many more; the database keeps them all', async () => {
    const d = await debtor(schoolA, { amount: 100 });
    const more: number[] = [];
    for (let day = 1; day <= 44; day += 1) more.push(await extraReceipt(d, d.due, 100 + day, `2027-${String(1 + (day % 12)).padStart(2, '0')}-${String(1 + Math.floor(day / 12)).padStart(2, '0')}`));
    const all = [d.rno, ...more].sort((a, b) => a - b);
    const total = 100 + more.length * 100 + (more.length * (more.length + 1)) / 2;
    const run = (await call('POST', '/api-fin/dd', 'fw', { year: 2026, month: 11, data: sel(d) }, `many-${backend}`)).json<DdGenerateResponse>().runs[0]!;
    expect(run).toMatchObject({ cnt: 1, rcpt: all.length, amt: total });
    const xml = (await call('GET', `/api-fin/es?mode=ebics&key=${run.id}`, 'fw')).rawPayload;
    expect(schemaErrors(xml, 'pain.008.001.08')).toBe('');
    const [tx] = transactionsIn(xml.toString('utf8')).txs;
    expect(tx!.purpose.length).toBeLessThanOrEqual(140);
    const match = /^Belege ([\d, ]+) und (\d+) weitere Joerg\d+ Mueller$/.exec(tx!.purpose)!;
    expect(match).not.toBeNull();
    const shown = match[1]!.split(', ').map(Number);
    expect(shown).toEqual(all.slice(0, shown.length));
    expect(shown.length + Number(match[2])).toBe(all.length);
    expect((await sql<{ r: string }>('SELECT d.receipt_id::text AS r FROM sepa_debits d JOIN sepa_transactions t ON t.id = d.transaction_id WHERE t.run_id = $1 ORDER BY d.receipt_id', [run.id])).map((row) => Number(row.r)))
      .toEqual(all);
    expect(await sql('SELECT remittance FROM sepa_transactions WHERE run_id = $1', [run.id])).toEqual([{ remittance: tx!.purpose }]);
  });

  it('lists the files and serves both downloads unchanged, schema-valid, with safe headers', async () => {
    const a = await debtor(schoolB, { name: 'Ärger & <Co>' });
    const gen = (await call('POST', '/api-fin/dd', 'fwB', { year: 2026, month: 11, data: sel(a) }, `dl-${backend}`)).json<DdGenerateResponse>();
    const runId = gen.runs[0]!.id;
    const files = (await call('GET', '/api-fin/sepa', 'fwB')).json<SepaFilesResponse>();
    expect(files.rows[0]).toMatchObject({ id: runId, tid: gen.runs[0]!.msgid, iban: 'DE89370400440532013000', cnt: 1, amt: 4900, cc: 'EUR', sid: schoolB });
    // Another school's user sees neither the file nor its download.
    expect((await call('GET', '/api-fin/sepa', 'fw')).json<SepaFilesResponse>().rows.map((r) => r.id)).not.toContain(runId);
    expect((await call('GET', `/api-fin/es?mode=ebics&key=${runId}`, 'fw')).statusCode).toBe(404);
    const ebics = await call('GET', `/api-fin/es?mode=ebics&key=${runId}`, 'fwB');
    expect(ebics.statusCode).toBe(200);
    expect(ebics.headers['content-type']).toMatch(/application\/xml/);
    expect(ebics.headers['x-content-type-options']).toBe('nosniff');
    expect(ebics.headers['content-disposition']).toMatch(/^attachment/);
    expect(schemaErrors(ebics.rawPayload, 'pain.008.001.02')).toBe(''); // school B's account is set to .02
    const xml = ebics.rawPayload.toString('utf8');
    expect(xml).toContain(`<EndToEndId>R${a.rno}-DD${runId}</EndToEndId>`);
    expect(xml).toContain('<Nm>Joerg Mueller + (Soehne)</Nm>');
    expect(xml).toContain('<MndtId>M-');
    expect(xml).toContain(`<ReqdColltnDt>${DEFAULT_CD}</ReqdColltnDt>`);
    expect(files.rows[0]!.cd).toBe(DEFAULT_CD);
    const fints = await call('GET', `/api-fin/es?mode=fints&key=${runId}`, 'fwB');
    expect(schemaErrors(fints.rawPayload, 'pain.008.003.02')).toBe('');
    // Later downloads are byte-identical, also after the data behind the run changed.
    await sql("UPDATE student_contracts SET sepa_name = 'Someone Else', sepa_mandate_ref = 'M-CHANGED' WHERE id = $1", [a.contract]);
    t.clock.advance(10 * 60_000); // within the session idle time
    expect((await call('GET', `/api-fin/es?mode=ebics&key=${runId}`, 'fwB')).rawPayload.equals(ebics.rawPayload)).toBe(true);
    expect((await call('GET', `/api-fin/es?mode=fints&key=${runId}`, 'fwB')).rawPayload.equals(fints.rawPayload)).toBe(true);
    expect((await call('GET', `/api-fin/es?mode=pdf&key=${runId}`, 'fwB')).statusCode).toBe(400);
    expect((await call('GET', '/api-fin/es?mode=ebics&key=999999', 'fwB')).statusCode).toBe(404);
    // The finance overview lists the run under its month.
    const dash = (await call('GET', '/api-fin/dash?year=2026', 'fwB')).json<{ dd: { month: number; runs: number; cnt: number; amt: number; dates: string[] }[] }>();
    expect(dash.dd).toEqual([{ month: 11, runs: 1, cnt: 1, amt: 4900, dates: [expect.stringMatching(/^2026-11-21T/)] }]);
  });

  it("collects each school's run after its own pre-notification days (sepa_lead_days): preview, stored run and file agree", async () => {
    // Today is Saturday 21.11.2026 (fixed clock). 5 days: Thursday 26.11. (a business day, after
    // the D-1 date 24.11.). 20 days: Friday 11.12. One day: 22.11. is a Sunday, but D-1 rules: 24.11.
    const expected: Record<number, string> = { 5: '2026-11-26', 20: '2026-12-11', 1: '2026-11-24' };
    for (const days of [5, 20, 1]) {
      const school = await createSchool(t.db, `DD lead ${days}`, 'de');
      await account(school, 'DE98ZZZ09999999999');
      await sql("INSERT INTO config_values (school_id, key, value) VALUES ($1, 'sepa_lead_days', $2::jsonb)", [school, JSON.stringify(days)]);
      const cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school] })).cookie;
      const d = await debtor(school);
      const post = (payload: unknown, key?: string) =>
        t.request({ method: 'POST', url: '/api-fin/dd', headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });
      const preview = (await post({ year: 2026, month: 11, preview: true, data: sel(d) })).json<DdPreview>();
      expect([days, preview.cd, preview.lead, preview.accounts[0]!.cd]).toEqual([days, expected[days], days, expected[days]]);
      const gen = await post({ year: 2026, month: 11, data: sel(d) }, `lead-${backend}-${days}`);
      expect(gen.statusCode).toBe(200);
      const runId = gen.json<DdGenerateResponse>().runs[0]!.id;
      const files = (await t.request({ method: 'GET', url: '/api-fin/sepa', headers: { cookie } })).json<SepaFilesResponse>();
      expect(files.rows.find((r) => r.id === runId)!.cd).toBe(expected[days]);
      for (const mode of ['ebics', 'fints']) {
        const xml = (await t.request({ method: 'GET', url: `/api-fin/es?mode=${mode}&key=${runId}`, headers: { cookie } })).rawPayload.toString('utf8');
        expect(xml).toContain(`<ReqdColltnDt>${expected[days]}</ReqdColltnDt>`);
      }
    }
  });

  it('the direct-debit feature flag (config sepa_dd): off = 403 {error: 94} and nothing written; PUT names the school; on again = runs', async () => {
    const school = await createSchool(t.db, 'DD flag', 'de');
    await account(school, 'DE98ZZZ09999999999');
    await sql("INSERT INTO config_values (school_id, key, value) VALUES ($1, 'sepa_dd', 'false'::jsonb)", [school]);
    const cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school, schoolA] })).cookie;
    const req = (method: string, payload: unknown, key?: string) =>
      t.request({ method, url: '/api-fin/dd', headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });
    const off = await debtor(school);
    const onA = await debtor(schoolA);
    const list = (await req('PUT', { year: 2026, month: 11 })).json<DdCandidatesResponse>();
    expect(list.off).toEqual([school]);
    expect(list.rows.map((r) => r.rno)).toEqual(expect.arrayContaining([off.rno, onA.rno]));
    const filesBefore = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM sepa_runs'))[0]!.n;
    // A selection with one school switched off: refused as a whole, nothing written.
    const refused = await req('POST', { year: 2026, month: 11, data: sel(off, onA) }, `flag-${backend}-1`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 94 }]);
    // The preview, the step before generating, says so already.
    const preview = await req('POST', { year: 2026, month: 11, data: sel(off, onA), preview: true });
    expect([preview.statusCode, preview.json()]).toEqual([403, { error: 94 }]);
    expect(await runsOf(off.rno)).toBe(0);
    expect(await runsOf(onA.rno)).toBe(0);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM sepa_runs'))[0]!.n).toBe(filesBefore);
    expect((await sql<{ n: number }>("SELECT count(*)::int AS n FROM student_contracts WHERE id = $1 AND sepa_sequence = 'RCUR'", [off.contract]))[0]!.n).toBe(0);
    // Switched on again: the same selection runs.
    await sql("UPDATE config_values SET value = 'true'::jsonb WHERE school_id = $1 AND key = 'sepa_dd'", [school]);
    expect((await req('PUT', { year: 2026, month: 11 })).json<DdCandidatesResponse>().off).toEqual([]);
    const ok = await req('POST', { year: 2026, month: 11, data: sel(off, onA) }, `flag-${backend}-2`);
    expect(ok.statusCode).toBe(200);
    expect(await runsOf(off.rno)).toBe(1);
    expect(await runsOf(onA.rno)).toBe(1);
  });

  it("school-level creditor data (sepa_main_account off): candidates, preview, run and both files use the school's sepa_name/iban/bic/ci", async () => {
    const school = await createSchool(t.db, 'DD own creditor', 'de');
    await account(school, 'DE98ZZZ09999999999'); // the main account: NOT used
    const set = (key: string, value: unknown) =>
      sql(`INSERT INTO config_values (school_id, key, value) VALUES ($1, $2, $3::jsonb)
           ON CONFLICT (key, (COALESCE(school_id, 0))) DO UPDATE SET value = EXCLUDED.value`, [school, key, JSON.stringify(value)]);
    await set('sepa_main_account', false);
    await set('sepa_name', 'Verein für Kampfkunst & Söhne');
    await set('sepa_iban', 'AT61 1904 3002 3457 3201');
    await set('sepa_bic', 'GIBAATWWXXX');
    await set('sepa_ci', 'DE00ZZZ00000000000'); // invalid first
    const cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school] })).cookie;
    const req = (method: string, url: string, payload?: unknown, key?: string) =>
      t.request({ method, url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });
    const d = await debtor(school);
    // The school's creditor id is invalid: the row is offered but not selectable (ci ''), and a run refuses it.
    let row = (await req('PUT', '/api-fin/dd', { year: 2026, month: 11 })).json<DdCandidatesResponse>().rows.find((r) => r.rno === d.rno)!;
    expect(row).toMatchObject({ ci: '', aid: null });
    expect((await req('POST', '/api-fin/dd', { year: 2026, month: 11, data: sel(d) }, `own-${backend}-0`)).json()).toEqual({ error: 91 });
    await set('sepa_ci', 'DE98ZZZ09999999999');
    row = (await req('PUT', '/api-fin/dd', { year: 2026, month: 11 })).json<DdCandidatesResponse>().rows.find((r) => r.rno === d.rno)!;
    expect(row).toMatchObject({ ci: 'DE98ZZZ09999999999', aid: null, acn: 'Verein für Kampfkunst & Söhne' });
    const preview = (await req('POST', '/api-fin/dd', { year: 2026, month: 11, preview: true, data: sel(d) })).json<DdPreview>();
    expect(preview.accounts).toEqual([expect.objectContaining({ aid: null, sid: school, iban: 'AT611904300234573201', ci: 'DE98ZZZ09999999999', cnt: 1, amt: 4900, pain: 'pain.008.001.08' })]);
    const gen = await req('POST', '/api-fin/dd', { year: 2026, month: 11, data: sel(d) }, `own-${backend}-1`);
    expect(gen.statusCode).toBe(200);
    const run = gen.json<DdGenerateResponse>().runs[0]!;
    expect(run.aid).toBeNull();
    expect(await sql('SELECT account_id, creditor_iban, creditor_name, creditor_bic, creditor_ci FROM sepa_runs WHERE id = $1', [run.id])).toEqual([
      { account_id: null, creditor_iban: 'AT611904300234573201', creditor_name: 'Verein für Kampfkunst & Söhne', creditor_bic: 'GIBAATWWXXX', creditor_ci: 'DE98ZZZ09999999999' },
    ]);
    const files = (await req('GET', '/api-fin/sepa')).json<SepaFilesResponse>();
    expect(files.rows.find((f) => f.id === run.id)!.iban).toBe('AT611904300234573201');
    for (const [mode, version] of [['ebics', 'pain.008.001.08'], ['fints', 'pain.008.003.02']]) {
      const file = (await req('GET', `/api-fin/es?mode=${mode}&key=${run.id}`)).rawPayload;
      expect(schemaErrors(file, version!)).toBe('');
      const xml = file.toString('utf8');
      const creditor = xml.slice(xml.indexOf('<Cdtr>'), xml.indexOf('</CdtrSchmeId>'));
      expect(creditor).toContain('<Nm>Verein fuer Kampfkunst + Soehne</Nm>');
      expect(creditor).toContain('<IBAN>AT611904300234573201</IBAN>');
      expect(creditor).toContain('GIBAATWWXXX');
      expect(creditor).toContain('DE98ZZZ09999999999');
      expect(xml).not.toContain('DE89370400440532013000'); // the main account's IBAN
    }
    // A contract that names its own account keeps that account.
    const named = await debtor(school);
    const mainId = (await sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1', [school]))[0]!.id;
    await sql('UPDATE student_contracts SET account_id = $1 WHERE id = $2', [mainId, named.contract]);
    const namedRow = (await req('PUT', '/api-fin/dd', { year: 2026, month: 11 })).json<DdCandidatesResponse>().rows.find((r) => r.rno === named.rno)!;
    expect(namedRow).toMatchObject({ aid: mainId, ci: 'DE98ZZZ09999999999' });
  });
});
