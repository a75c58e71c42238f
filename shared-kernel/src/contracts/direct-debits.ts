/**
 * Direct-debit runs and SEPA files (spec 002 §2.2, §2.3, §3; issue 14). Amounts are integer
 * cents, dates ISO (YYYY-MM-DD), instants ISO 8601.
 */

/** pain.008 versions: the EBICS file in .001.08 (default) or .001.02 per account; FinTS always .003.02. */
export const PAIN_VERSIONS = ['pain.008.001.08', 'pain.008.001.02'] as const;
export type PainVersion = (typeof PAIN_VERSIONS)[number];
export const FINTS_PAIN_VERSION = 'pain.008.003.02' as const;
export type AnyPainVersion = PainVersion | typeof FINTS_PAIN_VERSION;

/** Download modes of GET /api-fin/es. */
export const SEPA_DOWNLOAD_MODES = ['ebics', 'fints'] as const;
export type SepaDownloadMode = (typeof SEPA_DOWNLOAD_MODES)[number];

export type SequenceType = 'FRST' | 'RCUR';

/** PUT /api-fin/dd body (and the period of a preview / generation). */
export interface DdPeriod {
  year: number;
  month: number;
}

/**
 * One candidate of a period (spec 002 §3 "Direct-debit selection row"): an open receipt of a
 * student paying by SEPA direct debit with a mandate, due in the period, not in collection.
 */
export interface DdCandidate {
  /** Student contract id (with dd: the selection key). */
  scid: number;
  /** Receipt number. */
  rno: number;
  /** Contract start / end (end null = open-ended). */
  cs: string;
  ce: string | null;
  /** Due date of the receipt. */
  dd: string;
  fn: string;
  ln: string;
  /** Receipt text. */
  rt: string;
  /** Amount still open (cents): what the debit collects. */
  amt: number;
  cur: string;
  /** First debit under the mandate (FRST), else recurring (RCUR). */
  f: boolean;
  /** School id. */
  sid: number;
  /** Student id. */
  stid: number;
  /** The creditor account's creditor id; '' when it has none or an invalid one (row not selectable). */
  ci: string;
  /** The creditor account (id and name); null when the school has none or uses its own creditor data (sepa_main_account off; acn = sepa_name). */
  aid: number | null;
  acn: string;
}

/** PUT /api-fin/dd answer. */
export interface DdCandidatesResponse {
  rows: DdCandidate[];
  /** Date-time of the last run of the request's schools (ISO), null when there was none. */
  last: string | null;
  /**
   * Schools of the rows whose direct debits are switched off (config sepa_dd): their rows are
   * listed but cannot be generated (POST answers 403 {error: 94}).
   */
  off: number[];
}

/** A selected row sent back: contract and due date (and the receipt, to pin one of several). */
export interface DdSelection {
  scid: number;
  dd: string;
  rno?: number;
}

/** POST /api-fin/dd body (preview: true answers the preview and writes nothing). */
export interface DdGenerateRequest extends DdPeriod {
  data: DdSelection[];
  preview?: boolean;
}

/** Why a receipt is not debited. */
export const DD_LEFT_OUT_REASONS = [
  'no_mandate',
  'bad_mandate',
  'bad_iban',
  'no_creditor_id',
  'in_collection',
  'not_open',
  'not_due_in_period',
  'mandate_after_collection',
] as const;
export type DdLeftOutReason = (typeof DD_LEFT_OUT_REASONS)[number];

export interface DdLeftOut {
  rno: number;
  scid: number | null;
  fn: string;
  ln: string;
  amt: number;
  reason: DdLeftOutReason;
}

/** One creditor account of a preview: what its run would collect. */
export interface DdPreviewAccount {
  /** The account; null = the school's own creditor data (config sepa_main_account off). */
  aid: number | null;
  /** The school of the creditor. */
  sid: number;
  acn: string;
  iban: string;
  ci: string;
  /** Transactions of the run's file (NbOfTxs): one per mandate of a student, its receipts' amounts summed. */
  cnt: number;
  /** Receipts the transactions collect. */
  rcpt: number;
  /** Cents: the file's control sum. */
  amt: number;
  cur: string;
  /** Transactions by sequence type. */
  frst: number;
  rcur: number;
  /** pain.008 version of the EBICS file. */
  pain: PainVersion;
  /** Collection date (ReqdColltnDt) of this account's run: its school's notice days applied. */
  cd: string;
  /** The school's pre-notification days (config sepa_lead_days). */
  lead: number;
}

/** POST /api-fin/dd with preview: true. */
export interface DdPreview {
  /** Transactions of the files (as DdPreviewAccount.cnt), summed over the accounts. */
  cnt: number;
  /** Receipts they collect. */
  rcpt: number;
  /**
   * Collection date (ReqdColltnDt): the first TARGET2 business day on or after today + the
   * school's pre-notification days, never before the bank's D-1 date. With accounts of schools
   * with different notice days, the earliest of the accounts' dates (each account has its own).
   */
  cd: string;
  /** Pre-notification days (config sepa_lead_days) behind cd. */
  lead: number;
  frst: number;
  rcur: number;
  accounts: DdPreviewAccount[];
  left: DdLeftOut[];
}

/** POST /api-fin/dd answer: the runs made (one per creditor account). */
export interface DdGenerateResponse {
  success: true;
  /** aid null: a run for the school's own creditor data (config sepa_main_account off). */
  /** cnt: transactions of the run's file; rcpt: receipts (absent in answers stored before migration 116). */
  runs: { id: number; msgid: string; aid: number | null; cnt: number; rcpt?: number; amt: number }[];
  left: DdLeftOut[];
}

/** GET /api-fin/sepa row (spec 002 §3 "SEPA file"). */
export interface SepaFileRow {
  /** Run id (the download key). */
  id: number;
  /** Transaction id: the file's MsgId. */
  tid: string;
  /** Created (ISO instant). */
  date: string;
  /** Creditor IBAN. */
  iban: string;
  /** Transactions in the file (NbOfTxs; a transaction may collect several receipts of one mandate). */
  cnt: number;
  /** Total in cents. */
  amt: number;
  cc: string;
  /** Collection date. */
  cd: string;
  sid: number;
}

export interface SepaFilesResponse {
  rows: SepaFileRow[];
}

/** Direct-debit runs of one month of the finance overview. */
export interface FinDashDirectDebits {
  month: number;
  /** Number of runs and of debits, total cents. */
  runs: number;
  cnt: number;
  amt: number;
  /** Dates of the runs (ISO instants, oldest first). */
  dates: string[];
}
