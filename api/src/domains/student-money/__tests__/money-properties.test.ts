import fc from 'fast-check';
import type { Queryable } from '../../../db/index.js';
import { HttpError } from '../../../lib/http-error.js';
import { backends, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import {
  closeReceipt,
  createCreditNote,
  deletePayment,
  generateInvoices,
  insertPayment,
  lockMoneyStudent,
  moneyRuleAnswer,
  openReceipt,
  payReceipt,
  replaceAssignment,
  revertAssignment,
  undoCreditNote,
  updateCreditNote,
  updatePayment,
} from '../repository.js';

/**
 * Property tests of the money model (api/README.md "The money model"), PGlite only: random
 * sequences of invoice generation, payments, assignments, credit notes, undo, close/reopen,
 * deletes and skips run against ONE database, each run inside a transaction that is rolled
 * back, each operation inside a savepoint with the deferred checks fired at its end (as a
 * commit would). After every operation:
 * - the balance on the student row = receipts − credit notes − assigned payments;
 * - no payment is assigned above its amount, no receipt paid + credited above its amount,
 *   the kept sums equal the rows they sum, archived receipts are settled;
 * - no contract period is billed twice and no skipped period is billed;
 * - a refused operation answers a code (HttpError, or a database rule the routes map to a
 *   code: never a 500) and leaves the data exactly as before.
 */

jest.setTimeout(120_000);

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 1000);
const TODAYS = ['2026-02-10', '2026-06-30', '2026-11-21'] as const;

type Op =
  | { op: 'gi'; student: number; today: number }
  | { op: 'pay'; student: number; am: number }
  | { op: 'editPayment'; payment: number; am: number }
  | { op: 'assign'; payment: number; lines: { receipt: number; am: number }[] }
  | { op: 'payReceipt'; receipt: number; am: number | null }
  | { op: 'setPaid'; receipt: number }
  | { op: 'cn'; receipt: number; am: number }
  | { op: 'editCn'; cn: number; am: number }
  | { op: 'undoCn'; cn: number; wrongParent: boolean }
  | { op: 'close'; receipt: number }
  | { op: 'open'; receipt: number }
  | { op: 'revert'; receipt: number; payment: number }
  | { op: 'deletePayment'; payment: number }
  | { op: 'book'; payment: number }
  | { op: 'skip'; contract: number; k: number };

const amount = fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom(1000, 2500, 4900, 6900));
const idx = fc.nat({ max: 9 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('gi' as const), student: fc.nat({ max: 1 }), today: fc.nat({ max: TODAYS.length - 1 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('pay' as const), student: fc.nat({ max: 1 }), am: amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('editPayment' as const), payment: idx, am: amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('assign' as const),
      payment: idx,
      lines: fc.array(fc.record({ receipt: idx, am: amount }), { maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('payReceipt' as const), receipt: idx, am: fc.option(amount, { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('setPaid' as const), receipt: idx }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cn' as const), receipt: idx, am: amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('editCn' as const), cn: idx, am: amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('undoCn' as const), cn: idx, wrongParent: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('close' as const), receipt: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('open' as const), receipt: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('revert' as const), receipt: idx, payment: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deletePayment' as const), payment: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('book' as const), payment: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('skip' as const), contract: fc.nat({ max: 2 }), k: fc.nat({ max: 12 }) }) },
);

const contractArb = fc.record({
  student: fc.nat({ max: 1 }),
  start: fc.constantFrom('2025-11-30', '2026-01-01', '2026-01-31', '2026-03-15', '2026-09-01'),
  interval: fc.constantFrom(1, 3, 6, 12),
  gross: fc.constantFrom(0, 3900, 4900, 12_000),
  activation: fc.constantFrom(0, 2000),
  tax: fc.constantFrom(0, 10, 19, 20),
  status: fc.constantFrom(1, 1, 3, 2),
  end: fc.option(fc.constantFrom('2026-04-30', '2026-12-31'), { nil: null }),
});

const describeOnPglite = backends().includes('pglite') ? describe : describe.skip;

describeOnPglite('student money properties (PGlite)', () => {
  let t: TestApp;
  let schoolId: number;
  let students: number[];

  beforeAll(async () => {
    t = await createTestApp({ backend: 'pglite' });
    schoolId = await createSchool(t.db, 'Property school');
    students = [];
    for (let i = 0; i < 2; i++) {
      const row = await t.db.query<{ id: number }>(
        `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
         VALUES ($1, 1, 'Prop', $2, 2, 'Weg', '1', '8010', 'Graz', 'at') RETURNING id`,
        [schoolId, `Student ${i}`],
      );
      students.push(row.rows[0]!.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * One query: the names of the broken invariants (empty = all hold) and a snapshot of the
   * whole money state of the school (to compare before and after a refused operation).
   */
  const check = async (tx: Queryable): Promise<{ broken: string[]; snapshot: string }> => {
    const result = await tx.query<{ broken: string[] | null; snapshot: string }>(
      `SELECT ARRAY(${INVARIANTS}) AS broken, ${SNAPSHOT} AS snapshot`,
      [schoolId],
    );
    return { broken: result.rows[0]!.broken ?? [], snapshot: result.rows[0]!.snapshot };
  };
  const INVARIANTS = `SELECT 'balance' AS name FROM students s
        WHERE s.school_id = $1 AND s.balance <> (SELECT COALESCE(sum(r.amount), 0) FROM receipts r WHERE r.student_id = s.id)
                                   - (SELECT COALESCE(sum(a.amount), 0) FROM payment_assignments a JOIN payments p ON p.id = a.payment_id WHERE p.student_id = s.id)
       UNION ALL
       SELECT 'payment over-assigned or sum wrong' FROM payments p
        WHERE p.school_id = $1 AND (p.assigned <> (SELECT COALESCE(sum(a.amount), 0) FROM payment_assignments a WHERE a.payment_id = p.id) OR p.assigned > p.amount)
       UNION ALL
       SELECT 'receipt over-paid or sums wrong' FROM receipts r
        WHERE r.school_id = $1 AND r.rrno IS NULL AND (
              r.paid <> (SELECT COALESCE(sum(a.amount), 0) FROM payment_assignments a WHERE a.rno = r.rno)
           OR r.credited <> (SELECT COALESCE(-sum(c.amount), 0) FROM receipts c WHERE c.rrno = r.rno)
           OR r.paid + r.credited > r.amount)
       UNION ALL
       SELECT 'archived not settled' FROM receipts r WHERE r.school_id = $1 AND r.rrno IS NULL AND r.type = 2 AND r.paid + r.credited <> r.amount
       UNION ALL
       SELECT 'assignment not positive' FROM payment_assignments a WHERE a.school_id = $1 AND a.amount <= 0
       UNION ALL
       SELECT 'period billed twice' FROM receipts r WHERE r.school_id = $1 AND r.kind = 'IR'
        GROUP BY r.student_contract_id, r.period_start HAVING count(*) > 1
       UNION ALL
       SELECT 'skipped period billed' FROM receipts r JOIN student_contract_skips k
           ON k.student_contract_id = r.student_contract_id AND k.period_start = r.period_start WHERE r.school_id = $1 AND r.kind = 'IR'`;
  const SNAPSHOT = `concat_ws('|',
         (SELECT string_agg(concat_ws(',', rno, rrno, kind, type, amount, paid, credited, tax, version, dunning_level), ';' ORDER BY rno) FROM receipts WHERE school_id = $1),
         (SELECT string_agg(concat_ws(',', id, amount, assigned, booked_at IS NULL, version), ';' ORDER BY id) FROM payments WHERE school_id = $1),
         (SELECT string_agg(concat_ws(',', payment_id, rno, amount), ';' ORDER BY payment_id, rno) FROM payment_assignments WHERE school_id = $1),
         (SELECT string_agg(concat_ws(',', id, balance), ';' ORDER BY id) FROM students WHERE school_id = $1),
         (SELECT string_agg(concat_ws(',', student_contract_id, period_start), ';' ORDER BY student_contract_id, period_start) FROM student_contract_skips WHERE school_id = $1))`;

  const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);

  /** Runs one operation through the repository (what the routes call); answers false when it was refused. */
  const apply = async (tx: Queryable, op: Op, contracts: number[]): Promise<void> => {
    type Row = { rno: number; rrno: number; sid: number; version: number; id: number };
    const lists = (await tx.query<{ receipts: Row[] | null; notes: Row[] | null; payments: Row[] | null }>(
      `SELECT (SELECT json_agg(json_build_object('rno', rno, 'sid', student_id, 'version', version) ORDER BY rno)
                 FROM receipts WHERE school_id = $1 AND kind <> 'CN') AS receipts,
              (SELECT json_agg(json_build_object('rno', rno, 'rrno', rrno, 'sid', student_id, 'version', version) ORDER BY rno)
                 FROM receipts WHERE school_id = $1 AND kind = 'CN') AS notes,
              (SELECT json_agg(json_build_object('id', id, 'sid', student_id, 'version', version) ORDER BY id)
                 FROM payments WHERE school_id = $1) AS payments`,
      [schoolId],
    )).rows[0]!;
    const receipts = lists.receipts ?? [];
    const notes = lists.notes ?? [];
    const payments = lists.payments ?? [];
    const student = async (id: number) => (await lockMoneyStudent(tx, id))!;
    const cash = (am: number) => ({ pd: '2026-11-20', am, pm: 3, aid: null, an: '' });
    switch (op.op) {
      case 'gi':
        await student(students[op.student]!);
        await generateInvoices(tx, { studentId: students[op.student]!, today: TODAYS[op.today]!, disabledStatuses: [] });
        return;
      case 'pay':
        await insertPayment(tx, await student(students[op.student]!), cash(op.am), 'EUR');
        return;
      case 'editPayment': {
        const p = pick(payments, op.payment);
        if (!p) return;
        await updatePayment(tx, await student(p.sid), p.id, cash(op.am), p.version);
        return;
      }
      case 'assign': {
        const p = pick(payments, op.payment);
        if (!p) return;
        const lines = new Map<number, number>();
        for (const line of op.lines) {
          const r = pick(receipts, line.receipt);
          if (r) lines.set(r.rno, line.am);
        }
        await replaceAssignment(tx, await student(p.sid), p.id, [...lines].map(([rno, am]) => ({ rno, am })), p.version);
        return;
      }
      case 'payReceipt':
      case 'setPaid': {
        const r = pick(receipts, op.receipt);
        if (!r) return;
        const form = { pd: '2026-11-20', am: op.op === 'payReceipt' ? op.am : null, pm: 3, aid: null, an: '' };
        await payReceipt(tx, await student(r.sid), r.rno, form, 'EUR', op.op === 'setPaid', op.op === 'setPaid' ? r.version : undefined);
        return;
      }
      case 'cn': {
        const r = pick(receipts, op.receipt);
        if (!r) return;
        await createCreditNote(tx, await student(r.sid), r.rno, { am: op.am, txt: 'CN' }, '2026-11-21');
        return;
      }
      case 'editCn': {
        const n = pick(notes, op.cn);
        if (!n) return;
        await student(n.sid);
        await updateCreditNote(tx, n.sid, n.rno, { am: op.am, txt: 'CN', version: n.version });
        return;
      }
      case 'undoCn': {
        const n = pick(notes, op.cn);
        if (!n) return;
        await student(n.sid);
        const parent = op.wrongParent ? (receipts.find((r) => r.sid === n.sid && r.rno !== n.rrno)?.rno ?? n.rrno) : n.rrno;
        await undoCreditNote(tx, n.sid, n.rno, parent);
        return;
      }
      case 'close':
      case 'open': {
        const r = pick(receipts, op.receipt);
        if (!r) return;
        await student(r.sid);
        await (op.op === 'close' ? closeReceipt : openReceipt)(tx, r.sid, r.rno);
        return;
      }
      case 'revert': {
        const r = pick(receipts, op.receipt);
        const p = pick(payments, op.payment);
        if (!r || !p) return;
        await student(r.sid);
        await revertAssignment(tx, r.sid, r.rno, p.id);
        return;
      }
      case 'deletePayment': {
        const p = pick(payments, op.payment);
        if (!p) return;
        await student(p.sid);
        await deletePayment(tx, p.sid, p.id);
        return;
      }
      case 'book': {
        const p = pick(payments, op.payment);
        if (p) await tx.query('UPDATE payments SET booked_at = now() WHERE id = $1', [p.id]);
        return;
      }
      case 'skip': {
        const c = pick(contracts, op.contract);
        if (!c) return;
        await tx.query(
          `INSERT INTO student_contract_skips (school_id, student_contract_id, period_start)
           SELECT school_id, id, (contract_start + make_interval(months => $2 * pay_interval))::date FROM student_contracts WHERE id = $1
           ON CONFLICT DO NOTHING`,
          [c, op.k],
        );
        return;
      }
    }
  };

  /** Rolls the run back whatever happened in it. */
  class Rollback extends Error {}

  it(`balance, assignment limits, billing once and all-or-nothing hold over random sequences (${RUNS} runs)`, async () => {
    const stats = { applied: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(contractArb, { minLength: 1, maxLength: 3 }), fc.array(opArb, { minLength: 1, maxLength: 10 }), async (contractSpecs, ops) => {
        let failure: Error | null = null;
        await t.db
          .transaction(async (tx) => {
            const contracts: number[] = [];
            for (const c of contractSpecs) {
              const row = await tx.query<{ id: number }>(
                `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, contract_end, amount_gross,
                                                activation_gross, tax_percent, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
                 VALUES ($1, $2, $3, 3, $4, $5, $6, $7, $8, $9, 1, 12, 1, 1) RETURNING id`,
                [schoolId, students[c.student], c.status, c.start, c.end, c.gross, c.activation, c.tax, c.interval],
              );
              contracts.push(row.rows[0]!.id);
            }
            let before = (await check(tx)).snapshot;
            for (const op of ops) {
              await tx.query('SAVEPOINT op');
              let refused = false;
              try {
                await apply(tx, op, contracts);
                // What COMMIT would check: the deferred rule fires now.
                await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
                await tx.query('SET CONSTRAINTS ALL DEFERRED');
                stats.applied++;
              } catch (error) {
                refused = true;
                await tx.query('ROLLBACK TO SAVEPOINT op');
                await tx.query('SET CONSTRAINTS ALL DEFERRED');
                stats.refused++;
                // A refusal is an answer with a code, never a 500 ...
                if (!(error instanceof HttpError) && !moneyRuleAnswer(error)) {
                  failure = new Error(`${JSON.stringify(op)} failed unexpectedly: ${(error as Error).message}`);
                  throw new Rollback();
                }
              }
              const state = await check(tx);
              // A refused operation leaves nothing behind.
              if (refused && state.snapshot !== before) {
                failure = new Error(`${JSON.stringify(op)} was refused but changed data`);
                throw new Rollback();
              }
              if (state.broken.length > 0) {
                failure = new Error(`after ${JSON.stringify(op)}: ${state.broken.join(', ')}`);
                throw new Rollback();
              }
              before = state.snapshot;
            }
            // Generation again on the same day creates nothing (idempotent per period).
            const today = TODAYS[TODAYS.length - 1]!;
            await generateInvoices(tx, { studentId: null, today, disabledStatuses: [] });
            const again = await generateInvoices(tx, { studentId: null, today, disabledStatuses: [] });
            if (again !== 0) {
              failure = new Error(`a second generation on ${today} created ${again} receipts`);
              throw new Rollback();
            }
            const { broken } = await check(tx);
            if (broken.length > 0) failure = new Error(`after generation: ${broken.join(', ')}`);
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
        if (failure) throw failure;
      }),
      { numRuns: RUNS },
    );
    // The sequences exercise both sides: writes that apply and writes that are refused.
    expect(stats.applied).toBeGreaterThan(RUNS);
    expect(stats.refused).toBeGreaterThan(RUNS / 10);
  });
});
