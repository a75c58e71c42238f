import {
  ERROR,
  type AssignableReceipt,
  type AssignmentLine,
  type DunningRow,
  type PaymentForm,
  type PaymentRow,
  type ReceiptAssignment,
  type ReceiptRow,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { assertVersion, updateVersioned } from '../../lib/record-version.js';

/**
 * The student money model (api/README.md "The money model", migration 101). The database
 * keeps the sums (receipts.paid, receipts.credited, payments.assigned, students.balance) and
 * refuses what breaks them; this module writes the rows, each write in the caller's scoped
 * transaction after locking the student row (one money write per student at a time).
 */

// ---- errors -------------------------------------------------------------------------------

export const paymentBooked = () => new HttpError(409, { error: ERROR.paymentBooked });
export const receiptNotSettled = () => new HttpError(409, { error: ERROR.receiptNotSettled });
export const amountExceedsOpen = () => new HttpError(400, { error: ERROR.amountExceedsOpen });
export const invoicingDisabled = () => new HttpError(409, { error: ERROR.invoicingDisabled });
export const receiptStateRefused = () => new HttpError(409, { error: ERROR.receiptStateRefused });
export const paymentBelowAssigned = () => new HttpError(400, { error: ERROR.paymentBelowAssigned });
export const currencyMismatch = () => new HttpError(400, { error: ERROR.currencyMismatch });
/** 409 {error: 110}: receipt `rno` already has a letter of level `dun` (fields name both when known). */
export const dunningExists = (rno?: number | string, dun?: number | string) =>
  new HttpError(409, { error: ERROR.dunningExists, ...(rno !== undefined && dun !== undefined ? { fields: { rno: String(rno), dun: String(dun) } } : {}) });

/** A refusal of a migration-101 rule as the answer the client gets, else null. */
export function moneyRuleAnswer(error: unknown): HttpError | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code === '23514') {
    switch (constraint) {
      case 'receipts_paid_within':
      case 'payments_assigned_within':
      case 'payment_assignments_amount_positive':
        return amountExceedsOpen();
      case 'payment_assignments_currency':
        return currencyMismatch();
      case 'receipts_archived_settled':
        return receiptNotSettled();
      case 'payment_assignments_target':
      case 'receipts_cn_parent':
      case 'receipts_cn_is_sub':
      case 'receipts_period_skipped':
      case 'student_contract_skips_billed':
        return receiptStateRefused();
      default:
        return null;
    }
  }
  if (code === '23505' && constraint === 'payment_assignments_once') return badRequest({ pr: 'form.invalid' });
  // One letter per receipt and level (migration 115) when a race passed the check before the
  // write (assertNotDunned). Row-level security keeps the key out of the error: no fields then.
  if (code === '23505' && constraint === 'dunning_run_items_pkey') return dunningExists();
  return null;
}

// ---- students -----------------------------------------------------------------------------

export interface MoneyStudent {
  id: number;
  schoolId: number;
  memberStatus: number | null;
  balance: number;
}

/** Locks the student row (money writes of one student run one after another); null when not visible. */
export async function lockMoneyStudent(tx: Queryable, studentId: number): Promise<MoneyStudent | null> {
  const result = await tx.query<{ id: number; school_id: number; e_member_status_id: number | null; balance: number }>(
    'SELECT id, school_id, e_member_status_id, balance::float8 AS balance FROM students WHERE id = $1 FOR UPDATE',
    [studentId],
  );
  const row = result.rows[0];
  return row ? { id: row.id, schoolId: row.school_id, memberStatus: row.e_member_status_id, balance: row.balance } : null;
}

/** The student (not locked), or null when not visible. */
export async function readMoneyStudent(tx: Queryable, studentId: number): Promise<MoneyStudent | null> {
  const result = await tx.query<{ id: number; school_id: number; e_member_status_id: number | null; balance: number }>(
    'SELECT id, school_id, e_member_status_id, balance::float8 AS balance FROM students WHERE id = $1',
    [studentId],
  );
  const row = result.rows[0];
  return row ? { id: row.id, schoolId: row.school_id, memberStatus: row.e_member_status_id, balance: row.balance } : null;
}

// ---- receipts -----------------------------------------------------------------------------

const RECEIPT_SELECT = `SELECT r.rno::float8 AS rno, r.rrno::float8 AS rrno, r.student_id AS stid,
       to_char(r.date_due, 'YYYY-MM-DD') AS ddue, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS dcre,
       r.amount::float8 AS amt, r.paid::float8 AS ap, r.credited::float8 AS cr,
       (CASE WHEN r.rrno IS NULL THEN r.amount - r.paid - r.credited ELSE r.amount END)::float8 AS bal,
       r.type::int AS type, r.kind, r.kind = 'GT' AS gt, r.text AS txt, (r.amount - r.tax)::float8 AS net, r.tax::float8 AS tax,
       to_char(r.period_start, 'YYYY-MM-DD') AS ps, to_char(r.period_end, 'YYYY-MM-DD') AS pe, r.student_contract_id AS scid,
       r.rrno IS NOT NULL AS sub, r.dunning_level::int AS dun, to_char(r.dunning_last_at, 'YYYY-MM-DD') AS dlir,
       r.currency AS cur, r.version
  FROM receipts r`;

type ReceiptSqlRow = Omit<ReceiptRow, 'subr'>;

async function withSubReceipts(tx: Queryable, parents: ReceiptSqlRow[]): Promise<ReceiptRow[]> {
  if (parents.length === 0) return [];
  const children = await tx.query<ReceiptSqlRow>(`${RECEIPT_SELECT} WHERE r.rrno = ANY ($1::int8[]) ORDER BY r.rno`, [parents.map((p) => p.rno)]);
  const byParent = new Map<number, ReceiptRow[]>();
  for (const child of children.rows) {
    const list = byParent.get(child.rrno!) ?? [];
    list.push({ ...child, subr: [] });
    byParent.set(child.rrno!, list);
  }
  return parents.map((p) => ({ ...p, subr: byParent.get(p.rno) ?? [] }));
}

/** Top-level receipts of a type (1 open, 2 archived), newest due first, with their sub-receipts. */
export async function listReceipts(tx: Queryable, studentId: number, type: 1 | 2): Promise<ReceiptRow[]> {
  const parents = await tx.query<ReceiptSqlRow>(
    `${RECEIPT_SELECT} WHERE r.student_id = $1 AND r.rrno IS NULL AND r.type = $2 ORDER BY r.date_due DESC, r.rno DESC`,
    [studentId, type],
  );
  return withSubReceipts(tx, parents.rows);
}

/** One receipt of the student (top-level with sub-receipts, or a sub-receipt), or null. */
export async function getReceipt(tx: Queryable, studentId: number, rno: number): Promise<ReceiptRow | null> {
  const row = await tx.query<ReceiptSqlRow>(`${RECEIPT_SELECT} WHERE r.rno = $1 AND r.student_id = $2`, [rno, studentId]);
  if (!row.rows[0]) return null;
  if (row.rows[0].sub) return { ...row.rows[0], subr: [] };
  return (await withSubReceipts(tx, row.rows))[0]!;
}

/** One receipt by number alone (for /print: the school scope decides visibility). */
export async function getReceiptByNumber(tx: Queryable, rno: number): Promise<(ReceiptRow & { schoolId: number }) | null> {
  const row = await tx.query<ReceiptSqlRow & { school_id: number }>(`${RECEIPT_SELECT.replace('r.version', 'r.version, r.school_id')} WHERE r.rno = $1`, [rno]);
  const found = row.rows[0];
  if (!found) return null;
  const { school_id: schoolId, ...receipt } = found;
  const full = found.sub ? { ...receipt, subr: [] } : (await withSubReceipts(tx, [receipt]))[0]!;
  return { ...full, schoolId };
}

export async function receiptAssignments(tx: Queryable, rno: number): Promise<ReceiptAssignment[]> {
  const result = await tx.query<ReceiptAssignment>(
    `SELECT p.id AS prid, to_char(p.payment_date, 'YYYY-MM-DD') AS pd, a.amount::float8 AS am, p.booked_at IS NOT NULL AS booked
       FROM payment_assignments a JOIN payments p ON p.id = a.payment_id
      WHERE a.rno = $1 ORDER BY p.payment_date, p.id`,
    [rno],
  );
  return result.rows;
}

interface LockedReceipt {
  rno: number;
  rrno: number | null;
  kind: string;
  type: number;
  amount: number;
  paid: number;
  credited: number;
  tax: number;
  currency: string;
  student_contract_id: number | null;
  version: number;
}

/** Locks a receipt of the student; 404 when it is not there. */
export async function lockReceipt(tx: Queryable, studentId: number, rno: number): Promise<LockedReceipt> {
  const result = await tx.query<LockedReceipt>(
    `SELECT rno::float8 AS rno, rrno::float8 AS rrno, kind, type::int AS type, amount::float8 AS amount, paid::float8 AS paid,
            credited::float8 AS credited, tax::float8 AS tax, currency, student_contract_id, version
       FROM receipts WHERE rno = $1 AND student_id = $2 FOR UPDATE`,
    [rno, studentId],
  );
  if (!result.rows[0]) throw notFound();
  return result.rows[0];
}

/** A top-level receipt that payments and credit notes go to (not a credit note). */
function assertPayable(receipt: LockedReceipt): void {
  if (receipt.rrno !== null || receipt.kind === 'CN') throw receiptStateRefused();
}

/** An archived receipt that is no longer settled goes back to the open items. */
export async function reopenUnsettled(tx: Queryable, rnos: readonly number[]): Promise<void> {
  if (rnos.length === 0) return;
  await tx.query(
    'UPDATE receipts SET type = 1, version = version + 1 WHERE rno = ANY ($1::int8[]) AND rrno IS NULL AND type = 2 AND paid + credited <> amount',
    [rnos],
  );
}

/** POST /api-receipt/close: archives a settled open top-level receipt. */
export async function closeReceipt(tx: Queryable, studentId: number, rno: number): Promise<void> {
  const receipt = await lockReceipt(tx, studentId, rno);
  if (receipt.rrno !== null || receipt.type !== 1) throw receiptStateRefused();
  if (receipt.paid + receipt.credited !== receipt.amount) throw receiptNotSettled();
  await tx.query('UPDATE receipts SET type = 2, version = version + 1 WHERE rno = $1', [rno]);
}

/** POST /api-receipt/open: an archived top-level receipt back to the open items. */
export async function openReceipt(tx: Queryable, studentId: number, rno: number): Promise<void> {
  const receipt = await lockReceipt(tx, studentId, rno);
  if (receipt.rrno !== null || receipt.type !== 2) throw receiptStateRefused();
  await tx.query('UPDATE receipts SET type = 1, version = version + 1 WHERE rno = $1', [rno]);
}

// ---- credit notes -------------------------------------------------------------------------

/** POST /api-receipt/cn: a credit note of `amount` cents on receipt `rno`; answers the note's number. */
export async function createCreditNote(
  tx: Queryable,
  student: MoneyStudent,
  rno: number,
  note: { am: number; txt: string },
  today: string,
): Promise<number> {
  const receipt = await lockReceipt(tx, student.id, rno);
  assertPayable(receipt);
  if (note.am > receipt.amount - receipt.paid - receipt.credited) throw amountExceedsOpen();
  const tax = receipt.amount > 0 ? Math.round((note.am * receipt.tax) / receipt.amount) : 0;
  const result = await tx.query<{ rno: number }>(
    `INSERT INTO receipts (school_id, student_id, rrno, student_contract_id, kind, type, text, date_due, amount, tax, currency)
     VALUES ($1, $2, $3, $4, 'CN', $5, $6, $7, $8, $9, $10) RETURNING rno::float8 AS rno`,
    [student.schoolId, student.id, rno, receipt.student_contract_id, receipt.type, note.txt || 'Gutschrift', today, -note.am, -tax, receipt.currency],
  );
  return result.rows[0]!.rno;
}

/** PUT /api-receipt/cn?rno=<credit note>: new amount and text, with the note's version. */
export async function updateCreditNote(
  tx: Queryable,
  studentId: number,
  cnRno: number,
  note: { am: number; txt: string; version: number },
): Promise<number> {
  const cn = await lockReceipt(tx, studentId, cnRno);
  if (cn.kind !== 'CN' || cn.rrno === null) throw receiptStateRefused();
  const parent = await lockReceipt(tx, studentId, cn.rrno);
  assertVersion(cn.version, note.version);
  // What is open without this note: the note may take all of it.
  if (note.am > parent.amount - parent.paid - parent.credited - cn.amount) throw amountExceedsOpen();
  const tax = parent.amount > 0 ? Math.round((note.am * parent.tax) / parent.amount) : 0;
  const version = await updateVersioned(tx, {
    table: 'receipts',
    set: 'amount = $3, tax = $4, text = $5',
    where: 'rno = $1 AND student_id = $2',
    params: [cnRno, studentId, -note.am, -tax, note.txt || 'Gutschrift'],
    version: note.version,
  });
  await reopenUnsettled(tx, [parent.rno]);
  return version;
}

/**
 * POST /api-receipt/undo-cn: removes credit note `cnRno` of receipt `parentRno` (the receipt
 * reopens if it is no longer settled), or, with `cnRno` = `parentRno` = a manual booking (GT),
 * the booking itself: its payment assignments (the payments become unassigned), its credit
 * notes and the receipt, in the caller's transaction. An archived manual booking is refused
 * (409 {error: 67}; reopen it first), as is one a booked payment is assigned to (409 {error: 57}).
 */
export async function undoCreditNote(tx: Queryable, studentId: number, cnRno: number, parentRno: number): Promise<void> {
  const cn = await lockReceipt(tx, studentId, cnRno);
  if (cn.kind === 'GT' && cn.rrno === null && cnRno === parentRno) {
    await undoManualBooking(tx, cn);
    return;
  }
  if (cn.kind !== 'CN' || cn.rrno !== parentRno) throw receiptStateRefused();
  await lockReceipt(tx, studentId, parentRno);
  await tx.query('DELETE FROM receipts WHERE rno = $1', [cnRno]);
  await reopenUnsettled(tx, [parentRno]);
}

/** Removes a locked open manual booking (GT) with its assignments and credit notes. */
async function undoManualBooking(tx: Queryable, booking: LockedReceipt): Promise<void> {
  if (booking.type !== 1) throw receiptStateRefused();
  const payments = await tx.query<{ id: number; booked: boolean }>(
    `SELECT p.id, p.booked_at IS NOT NULL AS booked FROM payments p
      WHERE p.id IN (SELECT a.payment_id FROM payment_assignments a WHERE a.rno = $1) ORDER BY p.id FOR UPDATE`,
    [booking.rno],
  );
  if (payments.rows.some((p) => p.booked)) throw paymentBooked();
  await tx.query('DELETE FROM payment_assignments WHERE rno = $1', [booking.rno]);
  if (payments.rows.length > 0) {
    await tx.query('UPDATE payments SET version = version + 1 WHERE id = ANY ($1::int[])', [payments.rows.map((p) => p.id)]);
  }
  await tx.query('DELETE FROM receipts WHERE rrno = $1', [booking.rno]);
  await tx.query('DELETE FROM receipts WHERE rno = $1', [booking.rno]);
}

// ---- payments -----------------------------------------------------------------------------

const PAYMENT_SELECT = `SELECT p.id, to_char(p.payment_date, 'YYYY-MM-DD') AS pd, p.amount::float8 AS am, p.assigned::float8 AS aa,
       CASE WHEN p.booked_at IS NULL THEN NULL ELSE to_char(p.booked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS bd,
       p.payment_method_id::int AS pm, p.account_id AS aid, a.name AS acn, p.annotation AS an,
       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS dc, p.currency AS cur, p.version
  FROM payments p LEFT JOIN accounts a ON a.id = p.account_id`;

export async function listPayments(tx: Queryable, studentId: number): Promise<PaymentRow[]> {
  const result = await tx.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.student_id = $1 ORDER BY p.payment_date DESC, p.id DESC`, [studentId]);
  return result.rows;
}

export async function getPayment(tx: Queryable, studentId: number, id: number): Promise<PaymentRow | null> {
  const result = await tx.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.id = $1 AND p.student_id = $2`, [id, studentId]);
  return result.rows[0] ?? null;
}

/** The account of a payment must be one of the student's school (400 naming aid otherwise). */
async function checkAccount(tx: Queryable, schoolId: number, accountId: number | null): Promise<void> {
  if (accountId === null) return;
  const found = await tx.query('SELECT 1 FROM accounts WHERE id = $1 AND school_id = $2', [accountId, schoolId]);
  if (found.rows.length === 0) throw badRequest({ aid: 'form.invalid' });
}

/** Inserts a payment of the student; answers its id. */
export async function insertPayment(tx: Queryable, student: MoneyStudent, form: PaymentForm, currency: string): Promise<number> {
  await checkAccount(tx, student.schoolId, form.pm === 3 ? null : form.aid);
  const result = await tx.query<{ id: number }>(
    `INSERT INTO payments (school_id, student_id, payment_date, amount, payment_method_id, account_id, annotation, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [student.schoolId, student.id, form.pd, form.am, form.pm, form.pm === 3 ? null : form.aid, form.an, currency],
  );
  const id = result.rows[0]!.id;
  // Every student payment is also income of the school (category 2, fees; spec 002: income
  // with student_id is made from a student payment and follows it, not edited in the list).
  await tx.query(
    `INSERT INTO income (school_id, payment_cat_id, payment_method_id, account_id, payment_date, amount, currency, annotation, student_id, payment_id)
     SELECT p.school_id, 2, p.payment_method_id, p.account_id, p.payment_date, p.amount, p.currency,
            concat_ws(' – ', NULLIF(p.annotation, ''), trim(concat_ws(' ', s.firstname, s.lastname))), p.student_id, p.id
       FROM payments p JOIN students s ON s.id = p.student_id WHERE p.id = $1`,
    [id],
  );
  return id;
}

interface LockedPayment {
  id: number;
  amount: number;
  assigned: number;
  booked: boolean;
  currency: string;
  version: number;
}

/** Locks a payment of the student; 404 when it is not there. */
export async function lockPayment(tx: Queryable, studentId: number, id: number): Promise<LockedPayment> {
  const result = await tx.query<LockedPayment>(
    `SELECT id, amount::float8 AS amount, assigned::float8 AS assigned, booked_at IS NOT NULL AS booked, currency, version
       FROM payments WHERE id = $1 AND student_id = $2 FOR UPDATE`,
    [id, studentId],
  );
  if (!result.rows[0]) throw notFound();
  return result.rows[0];
}

/** PUT /api-student/sp: changes an unbooked payment read with `version`. */
export async function updatePayment(tx: Queryable, student: MoneyStudent, id: number, form: PaymentForm, version: number): Promise<number> {
  const payment = await lockPayment(tx, student.id, id);
  if (payment.booked) throw paymentBooked();
  assertVersion(payment.version, version);
  if (form.am < payment.assigned) throw paymentBelowAssigned();
  await checkAccount(tx, student.schoolId, form.pm === 3 ? null : form.aid);
  const next = await updateVersioned(tx, {
    table: 'payments',
    set: 'payment_date = $3, amount = $4, payment_method_id = $5, account_id = $6, annotation = $7',
    where: 'id = $1 AND student_id = $2',
    params: [id, student.id, form.pd, form.am, form.pm, form.pm === 3 ? null : form.aid, form.an],
    version,
  });
  // Its income follows (deleting the payment deletes it: ON DELETE CASCADE).
  await tx.query(
    `UPDATE income i SET payment_method_id = p.payment_method_id, account_id = p.account_id, payment_date = p.payment_date,
            amount = p.amount, annotation = concat_ws(' – ', NULLIF(p.annotation, ''), trim(concat_ws(' ', s.firstname, s.lastname))),
            version = i.version + 1
       FROM payments p JOIN students s ON s.id = p.student_id
      WHERE p.id = $1 AND i.payment_id = p.id`,
    [id],
  );
  return next;
}

/** DELETE /api-student/sp: an unbooked payment and its assignments; receipts it settled reopen. */
export async function deletePayment(tx: Queryable, studentId: number, id: number): Promise<void> {
  const payment = await lockPayment(tx, studentId, id);
  if (payment.booked) throw paymentBooked();
  const touched = await tx.query<{ rno: number }>('SELECT rno::float8 AS rno FROM payment_assignments WHERE payment_id = $1', [id]);
  await tx.query('DELETE FROM payments WHERE id = $1', [id]);
  await reopenUnsettled(tx, touched.rows.map((r) => r.rno));
}

/** Lines of a payment's current assignment. */
export async function paymentAssignment(tx: Queryable, paymentId: number): Promise<AssignmentLine[]> {
  const result = await tx.query<AssignmentLine>(
    'SELECT rno::float8 AS rno, amount::float8 AS am FROM payment_assignments WHERE payment_id = $1 ORDER BY rno',
    [paymentId],
  );
  return result.rows;
}

/** Open top-level receipts of the student in the payment's currency, plus those the payment is on now. */
export async function assignableReceipts(tx: Queryable, studentId: number, paymentId: number, currency: string): Promise<AssignableReceipt[]> {
  const result = await tx.query<AssignableReceipt>(
    `SELECT r.rno::float8 AS rno, to_char(r.date_due, 'YYYY-MM-DD') AS ddue, r.text AS txt, r.amount::float8 AS amt,
            r.paid::float8 AS ap, r.credited::float8 AS cr,
            (r.amount - r.paid - r.credited + COALESCE(a.amount, 0))::float8 AS bal, r.currency AS cur
       FROM receipts r LEFT JOIN payment_assignments a ON a.rno = r.rno AND a.payment_id = $2
      WHERE r.student_id = $1 AND r.rrno IS NULL AND r.kind <> 'CN' AND r.currency = $3
        AND (a.id IS NOT NULL OR (r.type = 1 AND r.amount > r.paid + r.credited))
      ORDER BY r.date_due, r.rno`,
    [studentId, paymentId, currency],
  );
  return result.rows;
}

/**
 * PUT /api-student/spa: the payment's whole new assignment. Lines must name receipts of the
 * student; the database refuses more than the payment or a receipt's open amount (63).
 * Receipts whose share went down and are no longer settled reopen.
 */
export async function replaceAssignment(
  tx: Queryable,
  student: MoneyStudent,
  paymentId: number,
  lines: readonly AssignmentLine[],
  version: number,
): Promise<number> {
  const payment = await lockPayment(tx, student.id, paymentId);
  if (payment.booked) throw paymentBooked();
  assertVersion(payment.version, version);
  const rnos = lines.map((l) => l.rno);
  if (rnos.length > 0) {
    // Receipts locked in number order (two assignments of the same receipts cannot deadlock).
    const found = await tx.query<{ rno: number; currency: string; ok: boolean }>(
      `SELECT rno::float8 AS rno, currency, (rrno IS NULL AND kind <> 'CN') AS ok FROM receipts
        WHERE rno = ANY ($1::int8[]) AND student_id = $2 ORDER BY rno FOR UPDATE`,
      [rnos, student.id],
    );
    if (found.rows.length !== new Set(rnos).size) throw badRequest({ pr: 'form.invalid' });
    if (found.rows.some((r) => !r.ok)) throw receiptStateRefused();
    if (found.rows.some((r) => r.currency !== payment.currency)) throw currencyMismatch();
  }
  const before = await tx.query<{ rno: number }>('SELECT rno::float8 AS rno FROM payment_assignments WHERE payment_id = $1', [paymentId]);
  await tx.query('DELETE FROM payment_assignments WHERE payment_id = $1', [paymentId]);
  if (lines.length > 0) {
    await tx.query(
      `INSERT INTO payment_assignments (school_id, payment_id, rno, amount)
       SELECT $1, $2, l.rno, l.am FROM unnest($3::int8[], $4::int8[]) AS l(rno, am)`,
      [student.schoolId, paymentId, rnos, lines.map((l) => l.am)],
    );
  }
  await reopenUnsettled(tx, before.rows.map((r) => r.rno));
  const bumped = await tx.query<{ version: number }>('UPDATE payments SET version = version + 1 WHERE id = $1 RETURNING version', [paymentId]);
  return bumped.rows[0]!.version;
}

/** POST /api-receipt/revert-pa: removes payment `paymentId`'s assignment to receipt `rno`. */
export async function revertAssignment(tx: Queryable, studentId: number, rno: number, paymentId: number): Promise<void> {
  const payment = await lockPayment(tx, studentId, paymentId);
  await lockReceipt(tx, studentId, rno);
  if (payment.booked) throw paymentBooked();
  const removed = await tx.query('DELETE FROM payment_assignments WHERE payment_id = $1 AND rno = $2 RETURNING id', [paymentId, rno]);
  if (removed.rows.length === 0) throw notFound();
  await tx.query('UPDATE payments SET version = version + 1 WHERE id = $1', [paymentId]);
  await reopenUnsettled(tx, [rno]);
}

/**
 * POST /api-student/spr (pay a receipt) and PUT /api-student/setpaid: a payment of `amount`
 * (default the open amount) assigned to the receipt up to its open amount; `close` archives
 * the receipt (setpaid pays the whole open amount).
 */
export async function payReceipt(
  tx: Queryable,
  student: MoneyStudent,
  rno: number,
  form: { pd: string; am: number | null; pm: number; aid: number | null; an: string },
  currency: string,
  close: boolean,
  version?: number,
): Promise<{ id: number | null; assigned: number }> {
  const receipt = await lockReceipt(tx, student.id, rno);
  assertPayable(receipt);
  if (version !== undefined) assertVersion(receipt.version, version);
  if (receipt.type !== 1) throw receiptStateRefused();
  if (receipt.currency !== currency) throw currencyMismatch();
  const open = receipt.amount - receipt.paid - receipt.credited;
  // Nothing open: paying (with or without an amount) would record money the receipt does not
  // take (a double submit of the pay dialog); set paid only archives the settled receipt.
  if (open <= 0 && !close) throw receiptStateRefused();
  const amount = form.am ?? open;
  let id: number | null = null;
  let assigned = 0;
  if (amount > 0) {
    id = await insertPayment(tx, student, { pd: form.pd, am: amount, pm: form.pm, aid: form.aid, an: form.an }, currency);
    assigned = Math.min(amount, open);
    if (assigned > 0) {
      await tx.query('INSERT INTO payment_assignments (school_id, payment_id, rno, amount) VALUES ($1, $2, $3, $4)', [
        student.schoolId,
        id,
        rno,
        assigned,
      ]);
    }
  } else if (!close) {
    // Nothing open: nothing to pay.
    throw receiptStateRefused();
  }
  if (close) await tx.query('UPDATE receipts SET type = 2, version = version + 1 WHERE rno = $1', [rno]);
  return { id, assigned };
}

// ---- invoice generation -------------------------------------------------------------------

/**
 * Generates the due invoices, set-based: for each billable contract (status 1 active or 3
 * cancelled but running, amount > 0) one receipt per period from contract_start every
 * pay_interval months while the period starts on or before `today` and the contract's end,
 * skipping periods in student_contract_skips, the activation fee added to the first period,
 * the tax split from tax_percent (gross amounts: tax = gross * p / (100 + p)). The unique
 * key (student_contract_id, period_start) makes it idempotent (ON CONFLICT DO NOTHING), also
 * when two runs meet. `studentId` null = every student the transaction sees (the daily job);
 * students whose network member status is in `disabledStatuses` are left out.
 * Answers the number of receipts created.
 */
export async function generateInvoices(
  tx: Queryable,
  opts: { studentId: number | null; today: string; disabledStatuses: readonly number[] },
): Promise<number> {
  // A skip committed while this runs must not be missed (its period billed anyway): one
  // student's contracts are locked against the skip call (it locks the contract FOR UPDATE);
  // a run for everybody makes every skip wait until it commits. Taken before the INSERT, whose
  // snapshot then sees every committed skip.
  if (opts.studentId !== null) {
    await tx.query('SELECT id FROM student_contracts WHERE student_id = $1 ORDER BY id FOR SHARE', [opts.studentId]);
  } else {
    // The students first, as every money write does (its student row FOR UPDATE, then its
    // receipts): a /gi that locked its student and inserts the same periods would otherwise
    // wait for this run's receipts while the balance update of this run waits for its student
    // (a deadlock on PostgreSQL). EXCLUSIVE lets readers through; writers of students wait
    // for this one statement. Also taken before the skips, which a skip inserts holding its student.
    await tx.query('LOCK TABLE students IN EXCLUSIVE MODE');
    await tx.query('LOCK TABLE student_contract_skips IN SHARE MODE');
  }
  const result = await tx.query<{ n: number }>(
    `WITH periods AS (
       SELECT c.id AS contract_id, c.school_id, c.student_id, c.currency, c.tax_percent, c.amount_gross, c.activation_gross,
              c.contract_start, c.contract_end, k,
              (c.contract_start + make_interval(months => k * c.pay_interval))::date AS period_start,
              (c.contract_start + make_interval(months => (k + 1) * c.pay_interval))::date - 1 AS period_end
         FROM student_contracts c
         JOIN students s ON s.id = c.student_id
        -- Whole months since the start, plus one: a period starting on a shortened month end
        -- (31.01. + 1 month = 28.02.) begins before a whole month has passed; 'due' drops the extra.
        CROSS JOIN LATERAL generate_series(0,
              ((extract(year FROM age($1::date, c.contract_start)) * 12 + extract(month FROM age($1::date, c.contract_start)))::int / c.pay_interval) + 1) AS k
        WHERE c.status IN (1, 3) AND c.contract_start <= $1::date
          AND ($2::int IS NULL OR c.student_id = $2::int)
          AND (s.e_member_status_id IS NULL OR NOT (s.e_member_status_id = ANY ($3::int[])))
     ), due AS (
       SELECT p.*, p.amount_gross + CASE WHEN p.k = 0 THEN p.activation_gross ELSE 0 END AS gross
         FROM periods p
        WHERE p.period_start <= $1::date
          AND (p.contract_end IS NULL OR p.period_start <= p.contract_end)
          AND NOT EXISTS (SELECT 1 FROM student_contract_skips sk WHERE sk.student_contract_id = p.contract_id AND sk.period_start = p.period_start)
          AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.student_contract_id = p.contract_id AND r.period_start = p.period_start AND r.kind = 'IR')
     ), inserted AS (
       INSERT INTO receipts (school_id, student_id, student_contract_id, kind, type, text, date_due, period_start, period_end, amount, tax, currency)
       SELECT d.school_id, d.student_id, d.contract_id, 'IR', 1,
              'Mitgliedsbeitrag ' || to_char(d.period_start, 'DD.MM.YYYY') || ' – ' || to_char(d.period_end, 'DD.MM.YYYY')
                || CASE WHEN d.k = 0 AND d.activation_gross > 0 THEN ' inkl. Aktivierungsgebühr' ELSE '' END,
              d.period_start, d.period_start, d.period_end, d.gross,
              round(d.gross * d.tax_percent / (100 + d.tax_percent))::bigint, d.currency
         FROM due d
        WHERE d.gross > 0
        ORDER BY d.student_id, d.contract_id, d.period_start
       ON CONFLICT (student_contract_id, period_start) WHERE kind = 'IR' AND student_contract_id IS NOT NULL DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM inserted`,
    [opts.today, opts.studentId, [...opts.disabledStatuses]],
  );
  return result.rows[0]!.n;
}

// ---- dunning ------------------------------------------------------------------------------

const DUNNING_SELECT = `SELECT d.id, to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS dc, d.dunning_level::int AS dun,
       to_char(d.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS ds, d.amount::float8 AS am, d.currency AS cur,
       ARRAY(SELECT x::float8 FROM unnest(d.receipt_nos) AS x) AS rnos, d.version
  FROM dunnings d`;

export async function listDunnings(tx: Queryable, studentId: number): Promise<DunningRow[]> {
  const result = await tx.query<DunningRow>(`${DUNNING_SELECT} WHERE d.student_id = $1 ORDER BY d.created_at DESC, d.id DESC`, [studentId]);
  return result.rows;
}

export async function getDunning(tx: Queryable, id: number): Promise<(DunningRow & { stid: number; schoolId: number }) | null> {
  const result = await tx.query<DunningRow & { stid: number; schoolId: number }>(
    `${DUNNING_SELECT.replace('d.version', 'd.version, d.student_id AS stid, d.school_id AS "schoolId"')} WHERE d.id = $1`,
    [id],
  );
  return result.rows[0] ?? null;
}

/**
 * The first of `rnos` that already has a letter of level `dun` (by hand or by a run; another
 * than `exceptDunningId`), as 409 {error: 110}. The receipts are locked by the caller, so no
 * other letter can claim them meanwhile; the claims' primary key (migration 115) holds anyway.
 */
async function assertNotDunned(tx: Queryable, rnos: readonly number[], dun: number, exceptDunningId: number | null): Promise<void> {
  const taken = await tx.query<{ rno: number }>(
    `SELECT rno::float8 AS rno FROM dunning_run_items
      WHERE rno = ANY ($1::int8[]) AND dunning_level = $2 AND dunning_id IS DISTINCT FROM $3::int
      ORDER BY rno LIMIT 1`,
    [rnos, dun, exceptDunningId],
  );
  if (taken.rows[0]) throw dunningExists(taken.rows[0].rno, dun);
}

/**
 * A dunning letter of level `form.dun` for open receipts of the student; the receipts get its
 * level and date. POST /api-invoice-reminder/data writes one by hand, a dunning run one per
 * student. One letter per receipt and level, whichever path writes it: the INSERT claims the
 * receipts at the level (trigger of migration 115); a receipt claimed already answers 409
 * {error: 110} naming it.
 */
export async function createDunning(
  tx: Queryable,
  student: MoneyStudent,
  form: { dun: number; rnos: number[]; ds: string | null },
  userId: number,
  today: string,
): Promise<number> {
  const rnos = [...new Set(form.rnos)];
  const receipts = await tx.query<{ rno: number; open: number; type: number; sub: boolean; currency: string }>(
    `SELECT rno::float8 AS rno, (amount - paid - credited)::float8 AS open, type::int AS type, rrno IS NOT NULL AS sub, currency
       FROM receipts WHERE rno = ANY ($1::int8[]) AND student_id = $2 ORDER BY rno FOR UPDATE`,
    [rnos, student.id],
  );
  if (receipts.rows.length !== rnos.length) throw badRequest({ rnos: 'form.invalid' });
  if (receipts.rows.some((r) => r.sub || r.type !== 1 || r.open <= 0)) throw receiptStateRefused();
  const currencies = new Set(receipts.rows.map((r) => r.currency));
  if (currencies.size > 1) throw currencyMismatch();
  await assertNotDunned(tx, rnos, form.dun, null);
  const amount = receipts.rows.reduce((sum, r) => sum + r.open, 0);
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO dunnings (school_id, student_id, dunning_level, amount, currency, receipt_nos, sent_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::int8[], $7::date, $8) RETURNING id`,
    [student.schoolId, student.id, form.dun, amount, [...currencies][0], rnos, form.ds, userId],
  );
  await tx.query('UPDATE receipts SET dunning_level = GREATEST(dunning_level, $2), dunning_last_at = $3::date WHERE rno = ANY ($1::int8[])', [
    rnos,
    form.dun,
    form.ds ?? today,
  ]);
  return inserted.rows[0]!.id;
}

/**
 * PUT /api-invoice-reminder/data?id: level and sent date, with the row's version. A new level
 * moves the letter's claims along (migration 115): 409 {error: 110} when another letter has
 * one of its receipts at that level.
 */
export async function updateDunning(tx: Queryable, id: number, form: { dun: number; ds: string | null; version: number }): Promise<number> {
  const letter = await tx.query<{ rnos: number[]; dun: number }>(
    'SELECT ARRAY(SELECT x::float8 FROM unnest(receipt_nos) AS x) AS rnos, dunning_level::int AS dun FROM dunnings WHERE id = $1',
    [id],
  );
  const current = letter.rows[0];
  if (current && current.dun !== form.dun) {
    await assertNotDunned(tx, current.rnos, form.dun, id);
  }
  return updateVersioned(tx, {
    table: 'dunnings',
    set: 'dunning_level = $2, sent_at = $3::date',
    where: 'id = $1',
    params: [id, form.dun, form.ds],
    version: form.version,
  });
}

/** Sets the sent date of a dunning letter when it has none (print-ir with ds). */
export async function markDunningSent(tx: Queryable, id: number, ds: string): Promise<void> {
  await tx.query('UPDATE dunnings SET sent_at = $2::date, version = version + 1 WHERE id = $1 AND sent_at IS NULL', [id, ds]);
}

/** Name and address lines of the student for a letter (invoice address when there is one). */
export async function letterRecipient(tx: Queryable, studentId: number): Promise<string[]> {
  const result = await tx.query<{ name: string; street: string; city: string }>(
    `SELECT trim(concat_ws(' ', COALESCE(a.firstname, s.firstname), COALESCE(a.lastname, s.lastname))) AS name,
            trim(concat_ws(' ', COALESCE(a.street, s.street), COALESCE(a.house_no, s.house_no))) AS street,
            trim(concat_ws(' ', COALESCE(a.zip, s.zip), COALESCE(a.city, s.city))) AS city
       FROM students s LEFT JOIN student_addresses a ON a.student_id = s.id AND a.type = 2
      WHERE s.id = $1`,
    [studentId],
  );
  const row = result.rows[0];
  return row ? [row.name, row.street, row.city].filter((line) => line !== '') : [];
}
