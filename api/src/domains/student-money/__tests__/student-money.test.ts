import type { Atom, PaymentAssignmentResponse, PaymentRow, ReceiptDetail, StudentDunningsResponse, StudentPaymentsResponse, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { pdfText } from '../../../../test/support/pdf-tools.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('student money API on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  const cookies: Record<string, string> = {};
  let key = 0;

  const call = (method: string, url: string, user: string, payload?: unknown, idempotencyKey?: string): Promise<TestResponse> =>
    t.request({
      method,
      url,
      headers: { cookie: cookies[user]!, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload,
    });
  const newKey = () => `test-key-${++key}-${Math.random().toString(36).slice(2, 8)}`;
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const count = async (table: string, studentId: number) =>
    Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE student_id = $1`, [studentId]))[0]!.n);
  /** The invariant: the balance on the student row = receipts − credit notes − assigned payments. */
  const expectBalanceConsistent = async (studentId: number) => {
    const [row] = await sql<{ balance: string; expected: string; assigned: string; paid: string }>(
      `SELECT s.balance::text AS balance,
              (SELECT COALESCE(sum(amount), 0) FROM receipts WHERE student_id = s.id)
                - (SELECT COALESCE(sum(a.amount), 0) FROM payment_assignments a JOIN payments p ON p.id = a.payment_id WHERE p.student_id = s.id) AS expected
         FROM students s WHERE s.id = $1`,
      [studentId],
    );
    expect(Number(row!.balance)).toBe(Number(row!.expected));
    return Number(row!.balance);
  };

  const makeStudent = async (schoolId: number, memberStatus: number | null = null) =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso, e_member_status_id)
       VALUES ($1, 1, 'Maria', 'Huber', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at', $2) RETURNING id`,
      [schoolId, memberStatus],
    ))[0]!.id;
  const makeContract = async (
    studentId: number,
    opts: { start: string; interval?: number; gross?: number; activation?: number; tax?: number; status?: number; end?: string | null },
  ) =>
    (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, contract_end, amount_gross, activation_gross,
                                      tax_percent, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
       SELECT school_id, id, $2, 3, $3, $4, $5, $6, $7, $8, 1, 12, 1, 1 FROM students WHERE id = $1 RETURNING id`,
      [studentId, opts.status ?? 1, opts.start, opts.end ?? null, opts.gross ?? 4900, opts.activation ?? 0, opts.tax ?? 20, opts.interval ?? 1],
    ))[0]!.id;
  const receipts = async (studentId: number, type: 1 | 2 = 1, user = 'all') =>
    (await call('GET', `/api-student/receipts?type=${type}&id=${studentId}`, user)).json<StudentReceiptsResponse>();
  const cash = (am: number) => ({ pd: '2026-11-20', am, pm: 3, aid: null, an: 'bar' });

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    schoolA = await createSchool(t.db, 'Money A');
    schoolB = await createSchool(t.db, 'Money B');
    const users: Record<string, { atoms: Atom[]; schools?: number[] }> = {
      none: { atoms: ['student_r'] },
      reader: { atoms: ['finance_r'] },
      fw: { atoms: ['finance_r', 'finance_w'] },
      fd: { atoms: ['finance_r', 'finance_d'] },
      swfw: { atoms: ['finance_r', 'student_w', 'finance_w'] },
      all: { atoms: ['finance_r', 'finance_w', 'finance_d', 'student_w'] },
      otherSchool: { atoms: ['finance_r', 'finance_w', 'finance_d', 'student_w'], schools: [schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs({ atoms: spec.atoms, schools: spec.schools ?? [schoolA, schoolB] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('invoice generation (POST /api-student/gi)', () => {
    it('bills each period from the contract start to today once, activation fee on the first, tax split', async () => {
      const st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-08-15', gross: 4900, activation: 2000, tax: 20 });
      const res = await call('POST', `/api-student/gi?stid=${st}`, 'fw');
      expect(res.statusCode).toBe(200);
      // Periods starting 15.08, 15.09, 15.10, 15.11 (<= 21.11).
      expect(res.json()).toEqual({ success: true, created: 4 });
      const list = await receipts(st);
      expect(list.rows.map((r) => [r.ps, r.amt])).toEqual([
        ['2026-11-15', 4900],
        ['2026-10-15', 4900],
        ['2026-09-15', 4900],
        ['2026-08-15', 6900],
      ]);
      const first = list.rows[3]!;
      expect(first).toMatchObject({ pe: '2026-09-14', tax: 1150, net: 5750, bal: 6900, type: 1, kind: 'IR', sub: false, subr: [], cur: 'EUR' });
      expect(list.balance).toBe(4900 * 3 + 6900);
      // Again: nothing new (idempotent per period).
      expect((await call('POST', `/api-student/gi?stid=${st}`, 'fw')).json()).toEqual({ success: true, created: 0 });
      await expectBalanceConsistent(st);
    });

    it('never bills a period twice, also for parallel runs, and skips skipped periods', async () => {
      const st = await makeStudent(schoolA);
      const contract = await makeContract(st, { start: '2026-05-01', interval: 3, gross: 12000 });
      await sql(`INSERT INTO student_contract_skips (school_id, student_contract_id, period_start) VALUES ($1, $2, '2026-08-01')`, [schoolA, contract]);
      const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api-student/gi?stid=${st}`, 'fw')));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers.reduce((sum, a) => sum + a.json<{ created: number }>().created, 0)).toBe(2);
      const rows = await sql<{ ps: string }>("SELECT to_char(period_start, 'YYYY-MM-DD') AS ps FROM receipts WHERE student_contract_id = $1 ORDER BY 1", [contract]);
      expect(rows.map((r) => r.ps)).toEqual(['2026-05-01', '2026-11-01']);
      // The database refuses a second receipt for a billed period and one for a skipped period.
      await expect(
        t.db.query(`INSERT INTO receipts (school_id, student_id, student_contract_id, kind, date_due, period_start, amount) VALUES ($1, $2, $3, 'IR', '2026-05-01', '2026-05-01', 1)`, [schoolA, st, contract]),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        t.db.query(`INSERT INTO receipts (school_id, student_id, student_contract_id, kind, date_due, period_start, amount) VALUES ($1, $2, $3, 'IR', '2026-08-01', '2026-08-01', 1)`, [schoolA, st, contract]),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('stops at the contract end, bills cancelled running contracts, not inactive ones', async () => {
      const st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-07-01', end: '2026-08-31', status: 3 });
      await makeContract(st, { start: '2026-07-01', status: 2 });
      expect((await call('POST', `/api-student/gi?stid=${st}`, 'fw')).json()).toEqual({ success: true, created: 2 });
    });

    it('refuses students with a disabled network member status (409 {error: 64}), nothing written', async () => {
      const st = await makeStudent(schoolA, 3);
      await makeContract(st, { start: '2026-10-01' });
      const res = await call('POST', `/api-student/gi?stid=${st}`, 'fw');
      expect([res.statusCode, res.json()]).toEqual([409, { error: 64 }]);
      expect(await count('receipts', st)).toBe(0);
    });

    it('needs finance_w; another school\'s student is 404', async () => {
      const st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-10-01' });
      for (const user of ['reader', 'fd', 'none']) expect((await call('POST', `/api-student/gi?stid=${st}`, user)).statusCode).toBe(403);
      expect((await call('POST', `/api-student/gi?stid=${st}`, 'otherSchool')).statusCode).toBe(404);
      expect((await call('GET', `/api-student/receipts?type=1&id=${st}`, 'otherSchool')).statusCode).toBe(404);
      expect((await call('GET', `/api-student/receipts?type=1&id=${st}`, 'none')).statusCode).toBe(403);
      expect(await count('receipts', st)).toBe(0);
    });

    it('the daily job bills every student (idempotent)', async () => {
      const st = await makeStudent(schoolB);
      await makeContract(st, { start: '2026-11-01' });
      const { generateAllInvoices } = await import('../invoice-job.js');
      const app = { db: t.db, config: { disabledMemberStatuses: [3, 8] } } as unknown as Parameters<typeof generateAllInvoices>[0];
      const first = await generateAllInvoices(app, NOW);
      expect(first.created).toBeGreaterThanOrEqual(1);
      expect((await generateAllInvoices(app, NOW)).created).toBe(0);
      expect(await count('receipts', st)).toBe(1);
    });
  });

  describe('payments (/api-student/sp)', () => {
    it('adds (student_w + finance_w), reads, changes (finance_w) and deletes (finance_d)', async () => {
      const st = await makeStudent(schoolA);
      for (const user of ['fw', 'fd', 'reader']) expect((await call('POST', `/api-student/sp?stid=${st}`, user, cash(1000))).statusCode).toBe(403);
      expect((await call('POST', `/api-student/sp?stid=${st}`, 'otherSchool', cash(1000))).statusCode).toBe(404);
      const added = await call('POST', `/api-student/sp?stid=${st}`, 'swfw', cash(1000));
      expect(added.statusCode).toBe(200);
      const id = added.json<{ id: number }>().id;
      const list = (await call('GET', `/api-student/sp?stid=${st}`, 'reader')).json<StudentPaymentsResponse>();
      expect(list.rows).toEqual([expect.objectContaining({ id, pd: '2026-11-20', am: 1000, aa: 0, bd: null, pm: 3, aid: null, acn: null, an: 'bar', cur: 'EUR', version: 1 })]);
      const one = (await call('GET', `/api-student/sp?stid=${st}&id=${id}`, 'reader')).json<PaymentRow>();
      expect(one.id).toBe(id);
      // The payment is income of the school too (category 2), following its changes.
      const income = () => sql<{ amount: string; payment_date: string }>("SELECT amount::text, to_char(payment_date, 'YYYY-MM-DD') AS payment_date FROM income WHERE payment_id = $1", [id]);
      expect(await income()).toEqual([{ amount: '1000', payment_date: '2026-11-20' }]);
      expect((await call('PUT', `/api-student/sp?stid=${st}&id=${id}`, 'fd', { ...cash(1500), version: 1 })).statusCode).toBe(403);
      const changed = await call('PUT', `/api-student/sp?stid=${st}&id=${id}`, 'fw', { ...cash(1500), version: 1 });
      expect(changed.json()).toEqual({ success: true, version: 2 });
      expect(await income()).toEqual([{ amount: '1500', payment_date: '2026-11-20' }]);
      expect((await call('PUT', `/api-student/sp?stid=${st}&id=${id}`, 'fw', { ...cash(1700), version: 1 })).json()).toEqual({ error: 9 });
      expect((await call('DELETE', `/api-student/sp?stid=${st}&id=${id}`, 'fw')).statusCode).toBe(403);
      expect((await call('DELETE', `/api-student/sp?stid=${st}&id=${id}`, 'otherSchool')).statusCode).toBe(404);
      expect((await call('DELETE', `/api-student/sp?stid=${st}&id=${id}`, 'fd')).json()).toEqual({ success: true });
      expect(await count('payments', st)).toBe(0);
      expect(await income()).toEqual([]);
    });

    it('bad input is 400 with the field and writes nothing', async () => {
      const st = await makeStudent(schoolA);
      for (const body of [cash(0), cash(-5), { ...cash(100), pd: '2026-02-30' }, { ...cash(100), pm: 9 }, { ...cash(100), pm: 2, aid: null }, { pd: '2026-11-20' }]) {
        const res = await call('POST', `/api-student/sp?stid=${st}`, 'all', body);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: number }>().error).toBe(4);
      }
      // An account of no school the student is in.
      const res = await call('POST', `/api-student/sp?stid=${st}`, 'all', { ...cash(100), pm: 2, aid: 999999 });
      expect(res.json()).toEqual({ error: 4, fields: { aid: 'form.invalid' } });
      expect(await count('payments', st)).toBe(0);
    });

    it('a booked payment cannot be changed, assigned or deleted (409 {error: 57})', async () => {
      const st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-11-01' });
      await call('POST', `/api-student/gi?stid=${st}`, 'all');
      const rno = (await receipts(st)).rows[0]!.rno;
      const id = (await call('POST', `/api-student/sp?stid=${st}`, 'all', cash(4900))).json<{ id: number }>().id;
      await sql('UPDATE payments SET booked_at = now() WHERE id = $1', [id]);
      const refused = [
        await call('PUT', `/api-student/sp?stid=${st}&id=${id}`, 'all', { ...cash(100), version: 1 }),
        await call('PUT', `/api-student/spa?stid=${st}&id=${id}`, 'all', { pr: [{ rno, am: 100 }], version: 1 }),
        await call('DELETE', `/api-student/sp?stid=${st}&id=${id}`, 'all'),
      ];
      expect(refused.map((r) => [r.statusCode, r.json()])).toEqual([[409, { error: 57 }], [409, { error: 57 }], [409, { error: 57 }]]);
      expect((await call('GET', `/api-student/sp?stid=${st}&id=${id}`, 'all')).json<PaymentRow>()).toMatchObject({ am: 4900, aa: 0, bd: expect.any(String) });
    });
  });

  describe('assigning and paying receipts', () => {
    let st: number;
    let rnos: number[];
    beforeAll(async () => {
      st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-09-01', gross: 5000, tax: 0 });
      await call('POST', `/api-student/gi?stid=${st}`, 'all');
      rnos = (await receipts(st)).rows.map((r) => r.rno).sort((a, b) => a - b);
      expect(rnos).toHaveLength(3);
    });

    it('GET/PUT /spa assigns a payment (finance_d); more than the payment or a receipt holds is 400 {error: 63}, nothing written', async () => {
      const id = (await call('POST', `/api-student/sp?stid=${st}`, 'all', cash(7000))).json<{ id: number }>().id;
      const read = (await call('GET', `/api-student/spa?stid=${st}&id=${id}`, 'reader')).json<PaymentAssignmentResponse>();
      expect(read.data.id).toBe(id);
      expect(read.pr).toEqual([]);
      expect(read.receipts.map((r) => [r.rno, r.bal])).toEqual(rnos.map((rno) => [rno, 5000]));
      const over = await call('PUT', `/api-student/spa?stid=${st}&id=${id}`, 'all', { pr: [{ rno: rnos[0], am: 5000 }, { rno: rnos[1], am: 2001 }], version: 1 });
      expect([over.statusCode, over.json()]).toEqual([400, { error: 63 }]);
      const overReceipt = await call('PUT', `/api-student/spa?stid=${st}&id=${id}`, 'all', { pr: [{ rno: rnos[0], am: 5001 }], version: 1 });
      expect([overReceipt.statusCode, overReceipt.json()]).toEqual([400, { error: 63 }]);
      expect(await sql('SELECT 1 FROM payment_assignments WHERE payment_id = $1', [id])).toEqual([]);
      expect((await call('PUT', `/api-student/spa?stid=${st}&id=${id}`, 'fw', { pr: [{ rno: rnos[0], am: 5000 }], version: 1 })).statusCode).toBe(403);
      expect((await call('PUT', `/api-student/spa?stid=${st}&id=${id}`, 'otherSchool', { pr: [{ rno: rnos[0], am: 5000 }], version: 1 })).statusCode).toBe(404);
      const ok = await call('PUT', `/api-student/spa?stid=${st}&id=${id}`, 'fd', { pr: [{ rno: rnos[0], am: 5000 }, { rno: rnos[1], am: 2000 }], version: 1 });
      expect(ok.json()).toEqual({ success: true, version: 2 });
      const after = await receipts(st);
      expect(after.balance).toBe(15000 - 7000);
      expect(after.rows.find((r) => r.rno === rnos[1])).toMatchObject({ ap: 2000, bal: 3000 });
      // A payment's amount cannot go below what is assigned of it.
      const below = await call('PUT', `/api-student/sp?stid=${st}&id=${id}`, 'all', { ...cash(6999), version: 2 });
      expect([below.statusCode, below.json()]).toEqual([400, { error: 85 }]);
      await expectBalanceConsistent(st);
    });

    it('POST /spr pays a receipt (student_w + finance_w); a double submit with one key pays once', async () => {
      const target = rnos[2]!;
      expect((await call('POST', `/api-student/spr?stid=${st}&rno=${target}`, 'fw', { pd: '2026-11-20', pm: 3 })).statusCode).toBe(403);
      const k = newKey();
      const both = await Promise.all([1, 2].map(() => call('POST', `/api-student/spr?stid=${st}&rno=${target}`, 'swfw', { pd: '2026-11-20', pm: 3, am: 5000 }, k)));
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both[0]!.json()).toEqual(both[1]!.json());
      const paymentsNow = (await call('GET', `/api-student/sp?stid=${st}`, 'all')).json<StudentPaymentsResponse>().rows;
      expect(paymentsNow.filter((p) => p.am === 5000 && p.aa === 5000)).toHaveLength(1);
      const detail = (await call('GET', `/api-receipt/data?rno=${target}&stid=${st}`, 'reader')).json<ReceiptDetail>();
      expect(detail.data).toMatchObject({ ap: 5000, bal: 0 });
      expect(detail.pa).toEqual([expect.objectContaining({ am: 5000, booked: false })]);
      // Nothing open any more: a second payment without an amount is refused.
      const again = await call('POST', `/api-student/spr?stid=${st}&rno=${target}`, 'swfw', { pd: '2026-11-20', pm: 3 });
      expect([again.statusCode, again.json()]).toEqual([409, { error: 67 }]);
      await expectBalanceConsistent(st);
    });

    it('parallel assignments of two payments to the same receipt never exceed it', async () => {
      const st2 = await makeStudent(schoolA);
      await makeContract(st2, { start: '2026-11-01', gross: 5000, tax: 0 });
      await call('POST', `/api-student/gi?stid=${st2}`, 'all');
      const rno = (await receipts(st2)).rows[0]!.rno;
      const ids = await Promise.all([1, 2].map(async () => (await call('POST', `/api-student/sp?stid=${st2}`, 'all', cash(4000))).json<{ id: number }>().id));
      const answers = await Promise.all(ids.map((id) => call('PUT', `/api-student/spa?stid=${st2}&id=${id}`, 'all', { pr: [{ rno, am: 4000 }], version: 1 })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect((await receipts(st2)).rows[0]).toMatchObject({ ap: 4000, bal: 1000 });
      await expectBalanceConsistent(st2);
    });
  });

  describe('receipt actions (/api-receipt)', () => {
    it('credit note, edit, undo; close only when settled; reopen; revert an assignment; set paid', async () => {
      const st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-10-01', gross: 6000, tax: 20 });
      await call('POST', `/api-student/gi?stid=${st}`, 'all');
      const [newer, older] = (await receipts(st)).rows.map((r) => r.rno) as [number, number];

      // Credit note (finance_w): a sub-receipt with a negative amount.
      expect((await call('POST', `/api-receipt/cn?stid=${st}&rno=${older}`, 'fd', { am: 1000, txt: 'Ausfall' })).statusCode).toBe(403);
      expect((await call('POST', `/api-receipt/cn?stid=${st}&rno=${older}`, 'otherSchool', { am: 1000, txt: 'Ausfall' })).statusCode).toBe(404);
      const tooMuch = await call('POST', `/api-receipt/cn?stid=${st}&rno=${older}`, 'fw', { am: 6001, txt: 'x' });
      expect([tooMuch.statusCode, tooMuch.json()]).toEqual([400, { error: 63 }]);
      const bad = await call('POST', `/api-receipt/cn?stid=${st}&rno=${older}`, 'fw', { am: 0 });
      expect(bad.statusCode).toBe(400);
      const cn = (await call('POST', `/api-receipt/cn?stid=${st}&rno=${older}`, 'fw', { am: 1000, txt: 'Ausfall' })).json<{ rno: number }>().rno;
      let list = await receipts(st);
      const parent = list.rows.find((r) => r.rno === older)!;
      expect(parent).toMatchObject({ cr: 1000, bal: 5000 });
      expect(parent.subr).toEqual([expect.objectContaining({ rno: cn, rrno: older, amt: -1000, kind: 'CN', sub: true, txt: 'Ausfall' })]);
      expect(list.balance).toBe(11000);
      const edited = await call('PUT', `/api-receipt/cn?stid=${st}&rno=${cn}`, 'fw', { am: 1500, txt: 'Ausfall 2', version: 1 });
      expect(edited.json()).toEqual({ success: true, version: 2 });
      expect((await call('PUT', `/api-receipt/cn?stid=${st}&rno=${cn}`, 'fw', { am: 1200, txt: 'x', version: 1 })).json()).toEqual({ error: 9 });

      // Close needs settled (62); pay the rest, close, reopen.
      const notSettled = await call('POST', `/api-receipt/close?stid=${st}&rrno=${older}`, 'fw');
      expect([notSettled.statusCode, notSettled.json()]).toEqual([409, { error: 62 }]);
      const pid = (await call('POST', `/api-student/spr?stid=${st}&rno=${older}`, 'all', { pd: '2026-11-20', pm: 3 })).json<{ id: number }>().id;
      expect((await call('POST', `/api-receipt/close?stid=${st}&rrno=${older}`, 'reader')).statusCode).toBe(403);
      expect((await call('POST', `/api-receipt/close?stid=${st}&rrno=${older}`, 'fw')).json()).toEqual({ success: true });
      list = await receipts(st, 2);
      expect(list.rows.map((r) => r.rno)).toEqual([older]);
      expect(list.rows[0]!.subr[0]!.type).toBe(2);
      const twice = await call('POST', `/api-receipt/close?stid=${st}&rrno=${older}`, 'fw');
      expect([twice.statusCode, twice.json()]).toEqual([409, { error: 67 }]);
      expect((await call('POST', `/api-receipt/open?stid=${st}&rrno=${older}`, 'fw')).json()).toEqual({ success: true });
      expect((await call('POST', `/api-receipt/close?stid=${st}&rrno=${older}`, 'fw')).json()).toEqual({ success: true });

      // Undo the credit note of an archived receipt: it is no longer settled, so it reopens.
      expect((await call('POST', `/api-receipt/undo-cn?stid=${st}&rno=${cn}&rrno=${newer}`, 'fw')).json()).toEqual({ error: 67 });
      expect((await call('POST', `/api-receipt/undo-cn?stid=${st}&rno=${cn}&rrno=${older}`, 'fw')).json()).toEqual({ success: true });
      list = await receipts(st);
      expect(list.rows.find((r) => r.rno === older)).toMatchObject({ type: 1, cr: 0, bal: 1500, subr: [] });

      // Revert the payment's assignment: the receipt is fully open again.
      expect((await call('POST', `/api-receipt/revert-pa?stid=${st}&rno=${older}&prid=${pid}`, 'fw')).json()).toEqual({ success: true });
      expect((await call('POST', `/api-receipt/revert-pa?stid=${st}&rno=${older}&prid=${pid}`, 'fw')).statusCode).toBe(404);
      expect((await receipts(st)).rows.find((r) => r.rno === older)).toMatchObject({ ap: 0, bal: 6000 });

      // Set paid: a payment of the open amount, receipt archived.
      const version = (await receipts(st)).rows.find((r) => r.rno === newer)!.version;
      const setPaid = await call('PUT', `/api-student/setpaid?stid=${st}&rno=${newer}`, 'fw', { pd: '2026-11-21', pm: 3, version });
      expect(setPaid.statusCode).toBe(200);
      expect((await receipts(st, 2)).rows.map((r) => [r.rno, r.bal])).toEqual([[newer, 0]]);
      expect(await expectBalanceConsistent(st)).toBe(6000);
    });

    it('prints the receipt (pdftotext shows number and amount) and the dunning letter; dunning rows are created and edited', async () => {
      const st = await makeStudent(schoolA);
      await makeContract(st, { start: '2026-11-01', gross: 12345, tax: 20 });
      await call('POST', `/api-student/gi?stid=${st}`, 'all');
      const rno = (await receipts(st)).rows[0]!.rno;
      const pdf = await call('GET', `/api-receipt/print?id=${rno}`, 'reader');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(`Rechnung Nr. ${rno}`);
      expect(text).toContain('123,45 EUR');
      expect((await call('GET', `/api-receipt/print?id=${rno}`, 'otherSchool')).statusCode).toBe(404);

      expect((await call('POST', '/api-invoice-reminder/data', 'reader', { stid: st, dun: 1, rnos: [rno] })).statusCode).toBe(403);
      expect((await call('POST', '/api-invoice-reminder/data', 'otherSchool', { stid: st, dun: 1, rnos: [rno] })).statusCode).toBe(404);
      expect((await call('POST', '/api-invoice-reminder/data', 'fw', { stid: st, dun: 4, rnos: [rno] })).statusCode).toBe(400);
      const created = await call('POST', '/api-invoice-reminder/data', 'fw', { stid: st, dun: 1, rnos: [rno] });
      const id = created.json<{ id: number }>().id;
      const rows = (await call('GET', `/api-student/inv-rem?id=${st}`, 'reader')).json<StudentDunningsResponse>().rows;
      expect(rows).toEqual([expect.objectContaining({ id, dun: 1, ds: null, am: 12345, cur: 'EUR', rnos: [rno], version: 1 })]);
      expect((await receipts(st)).rows[0]!.dun).toBe(1);
      expect((await call('PUT', `/api-invoice-reminder/data?id=${id}`, 'fw', { dun: 2, ds: '2026-11-21', version: 1 })).json()).toEqual({ success: true, version: 2 });
      const letter = await call('GET', `/api-receipt/print-ir?id=${id}`, 'reader');
      expect(letter.statusCode).toBe(200);
      const letterText = pdfText(letter.rawPayload);
      expect(letterText).toContain('2. Mahnung');
      expect(letterText).toContain('123,45 EUR');
      expect((await call('GET', `/api-receipt/print-ir?id=${id}&ds=2026-11-21`, 'reader')).statusCode).toBe(403);
      expect((await call('GET', `/api-receipt/print-ir?id=${id}`, 'otherSchool')).statusCode).toBe(404);
    });
  });
});
