import {
  FINTS_PAIN_VERSION,
  normaliseBic,
  normaliseCreditorId,
  normaliseIban,
  validateBic,
  validateCreditorId,
  validateIban,
  type DdCandidate,
  type DdLeftOut,
  type DdLeftOutReason,
  type DdPreview,
  type DdPreviewAccount,
  type DdSelection,
  type FinDashDirectDebits,
  type PainVersion,
  type SepaFileRow,
  type SequenceType,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { readConfigValues } from '../config/repository.js';
import { MANDATE_ID, REMITTANCE_MAX, debitPurpose, sepaId, sepaText, type PainDebit, type PainRun } from './pain008.js';

/**
 * Direct-debit candidates, runs and SEPA files. Functions take the transaction of
 * `db.scoped()`: row-level security limits them to the request's schools.
 *
 * A candidate is an open receipt (top-level, not a credit note, something left to pay, EUR)
 * of a student contract paid by SEPA direct debit (payment method 1), due in the period,
 * not in collection (no pending or paid debit). Its creditor is the contract's account, or,
 * when the contract names none, the school's main account, or with the school's configuration
 * sepa_main_account off the school's own creditor data (config sepa_name, sepa_iban, sepa_bic,
 * sepa_ci; no account: aid null). See withSchoolCreditor.
 */

/** A receipt of a direct-debit contract with everything a debit needs (one query for list, preview and run). */
export interface DebitableReceipt {
  rno: number;
  scid: number;
  sid: number;
  stid: number;
  cs: string;
  ce: string | null;
  dd: string;
  fn: string;
  ln: string;
  rt: string;
  amt: number;
  cur: string;
  contract_status: number;
  sepa_sequence: SequenceType | null;
  mandate_ref: string | null;
  mandate_date: string | null;
  debtor_name: string | null;
  debtor_iban: string | null;
  debtor_bic: string | null;
  in_collection: boolean;
  aid: number | null;
  /** The contract names its own account (then the school's creditor setting does not apply). */
  own_account: boolean;
  acn: string | null;
  cr_name: string | null;
  cr_ci: string | null;
  cr_iban: string | null;
  cr_bic: string | null;
  pain: PainVersion | null;
}

const RECEIPT_SELECT = `
  SELECT r.rno, r.student_contract_id AS scid, r.school_id AS sid, r.student_id AS stid,
         to_char(sc.contract_start, 'YYYY-MM-DD') AS cs, to_char(sc.contract_end, 'YYYY-MM-DD') AS ce,
         to_char(r.date_due, 'YYYY-MM-DD') AS dd, s.firstname AS fn, s.lastname AS ln, r.text AS rt,
         (r.amount - r.paid - r.credited)::bigint AS amt, trim(r.currency) AS cur,
         sc.status AS contract_status, sc.sepa_sequence, NULLIF(trim(sc.sepa_mandate_ref), '') AS mandate_ref,
         to_char(sc.sepa_date_mandate, 'YYYY-MM-DD') AS mandate_date,
         NULLIF(trim(sc.sepa_name), '') AS debtor_name, NULLIF(upper(replace(sc.sepa_iban, ' ', '')), '') AS debtor_iban,
         NULLIF(upper(replace(sc.sepa_bic, ' ', '')), '') AS debtor_bic,
         EXISTS (SELECT 1 FROM sepa_debits d WHERE d.receipt_id = r.rno AND d.status IN ('pending', 'paid')) AS in_collection,
         a.id AS aid, sc.account_id IS NOT NULL AS own_account, a.name AS acn, a.sepa_name AS cr_name, a.sepa_ci AS cr_ci, a.sepa_iban AS cr_iban, a.sepa_bic AS cr_bic,
         a.sepa_pain_version AS pain
    FROM receipts r
    JOIN student_contracts sc ON sc.id = r.student_contract_id
    JOIN students s ON s.id = r.student_id
    LEFT JOIN accounts a ON a.id = COALESCE(sc.account_id, (SELECT m.id FROM accounts m WHERE m.school_id = r.school_id AND m.is_main))
   WHERE sc.payment_method_id = 1 AND r.type = 1 AND r.rrno IS NULL AND r.kind <> 'CN'
     AND r.amount - r.paid - r.credited > 0 AND r.currency = 'EUR'`;

/** First and last day (exclusive) of a month as ISO dates. */
export function periodBounds(year: number, month: number): [string, string] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return [`${year}-${pad(month)}-01`, next];
}

/** Open direct-debit receipts of the period (also the ones in collection: flagged). */
export async function periodReceipts(tx: Queryable, year: number, month: number): Promise<DebitableReceipt[]> {
  const [from, to] = periodBounds(year, month);
  const result = await tx.query<DebitableReceipt>(
    `${RECEIPT_SELECT} AND r.date_due >= $1 AND r.date_due < $2 ORDER BY r.date_due, s.lastname, s.firstname, r.rno`,
    [from, to],
  );
  return result.rows.map((row) => ({ ...row, amt: Number(row.amt) }));
}

/** A school's direct-debit settings (configuration, per school; shared-kernel contracts/config.ts). */
export interface SchoolSepa {
  /** Pre-notification days (sepa_lead_days): the collection date is at least this many days ahead. */
  noticeDays: number;
  /** The direct-debit feature flag (sepa_dd): off = no runs for the school. */
  enabled: boolean;
  /** sepa_main_account: the school's main bank account is the creditor; off = `creditor`. */
  mainAccount: boolean;
  /** The school's own creditor data (config sepa_name, sepa_iban, sepa_bic, sepa_ci), normalised. */
  creditor: { name: string; iban: string; bic: string | null; ci: string };
}

/** The direct-debit settings of the given schools (the values in force for each). */
export async function schoolSepaSettings(tx: Queryable, schoolIds: Iterable<number>): Promise<Map<number, SchoolSepa>> {
  const settings = new Map<number, SchoolSepa>();
  for (const sid of new Set(schoolIds)) {
    const values = await readConfigValues(tx, sid, ['sepa_lead_days', 'sepa_dd', 'sepa_main_account', 'sepa_name', 'sepa_iban', 'sepa_bic', 'sepa_ci']);
    settings.set(sid, {
      noticeDays: Number(values.sepa_lead_days),
      enabled: values.sepa_dd !== false,
      mainAccount: values.sepa_main_account !== false,
      creditor: { name: String(values.sepa_name ?? '').trim(), iban: normaliseIban(String(values.sepa_iban ?? '')), bic: normaliseBic(String(values.sepa_bic ?? '')) || null, ci: normaliseCreditorId(String(values.sepa_ci ?? '')) },
    });
  }
  return settings;
}

/**
 * The receipts with the creditor their school's configuration names: where sepa_main_account
 * is off, a contract without its own account is collected for the school's creditor data
 * (no account: aid null; the EBICS file in the default pain.008.001.08).
 */
export function withSchoolCreditor(rows: DebitableReceipt[], settings: Map<number, SchoolSepa>): DebitableReceipt[] {
  return rows.map((row) => {
    const school = settings.get(row.sid);
    if (row.own_account || !school || school.mainAccount) return row;
    const { creditor } = school;
    return { ...row, aid: null, acn: creditor.name, cr_name: creditor.name || null, cr_ci: creditor.ci, cr_iban: creditor.iban, cr_bic: creditor.bic, pain: null };
  });
}

/**
 * The creditor id of a receipt's creditor when it is valid, else ''. The school's own
 * creditor data (no account) is checked whole, as the account form checks an account's:
 * a name, a valid IBAN and BIC (if any) beside the creditor id.
 */
export function creditorIdOf(row: DebitableReceipt): string {
  if (!row.cr_ci || !validateCreditorId(row.cr_ci)) return '';
  if (row.aid !== null) return row.cr_ci;
  const schoolDataValid = !!row.cr_name && validateIban(row.cr_iban) && (!row.cr_bic || validateBic(row.cr_bic));
  return schoolDataValid ? row.cr_ci : '';
}

/** Why a receipt cannot be debited on `collection` (null: it can). */
export function leftOutReason(row: DebitableReceipt, collection: string | null): DdLeftOutReason | null {
  if (row.in_collection) return 'in_collection';
  if (!row.mandate_ref || !row.mandate_date || !row.debtor_iban || (row.contract_status !== 1 && row.contract_status !== 3)) return 'no_mandate';
  if (!MANDATE_ID.test(row.mandate_ref)) return 'bad_mandate';
  if (!validateIban(row.debtor_iban) || (row.debtor_bic !== null && !validateBic(row.debtor_bic))) return 'bad_iban';
  if (!creditorIdOf(row)) return 'no_creditor_id';
  if (collection !== null && row.mandate_date > collection) return 'mandate_after_collection';
  return null;
}

/** PUT /api-fin/dd rows: receipts with a usable mandate, not in collection (ci '' when the creditor id is missing or invalid). */
export function candidateRows(rows: DebitableReceipt[]): DdCandidate[] {
  return rows
    .filter((row) => {
      const reason = leftOutReason(row, null);
      return reason === null || reason === 'no_creditor_id';
    })
    .map((row) => ({
      scid: row.scid,
      rno: row.rno,
      cs: row.cs,
      ce: row.ce,
      dd: row.dd,
      fn: row.fn,
      ln: row.ln,
      rt: row.rt,
      amt: row.amt,
      cur: row.cur,
      f: row.sepa_sequence !== 'RCUR',
      sid: row.sid,
      stid: row.stid,
      ci: creditorIdOf(row),
      aid: row.aid,
      acn: row.acn ?? '',
    }));
}

/** When the request's schools last made a run (ISO instant), or null. */
export async function lastRunAt(tx: Queryable): Promise<string | null> {
  const result = await tx.query<{ at: Date | null }>('SELECT max(created_at) AS at FROM sepa_runs');
  return result.rows[0]?.at ? result.rows[0].at.toISOString() : null;
}

const leftOut = (row: DebitableReceipt, reason: DdLeftOutReason): DdLeftOut => ({
  rno: row.rno,
  scid: row.scid,
  fn: row.fn,
  ln: row.ln,
  amt: row.amt,
  reason,
});

/**
 * A transaction of a run (one DrctDbtTxInf of the file): one student's receipts under one
 * mandate (the same reference, signature date, debtor IBAN, BIC and name). A run has one
 * creditor and one collection date, so this is "one transaction per mandate and collection
 * date": two receipts of a new contract are one FRST debit of their sum, not two.
 */
export interface PlannedTransaction {
  /** The receipts, by receipt number. */
  rows: DebitableReceipt[];
  /** Cents: the sum of the receipts' open amounts. */
  amount: number;
  /** FRST when any contract of the transaction has not been collected from under the mandate. */
  sequenceType: SequenceType;
}

/** What one creditor's run would collect: its receipts and the transactions made of them. */
export interface PlannedRun {
  account: DdPreviewAccount;
  rows: DebitableReceipt[];
  transactions: PlannedTransaction[];
}

const mandateKey = (row: DebitableReceipt) =>
  [row.stid, row.mandate_ref, row.mandate_date, row.debtor_iban, row.debtor_bic ?? '', row.debtor_name ?? ''].join('\u0000');

/** The transactions of a run's receipts, in the order their first receipt comes. */
export function transactionsOf(rows: readonly DebitableReceipt[]): PlannedTransaction[] {
  const byMandate = new Map<string, DebitableReceipt[]>();
  for (const row of rows) {
    const key = mandateKey(row);
    const group = byMandate.get(key);
    if (group) group.push(row);
    else byMandate.set(key, [row]);
  }
  return [...byMandate.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.rno - b.rno);
    return {
      rows: sorted,
      amount: sorted.reduce((sum, row) => sum + row.amt, 0),
      sequenceType: sorted.some((row) => row.sepa_sequence !== 'RCUR') ? 'FRST' : 'RCUR',
    };
  });
}

/** What a selection debits, per creditor account, and what it leaves out (and why). */
export interface DebitPlan {
  accounts: PlannedRun[];
  left: DdLeftOut[];
  /** Selected keys that match no visible receipt of a direct-debit contract. */
  unknown: DdSelection[];
  /** The schools of the selected receipts. */
  schools: Set<number>;
}

/**
 * Matches the selection (contract + due date, optionally the receipt) against the period's
 * receipts. Left out: selected receipts that cannot be debited, and the period's receipts
 * that are not offered at all (no mandate, no creditor id): the preview names them too.
 * Each creditor's receipts become transactions (transactionsOf); the account's counts are
 * those of its file: cnt transactions (NbOfTxs), frst / rcur transactions per sequence type,
 * rcpt receipts, amt the sum (CtrlSum).
 */
export function planDebits(rows: DebitableReceipt[], selection: DdSelection[], collectionOf: (schoolId: number) => { cd: string; lead: number }): DebitPlan {
  const selectedKeys = new Set(selection.map((s) => `${s.scid}|${s.dd}`));
  const pinned = new Map<string, Set<number>>();
  for (const s of selection) {
    if (s.rno === undefined) continue;
    const key = `${s.scid}|${s.dd}`;
    if (!pinned.has(key)) pinned.set(key, new Set());
    pinned.get(key)!.add(s.rno);
  }
  const matched = new Set<string>();
  // A creditor account, or a school's own creditor data (no account).
  const byAccount = new Map<string, PlannedRun>();
  const left: DdLeftOut[] = [];
  const schools = new Set<number>();
  for (const row of rows) {
    const key = `${row.scid}|${row.dd}`;
    const selected = selectedKeys.has(key) && (!pinned.has(key) || pinned.get(key)!.has(row.rno));
    const collection = collectionOf(row.sid);
    const reason = leftOutReason(row, collection.cd);
    if (selected) {
      matched.add(pinned.has(key) ? `${key}|${row.rno}` : key);
      schools.add(row.sid);
    }
    if (!selected) {
      // Not offered in the list at all: say so in the preview.
      if (reason === 'no_mandate' || reason === 'bad_mandate' || reason === 'bad_iban' || reason === 'no_creditor_id') left.push(leftOut(row, reason));
      continue;
    }
    if (reason !== null) {
      left.push(leftOut(row, reason));
      continue;
    }
    const aid = row.aid;
    const creditorKey = aid !== null ? `a${aid}` : `s${row.sid}`;
    let entry = byAccount.get(creditorKey);
    if (!entry) {
      entry = {
        account: { aid, sid: row.sid, acn: row.acn ?? '', iban: row.cr_iban ?? '', ci: row.cr_ci ?? '', cnt: 0, rcpt: 0, amt: 0, cur: row.cur, frst: 0, rcur: 0,
          pain: row.pain ?? 'pain.008.001.08', cd: collection.cd, lead: collection.lead },
        rows: [],
        transactions: [],
      };
      byAccount.set(creditorKey, entry);
    }
    entry.rows.push(row);
  }
  for (const entry of byAccount.values()) {
    entry.transactions = transactionsOf(entry.rows);
    const { account, transactions } = entry;
    account.cnt = transactions.length;
    account.rcpt = entry.rows.length;
    account.amt = transactions.reduce((sum, t) => sum + t.amount, 0);
    account.frst = transactions.filter((t) => t.sequenceType === 'FRST').length;
    account.rcur = transactions.length - account.frst;
  }
  const unknown = selection.filter((s) => !matched.has(s.rno === undefined ? `${s.scid}|${s.dd}` : `${s.scid}|${s.dd}|${s.rno}`));
  const order = (a: DdPreviewAccount) => (a.aid === null ? Number.MAX_SAFE_INTEGER - a.sid : a.aid);
  return { accounts: [...byAccount.values()].sort((a, b) => order(a.account) - order(b.account)), left, unknown, schools };
}

/**
 * The preview. Each account's run has its school's collection date; cd / lead on top are the
 * earliest of them (`fallback` when nothing would be debited: the date a run made now would get).
 */
export function previewOf(plan: DebitPlan, fallback: { cd: string; lead: number }): DdPreview {
  const accounts = plan.accounts.map((a) => a.account);
  const earliest = accounts.reduce<{ cd: string; lead: number } | null>((min, a) => (min === null || a.cd < min.cd ? { cd: a.cd, lead: a.lead } : min), null) ?? fallback;
  return {
    cnt: accounts.reduce((n, a) => n + a.cnt, 0),
    rcpt: accounts.reduce((n, a) => n + a.rcpt, 0),
    cd: earliest.cd,
    lead: earliest.lead,
    frst: accounts.reduce((n, a) => n + a.frst, 0),
    rcur: accounts.reduce((n, a) => n + a.rcur, 0),
    accounts,
    left: plan.left,
  };
}

/**
 * Locks what a run is about to debit in the product's order (students, then their contracts,
 * then receipts, each by id, as every money write does), so a run never deadlocks with a
 * payment, a dunning run or a contract change. The students FOR SHARE: writers (FOR UPDATE)
 * wait for the run, two runs do not wait for each other there. The contracts FOR UPDATE: a
 * parallel run for other receipts of the same contract waits, then reads the sequence type
 * this run leaves (RCUR), so a mandate is not presented as FRST by two runs. The receipts FOR
 * UPDATE: a parallel run for the same receipts waits, then finds them in collection.
 */
export async function lockPlannedDebits(tx: Queryable, rows: readonly { rno: number; scid: number; stid: number }[]): Promise<void> {
  await tx.query('SELECT id FROM students WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE', [[...new Set(rows.map((row) => row.stid))]]);
  await tx.query('SELECT id FROM student_contracts WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [[...new Set(rows.map((row) => row.scid))]]);
  await tx.query('SELECT rno FROM receipts WHERE rno = ANY($1::bigint[]) ORDER BY rno FOR UPDATE', [rows.map((row) => row.rno)]);
}

/** Next ids of the run sequence (the MsgId and end-to-end ids carry the run id). */
export async function nextRunId(tx: Queryable): Promise<number> {
  const result = await tx.query<{ id: number }>("SELECT nextval('sepa_runs_id_seq')::int AS id");
  return result.rows[0]!.id;
}

export interface StoredRun {
  id: number;
  schoolId: number;
  /** Null: the school's own creditor data (sepa_main_account off). */
  accountId: number | null;
  userId: number;
  year: number;
  month: number;
  ebicsKey: string;
  fintsKey: string;
  pain: PainRun;
  /** The planned transactions, in the order of pain.debits (each names its receipts). */
  transactions: readonly PlannedTransaction[];
}

/**
 * Stores a run, its transactions (one per DrctDbtTxInf of the file: end-to-end id, mandate,
 * debtor, amount, remittance as written) and a debit per receipt naming its transaction, and
 * marks the contracts' mandates as used (later debits RCUR). A receipt already in collection
 * fails the partial unique index (23505).
 */
export async function insertRun(tx: Queryable, run: StoredRun): Promise<void> {
  const { pain, transactions } = run;
  if (transactions.length !== pain.debits.length) throw new Error('a run stores one transaction per debit of its file');
  const amount = pain.debits.reduce((s, d) => s + d.amount, 0);
  await tx.query(
    `INSERT INTO sepa_runs (id, school_id, account_id, message_id, created_at, created_by, year, month, collection_date, pain_version,
                            cnt, amount, currency, creditor_iban, ebics_file_key, fints_file_key, creditor_name, creditor_bic, creditor_ci)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [run.id, run.schoolId, run.accountId, pain.messageId, pain.createdAt, run.userId, run.year, run.month, pain.collectionDate,
      pain.version, pain.debits.length, amount, pain.currency, pain.creditor.iban, run.ebicsKey, run.fintsKey,
      pain.creditor.name, pain.creditor.bic, pain.creditor.ci],
  );
  const inserted = await tx.query<{ id: string; e2e: string }>(
    `INSERT INTO sepa_transactions (run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, currency,
                                    debtor_name, debtor_iban, debtor_bic, remittance)
     SELECT $1, $2, d.stid, d.e2e, d.mid, d.mdate, d.seq, d.amt, $3, d.dname, d.diban, d.dbic, d.rmt
       FROM unnest($4::int[], $5::text[], $6::text[], $7::date[], $8::text[], $9::bigint[], $10::text[], $11::text[], $12::text[], $13::text[])
            AS d(stid, e2e, mid, mdate, seq, amt, dname, diban, dbic, rmt)
     RETURNING id::text, end_to_end_id AS e2e`,
    [
      run.id, run.schoolId, pain.currency,
      transactions.map((t) => t.rows[0]!.stid),
      pain.debits.map((d) => d.endToEndId), pain.debits.map((d) => d.mandateId), pain.debits.map((d) => d.mandateDate),
      pain.debits.map((d) => d.sequenceType), pain.debits.map((d) => d.amount), pain.debits.map((d) => d.debtorName),
      pain.debits.map((d) => d.debtorIban), pain.debits.map((d) => d.debtorBic), pain.debits.map((d) => sepaText(d.purpose, REMITTANCE_MAX) || null),
    ],
  );
  const idOf = new Map(inserted.rows.map((row) => [row.e2e, row.id]));
  const debits = transactions.flatMap((t, i) => t.rows.map((row) => ({ tid: idOf.get(pain.debits[i]!.endToEndId)!, row })));
  await tx.query(
    `INSERT INTO sepa_debits (run_id, school_id, transaction_id, receipt_id, student_id, amount, currency)
     SELECT $1, $2, d.tid, d.rno, d.stid, d.amt, $3
       FROM unnest($4::bigint[], $5::bigint[], $6::int[], $7::bigint[]) AS d(tid, rno, stid, amt)`,
    [run.id, run.schoolId, pain.currency, debits.map((d) => d.tid), debits.map((d) => d.row.rno), debits.map((d) => d.row.stid), debits.map((d) => d.row.amt)],
  );
  const firstUse = [...new Set(transactions.filter((t) => t.sequenceType === 'FRST').flatMap((t) => t.rows.map((row) => row.scid)))];
  if (firstUse.length > 0) {
    await tx.query("UPDATE student_contracts SET sepa_sequence = 'RCUR' WHERE id = ANY($1::int[])", [firstUse]);
  }
}

/**
 * The pain.008 data of a planned account: the run's file content (EBICS version; FinTS variant
 * = same with the version swapped). A transaction's end-to-end id is `R{its first receipt
 * number}-DD{run id}` (unique: a receipt is in one transaction of a run).
 */
export function painRunOf(
  entry: PlannedRun,
  opts: { runId: number; createdAt: string; creditorName: string; creditorBic: string | null },
): PainRun {
  const stamp = opts.createdAt.slice(0, 19).replace(/[-:T]/g, '');
  return {
    version: entry.account.pain,
    messageId: sepaId(`SBO-DD${opts.runId}-${stamp}`),
    createdAt: opts.createdAt,
    creditor: { name: opts.creditorName, iban: entry.account.iban, bic: opts.creditorBic, ci: entry.account.ci },
    collectionDate: entry.account.cd,
    currency: entry.account.cur,
    debits: entry.transactions.map((transaction): PainDebit => {
      const row = transaction.rows[0]!;
      return {
        endToEndId: `R${row.rno}-DD${opts.runId}`,
        amount: transaction.amount,
        mandateId: row.mandate_ref!,
        mandateDate: row.mandate_date!,
        sequenceType: transaction.sequenceType,
        debtorName: row.debtor_name ?? `${row.fn} ${row.ln}`,
        debtorIban: row.debtor_iban!,
        debtorBic: row.debtor_bic,
        purpose: debitPurpose(transaction.rows.map((r) => ({ rno: r.rno, text: r.rt })), `${row.fn} ${row.ln}`),
      };
    }),
  };
}

export const fintsVariant = (pain: PainRun): PainRun => ({ ...pain, version: FINTS_PAIN_VERSION });

/** GET /api-fin/sepa: the runs, newest first. */
export async function listSepaFiles(tx: Queryable): Promise<SepaFileRow[]> {
  const result = await tx.query<Omit<SepaFileRow, 'date'> & { date: Date }>(
    `SELECT id, message_id AS tid, created_at AS date, creditor_iban AS iban, cnt, amount::bigint AS amt, trim(currency) AS cc,
            to_char(collection_date, 'YYYY-MM-DD') AS cd, school_id AS sid
       FROM sepa_runs ORDER BY created_at DESC, id DESC LIMIT 5000`,
  );
  return result.rows.map((row) => ({ ...row, amt: Number(row.amt), date: row.date.toISOString() }));
}

/** A run's stored files (null when not there or not visible). */
export async function runFiles(tx: Queryable, id: number): Promise<{ message_id: string; ebics_file_key: string; fints_file_key: string } | null> {
  const result = await tx.query<{ message_id: string; ebics_file_key: string; fints_file_key: string }>(
    'SELECT message_id, ebics_file_key, fints_file_key FROM sepa_runs WHERE id = $1',
    [id],
  );
  return result.rows[0] ?? null;
}

/** The finance overview's direct-debit list: runs per month of the year. */
export async function runsPerMonth(tx: Queryable, year: number): Promise<FinDashDirectDebits[]> {
  const result = await tx.query<{ month: number; runs: number; cnt: number; amt: string; dates: Date[] }>(
    `SELECT month, count(*)::int AS runs, sum(cnt)::int AS cnt, sum(amount)::text AS amt, array_agg(created_at ORDER BY created_at) AS dates
       FROM sepa_runs WHERE year = $1 GROUP BY month ORDER BY month`,
    [year],
  );
  return result.rows.map((row) => ({
    month: row.month,
    runs: row.runs,
    cnt: row.cnt,
    amt: Number(row.amt),
    dates: row.dates.map((d) => new Date(d).toISOString()),
  }));
}
