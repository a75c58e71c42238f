import type { Queryable } from '../../db/index.js';
import { insertReminder } from '../reminders/repository.js';
import {
  deletePayment,
  insertPayment,
  lockMoneyStudent,
  lockPayment,
  lockReceipt,
  replaceAssignment,
  revertAssignment,
  type MoneyStudent,
} from '../student-money/repository.js';

/**
 * What an import does with the direct debits of our own runs, in the import's transaction. A
 * run's file has one transaction per mandate of a student (sepa_transactions, migration 116:
 * its end-to-end id, the sum of its receipts), each collecting one or more receipts (a
 * sepa_debits row per receipt, migration 106). An entry is matched on the transaction's
 * end-to-end id and acts on all of its receipts:
 * - a credit carrying the end-to-end id of a pending transaction, of its amount, is that
 *   transaction collected: one payment of the credit (method 1, SEPA direct debit, on the
 *   movement's account and booking date) through student-money, assigned to each receipt with
 *   its debit's amount (at most what is still open on it: what a receipt no longer owes stays
 *   unassigned on the student); the debits become 'paid', the movement done (student,
 *   payment, rule 'run');
 * - a return debit (an R-transaction: a debit entry carrying the end-to-end id of a paid
 *   transaction) reopens its receipts: the payment booked for the collection is reverted and
 *   deleted through student-money (the money went back to the payer), the debits become
 *   'returned', the bank's charges become one receivable of the student (a manual booking,
 *   kind 'GT': spec 000 §4, the receipt kind for amounts a school charges by hand), and the
 *   school gets one reminder naming student, receipts and reason. The movement is done (rule
 *   'return').
 * - a payment already booked (`booked_at`: in the books, never changed or deleted again) is
 *   not touched: the money the bank took back is owed again as a reversing manual booking of
 *   each receipt's debit amount naming the receipt, so the student's balance and open items
 *   show it exactly as reopened receipts would, and the books keep the payment and its reversal.
 * - a returned first debit (FRST) makes the mandate's next debit a first one again (SEPA Core:
 *   a FRST that was not collected does not start the recurring sequence): the contracts of the
 *   transaction's receipts go back to FRST, unless a contract's mandate has changed since or
 *   another debit of it under the same mandate was collected. Direct debits switch them to
 *   RCUR when they use them (direct-debits' insertRun).
 * Students are locked one after another in id order (the money writes' rule), then receipts.
 */

const SEPA_DIRECT_DEBIT = 1;

interface RunMovement {
  id: number;
  school_id: number;
  account_id: number;
  booking_date: string;
  amount: number;
  credit: boolean;
  charges: number;
  return_reason: string | null;
  transaction_id: number;
  end_to_end_id: string;
  student_id: number;
  transaction_amount: number;
}

/** A receipt's debit in a transaction. */
interface TransactionDebit {
  id: number;
  receipt_id: number;
  amount: number;
  status: string;
}

export interface OwnRunResult {
  /** Transactions collected. */
  paid: number;
  /** Transactions returned. */
  returned: number;
}

/** "Beleg 1001" or "Belegen 1001, 1002" (German dative, as the texts below use it). */
const receiptsText = (debits: readonly TransactionDebit[], dative: boolean) =>
  debits.length === 1 ? `Beleg ${debits[0]!.receipt_id}` : `${dative ? 'Belegen' : 'Belege'} ${debits.map((d) => d.receipt_id).join(', ')}`;

export async function bookOwnRuns(tx: Queryable, movementIds: readonly number[], currency: string, userId: number): Promise<OwnRunResult> {
  if (movementIds.length === 0) return { paid: 0, returned: 0 };
  const found = await tx.query<RunMovement>(
    `SELECT m.id, m.school_id, m.account_id, to_char(m.booking_date, 'YYYY-MM-DD') AS booking_date, m.amount::float8 AS amount, m.credit,
            m.charges::float8 AS charges, m.return_reason, t.id::float8 AS transaction_id, t.end_to_end_id, t.student_id,
            t.amount::float8 AS transaction_amount
       FROM bank_movements m JOIN sepa_transactions t ON t.end_to_end_id = m.end_to_end_id AND t.school_id = m.school_id
      WHERE m.id = ANY($1::int[]) AND EXISTS (SELECT 1 FROM sepa_debits d WHERE d.transaction_id = t.id)
      ORDER BY t.student_id, m.booking_date, m.id`,
    [movementIds],
  );
  const result: OwnRunResult = { paid: 0, returned: 0 };
  for (const movement of found.rows) {
    const student = await lockMoneyStudent(tx, movement.student_id);
    if (!student) continue;
    const debits = (await tx.query<TransactionDebit>(
      `SELECT id::float8 AS id, receipt_id::float8 AS receipt_id, amount::float8 AS amount, status
         FROM sepa_debits WHERE transaction_id = $1 ORDER BY receipt_id FOR UPDATE`,
      [movement.transaction_id],
    )).rows;
    if (debits.length === 0) continue;
    const all = (status: string) => debits.every((d) => d.status === status);
    if (movement.credit && all('pending') && movement.amount === movement.transaction_amount) {
      const paymentId = await collect(tx, student, movement, debits, currency);
      await tx.query(`UPDATE sepa_debits SET status = 'paid', status_at = now() WHERE transaction_id = $1`, [movement.transaction_id]);
      await tx.query(
        `UPDATE bank_movements SET student_id = $2, payment_id = $3, assigned_by_rule = 'run', assigned_at = now(), version = version + 1 WHERE id = $1`,
        [movement.id, student.id, paymentId],
      );
      result.paid += 1;
    } else if (!movement.credit && all('paid')) {
      await bookReturn(tx, student, movement, debits, currency, userId);
      await tx.query(
        `UPDATE bank_movements SET student_id = $2, assigned_by_rule = 'return', assigned_at = now(), version = version + 1 WHERE id = $1`,
        [movement.id, student.id],
      );
      result.returned += 1;
    }
  }
  return result;
}

/**
 * A transaction collected: one payment of the credit, assigned to each of its receipts with
 * the receipt's debit amount, at most what is open on it now (receipts locked in number order).
 */
async function collect(tx: Queryable, student: MoneyStudent, movement: RunMovement, debits: readonly TransactionDebit[], currency: string): Promise<number> {
  const lines: { rno: number; am: number }[] = [];
  for (const debit of debits) {
    const receipt = await lockReceipt(tx, student.id, debit.receipt_id);
    const open = receipt.amount - receipt.paid - receipt.credited;
    const share = Math.min(debit.amount, Math.max(open, 0));
    if (share > 0) lines.push({ rno: debit.receipt_id, am: share });
  }
  const paymentId = await insertPayment(
    tx, student,
    { pd: movement.booking_date, am: movement.amount, pm: SEPA_DIRECT_DEBIT, aid: movement.account_id, an: `Lastschrift ${receiptsText(debits, false)}` },
    currency,
  );
  if (lines.length > 0) await replaceAssignment(tx, student, paymentId, lines, (await lockPayment(tx, student.id, paymentId)).version);
  return paymentId;
}

/** A transaction returned: its receipts reopen (or are owed again), charges, reminder, mandate. */
async function bookReturn(
  tx: Queryable, student: MoneyStudent, movement: RunMovement, debits: readonly TransactionDebit[], currency: string, userId: number,
): Promise<void> {
  // The payment the collection booked (the credit movement of the same end-to-end id).
  const booked = await tx.query<{ payment_id: number; booked: boolean }>(
    `SELECT c.payment_id, p.booked_at IS NOT NULL AS booked
       FROM bank_movements c JOIN payments p ON p.id = c.payment_id
      WHERE c.end_to_end_id = $1 AND c.school_id = $2 AND c.credit AND c.assigned_by_rule = 'run'
      FOR UPDATE OF p`,
    [movement.end_to_end_id, movement.school_id],
  );
  const payment = booked.rows[0];
  const reversals: number[] = [];
  if (payment && !payment.booked) {
    const assigned = await tx.query<{ rno: number }>(
      'SELECT rno::float8 AS rno FROM payment_assignments WHERE payment_id = $1 AND rno = ANY($2::bigint[]) ORDER BY rno',
      [payment.payment_id, debits.map((d) => d.receipt_id)],
    );
    for (const { rno } of assigned.rows) await revertAssignment(tx, student.id, rno, payment.payment_id);
    await tx.query('UPDATE bank_movements SET payment_id = NULL WHERE payment_id = $1', [payment.payment_id]);
    await deletePayment(tx, student.id, payment.payment_id);
  } else if (payment) {
    for (const debit of debits) {
      reversals.push(await manualBooking(tx, student, `Rücklastschrift zu Beleg ${debit.receipt_id}`, movement.booking_date, debit.amount, currency));
    }
  }
  await tx.query(`UPDATE sepa_debits SET status = 'returned', status_at = now() WHERE transaction_id = $1`, [movement.transaction_id]);
  await restartMandate(tx, movement.transaction_id);
  const named = receiptsText(debits, true);
  const chargesReceipt = movement.charges > 0
    ? await manualBooking(tx, student, `Rücklastschriftgebühr zu ${named}`, movement.booking_date, movement.charges, currency)
    : null;
  const several = debits.length > 1;
  await insertReminder(
    tx,
    {
      schoolId: student.schoolId,
      dateDeadline: movement.booking_date,
      subject: `Rücklastschrift zu ${named}`,
      notes: [
        `Die Lastschrift zu ${named} wurde zurückgegeben${movement.return_reason ? ` (Grund ${movement.return_reason})` : ''}.`,
        reversals.length > 0
          ? `Die Zahlung war bereits verbucht; der Betrag ist als ${reversals.length === 1 ? `Beleg ${reversals[0]}` : `Belege ${reversals.join(', ')}`} wieder offen.`
          : several ? 'Die Belege sind wieder offen.' : 'Der Beleg ist wieder offen.',
        chargesReceipt ? `Die Bankgebühr ist als Beleg ${chargesReceipt} gebucht.` : '',
      ].filter(Boolean).join(' '),
      studentId: student.id,
      leadId: null,
      delegatedTo: null,
    },
    userId,
    false,
  );
}

/** A manual booking (kind 'GT', open) of the student: what the school charges by hand; answers its number. */
async function manualBooking(tx: Queryable, student: MoneyStudent, text: string, due: string, amount: number, currency: string): Promise<number> {
  const receipt = await tx.query<{ rno: number }>(
    `INSERT INTO receipts (school_id, student_id, kind, type, text, date_due, amount, tax, currency)
     VALUES ($1, $2, 'GT', 1, $3, $4, $5, 0, $6) RETURNING rno::float8 AS rno`,
    [student.schoolId, student.id, text, due, amount, currency],
  );
  return receipt.rows[0]!.rno;
}

/**
 * A returned FRST transaction: each contract of its receipts is FRST again while it still has
 * the transaction's mandate (the same reference; the contract may name no account of its own
 * and be collected on the school's main account or creditor data) and no other debit of the
 * contract under that mandate was collected.
 */
async function restartMandate(tx: Queryable, transactionId: number): Promise<void> {
  await tx.query(
    `UPDATE student_contracts sc SET sepa_sequence = 'FRST'
       FROM sepa_transactions t JOIN sepa_debits d ON d.transaction_id = t.id JOIN receipts r ON r.rno = d.receipt_id
      WHERE t.id = $1 AND t.sequence_type = 'FRST' AND sc.id = r.student_contract_id AND sc.sepa_mandate_ref = t.mandate_id
        AND NOT EXISTS (SELECT 1 FROM sepa_debits o JOIN sepa_transactions ot ON ot.id = o.transaction_id JOIN receipts orr ON orr.rno = o.receipt_id
                         WHERE orr.student_contract_id = sc.id AND ot.mandate_id = t.mandate_id AND ot.id <> t.id AND o.status = 'paid')`,
    [transactionId],
  );
}
