import * as yup from 'yup';
import { MSG } from './messages.js';
import { PAYMENT_METHODS } from './enums.js';
import { MAX_AMOUNT_CENTS } from './income-expense.js';
import { nearDate } from './students.js';
import { versionField } from './record-version.js';

/**
 * Wire types and input schemas of a student's money (spec 000 §3/§7, issue 13): receipts
 * (invoices, manual bookings, credit notes as sub-receipts), payments, the assignment of a
 * payment to receipts, credit notes and dunning rows. Money is integer cents (negative only
 * on a credit note's `amt`), dates ISO `YYYY-MM-DD`, instants ISO date-times. The API model
 * is described in api/README.md "The money model".
 *
 * Calls: /api-student/receipts?type=1|2&id, /inv-rem?id, /gi?stid, /sp?stid&id, /spr?stid&rno,
 * /spa?stid&id, /setpaid?stid&rno; /api-receipt/data?rno&stid, /cn?stid&rno, /undo-cn?stid&rno&rrno,
 * /revert-pa?stid&rno&prid, /open?stid&rrno, /close?stid&rrno, /print?id, /print-ir?id&ds;
 * /api-invoice-reminder/data (POST, PUT?id).
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
/** A positive amount of cents (at most 10 million euros). */
const amount = () =>
  yup.number().typeError(MSG.amount).integer(MSG.amount).min(1, MSG.amount).max(MAX_AMOUNT_CENTS, MSG.amount);

/** Receipt types (000 §9): 1 open, 2 archived (RECEIPT_TYPE in enums.ts). */
export type ReceiptType = 1 | 2;
/**
 * What a receipt is: 'IR' invoice of a contract period (generated), 'GT' manual booking,
 * 'CN' credit note (always a sub-receipt: rrno = the credited receipt, negative amt),
 * 'AF' activation fee (older data; generated invoices carry the fee on the first period).
 */
export const RECEIPT_KINDS = ['IR', 'GT', 'CN', 'AF'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** A receipt (000 §3) as GET /api-student/receipts and /api-receipt/data answer it. */
export interface ReceiptRow {
  /** Receipt number (the key of every receipt call). */
  rno: number;
  /** Parent receipt of a sub-receipt (a credit note); null on a top-level receipt. */
  rrno: number | null;
  stid: number;
  /** Due date, ISO. */
  ddue: string;
  /** Created, ISO date. */
  dcre: string;
  /** Amount, cents (gross; negative on a credit note). */
  amt: number;
  /** Paid: cents covered by payment assignments (0 on a credit note). */
  ap: number;
  /** Credited: cents of its credit notes (positive; 0 on a credit note). */
  cr: number;
  /** Still open: amt - ap - cr on a top-level receipt; amt on a credit note. */
  bal: number;
  /** 1 open, 2 archived. */
  type: ReceiptType;
  /** What it is (see RECEIPT_KINDS). */
  kind: ReceiptKind;
  /** Manual booking (kind 'GT'): can be undone. */
  gt: boolean;
  /** Text (period, fee name, credit note reason). */
  txt: string;
  /** Net and tax of `amt` (split from the contract's tax_percent; tax 0 without). */
  net: number;
  tax: number;
  /** Billed period of a generated invoice (ISO), else null. */
  ps: string | null;
  pe: string | null;
  /** Contract of a generated invoice. */
  scid: number | null;
  /** True on a sub-receipt. */
  sub: boolean;
  /** Sub-receipts (credit notes) of a top-level receipt, oldest first; [] on a sub-receipt. */
  subr: ReceiptRow[];
  /** Dunning level 0..3. */
  dun: number;
  /** Date of the last dunning letter (ISO) or null. */
  dlir: string | null;
  cur: string;
  /** Record version (send it with a credit note PUT). */
  version: number;
}

/** GET /api-student/receipts?type=1|2&id answer: top-level receipts (newest due first) with their sub-receipts. */
export interface StudentReceiptsResponse {
  rows: ReceiptRow[];
  /** The student's balance (cents): receipts − credit notes − assigned payments. */
  balance: number;
  cur: string;
}

/** A payment assigned to a receipt (in /api-receipt/data). */
export interface ReceiptAssignment {
  /** Payment id. */
  prid: number;
  /** Payment date, ISO. */
  pd: string;
  /** Cents of the payment assigned to this receipt. */
  am: number;
  /** Payment booked (cannot be reverted). */
  booked: boolean;
}

/** GET /api-receipt/data?rno&stid answer. */
export interface ReceiptDetail {
  data: ReceiptRow;
  /** Payments assigned to it. */
  pa: ReceiptAssignment[];
}

/** Student payment row (000 §3). */
export interface PaymentRow {
  id: number;
  /** Payment date, ISO. */
  pd: string;
  /** Amount, cents (> 0). */
  am: number;
  /** Assigned to receipts, cents (0..am). */
  aa: number;
  /** Booked (ISO date-time) or null; a booked payment cannot be changed, assigned or deleted. */
  bd: string | null;
  /** Payment method 1 SEPA, 2 transfer, 3 cash. */
  pm: number;
  /** Account id and name (null for cash). */
  aid: number | null;
  acn: string | null;
  /** Annotation. */
  an: string;
  /** Registered, ISO date-time. */
  dc: string;
  cur: string;
  /** Record version (send it with a PUT). */
  version: number;
}

/** GET /api-student/sp?stid answer (all payments of the student, newest first; the tab pages 10 per page). */
export interface StudentPaymentsResponse {
  rows: PaymentRow[];
}

/**
 * POST /api-student/sp?stid and PUT /api-student/sp?stid&id body (PUT adds `version`). The
 * currency is the student's. aid: account, required for SEPA and transfer (null for cash).
 */
export const paymentFormSchema = yup
  .object({
    pd: nearDate().required(MSG.required),
    am: amount().required(MSG.required),
    pm: yup.number().typeError(MSG.required).oneOf([...PAYMENT_METHODS], MSG.invalid).required(MSG.required),
    aid: id()
      .nullable()
      .default(null)
      .when('pm', { is: (pm: number) => pm === 1 || pm === 2, then: (schema) => schema.required(MSG.required) }),
    an: yup.string().trim().max(1000, MSG.tooLong).default(''),
  })
  .noUnknown();
export type PaymentForm = yup.InferType<typeof paymentFormSchema>;

/**
 * POST /api-student/spr?stid&rno body (pay a receipt): a payment of `am` (default: the
 * receipt's open amount) is created and assigned to the receipt, up to its open amount.
 */
export const payReceiptSchema = yup
  .object({
    pd: nearDate().required(MSG.required),
    am: amount().nullable().default(null),
    pm: yup.number().typeError(MSG.required).oneOf([...PAYMENT_METHODS], MSG.invalid).required(MSG.required),
    aid: id()
      .nullable()
      .default(null)
      .when('pm', { is: (pm: number) => pm === 1 || pm === 2, then: (schema) => schema.required(MSG.required) }),
    an: yup.string().trim().max(1000, MSG.tooLong).default(''),
  })
  .noUnknown();
export type PayReceiptForm = yup.InferType<typeof payReceiptSchema>;

/**
 * PUT /api-student/setpaid?stid&rno body: the open rest is paid (payment of that amount,
 * assigned) and the receipt archived. The request body is `withVersion(setPaidSchema)`:
 * it adds `version` = the receipt's (ReceiptRow.version); 409 {error: 9} when stale.
 */
export const setPaidSchema = yup
  .object({
    pd: nearDate().required(MSG.required),
    pm: yup.number().typeError(MSG.required).oneOf([...PAYMENT_METHODS], MSG.invalid).required(MSG.required),
    aid: id()
      .nullable()
      .default(null)
      .when('pm', { is: (pm: number) => pm === 1 || pm === 2, then: (schema) => schema.required(MSG.required) }),
  })
  .noUnknown();
export type SetPaidForm = yup.InferType<typeof setPaidSchema>;

/** One line of an assignment: cents of the payment on receipt `rno`. */
export interface AssignmentLine {
  rno: number;
  am: number;
}

/** A receipt a payment can be assigned to (open top-level receipt of the student, same currency). */
export interface AssignableReceipt {
  rno: number;
  ddue: string;
  txt: string;
  amt: number;
  ap: number;
  cr: number;
  /** Open amount not counting this payment's own assignment. */
  bal: number;
  cur: string;
}

/** GET /api-student/spa?stid&id answer: the payment, its current assignment and the receipts it can go to. */
export interface PaymentAssignmentResponse {
  data: PaymentRow;
  /** Current assignment lines of the payment. */
  pr: AssignmentLine[];
  /** Receipts it may be assigned to (including those it is assigned to now). */
  receipts: AssignableReceipt[];
}

/**
 * PUT /api-student/spa?stid&id body: the payment's whole new assignment (lines with am > 0,
 * each receipt once) and the payment's version. Sum ≤ payment, each line ≤ the receipt's
 * open amount (the database refuses more: 400 {error: 63}).
 */
export const assignmentSchema = yup
  .object({
    pr: yup
      .array(
        yup
          .object({ rno: id().required(MSG.required), am: amount().required(MSG.required) })
          .noUnknown(),
      )
      .max(500, MSG.invalid)
      .required(MSG.required)
      .test('unique-rno', MSG.invalid, (lines) => !lines || new Set(lines.map((l) => l.rno)).size === lines.length),
    version: versionField(),
  })
  .noUnknown();
export type AssignmentForm = yup.InferType<typeof assignmentSchema>;

/**
 * POST /api-receipt/cn?stid&rno (rno = the receipt credited) and PUT /api-receipt/cn?stid&rno
 * (rno = the credit note; adds `version`) body: am = cents credited (positive; stored as a
 * negative sub-receipt), at most the receipt's open amount; txt = reason.
 */
export const creditNoteSchema = yup
  .object({
    am: amount().required(MSG.required),
    txt: yup.string().trim().max(500, MSG.tooLong).default(''),
  })
  .noUnknown();
export type CreditNoteForm = yup.InferType<typeof creditNoteSchema>;

/** POST /api-student/gi?stid answer: how many receipts were created now (0 when all periods up to today are billed). */
export interface GenerateInvoicesResponse {
  success: true;
  created: number;
}

/** Dunning row (000 §3), GET /api-student/inv-rem?id answer rows. */
export interface DunningRow {
  id: number;
  /** Created, ISO date-time. */
  dc: string;
  /** Dunning level 1..3. */
  dun: number;
  /** Sent date (ISO date) or null. */
  ds: string | null;
  /** Amount dunned, cents. */
  am: number;
  cur: string;
  /** Receipts dunned. */
  rnos: number[];
  version: number;
}

export interface StudentDunningsResponse {
  rows: DunningRow[];
}

/**
 * POST /api-invoice-reminder/data body: a dunning letter of level `dun` for open receipts
 * `rnos` of student `stid` (amount = their open sum; receipts get the level and date).
 * PUT /api-invoice-reminder/data?id: `dun`, `ds` and `version` only (stid and rnos ignored).
 */
export const dunningFormSchema = yup
  .object({
    stid: id().required(MSG.required),
    dun: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(3, MSG.invalid).required(MSG.required),
    rnos: yup.array(id().required(MSG.required)).min(1, MSG.oneElement).max(200, MSG.invalid).required(MSG.required),
    ds: nearDate().nullable().default(null),
  })
  .noUnknown();
export type DunningForm = yup.InferType<typeof dunningFormSchema>;

export const dunningEditSchema = yup
  .object({
    dun: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(3, MSG.invalid).required(MSG.required),
    ds: nearDate().nullable().default(null),
    version: versionField(),
  })
  .noUnknown();
export type DunningEditForm = yup.InferType<typeof dunningEditSchema>;

/** Open amount of a top-level receipt. */
export function receiptOpen(r: Pick<ReceiptRow, 'amt' | 'ap' | 'cr'>): number {
  return r.amt - r.ap - r.cr;
}
