import { ERROR, STUDENT_CONTRACT_STATUS, addMonths, type SkipAnswer, type SkipInfo, type StudentContract } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../lib/http-error.js';
import { NOTE_TYPE, insertNote, lockContract, screenDate } from './repository.js';

/**
 * Skip fee (spec 000 §2, §6; issue 13): the contract's next due payment period is left out of
 * invoicing. Periods are those of invoice generation (api/README "money model"): period k
 * starts at contract_start + k * pay_interval months (the day clamped to the month's end as
 * PostgreSQL's date + interval does) and ends the day before period k + 1. The next due period
 * is the first that is neither billed (a receipt of kind IR with that period_start) nor
 * skipped (student_contract_skips, migration 101) and starts on or before the contract's end.
 * Invoice generation never bills a skipped period (a trigger refuses it).
 */

/** Most periods looked at (100 years of monthly periods). */
const MAX_PERIODS = 1200;

const dayBefore = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

interface Taken {
  billed: Set<string>;
  skipped: string[];
  /** Periods up to this start are behind (the latest billed one); null: none billed yet. */
  lastBilled: string | null;
}

/** Starts of the contract's billed and skipped periods. */
async function takenPeriods(tx: Queryable, contractId: number): Promise<Taken> {
  const billed = await tx.query<{ p: string }>(
    "SELECT to_char(period_start, 'YYYY-MM-DD') AS p FROM receipts WHERE student_contract_id = $1 AND kind = 'IR' AND period_start IS NOT NULL",
    [contractId],
  );
  const skipped = await tx.query<{ p: string }>(
    "SELECT to_char(period_start, 'YYYY-MM-DD') AS p FROM student_contract_skips WHERE student_contract_id = $1 ORDER BY period_start",
    [contractId],
  );
  const starts = billed.rows.map((r) => r.p).sort();
  return { billed: new Set(starts), skipped: skipped.rows.map((r) => r.p), lastBilled: starts.at(-1) ?? null };
}

/** The k-th period of the contract (ISO start and inclusive end). */
function period(contract: Pick<StudentContract, 'contract_start' | 'pay_interval'>, k: number) {
  const start = addMonths(contract.contract_start, k * contract.pay_interval);
  const next = addMonths(contract.contract_start, (k + 1) * contract.pay_interval);
  return { start, end: dayBefore(next) };
}

/**
 * The next due period from index `from`: neither billed nor skipped, after the latest billed
 * period (billing goes forward; older gaps are history, not due), before none billed on or
 * after the contract's due date (its start when none), and starting by the contract's end.
 * Null when none.
 */
function nextOpenPeriod(
  contract: Pick<StudentContract, 'contract_start' | 'pay_interval' | 'contract_end' | 'due_date'>,
  taken: Taken,
  from = 0,
): { k: number; start: string; end: string } | null {
  const skipped = new Set(taken.skipped);
  for (let k = from; k < MAX_PERIODS; k += 1) {
    const p = period(contract, k);
    if (contract.contract_end && p.start > contract.contract_end) return null;
    const behind = taken.lastBilled !== null ? p.start <= taken.lastBilled : p.end < (contract.due_date ?? contract.contract_start);
    if (!behind && !taken.billed.has(p.start) && !skipped.has(p.start)) return { k, ...p };
  }
  return null;
}

const isActive = (c: Pick<StudentContract, 'status'>) => c.status === STUDENT_CONTRACT_STATUS.active || c.status === STUDENT_CONTRACT_STATUS.cancelled;

/** `skip` of GET /sc?stid&id: whether and which period a skip would leave out. */
export async function readSkipInfo(tx: Queryable, contract: StudentContract, memberStatusDisabled: boolean): Promise<SkipInfo> {
  const taken = await takenPeriods(tx, contract.id);
  const next = isActive(contract) ? nextOpenPeriod(contract, taken) : null;
  const reason = memberStatusDisabled ? 'member_status' : !isActive(contract) ? 'not_active' : next ? null : 'no_period';
  return { allowed: reason === null, period_start: next?.start ?? null, period_end: next?.end ?? null, reason, skipped: taken.skipped };
}

/**
 * Skips the next due period of the (locked) contract: a student_contract_skips row, the
 * contract's due date moved to the following open period (null when the contract ends
 * before it), a type-3 note. 409 {error: 74} when the member status is disabled, the
 * contract is not active (or cancelled and still running) or no period is due.
 */
export async function skipNextPeriod(
  tx: Queryable,
  student: { id: number; schoolId: number },
  contractId: number,
  version: number,
  options: { disabled: boolean; userId: number },
): Promise<SkipAnswer> {
  const contract = await lockContract(tx, student.id, contractId, version);
  if (options.disabled || !isActive(contract)) throw new HttpError(409, { error: ERROR.skipNotPossible });
  const taken = await takenPeriods(tx, contract.id);
  const next = nextOpenPeriod(contract, taken);
  if (!next) throw new HttpError(409, { error: ERROR.skipNotPossible });
  await tx.query('INSERT INTO student_contract_skips (school_id, student_contract_id, period_start, created_by) VALUES ($1, $2, $3, $4)', [
    student.schoolId, contract.id, next.start, options.userId,
  ]);
  const after = nextOpenPeriod(contract, { ...taken, skipped: [...taken.skipped, next.start] }, next.k + 1);
  const updated = await tx.query<{ version: number; dd: string | null }>(
    `UPDATE student_contracts SET due_date = $3, version = version + 1, updated_at = now()
      WHERE id = $1 AND student_id = $2 RETURNING version, to_char(due_date, 'YYYY-MM-DD') AS dd`,
    [contract.id, student.id, after?.start ?? null],
  );
  await insertNote(
    tx,
    student,
    NOTE_TYPE.contractChange,
    `Beitrag ausgesetzt: Zahlungsperiode ${screenDate(next.start)} – ${screenDate(next.end)}${contract.contract_no ? ` (Vertrag ${contract.contract_no})` : ''}`,
    options.userId,
  );
  const row = updated.rows[0]!;
  return { success: true, version: row.version, period_start: next.start, period_end: next.end, dd: row.dd };
}
