/**
 * The conclusion calls' wire shapes as the screens use them (spec 000 §3, §7). Field names
 * are the API's wire names.
 */

/** A row of POST /api-conclusion/list. */
export interface ConclusionListRow {
  ccid: number;
  /** Created (ISO timestamp). */
  dc: string;
  /** School id. */
  sid: number;
  /** Contract number. */
  cn: string | null;
  fn: string;
  ln: string;
  /** Paper ('popo') conclusion. */
  po: boolean;
  /** Activated. */
  act: boolean;
  date_withdrawal: string | null;
  /** Contract start (ISO date). */
  cs: string | null;
  /** Who created it; 'Contracts' for rows from the online-contracts frame. */
  createdBy: string;
  /** Network membership number of the student. */
  mno: string | null;
  /** Student id once activated. */
  stu: number | null;
}
