import type { DunningItem, DunningLevel } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { readConfigValues } from '../config/repository.js';

/**
 * Dunning runs (issue 14; api/README.md "Dunning levels"). Which open receipts are due at a
 * level, and the run's own rows (dunning_runs: migration 110). The dunning letters themselves
 * are the student-money domain's `dunnings` rows (createDunning); each claims its receipts at
 * its level in dunning_run_items (migrations 110, 115), by a run or by hand.
 */

/** The configuration key of a level's days: level 1 counts from the due date, 2 and 3 from the previous letter. */
export const LEVEL_DAYS_KEY = { 1: 'iv_m1_days', 2: 'iv_m2_days', 3: 'iv_m3_days' } as const;

/** The level's days per school (0 = the level is switched off for the school). */
export async function levelDays(tx: Queryable, schoolIds: readonly number[], level: DunningLevel): Promise<Map<number, number>> {
  const days = new Map<number, number>();
  for (const schoolId of schoolIds) {
    const values = await readConfigValues(tx, schoolId, [LEVEL_DAYS_KEY[level]]);
    const value = Number(values[LEVEL_DAYS_KEY[level]]);
    days.set(schoolId, Number.isInteger(value) && value > 0 ? value : 0);
  }
  return days;
}

/** The schools the transaction sees (row-level security: the user's schools). */
export async function visibleSchools(tx: Queryable): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    "SELECT id FROM schools WHERE id = ANY (string_to_array(current_setting('app.school_ids', true), ',')::int[]) ORDER BY id",
  );
  return rows.rows.map((row) => row.id);
}

/**
 * The level's rule as SQL on receipts `r` joined to the days `d` (columns school_id, days):
 * an open top-level receipt with money open, the level switched on, and
 * - level 1: not dunned yet and due `days` ago or longer;
 * - level 2 / 3: dunned at level 1 / 2 (and not higher), that letter `days` ago or longer;
 * never one already dunned at this level (dunning_run_items: by a run or by hand), nor one in collection by
 * direct debit (a sepa_debits row pending or paid, migration 106: the bank collects it).
 */
function levelCondition(level: DunningLevel, todayParam: string, levelParam: string): string {
  const since = level === 1 ? 'r.date_due' : 'COALESCE(r.dunning_last_at, r.date_due)';
  return `r.type = 1 AND r.rrno IS NULL AND r.amount - r.paid - r.credited > 0 AND d.days > 0
      AND r.dunning_level = ${levelParam}::int - 1
      AND ${since} + d.days <= ${todayParam}::date
      AND NOT EXISTS (SELECT 1 FROM dunning_run_items i WHERE i.rno = r.rno AND i.dunning_level >= ${levelParam}::int)
      AND NOT EXISTS (SELECT 1 FROM sepa_debits sd WHERE sd.receipt_id = r.rno AND sd.status IN ('pending', 'paid'))`;
}

const ITEM_COLUMNS = `r.rno::float8 AS rno, s.id AS stid, s.firstname AS fn, s.lastname AS ln, r.school_id AS sid,
       to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS dc, to_char(r.date_due, 'YYYY-MM-DD') AS dd,
       r.amount::float8 AS a, (r.amount - r.paid - r.credited)::float8 AS o, trim(r.currency) AS cur,
       r.dunning_level::int AS dun, to_char(r.dunning_last_at, 'YYYY-MM-DD') AS dlir`;

const DAYS_CTE = 'WITH d (school_id, days) AS (SELECT * FROM unnest($1::int[], $2::int[]))';

/** Every open item due at the level in the schools of `days`, by student name, then due date. */
export async function dueItems(tx: Queryable, level: DunningLevel, days: Map<number, number>, today: string): Promise<DunningItem[]> {
  const result = await tx.query<DunningItem>(
    `${DAYS_CTE}
     SELECT ${ITEM_COLUMNS}
       FROM receipts r JOIN d ON d.school_id = r.school_id JOIN students s ON s.id = r.student_id
      WHERE ${levelCondition(level, '$3', '$4')}
      ORDER BY s.lastname, s.firstname, s.id, r.date_due, r.rno`,
    [[...days.keys()], [...days.values()], today, level],
  );
  return result.rows;
}

/** How many items are due at the level (the dunning menu). */
export async function countDueItems(tx: Queryable, level: DunningLevel, days: Map<number, number>, today: string): Promise<number> {
  const result = await tx.query<{ n: number }>(
    `${DAYS_CTE}
     SELECT count(*)::int AS n FROM receipts r JOIN d ON d.school_id = r.school_id
      WHERE ${levelCondition(level, '$3', '$4')}`,
    [[...days.keys()], [...days.values()], today, level],
  );
  return result.rows[0]!.n;
}

/**
 * The selected receipts still due at the level, locked (FOR UPDATE: a parallel run waits and
 * then no longer selects what this one dunned: its level changed).
 */
export async function lockDueItems(
  tx: Queryable,
  level: DunningLevel,
  days: Map<number, number>,
  today: string,
  rnos: readonly number[],
): Promise<DunningItem[]> {
  const result = await tx.query<DunningItem>(
    `${DAYS_CTE}
     SELECT ${ITEM_COLUMNS}
       FROM receipts r JOIN d ON d.school_id = r.school_id JOIN students s ON s.id = r.student_id
      WHERE r.rno = ANY ($5::int8[]) AND ${levelCondition(level, '$3', '$4')}
      ORDER BY s.id, r.currency, r.date_due, r.rno
        FOR UPDATE OF r`,
    [[...days.keys()], [...days.values()], today, level, rnos],
  );
  return result.rows;
}

/** Students and schools of the receipts the transaction sees (the others are not there for the caller). */
export async function receiptOwners(tx: Queryable, rnos: readonly number[]): Promise<{ rno: number; stid: number; sid: number }[]> {
  const result = await tx.query<{ rno: number; stid: number; sid: number }>(
    'SELECT rno::float8 AS rno, student_id AS stid, school_id AS sid FROM receipts WHERE rno = ANY ($1::int8[])',
    [rnos],
  );
  return result.rows;
}

/** Locks the students in id order (every money write locks its student first; one order, no deadlock). */
export async function lockStudents(tx: Queryable, studentIds: readonly number[]): Promise<{ id: number; schoolId: number; memberStatus: number | null; balance: number }[]> {
  const result = await tx.query<{ id: number; school_id: number; e_member_status_id: number | null; balance: number }>(
    'SELECT id, school_id, e_member_status_id, balance::float8 AS balance FROM students WHERE id = ANY ($1::int[]) ORDER BY id FOR UPDATE',
    [studentIds],
  );
  return result.rows.map((row) => ({ id: row.id, schoolId: row.school_id, memberStatus: row.e_member_status_id, balance: row.balance }));
}

/** Whether the student's letter address (the invoice address when there is one) has street, postcode and city. */
export async function postalAddressComplete(tx: Queryable, studentId: number): Promise<boolean> {
  const result = await tx.query<{ ok: boolean }>(
    `SELECT (COALESCE(trim(street), '') <> '' AND COALESCE(trim(zip), '') <> '' AND COALESCE(trim(city), '') <> '') AS ok
       FROM (SELECT CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.street ELSE s.street END AS street,
                    CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.zip ELSE s.zip END AS zip,
                    CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.city ELSE s.city END AS city
               FROM students s LEFT JOIN student_addresses a ON a.student_id = s.id AND a.type = 2
              WHERE s.id = $1) x`,
    [studentId],
  );
  return result.rows[0]?.ok ?? false;
}

export async function insertRun(tx: Queryable, level: DunningLevel, schoolIds: readonly number[], userId: number, now: Date): Promise<number> {
  const result = await tx.query<{ id: number }>(
    'INSERT INTO dunning_runs (dunning_level, school_ids, created_by, created_at) VALUES ($1, $2::int[], $3, $4) RETURNING id',
    [level, [...new Set(schoolIds)].sort((a, b) => a - b), userId, now],
  );
  return result.rows[0]!.id;
}

/** Records what the run did; `printed`: the dunnings whose letters go into the PDF, in print order. */
export async function finishRun(tx: Queryable, runId: number, done: { printed: readonly number[]; dunnings: number; mails: number }): Promise<void> {
  await tx.query('UPDATE dunning_runs SET printed_dunnings = $2::int[], dunnings = $3, mails = $4 WHERE id = $1', [runId, done.printed, done.dunnings, done.mails]);
}

/**
 * Records the run's letters PDF unless one is recorded already (two renders of the same run:
 * the first one stays). Answers the key in force; the caller removes its own file when it lost.
 */
export async function setRunFile(tx: Queryable, runId: number, fileKey: string): Promise<string | null> {
  await tx.query('UPDATE dunning_runs SET file_key = $2 WHERE id = $1 AND file_key IS NULL', [runId, fileKey]);
  const result = await tx.query<{ file_key: string | null }>('SELECT file_key FROM dunning_runs WHERE id = $1', [runId]);
  return result.rows[0]?.file_key ?? null;
}

/**
 * Records the run's letter on its dunning (run, mail address, outbox row). The letter claimed
 * its receipts at the level when createDunning wrote it (dunning_run_items, trigger of
 * migration 115: once per receipt and level, also against letters written by hand).
 */
export async function recordRunLetter(tx: Queryable, item: { dunningId: number; runId: number; mailedTo: string | null; outboxId: number | null }): Promise<void> {
  await tx.query('UPDATE dunnings SET run_id = $2, mailed_to = $3, outbox_id = $4 WHERE id = $1', [item.dunningId, item.runId, item.mailedTo, item.outboxId]);
}

/** Forgets the run's recorded letters PDF (its file is gone) unless another render replaced it meanwhile. */
export async function forgetRunFile(tx: Queryable, runId: number, fileKey: string): Promise<void> {
  await tx.query('UPDATE dunning_runs SET file_key = NULL WHERE id = $1 AND file_key = $2', [runId, fileKey]);
}

export interface RunPdf {
  level: DunningLevel;
  fileKey: string | null;
  printed: number[];
  createdBy: number | null;
  createdAt: Date;
}

/** The run's letters PDF state, when the caller sees all of the run's schools (else null). */
export async function runPdf(tx: Queryable, runId: number): Promise<RunPdf | null> {
  const result = await tx.query<{ dunning_level: DunningLevel; file_key: string | null; printed_dunnings: number[]; created_by: number | null; created_at: Date }>(
    'SELECT dunning_level, file_key, printed_dunnings, created_by, created_at FROM dunning_runs WHERE id = $1',
    [runId],
  );
  const row = result.rows[0];
  return row ? { level: row.dunning_level, fileKey: row.file_key, printed: row.printed_dunnings.map(Number), createdBy: row.created_by, createdAt: new Date(row.created_at) } : null;
}

/** The items a dunning of a run dunned (the letter's list), in letter order. */
export async function dunningItems(tx: Queryable, dunningId: number): Promise<DunningItem[]> {
  const result = await tx.query<DunningItem>(
    `SELECT ${ITEM_COLUMNS}
       FROM dunning_run_items i JOIN receipts r ON r.rno = i.rno JOIN students s ON s.id = r.student_id
      WHERE i.dunning_id = $1
      ORDER BY r.date_due, r.rno`,
    [dunningId],
  );
  return result.rows;
}
