import type { Queryable } from '../../db/index.js';
import { insertReminder } from '../reminders/repository.js';
import { deletePayment, lockMoneyStudent, payReceipt, revertAssignment, type MoneyStudent } from '../student-money/repository.js';

/**
 * What an import does with the direct debits of our own runs (sepa_debits, migration 106), in
 * the import's transaction:
 * - a credit carrying the end-to-end id of a pending debit is that debit collected: a payment
 *   (method 1, SEPA direct debit, on the movement's account and booking date) paying the
 *   debit's receipt through student-money's payReceipt; the debit becomes 'paid', the movement
 *   done (student, payment, rule 'run');
 * - a return debit (an R-transaction: a debit entry with a return reason, or the end-to-end id
 *   of a paid debit coming back as a debit) reopens the receipt: the payment booked for the
 *   debit is reverted and deleted through student-money (the money went back to the payer), the
 *   debit becomes 'returned', the bank's charges become a receivable of the student (a manual
 *   booking, kind 'GT': spec 000 §4, the receipt kind for amounts a school charges by hand), and
 *   the school gets a reminder naming student, receipt and reason. The movement is done (rule
 *   'return').
 * - a payment already booked (`booked_at`: in the books, never changed or deleted again) is
 *   not touched: the money the bank took back is owed again as a reversing manual booking of
 *   the debit's amount naming the receipt, so the student's balance and open items show it
 *   exactly as a reopened receipt would, and the books keep the payment and its reversal.
 * - a returned first debit (FRST) makes the mandate's next debit a first one again (SEPA Core:
 *   a FRST that was not collected does not start the recurring sequence): the contract of the
 *   debit's receipt goes back to FRST, unless its mandate has changed since or another debit
 *   under the same mandate was collected. Direct debits switch it to RCUR when they use it
 *   (migration 106, direct-debits' createRun).
 * Students are locked one after another in id order (the money writes' rule).
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
  debit_id: number;
  debit_status: string;
  receipt_id: number;
  student_id: number;
  debit_amount: number;
}

export interface OwnRunResult {
  paid: number;
  returned: number;
}

export async function bookOwnRuns(tx: Queryable, movementIds: readonly number[], currency: string, userId: number): Promise<OwnRunResult> {
  if (movementIds.length === 0) return { paid: 0, returned: 0 };
  const found = await tx.query<RunMovement>(
    `SELECT m.id, m.school_id, m.account_id, to_char(m.booking_date, 'YYYY-MM-DD') AS booking_date, m.amount::float8 AS amount, m.credit,
            m.charges::float8 AS charges, m.return_reason, d.id::float8 AS debit_id, d.status AS debit_status, d.receipt_id::float8 AS receipt_id,
            d.student_id, d.amount::float8 AS debit_amount
       FROM bank_movements m JOIN sepa_debits d ON d.end_to_end_id = m.end_to_end_id AND d.school_id = m.school_id
      WHERE m.id = ANY($1::int[])
      ORDER BY d.student_id, m.booking_date, m.id`,
    [movementIds],
  );
  const result: OwnRunResult = { paid: 0, returned: 0 };
  for (const movement of found.rows) {
    const student = await lockMoneyStudent(tx, movement.student_id);
    if (!student) continue;
    const debit = await tx.query<{ status: string }>('SELECT status FROM sepa_debits WHERE id = $1 FOR UPDATE', [movement.debit_id]);
    const status = debit.rows[0]?.status;
    if (movement.credit && status === 'pending' && movement.amount === movement.debit_amount) {
      const paid = await payReceipt(
        tx, student, movement.receipt_id,
        { pd: movement.booking_date, am: movement.amount, pm: SEPA_DIRECT_DEBIT, aid: movement.account_id, an: `Lastschrift Beleg ${movement.receipt_id}` },
        currency, false,
      );
      await tx.query(`UPDATE sepa_debits SET status = 'paid', status_at = now() WHERE id = $1`, [movement.debit_id]);
      await tx.query(
        `UPDATE bank_movements SET student_id = $2, payment_id = $3, assigned_by_rule = 'run', assigned_at = now(), version = version + 1 WHERE id = $1`,
        [movement.id, student.id, paid.id],
      );
      result.paid += 1;
    } else if (!movement.credit && status === 'paid') {
      // The payment the collection booked (the credit movement of the same end-to-end id).
      const booked = await tx.query<{ payment_id: number; booked: boolean }>(
        `SELECT c.payment_id, p.booked_at IS NOT NULL AS booked
           FROM bank_movements c JOIN sepa_debits d ON d.end_to_end_id = c.end_to_end_id JOIN payments p ON p.id = c.payment_id
          WHERE d.id = $1 AND c.credit AND c.assigned_by_rule = 'run'
          FOR UPDATE OF p`,
        [movement.debit_id],
      );
      const payment = booked.rows[0];
      let reversal: number | null = null;
      if (payment && !payment.booked) {
        await revertAssignment(tx, student.id, movement.receipt_id, payment.payment_id);
        await tx.query('UPDATE bank_movements SET payment_id = NULL WHERE payment_id = $1', [payment.payment_id]);
        await deletePayment(tx, student.id, payment.payment_id);
      } else if (payment) {
        reversal = await manualBooking(tx, student, `Rücklastschrift zu Beleg ${movement.receipt_id}`, movement.booking_date, movement.debit_amount, currency);
      }
      await tx.query(`UPDATE sepa_debits SET status = 'returned', status_at = now() WHERE id = $1`, [movement.debit_id]);
      await restartMandate(tx, movement.debit_id);
      const chargesReceipt = movement.charges > 0
        ? await manualBooking(tx, student, `Rücklastschriftgebühr zu Beleg ${movement.receipt_id}`, movement.booking_date, movement.charges, currency)
        : null;
      await insertReminder(
        tx,
        {
          schoolId: student.schoolId,
          dateDeadline: movement.booking_date,
          subject: `Rücklastschrift zu Beleg ${movement.receipt_id}`,
          notes: [
            `Die Lastschrift zu Beleg ${movement.receipt_id} wurde zurückgegeben${movement.return_reason ? ` (Grund ${movement.return_reason})` : ''}.`,
            reversal
              ? `Die Zahlung war bereits verbucht; der Betrag ist als Beleg ${reversal} wieder offen.`
              : 'Der Beleg ist wieder offen.',
            chargesReceipt ? `Die Bankgebühr ist als Beleg ${chargesReceipt} gebucht.` : '',
          ].filter(Boolean).join(' '),
          studentId: student.id,
          leadId: null,
          delegatedTo: null,
        },
        userId,
        false,
      );
      await tx.query(
        `UPDATE bank_movements SET student_id = $2, assigned_by_rule = 'return', assigned_at = now(), version = version + 1 WHERE id = $1`,
        [movement.id, student.id],
      );
      result.returned += 1;
    }
  }
  return result;
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
 * A returned FRST debit: the contract of its receipt is FRST again while it still has the
 * debit's mandate (the same reference; the contract may name no account of its own and be
 * collected on the school's main account or creditor data) and no other debit of the
 * contract under that mandate was collected.
 */
async function restartMandate(tx: Queryable, debitId: number): Promise<void> {
  await tx.query(
    `UPDATE student_contracts sc SET sepa_sequence = 'FRST'
       FROM sepa_debits d JOIN receipts r ON r.rno = d.receipt_id
      WHERE d.id = $1 AND d.sequence_type = 'FRST' AND sc.id = r.student_contract_id AND sc.sepa_mandate_ref = d.mandate_id
        AND NOT EXISTS (SELECT 1 FROM sepa_debits o JOIN receipts orr ON orr.rno = o.receipt_id
                         WHERE orr.student_contract_id = sc.id AND o.mandate_id = d.mandate_id AND o.id <> d.id AND o.status = 'paid')`,
    [debitId],
  );
}
