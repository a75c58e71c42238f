/**
 * Dunning runs (issue 14; spec 001 §2 /m-student/dun/{level}, §3 Dunning, §4): the open items
 * due at a level and the run that duns a selection of them. Money in cents; dates ISO.
 * api/README.md "Dunning levels" has the rules.
 */

/** Dunning levels: 1, 2, 3 (3 = collection). */
export const DUNNING_LEVELS = [1, 2, 3] as const;
export type DunningLevel = (typeof DUNNING_LEVELS)[number];

/** Rows per page of the dunning table (spec 001 §9). */
export const DUNNING_PAGE_SIZE = 20;

/** At most this many receipts in one run (its letters are one PDF to print). */
export const DUNNING_RUN_MAX_RECEIPTS = 1000;

/** One open item due at a level (spec 001 §3 Dunning row). */
export interface DunningItem {
  /** Receipt number. */
  rno: number;
  /** Student id and name. */
  stid: number;
  fn: string;
  ln: string;
  /** School of the student. */
  sid: number;
  /** Receipt created (ISO date) and due (ISO date). */
  dc: string;
  dd: string;
  /** Amount and open amount, cents. */
  a: number;
  o: number;
  cur: string;
  /** Dunning level reached so far (0 none) and the date of the last dunning letter (ISO) or null. */
  dun: number;
  dlir: string | null;
}

/** GET /api-receipt/dunning?level answer: every item due at the level (the screen pages by 20). */
export interface DunningListResponse {
  level: DunningLevel;
  rows: DunningItem[];
  total: number;
  /** Open sum per currency, cents. */
  sums: { cur: string; o: number }[];
  /** Schools of the user where the level is switched off (iv_mN_days = 0). */
  inactive: number[];
}

/** GET /api-receipt/dunning-counts answer: items due per level (the finance overview's dunning menu). */
export interface DunningCountsResponse {
  counts: Record<DunningLevel, number>;
}

/** POST /api-receipt/dunning body. */
export interface DunningRunBody {
  level: DunningLevel;
  /** The selected receipt numbers. */
  rnos: number[];
}

/** A student left out of the printed letters because the postal address is incomplete. */
export interface DunningAddressProblem {
  stid: number;
  name: string;
  /** true: the letter went by mail only; false: nothing was sent, the student was not dunned. */
  mailed: boolean;
}

/** POST /api-receipt/dunning answer. */
export interface DunningRunResponse {
  success: true;
  /** The run (download its letters: GET /api-receipt/dunning-pdf?id), null when nothing was dunned. */
  run: number | null;
  /** Dunning letters made (one per student). */
  dunnings: number;
  /** Receipts dunned. */
  receipts: number;
  /** Letters in the PDF to print. */
  printed: number;
  /** Mails queued (students with an e-mail address). */
  mails: number;
  /** Selected receipts no longer due at the level (paid, closed, dunned meanwhile). */
  skipped: number;
  /** Students without a usable postal address ('Straße/Ort fehlerhaft oder unvollständig'). */
  noAddress: DunningAddressProblem[];
}
