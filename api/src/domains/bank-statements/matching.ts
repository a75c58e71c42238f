import { BANK_ASSIGN_MAX, type BankAssignOp, type BankAssignResponse, type BankAssignRow, type BankMatchRule, type BankStudentOptions } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';

/**
 * Suggestions for unassigned credits (POST /api-fin/blassign, spec 002 §2.8). The first rule
 * that finds exactly one student wins, and the suggestion says which:
 *   1. 'e2e'     the end-to-end id of a transaction of one of our own runs (sepa_transactions,
 *                when present): its student, and its receipt when it collects one; a
 *                transaction of several receipts (one mandate's receipts summed) names them all
 *                in its purpose, yet it is no collective transfer: the student is known;
 *   2. 'mandate' the mandate reference of a student's contract;
 *   3. 'iban'    the sender's IBAN is the account of a student's contract (mandate bank data);
 *   4. 'receipt' an open receipt number of the school in the purpose;
 *   5. 'name'    the student's first and last name in the purpose or as the sender.
 * A collective transfer (the purpose names two or more receipts of the school, or two or more
 * students by name) is never suggested: staff split it by hand. A rule finding several
 * students (parents paying for two children from one account) suggests nothing either.
 * The operation: 'pr' (pay that receipt) when a receipt was named, or when the student has an
 * open receipt of exactly the amount; else 'cp' (a payment staff assign later).
 */

interface OpenCredit {
  id: number;
  school_id: number;
  bd: string;
  sname: string;
  siban: string;
  ssvwz: string;
  amt: number;
  cur: string;
  mdid: string | null;
  e2e: string | null;
  version: number;
}

interface Candidate {
  movement_id: number;
  student_id: number;
  rno: number | null;
}

/** Movement id -> the distinct students (and named receipts) a rule found. */
function group(rows: readonly Candidate[]): Map<number, Candidate[]> {
  const byMovement = new Map<number, Candidate[]>();
  for (const row of rows) {
    const list = byMovement.get(row.movement_id) ?? [];
    if (!list.some((c) => c.student_id === row.student_id && c.rno === row.rno)) list.push(row);
    byMovement.set(row.movement_id, list);
  }
  return byMovement;
}

async function hasTable(tx: Queryable, name: string): Promise<boolean> {
  const result = await tx.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name]);
  return result.rows[0]!.found;
}

/** Numbers standing alone in a purpose (dates taken out first). */
const NUMBER = /(?<![\d.,])\d{1,12}(?![\d]|[.,]\d)/g;
const DATE = /\b\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{2,4}\b/g;
const RECEIPT_WORD = /\b(?:beleg|belege|belegnr|rechnung|rechnungen|re|rnr|rg|invoice|receipt)\b/i;

/**
 * Numbers of a purpose that may be receipt numbers: with a word like "Beleg" or "Rechnung" in
 * it every number standing alone, else only numbers of 3 digits or more (a "2" is rarely one).
 * A number that is no receipt of the school is ignored; one that happens to be (a year) can
 * only make a transfer look collective, which leaves it to staff: the safe side.
 */
function receiptNumbers(purpose: string): number[] {
  const text = purpose.replace(DATE, ' ');
  const all = (text.match(NUMBER) ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  return RECEIPT_WORD.test(text) ? all : all.filter((n) => n >= 100);
}

export async function assignmentSuggestions(tx: Queryable): Promise<BankAssignResponse> {
  const open = await tx.query<OpenCredit & { total: number }>(
    `SELECT m.id, m.school_id, to_char(m.booking_date, 'YYYY-MM-DD') AS bd, m.counterparty_name AS sname, m.counterparty_iban AS siban,
            m.remittance AS ssvwz, m.amount::float8 AS amt, trim(m.currency) AS cur, m.mandate_id AS mdid, m.end_to_end_id AS e2e,
            m.version, count(*) OVER ()::int AS total
       FROM bank_movements m
      WHERE m.credit AND m.student_id IS NULL
      ORDER BY m.booking_date, m.id
      LIMIT ${BANK_ASSIGN_MAX}`,
  );
  const credits = open.rows;
  if (credits.length === 0) return { rows: [], total: 0 };
  const ids = credits.map((c) => c.id);

  // One candidate per transaction: its student, its receipt when it collects exactly one.
  const e2e = (await hasTable(tx, 'sepa_transactions'))
    ? group((await tx.query<Candidate>(
        `SELECT m.id AS movement_id, t.student_id,
                CASE WHEN count(d.id) = 1 THEN min(d.receipt_id)::float8 END AS rno
           FROM bank_movements m JOIN sepa_transactions t ON t.end_to_end_id = m.end_to_end_id AND t.school_id = m.school_id
           JOIN sepa_debits d ON d.transaction_id = t.id
          WHERE m.id = ANY($1::int[])
          GROUP BY m.id, t.id, t.student_id`,
        [ids],
      )).rows)
    : new Map<number, Candidate[]>();
  const mandate = group((await tx.query<Candidate>(
    `SELECT DISTINCT m.id AS movement_id, sc.student_id, NULL::float8 AS rno
       FROM bank_movements m JOIN student_contracts sc ON sc.school_id = m.school_id AND sc.sepa_mandate_ref = m.mandate_id
      WHERE m.id = ANY($1::int[]) AND m.mandate_id IS NOT NULL`,
    [ids],
  )).rows);
  const iban = group((await tx.query<Candidate>(
    `SELECT DISTINCT m.id AS movement_id, sc.student_id, NULL::float8 AS rno
       FROM bank_movements m JOIN student_contracts sc
         ON sc.school_id = m.school_id AND upper(replace(sc.sepa_iban, ' ', '')) = m.counterparty_iban
      WHERE m.id = ANY($1::int[]) AND m.counterparty_iban <> ''`,
    [ids],
  )).rows);
  const numbers = [...new Set(credits.flatMap((c) => receiptNumbers(c.ssvwz)))];
  const receiptRows = numbers.length
    ? (await tx.query<{ rno: number; student_id: number; school_id: number }>(
        `SELECT r.rno::float8 AS rno, r.student_id, r.school_id FROM receipts r WHERE r.rno = ANY($1::bigint[]) AND r.rrno IS NULL`,
        [numbers],
      )).rows
    : [];
  const receipts = new Map<number, Candidate[]>();
  for (const credit of credits) {
    const named = new Set(receiptNumbers(credit.ssvwz));
    const found = receiptRows.filter((r) => r.school_id === credit.school_id && named.has(r.rno)).map((r) => ({ movement_id: credit.id, student_id: r.student_id, rno: r.rno }));
    if (found.length) receipts.set(credit.id, found);
  }
  const names = group((await tx.query<Candidate>(
    `SELECT DISTINCT m.id AS movement_id, s.id AS student_id, NULL::float8 AS rno
       FROM bank_movements m JOIN students s ON s.school_id = m.school_id
      WHERE m.id = ANY($1::int[]) AND s.firstname <> '' AND s.lastname <> ''
        AND (strpos(lower(m.remittance), lower(s.firstname || ' ' || s.lastname)) > 0
          OR strpos(lower(m.remittance), lower(s.lastname || ' ' || s.firstname)) > 0
          OR lower(m.counterparty_name) IN (lower(s.firstname || ' ' || s.lastname), lower(s.lastname || ' ' || s.firstname)))`,
    [ids],
  )).rows);

  const chosen = new Map<number, { student_id: number; rno: number | null; why: BankMatchRule } | null>();
  const collective = new Set<number>();
  for (const credit of credits) {
    const named = receipts.get(credit.id) ?? [];
    const byName = names.get(credit.id) ?? [];
    const ownRun = e2e.get(credit.id) ?? [];
    // Two receipts or two students named in one purpose: a collective transfer (unless the
    // end-to-end id is one of our runs' transactions of one student: its purpose names its receipts).
    if (ownRun.length !== 1 && (named.length > 1 || new Set(byName.map((c) => c.student_id)).size > 1)) {
      collective.add(credit.id);
      chosen.set(credit.id, null);
      continue;
    }
    const rules: [BankMatchRule, Candidate[] | undefined][] = [['e2e', ownRun], ['mandate', mandate.get(credit.id)], ['iban', iban.get(credit.id)], ['receipt', named], ['name', byName]];
    let pick: { student_id: number; rno: number | null; why: BankMatchRule } | null = null;
    for (const [why, found] of rules) {
      const students = new Set((found ?? []).map((c) => c.student_id));
      if (students.size === 1) {
        pick = { student_id: found![0]!.student_id, rno: found![0]!.rno, why };
        break;
      }
    }
    // A receipt named in the purpose is the one to pay when it is the chosen student's.
    if (pick && pick.rno === null && named.length === 1 && named[0]!.student_id === pick.student_id) pick.rno = named[0]!.rno;
    chosen.set(credit.id, pick);
  }

  const studentIds = [...new Set([...chosen.values()].filter(Boolean).map((c) => c!.student_id))];
  const openReceipts = studentIds.length
    ? (await tx.query<{ student_id: number; rno: number; open: number; cur: string }>(
        `SELECT r.student_id, r.rno::float8 AS rno, (r.amount - r.paid - r.credited)::float8 AS open, trim(r.currency) AS cur
           FROM receipts r WHERE r.student_id = ANY($1::int[]) AND r.rrno IS NULL AND r.type = 1 AND r.kind <> 'CN' AND r.amount - r.paid - r.credited > 0
          ORDER BY r.date_due NULLS LAST, r.rno`,
        [studentIds],
      )).rows
    : [];
  const studentNames = studentIds.length
    ? new Map((await tx.query<{ id: number; name: string }>(`SELECT id, trim(concat_ws(' ', firstname, lastname)) AS name FROM students WHERE id = ANY($1::int[])`, [studentIds])).rows.map((r) => [r.id, r.name]))
    : new Map<number, string>();

  const rows: BankAssignRow[] = credits.map((credit) => {
    const pick = chosen.get(credit.id) ?? null;
    let op: BankAssignOp | null = null;
    let rno: number | null = null;
    if (pick) {
      const own = openReceipts.filter((r) => r.student_id === pick.student_id && r.cur === credit.cur);
      if (pick.rno !== null && own.some((r) => r.rno === pick.rno)) {
        op = 'pr';
        rno = pick.rno;
      } else {
        const exact = own.find((r) => r.open === credit.amt);
        op = exact ? 'pr' : 'cp';
        rno = exact ? exact.rno : null;
      }
    }
    return {
      id: credit.id, bd: credit.bd, sname: credit.sname, siban: credit.siban, ssvwz: credit.ssvwz, amt: credit.amt, cur: credit.cur,
      stid: pick?.student_id ?? null, stn: pick ? (studentNames.get(pick.student_id) ?? null) : null, op, rno, why: pick?.why ?? null,
      collective: collective.has(credit.id), version: credit.version,
    };
  });
  return { rows, total: credits[0]!.total };
}

/** GET /api-fin/sa: a student's open receipts and what applying the movement to them would do; null when not visible. */
export async function studentOptions(tx: Queryable, studentId: number, movement: { amount: number; currency: string; school_id: number }): Promise<BankStudentOptions | null> {
  const student = await tx.query<{ id: number; name: string; school_id: number }>(
    `SELECT id, trim(concat_ws(' ', firstname, lastname)) AS name, school_id FROM students WHERE id = $1`,
    [studentId],
  );
  const row = student.rows[0];
  if (!row || row.school_id !== movement.school_id) return null;
  const receipts = await tx.query<{ rno: number; ddue: string | null; open: number; cur: string; txt: string }>(
    `SELECT r.rno::float8 AS rno, to_char(r.date_due, 'YYYY-MM-DD') AS ddue, (r.amount - r.paid - r.credited)::float8 AS open,
            trim(r.currency) AS cur, r.text AS txt
       FROM receipts r WHERE r.student_id = $1 AND r.rrno IS NULL AND r.type = 1 AND r.kind <> 'CN' AND r.amount - r.paid - r.credited > 0
      ORDER BY r.date_due NULLS LAST, r.rno`,
    [studentId],
  );
  const exact = receipts.rows.find((r) => r.open === movement.amount && r.cur === movement.currency);
  return { stid: row.id, stn: row.name, receipts: receipts.rows, op: exact ? 'pr' : 'cp', rno: exact?.rno ?? null };
}
