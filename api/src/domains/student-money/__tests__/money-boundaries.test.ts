import fc from 'fast-check';
import type { PaymentAssignmentResponse, ReceiptDetail, ReceiptRow, StudentPaymentsResponse, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(300_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/**
 * The legal tax of a gross amount in cents at `percent` %: the tax included in the gross,
 * gross · p / (100 + p), rounded commercially (half away from zero) to the cent; exact
 * integer arithmetic, independent of the product's code.
 */
function legalTax(gross: number, percent: number): number {
  const numerator = BigInt(gross) * BigInt(percent);
  const denominator = BigInt(100 + percent);
  const quotient = numerator / denominator;
  const remainder = numerator - quotient * denominator;
  return Number(2n * remainder >= denominator ? quotient + 1n : quotient);
}

/**
 * Issue 25 "Money boundaries": invoice tax rounding (commercial rounding of the tax included
 * in the gross), a credit note of exactly the open amount, a payment above what is open. All
 * seen as an API client sees them.
 */
describe.each(backends())('money boundaries on %s', (backend) => {
  let t: TestApp;
  let school: number;
  const cookies: Record<string, string> = {};
  const call = (method: string, url: string, user: string, payload?: unknown): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const makeStudent = async () =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, 'Maria', 'Huber', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [school],
    ))[0]!.id;
  /** A monthly contract from 1.11.2026 (one period due on 21.11.) of `gross` cents at `tax` %. */
  const makeContract = async (studentId: number, gross: number, tax: number) =>
    (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, activation_gross,
                                      tax_percent, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
       SELECT school_id, id, 1, 3, '2026-11-01', $2, 0, $3, 1, 1, 12, 1, 1 FROM students WHERE id = $1 RETURNING id`,
      [studentId, gross, tax],
    ))[0]!.id;
  const receipts = async (studentId: number) => {
    const res = await call('GET', `/api-student/receipts?type=1&id=${studentId}`, 'all');
    expect(res.statusCode).toBe(200);
    return res.json<StudentReceiptsResponse>();
  };
  const generate = async (studentId: number) => {
    const res = await call('POST', `/api-student/gi?stid=${studentId}`, 'all');
    expect(res.statusCode).toBe(200);
    return res.json<{ created: number }>().created;
  };
  /** One invoice of `gross` cents at `tax` % for a new student, as GET /receipts answers it. */
  const invoice = async (gross: number, tax: number): Promise<ReceiptRow & { stid: number }> => {
    const stid = await makeStudent();
    await makeContract(stid, gross, tax);
    expect(await generate(stid)).toBe(1);
    return { ...(await receipts(stid)).rows[0]!, stid };
  };
  const detail = async (stid: number, rno: number) => {
    const res = await call('GET', `/api-receipt/data?rno=${rno}&stid=${stid}`, 'all');
    expect(res.statusCode).toBe(200);
    return res.json<ReceiptDetail>();
  };
  const cash = (am: number | null) => ({ pd: '2026-11-20', am, pm: 3, aid: null, an: 'bar' });

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    school = await createSchool(t.db, 'Kampfkunst Graz');
    cookies.all = (await t.loginAs({ atoms: ['finance_r', 'finance_w', 'finance_d', 'student_w'], schools: [school] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('invoice tax: the tax included in the gross, rounded commercially to the cent', () => {
    it('49.00 at 20 % is net 40.83 and tax 8.17 (8.1666… rounded, not cut)', async () => {
      expect(await invoice(4900, 20)).toMatchObject({ amt: 4900, net: 4083, tax: 817 });
    });

    it.each([
      // [gross, percent, tax]: 564, 321 and 251 are one cent more than cutting off gives
      [4900, 13, 564], // 563.716…
      [4900, 7, 321], // 320.560…
      [6900, 20, 1150], // exact
      [1503, 20, 251], // 250.5: half away from zero (round half to even would give 250)
      [4999, 19, 798], // 798.159…
      [10000, 10, 909], // 909.09…
      [19, 19, 3], // 3.033…
      [1, 20, 0], // 0.166…
      [5, 0, 0],
    ])('%i cents at %i %% carries tax %i and net = gross − tax', async (gross, percent, tax) => {
      expect(legalTax(gross, percent)).toBe(tax);
      expect(await invoice(gross, percent)).toMatchObject({ amt: gross, tax, net: gross - tax });
    });

    it('property: for every gross and each rate (AT 0/10/13/20 %, DE 7/19 %) tax is the legal figure and net + tax = gross', async () => {
      const rates = [0, 10, 13, 20, 7, 19];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ gross: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1_000_000_000 })), rate: fc.constantFrom(...rates) }), {
            minLength: 1,
            maxLength: 8,
          }),
          async (cases) => {
            const stid = await makeStudent();
            const contracts = new Map<number, { gross: number; rate: number }>();
            for (const c of cases) contracts.set(await makeContract(stid, c.gross, c.rate), c);
            expect(await generate(stid)).toBe(cases.length);
            const rows = (await receipts(stid)).rows;
            expect(rows).toHaveLength(cases.length);
            for (const row of rows) {
              const { gross, rate } = contracts.get(row.scid!)!;
              expect([row.amt, row.net + row.tax, row.tax]).toEqual([gross, gross, legalTax(gross, rate)]);
              expect(Number.isInteger(row.net) && Number.isInteger(row.tax)).toBe(true);
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  });

  describe('credit notes up to the open amount', () => {
    it('a credit note of exactly the open amount is allowed and settles the receipt; one cent more is 400 {error: 63}, nothing written', async () => {
      const receipt = await invoice(6000, 20);
      // 20.00 paid: 40.00 open.
      expect((await call('POST', `/api-student/spr?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', cash(2000))).statusCode).toBe(200);
      const over = await call('POST', `/api-receipt/cn?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', { am: 4001, txt: 'zu viel' });
      expect([over.statusCode, over.json()]).toEqual([400, { error: 63 }]);
      expect((await detail(receipt.stid, receipt.rno)).data).toMatchObject({ ap: 2000, cr: 0, bal: 4000, subr: [] });

      const exact = await call('POST', `/api-receipt/cn?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', { am: 4000, txt: 'Kulanz' });
      expect(exact.statusCode).toBe(200);
      const after = (await detail(receipt.stid, receipt.rno)).data;
      // Its tax is the receipt's share, rounded: 4000 · 1000 / 6000 = 666.67 → 667.
      expect(after).toMatchObject({ ap: 2000, cr: 4000, bal: 0, subr: [expect.objectContaining({ amt: -4000, tax: -667, net: -3333, kind: 'CN' })] });
      // Nothing open any more: even one cent is refused.
      const more = await call('POST', `/api-receipt/cn?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', { am: 1 });
      expect([more.statusCode, more.json()]).toEqual([400, { error: 63 }]);
    });

    it('a credit note changed to exactly what is open without it is allowed; one cent more is 400 {error: 63}', async () => {
      const receipt = await invoice(4900, 20);
      const note = (await call('POST', `/api-receipt/cn?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', { am: 900 })).json<{ rno: number }>().rno;
      const over = await call('PUT', `/api-receipt/cn?stid=${receipt.stid}&rno=${note}`, 'all', { am: 4901, txt: '', version: 1 });
      expect([over.statusCode, over.json()]).toEqual([400, { error: 63 }]);
      expect((await call('PUT', `/api-receipt/cn?stid=${receipt.stid}&rno=${note}`, 'all', { am: 4900, txt: '', version: 1 })).statusCode).toBe(200);
      expect((await detail(receipt.stid, receipt.rno)).data).toMatchObject({ cr: 4900, bal: 0 });
    });
  });

  describe('a payment above what is open', () => {
    it('100.00 paid on a 60.00 receipt: the receipt is paid 60.00, 40.00 stays unassigned on the student and can be assigned later', async () => {
      const receipt = await invoice(6000, 20);
      const stid = receipt.stid;
      const paid = await call('POST', `/api-student/spr?stid=${stid}&rno=${receipt.rno}`, 'all', cash(10000));
      expect(paid.statusCode).toBe(200);
      const paymentId = paid.json<{ id: number }>().id;

      const after = await detail(stid, receipt.rno);
      expect(after.data).toMatchObject({ amt: 6000, ap: 6000, bal: 0 });
      expect(after.pa).toEqual([expect.objectContaining({ prid: paymentId, am: 6000 })]);
      const payment = (await call('GET', `/api-student/sp?stid=${stid}`, 'all')).json<StudentPaymentsResponse>().rows.find((row) => row.id === paymentId)!;
      expect(payment).toMatchObject({ am: 10000, aa: 6000 });
      expect(payment.am - payment.aa).toBe(4000);
      const assignment = (await call('GET', `/api-student/spa?stid=${stid}&id=${paymentId}`, 'all')).json<PaymentAssignmentResponse>();
      expect(assignment.pr.map((line) => [line.rno, line.am])).toEqual([[receipt.rno, 6000]]);
      // The balance counts assigned money only: the receipt is settled, nothing owed.
      expect((await receipts(stid)).balance).toBe(0);

      // The rest pays the next receipt when assigned; never above its open amount.
      await makeContract(stid, 3000, 20);
      expect(await generate(stid)).toBe(1);
      const next = (await receipts(stid)).rows.find((row) => row.rno !== receipt.rno)!;
      const tooMuch = await call('PUT', `/api-student/spa?stid=${stid}&id=${paymentId}`, 'all', {
        pr: [{ rno: receipt.rno, am: 6000 }, { rno: next.rno, am: 3001 }],
        version: payment.version,
      });
      expect([tooMuch.statusCode, tooMuch.json()]).toEqual([400, { error: 63 }]);
      const assigned = await call('PUT', `/api-student/spa?stid=${stid}&id=${paymentId}`, 'all', {
        pr: [{ rno: receipt.rno, am: 6000 }, { rno: next.rno, am: 3000 }],
        version: payment.version,
      });
      expect(assigned.statusCode).toBe(200);
      const rows = (await call('GET', `/api-student/sp?stid=${stid}`, 'all')).json<StudentPaymentsResponse>().rows;
      expect(rows.find((row) => row.id === paymentId)).toMatchObject({ am: 10000, aa: 9000 });
      expect((await detail(stid, next.rno)).data).toMatchObject({ ap: 3000, bal: 0 });
    });

    it('a payment without an amount pays exactly what is open; a receipt with nothing open takes no payment', async () => {
      const receipt = await invoice(6000, 20);
      expect((await call('POST', `/api-receipt/cn?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', { am: 1500 })).statusCode).toBe(200);
      const paid = await call('POST', `/api-student/spr?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', cash(null));
      expect(paid.statusCode).toBe(200);
      const payment = (await call('GET', `/api-student/sp?stid=${receipt.stid}`, 'all')).json<StudentPaymentsResponse>().rows[0]!;
      expect(payment).toMatchObject({ am: 4500, aa: 4500 });
      const again = await call('POST', `/api-student/spr?stid=${receipt.stid}&rno=${receipt.rno}`, 'all', cash(100));
      expect([again.statusCode, again.json()]).toEqual([409, { error: 67 }]);
    });
  });
});
