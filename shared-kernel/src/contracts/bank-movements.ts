import * as yup from 'yup';
import { MSG } from './messages.js';
import { MAX_AMOUNT_CENTS } from './income-expense.js';
import { versionField } from './record-version.js';

/**
 * Bank movements and statement imports (spec 002 §2.7, §2.8; issue 14): the movement list
 * (/m-fin/bamove), the manual movement form, the assignment of credits to students
 * (/m-fin/bamassign) and the import detail (/m-fin/bamim/{id}). Amounts are integer cents
 * (> 0) with `credit` giving the direction; dates ISO.
 */

/** Largest statement upload (an XML file or a zip of several). */
export const BANK_STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many oldest unassigned credits are offered for assignment at once. */
export const BANK_ASSIGN_MAX = 50;

/** POST /api-fin/bl row. */
export interface BankMovementRow {
  id: number;
  /** Booking date. */
  bd: string;
  /** Own account's IBAN. */
  riban: string;
  /** Sender (counterparty) name and IBAN. */
  sname: string;
  siban: string;
  /** Mandate reference. */
  mdid: string | null;
  /** Purpose (remittance text). */
  ssvwz: string;
  /** Amount in cents, negative for a debit. */
  amt: number;
  cur: string;
  /** Done: a student is attached. */
  isd: boolean;
  stid: number | null;
  /** The student's name when attached. */
  stn: string | null;
  /** Entered by hand (not imported): editable. */
  man: boolean;
}

export const BANK_MOVEMENT_LIST_SORT_FIELDS = ['bd', 'riban', 'sname', 'siban', 'mdid', 'ssvwz', 'amt', 'isd'] as const;
export const BANK_MOVEMENT_LIST_FILTER_FIELDS = ['bd', 'sname', 'ssvwz', 'isd', 'sid'] as const;

/** GET /api-fin/bam?id (with version); the form of /m-fin/bamove/{mode}[/{id}]. */
export interface BankMovementData {
  id: number;
  school_id: number;
  account_id: number;
  riban: string;
  booking_date: string;
  value_date: string | null;
  /** Cents, > 0. */
  amount: number;
  credit: boolean;
  currency: string;
  counterparty_name: string;
  counterparty_iban: string;
  mandate_id: string | null;
  end_to_end_id: string | null;
  remittance: string;
  bank_tx_code: string | null;
  return_reason: string | null;
  charges: number;
  student_id: number | null;
  student_name: string | null;
  payment_id: number | null;
  import_id: number | null;
  version: number;
}

/** POST|PUT /api-fin/bam body: a movement entered by hand (PUT with ?id and version). */
export const bankMovementFormSchema = yup
  .object({
    account_id: yup.number().typeError(MSG.required).integer(MSG.invalid).min(1, MSG.required).required(MSG.required),
    booking_date: yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, MSG.date).required(MSG.required),
    amount: yup.number().typeError(MSG.amount).integer(MSG.amount).min(1, MSG.amount).max(MAX_AMOUNT_CENTS, MSG.amount).required(MSG.required),
    credit: yup.boolean().required(MSG.required),
    counterparty_name: yup.string().trim().max(200, MSG.tooLong).default(''),
    counterparty_iban: yup.string().trim().max(34, MSG.tooLong).default(''),
    mandate_id: yup.string().trim().max(35, MSG.tooLong).nullable().default(null),
    remittance: yup.string().trim().max(2000, MSG.tooLong).default(''),
  })
  .noUnknown();
export type BankMovementForm = yup.InferType<typeof bankMovementFormSchema>;

/** One statement of an import (GET /api-fin/bamimport?id). */
export interface BankImportStatement {
  id: string;
  iban: string;
  account_id: number;
  account_name: string;
  currency: string | null;
  from: string | null;
  to: string | null;
  /** Booked balances in cents (signed), null when the file has none. */
  opening: number | null;
  closing: number | null;
  /** Movements of this statement imported now (new ones). */
  entries: number;
  /** The bank's booked entries of the statement that move money (a batch booking is one entry). */
  bank_entries: number;
  /** Movements made of them (a batch booking of 3 transactions is 3), new or imported before. */
  movements: number;
  /** Entries the bank has not booked (status PDNG, INFO, FUTR): listed, not imported. */
  not_booked: BankNotBookedEntry[];
}

/** An entry of a statement that the import left out because the bank has not booked it. */
export interface BankNotBookedEntry {
  /** Position of the entry in its statement (1 = first). */
  position: number;
  /** The bank's reference (AcctSvcrRef, else NtryRef), null when there is none. */
  ref: string | null;
  /** PDNG (pending), INFO (information only) or FUTR (future). */
  status: string;
  /** Cents, positive. */
  amount: number;
  credit: boolean;
  date: string | null;
}

/** GET /api-fin/bamimport?id and the answer of the upload. */
export interface BankImportDetail {
  id: number;
  school_id: number;
  file_name: string;
  message: string;
  created_at: string;
  statements: BankImportStatement[];
  /** Movements imported (new). */
  imported: number;
  /** Movements of the file imported before (skipped as duplicates). */
  skipped: number;
  /** The bank's booked entries in the file (a batch booking counts once). */
  entries: number;
  /** Movements made of those entries (imported + skipped: a batch booking of 3 transactions is 3). */
  movements: number;
  /** Entries not booked by the bank (pending, info, future), each statement's in its statement. */
  not_booked: number;
  returns: number;
  /** Debits of our own runs booked paid by this import. */
  paid_debits: number;
}

/** Why a credit is suggested for a student (the first rule that found one). */
export type BankMatchRule = 'e2e' | 'mandate' | 'iban' | 'receipt' | 'name';
/** What applying a suggestion does: cp create a payment, pr create it and pay the open receipt, del remove the movement. */
export type BankAssignOp = 'cp' | 'pr' | 'del';

/** POST /api-fin/blassign row: an unassigned credit with its suggestion. */
export interface BankAssignRow {
  id: number;
  bd: string;
  sname: string;
  siban: string;
  ssvwz: string;
  amt: number;
  cur: string;
  /** Suggested student (null: none found, or a collective transfer). */
  stid: number | null;
  stn: string | null;
  /** Suggested operation (null without a student). */
  op: BankAssignOp | null;
  /** The receipt a 'pr' pays. */
  rno: number | null;
  why: BankMatchRule | null;
  /** Several students or receipts named: never assigned automatically. */
  collective: boolean;
  /** The movement's record version: POST /api-fin/sa sends it back (a hand-entered movement can be edited meanwhile). */
  version: number;
}

export interface BankAssignResponse {
  rows: BankAssignRow[];
  /** Unassigned credits in all (the rows are the oldest BANK_ASSIGN_MAX). */
  total: number;
}

/** GET /api-fin/sa?id=<student>&bam=<movement>: the options for that student. */
export interface BankStudentOptions {
  stid: number;
  stn: string;
  /** Open receipts of the student (oldest due first) with what is open. */
  receipts: { rno: number; ddue: string | null; open: number; cur: string; txt: string }[];
  /** Suggested operation for this student and movement. */
  op: BankAssignOp;
  rno: number | null;
}

/**
 * POST /api-fin/sa body, with the `version` of the movement as /api-fin/blassign answered it:
 * a movement changed since (a hand-entered one edited) is 409 {error: 9}, nothing booked.
 */
export const bankAssignSchema = yup
  .object({
    bamid: yup.number().typeError(MSG.required).integer(MSG.invalid).min(1, MSG.required).required(MSG.required),
    stid: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).nullable().default(null),
    ops: yup.mixed<BankAssignOp>().oneOf(['cp', 'pr', 'del'], MSG.invalid).required(MSG.required),
    /** The receipt for 'pr' (default: the oldest open one). */
    rno: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).nullable().default(null),
    version: versionField(),
  })
  .noUnknown();
export type BankAssignForm = yup.InferType<typeof bankAssignSchema>;

export interface BankAssignResult {
  success: true;
  /** The payment made (cp, pr). */
  payment_id: number | null;
  /** What was assigned to the receipt (pr). */
  assigned: number;
}
