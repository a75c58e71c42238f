import type { Atom, DdGenerateResponse, SepaFilesResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

/*
 * The direct-debit routes probed as an outsider would (issue 14): other schools' users, missing
 * atoms, odd ids and bodies, parallel submits. Each answer must leak nothing and write nothing.
 */

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('direct debits probed from outside on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  const cookies: Record<string, string> = {};
  let n = 0;
  let keyNo = 0;
  const newKey = () => `dd-probe-${backend}-${++keyNo}`;

  const call = (method: string, url: string, user: string, payload?: unknown, key?: string, headers: Record<string, string> = {}): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user], ...(key ? { 'idempotency-key': key } : {}), ...headers }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const count = async (table: string) => Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const debitsOf = async (rno: number) =>
    Number((await sql<{ n: number }>("SELECT count(*)::int AS n FROM sepa_debits WHERE receipt_id = $1 AND status = 'pending'", [rno]))[0]!.n);

  const debtor = async (schoolId: number) => {
    const i = ++n;
    const student = (await sql<{ id: number }>(
      "INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, $2, 'Probe', 2) RETURNING id",
      [schoolId, `Kim${i}`],
    ))[0]!.id;
    const contract = (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                      sepa_name, sepa_iban, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, 1, 1, '2026-01-01', 4900, 1, 'Kim Probe', 'DE02120300000000202051', $3, '2025-12-15', 'FRST') RETURNING id`,
      [schoolId, student, `M-P${i}`],
    ))[0]!.id;
    const rno = Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
       VALUES ($1, $2, $3, 'IR', 'Beitrag 11/2026', '2026-11-15', '2026-11-15', 4900) RETURNING rno::text AS rno`,
      [schoolId, student, contract],
    ))[0]!.rno);
    return { contract, rno, due: '2026-11-15' };
  };
  const sel = (...ds: { contract: number; due: string }[]) => ds.map((d) => ({ scid: d.contract, dd: d.due }));

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    schoolA = await createSchool(t.db, 'Probe A', 'de');
    schoolB = await createSchool(t.db, 'Probe "B"\r\nX-Injected: 1', 'de');
    for (const school of [schoolA, schoolB]) {
      await sql(
        `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main)
         VALUES ($1, 'Giro', 'Probe', 'DE98ZZZ09999999999', 'DE89370400440532013000', 'COBADEFFXXX', 'Commerzbank', true)`,
        [school],
      );
    }
    const users: Record<string, { atoms: Atom[]; schools: number[] }> = {
      fwA: { atoms: ['finance_r', 'finance_w'], schools: [schoolA] },
      fwB: { atoms: ['finance_r', 'finance_w'], schools: [schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs(spec)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a bogus or foreign selection answers 404 and reserves no file keys (nothing written)', async () => {
    const own = await debtor(schoolA);
    const foreign = await debtor(schoolB);
    const intents = await count('file_intents');
    // 2,000 contracts that do not exist (about what the 100 KB body takes): formerly 4,000 file
    // write intents were committed before the selection was looked at, left for the hourly sweep.
    const bogus = Array.from({ length: 2000 }, (_, i) => ({ scid: 1_000_000 + i, dd: '2026-11-15' }));
    const res = await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: bogus }, newKey());
    expect([res.statusCode, res.json()]).toEqual([404, { error: expect.any(Number) }]);
    // Another school's receipt beside an own one.
    const mixed = await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel(own, foreign) }, newKey());
    expect(mixed.statusCode).toBe(404);
    expect(await count('file_intents')).toBe(intents);
    expect(await debitsOf(own.rno)).toBe(0);
    expect(await debitsOf(foreign.rno)).toBe(0);
  });

  it('a selection with nothing to debit (all in collection meanwhile) reserves no file keys either', async () => {
    const a = await debtor(schoolA);
    expect((await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel(a) }, newKey())).statusCode).toBe(200);
    const intents = await count('file_intents');
    const again = await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel(a) }, newKey());
    expect([again.statusCode, again.json()]).toEqual([409, { error: 92 }]);
    expect(await count('file_intents')).toBe(intents);
  });

  it('two overlapping selections at once debit each receipt once; each run file holds exactly its debits', async () => {
    const [a, b, c] = [await debtor(schoolA), await debtor(schoolA), await debtor(schoolA)];
    const answers = await Promise.all([
      call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel(a, b) }, newKey()),
      call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel(b, c) }, newKey()),
    ]);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    for (const d of [a, b, c]) expect(await debitsOf(d.rno)).toBe(1);
    for (const res of answers) {
      for (const run of res.json<DdGenerateResponse>().runs) {
        const xml = (await call('GET', `/api-fin/es?mode=ebics&key=${run.id}`, 'fwA')).rawPayload.toString('utf8');
        const inFile = [...xml.matchAll(/<EndToEndId>R(\d+)-DD/g)].map((m) => Number(m[1])).sort((x, y) => x - y);
        const inDb = (await sql<{ r: string }>('SELECT receipt_id::text AS r FROM sepa_debits WHERE run_id = $1', [run.id])).map((row) => Number(row.r)).sort((x, y) => x - y);
        expect(inFile).toEqual(inDb);
        expect(run.cnt).toBe(inDb.length);
      }
    }
  });

  it('two runs at once for two receipts of the same new mandate present it as FRST once, then RCUR', async () => {
    const first = await debtor(schoolA);
    // A second receipt of the same contract in the period, due five days later.
    const second = Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
       SELECT school_id, student_id, student_contract_id, 'IR', 'Prüfungsgebühr', '2026-11-20', '2026-11-20', 2500 FROM receipts WHERE rno = $1
       RETURNING rno::text AS rno`,
      [first.rno],
    ))[0]!.rno);
    const answers = await Promise.all([
      call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel(first) }, newKey()),
      call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: sel({ contract: first.contract, due: '2026-11-20' }) }, newKey()),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const sequences = await sql<{ r: string; seq: string }>(
      "SELECT d.receipt_id::text AS r, t.sequence_type AS seq FROM sepa_debits d JOIN sepa_transactions t ON t.id = d.transaction_id WHERE d.receipt_id = ANY($1::bigint[]) AND d.status = 'pending'",
      [[first.rno, second]],
    );
    expect(sequences.map((row) => row.seq).sort()).toEqual(['FRST', 'RCUR']);
    expect((await sql<{ seq: string }>('SELECT sepa_sequence AS seq FROM student_contracts WHERE id = $1', [first.contract]))[0]!.seq).toBe('RCUR');
  });

  it('odd ids and bodies answer 400 with a code, nothing written; another school\'s run is 404 whatever the spelling', async () => {
    const b = await debtor(schoolB);
    const gen = await call('POST', '/api-fin/dd', 'fwB', { year: 2026, month: 11, data: sel(b) }, newKey());
    expect(gen.statusCode).toBe(200);
    const runId = gen.json<DdGenerateResponse>().runs[0]!.id;
    // School B's name carries quotes and a line break: the download's headers stay intact.
    const file = await call('GET', `/api-fin/es?mode=fints&key=${runId}`, 'fwB');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+-fints\.xml"/);
    expect(file.headers['x-injected']).toBeUndefined();
    for (const url of [`/api-fin/es?mode=ebics&key=${runId}`, `/api-fin/es?mode=fints&key=${runId}`]) {
      const res = await call('GET', url, 'fwA');
      expect([res.statusCode, res.json()]).toEqual([404, { error: expect.any(Number) }]);
    }
    // Naming school B in the query or a header changes nothing.
    for (const url of ['/api-fin/sepa', `/api-fin/sepa?sid=${schoolB}&school_id=${schoolB}`]) {
      const list = await call('GET', url, 'fwA', undefined, undefined, { 'x-school-id': String(schoolB) });
      expect(list.json<SepaFilesResponse>().rows.map((r) => r.id)).not.toContain(runId);
    }
    const odd = [
      '%2e%2e', `${runId}%00`, '0', '-1', '1.5', String(2 ** 53), '9'.repeat(400), `${runId}&key=${runId}`, 'x', '',
    ];
    for (const key of odd) {
      const res = await call('GET', `/api-fin/es?mode=ebics&key=${key}`, 'fwB');
      expect([key, res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([key, 400, 'number']);
    }
    for (const mode of ['EBICS', '..%2f..%2fetc', 'ebics%00']) {
      expect((await call('GET', `/api-fin/es?mode=${mode}&key=${runId}`, 'fwB')).statusCode).toBe(400);
    }
    const own = await debtor(schoolA);
    const runs = await count('sepa_runs');
    const bodies: unknown[] = [
      { year: 2026, month: 11, data: sel(own), extra: 1 },
      { year: 2026, month: 11, data: [{ ...sel(own)[0], sid: schoolB }] },
      { year: 2026, month: 11, data: [{ scid: [own.contract], dd: own.due }] },
      { year: 2026, month: 11, data: [{ scid: 0, dd: own.due }] },
      { year: 2026, month: 11, data: [{ scid: -own.contract, dd: own.due }] },
      { year: 2026, month: 11, data: [{ scid: own.contract + 0.5, dd: own.due }] },
      { year: 2026, month: 11, data: [{ scid: 2 ** 53, dd: own.due }] },
      { year: 2026, month: 11, data: [{ scid: own.contract, dd: '2026-11-15T00:00:00Z' }] },
      { year: 2026, month: 11, data: [{ scid: own.contract, dd: '../2026-11-15' }] },
      { year: 2026, month: 11, data: [{ scid: own.contract, dd: own.due, rno: 0 }] },
      { year: '2026', month: 11, data: 'all' },
      { year: 2026, month: 11, data: Array.from({ length: 100_000 }, (_, i) => ({ scid: i + 1, dd: own.due })) },
      [sel(own)],
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api-fin/dd', 'fwA', body, newKey());
      expect([res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([400, 'number']);
    }
    for (const [payload, type] of [['{"year":2026,"month":11,"data":[', 'application/json'], ['year=2026&month=11', 'application/x-www-form-urlencoded'], [JSON.stringify({ year: 2026, month: 11, data: sel(own) }), 'text/plain']]) {
      const res = await call('POST', '/api-fin/dd', 'fwA', payload, newKey(), { 'content-type': type! });
      expect([res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([400, 'number']);
    }
    expect(await count('sepa_runs')).toBe(runs);
    expect(await debitsOf(own.rno)).toBe(0);
    // The same contract twice in the selection: one debit.
    const twice = await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: [...sel(own), ...sel(own)] }, newKey());
    expect(twice.statusCode).toBe(200);
    expect(twice.json<DdGenerateResponse>().runs.map((r) => r.cnt)).toEqual([1]);
    expect(await debitsOf(own.rno)).toBe(1);
  });

  it('takes a selection as large as the route allows: 3,000 receipts as the screen sends them are over the default 100 KB', async () => {
    const a = await debtor(schoolA);
    // The screen sends {scid, dd, rno} per selected receipt (about 40 bytes and more); 3,000 of them
    // (here one receipt repeated: one debit) formerly answered 400 {error: 4} as too large.
    const item = { scid: a.contract, dd: a.due, rno: a.rno };
    const data = Array.from({ length: 3000 }, () => item);
    expect(JSON.stringify({ year: 2026, month: 11, data }).length).toBeGreaterThan(100 * 1024);
    const preview = await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, preview: true, data });
    expect([preview.statusCode, preview.json<{ cnt: number }>().cnt]).toEqual([200, 1]);
    const res = await call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data }, newKey());
    expect(res.statusCode).toBe(200);
    expect(res.json<DdGenerateResponse>().runs.map((r) => r.cnt)).toEqual([1]);
    expect(await debitsOf(a.rno)).toBe(1);
  });
});
