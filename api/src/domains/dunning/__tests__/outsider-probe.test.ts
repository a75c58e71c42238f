import type { Atom, DunningRunResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

/*
 * The dunning routes probed as an outsider would (issue 14): other schools' users, missing
 * atoms, odd ids and bodies, parallel submits, a direct-debit run at the same moment.
 */

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('dunning probed from outside on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  const cookies: Record<string, string> = {};
  let keyNo = 0;
  const newKey = () => `dun-probe-${backend}-${++keyNo}`;

  const call = (method: string, url: string, user: string, payload?: unknown, key?: string, headers: Record<string, string> = {}): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user], ...(key ? { 'idempotency-key': key } : {}), ...headers }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const dunnedAt = async (rno: number) =>
    (await sql<{ level: number }>('SELECT dunning_level::int AS level FROM dunning_run_items WHERE rno = $1 ORDER BY dunning_level', [rno])).map((row) => row.level);
  const dunningRows = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM dunnings'))[0]!.n);

  let n = 0;
  /** A student with a postal address (no e-mail) and one open receipt due 20 days ago (level 1 due). */
  const dueReceipt = async (schoolId: number, contractId: number | null = null, studentId?: number) => {
    const student = studentId ?? (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, $2, 'Probe', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolId, `Eva${++n}`],
    ))[0]!.id;
    const rno = Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount, tax, created_at)
       VALUES ($1, $2, $3, 'IR', 'Monatsbeitrag', '2026-11-01', '2026-11-01', 4900, 0, $4) RETURNING rno::text AS rno`,
      [schoolId, student, contractId, NOW],
    ))[0]!.rno);
    return { student, rno };
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    schoolA = await createSchool(t.db, 'Dun Probe A', 'de');
    schoolB = await createSchool(t.db, 'Dun Probe B', 'de');
    const users: Record<string, { atoms: Atom[]; schools: number[] }> = {
      fwA: { atoms: ['finance_r', 'finance_w'], schools: [schoolA] },
      fwB: { atoms: ['finance_r', 'finance_w'], schools: [schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs(spec)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  // PGlite is one connection: the two transactions cannot overlap there.
  (backend === 'postgres' ? it : it.skip)('does not dun a receipt a direct-debit run takes into collection at the same moment', async () => {
    await sql(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main)
       VALUES ($1, 'Giro', 'Probe', 'DE98ZZZ09999999999', 'DE89370400440532013000', 'COBADEFFXXX', 'Commerzbank', true)`,
      [schoolA],
    );
    const student = (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, 'Lena', 'Lastschrift', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolA],
    ))[0]!.id;
    const contract = (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                      sepa_name, sepa_iban, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, 1, 1, '2026-01-01', 4900, 1, 'Lena Lastschrift', 'DE02120300000000202051', 'M-RACE', '2025-12-15', 'FRST') RETURNING id`,
      [schoolA, student],
    ))[0]!.id;
    const { rno } = await dueReceipt(schoolA, contract, student);
    // The direct-debit run stops inside its transaction (debits written, receipts locked)
    // until the dunning run waits on the receipt's lock.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const reached = new Promise<void>((resolve) => (inside = resolve));
    const put = t.app.files.put.bind(t.app.files);
    const spy = jest.spyOn(t.app.files, 'put').mockImplementationOnce(async (...args) => {
      inside();
      await gate;
      return put(...args);
    });
    try {
      const debit = call('POST', '/api-fin/dd', 'fwA', { year: 2026, month: 11, data: [{ scid: contract, dd: '2026-11-01' }] }, newKey());
      await reached;
      const dunning = call('POST', '/api-receipt/dunning', 'fwA', { level: 1, rnos: [rno] }, newKey());
      let waited = false;
      for (let i = 0; i < 400 && !waited; i++) {
        const waiting = await sql<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
        waited = waiting[0]!.n > 0;
        if (!waited) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waited).toBe(true);
      release();
      const [debitRes, dunningRes] = await Promise.all([debit, dunning]);
      expect(debitRes.statusCode).toBe(200);
      expect(dunningRes.statusCode).toBe(200);
      expect(dunningRes.json<DunningRunResponse>()).toMatchObject({ run: null, dunnings: 0, skipped: 1 });
      expect(await dunnedAt(rno)).toEqual([]);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('another school\'s user neither lists, duns nor downloads school A\'s dunnings; odd ids and bodies answer 400, nothing written', async () => {
    const { rno } = await dueReceipt(schoolA);
    const run = await call('POST', '/api-receipt/dunning', 'fwA', { level: 1, rnos: [rno, rno, rno] }, newKey());
    expect(run.statusCode).toBe(200);
    const answer = run.json<DunningRunResponse>();
    expect(answer).toMatchObject({ dunnings: 1, receipts: 1, printed: 1, skipped: 0 });
    expect(await dunnedAt(rno)).toEqual([1]);
    const other = await dueReceipt(schoolA);
    expect((await call('GET', '/api-receipt/dunning?level=1', 'fwB')).json<{ rows: { rno: number }[] }>().rows.map((row) => row.rno)).not.toContain(other.rno);
    const foreign = await call('POST', '/api-receipt/dunning', 'fwB', { level: 1, rnos: [other.rno] }, newKey());
    expect([foreign.statusCode, typeof foreign.json<{ error: unknown }>().error]).toEqual([404, 'number']);
    const pdf = await call('GET', `/api-receipt/dunning-pdf?id=${answer.run}`, 'fwB');
    expect([pdf.statusCode, typeof pdf.json<{ error: unknown }>().error]).toEqual([404, 'number']);
    const own = await call('GET', `/api-receipt/dunning-pdf?id=${answer.run}`, 'fwA');
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="Mahnlauf-\d+\.pdf"/);
    for (const id of ['%2e%2e', `${answer.run}%00`, '0', '-1', '1.5', String(2 ** 53), '9'.repeat(400), 'x', '', `${answer.run}&id=${answer.run}`]) {
      const res = await call('GET', `/api-receipt/dunning-pdf?id=${id}`, 'fwA');
      expect([id, res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([id, 400, 'number']);
    }
    const before = await dunningRows();
    const bodies: unknown[] = [
      { level: 1, rnos: [0] },
      { level: 1, rnos: [-other.rno] },
      { level: 1, rnos: [other.rno + 0.5] },
      { level: 1, rnos: [2 ** 53] },
      { level: 1, rnos: [[other.rno]] },
      { level: 1, rnos: ['1e3'] },
      { level: 1, rnos: [other.rno], sid: schoolB },
      { level: [1], rnos: [other.rno] },
      { level: 1, rnos: Array.from({ length: 100_000 }, (_, i) => i + 1) },
      [{ level: 1, rnos: [other.rno] }],
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api-receipt/dunning', 'fwA', body, newKey());
      expect([res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([400, 'number']);
    }
    for (const [payload, type] of [['{"level":1,"rnos":[', 'application/json'], [`level=1&rnos=${other.rno}`, 'application/x-www-form-urlencoded'], [JSON.stringify({ level: 1, rnos: [other.rno] }), 'text/plain']]) {
      const res = await call('POST', '/api-receipt/dunning', 'fwA', payload, newKey(), { 'content-type': type! });
      expect([res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([400, 'number']);
    }
    expect(await dunningRows()).toBe(before);
    expect(await dunnedAt(other.rno)).toEqual([]);
  });

  it('the same selection posted twice at once (same key, other keys) duns each receipt once', async () => {
    const a = await dueReceipt(schoolA);
    const b = await dueReceipt(schoolA);
    const body = { level: 1, rnos: [a.rno, b.rno] };
    const key = newKey();
    const same = await Promise.all([call('POST', '/api-receipt/dunning', 'fwA', body, key), call('POST', '/api-receipt/dunning', 'fwA', body, key)]);
    expect(same.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(same[0]!.body).toBe(same[1]!.body);
    const c = await dueReceipt(schoolA);
    const overlapping = await Promise.all([
      call('POST', '/api-receipt/dunning', 'fwA', { level: 1, rnos: [b.rno, c.rno] }, newKey()),
      call('POST', '/api-receipt/dunning', 'fwA', { level: 1, rnos: [c.rno, a.rno] }, newKey()),
    ]);
    expect(overlapping.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(overlapping.reduce((sum, res) => sum + res.json<DunningRunResponse>().receipts, 0)).toBe(1);
    for (const r of [a, b, c]) expect(await dunnedAt(r.rno)).toEqual([1]);
  });
});
