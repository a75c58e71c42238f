import { createHash } from 'node:crypto';
import {
  ERROR,
  type BANK_MOVEMENT_LIST_FILTER_FIELDS,
  type BANK_MOVEMENT_LIST_SORT_FIELDS,
  type BankImportDetail,
  type BankImportStatement,
  type BankMovementData,
  type BankMovementForm,
  type BankMovementRow,
  type PagedListResponse,
  validateCreditorId,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { EXPORT_MAX_ROWS, normaliseIban } from 'shared-kernel/contracts';
import { definePagedList, filterConditions, orderBy, runPagedList, type PagedRequest } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';
import type { CamtDocument, CamtMovement } from './camt-parser.js';

/**
 * Bank imports and movements (migration 108). Functions take the transaction of
 * `db.scoped()`: row-level security limits them to the request's schools, so another school's
 * movement or import is simply not there (404).
 */

export const alreadyImported = () => new HttpError(400, { error: ERROR.alreadyImported });
export const movementAssigned = () => new HttpError(409, { error: ERROR.bankMovementAssigned });

// ---- import ---------------------------------------------------------------------------------

interface ImportAccount {
  id: number;
  school_id: number;
  name: string;
  iban: string;
  sepa_ci: string | null;
  currency: string;
}

/** The visible accounts by normalised IBAN. */
async function accountsByIban(tx: Queryable, ibans: readonly string[]): Promise<Map<string, ImportAccount>> {
  const result = await tx.query<ImportAccount>(
    `SELECT a.id, a.school_id, a.name, upper(replace(a.sepa_iban, ' ', '')) AS iban, a.sepa_ci, trim(a.currency) AS currency
       FROM accounts a WHERE upper(replace(a.sepa_iban, ' ', '')) = ANY($1::text[]) ORDER BY a.id`,
    [ibans],
  );
  const byIban = new Map<string, ImportAccount>();
  for (const row of result.rows) if (!byIban.has(row.iban)) byIban.set(row.iban, row);
  return byIban;
}

const normaliseCi = (ci: string | null) => (ci ? ci.replace(/\s+/g, '').toUpperCase() : '');

export interface ImportInput {
  fileName: string;
  /** The uploaded bytes (the XML, or the zip as uploaded). */
  data: Buffer;
  documents: CamtDocument[];
  userId: number;
}

/** A movement row as written (json for one set-based INSERT). */
interface MovementInsert {
  school_id: number;
  account_id: number;
  statement_id: string;
  m: CamtMovement;
}

/**
 * Imports parsed statements in the caller's transaction: the import row first (its unique
 * content hash makes a repeated file, also a parallel one, 400 {error: 1002}), then every
 * movement in one INSERT that skips entries already there (unique account + entry key). A
 * file all of whose entries were imported before is 1002 too and writes nothing (the caller's
 * transaction rolls back); a file with new entries imports those and counts the rest as
 * skipped. 1003 names the IBAN of a statement whose account the school has not created.
 */
export async function importStatements(tx: Queryable, input: ImportInput): Promise<{ id: number; imported: number; skipped: number; movementIds: number[] }> {
  const statements = input.documents.flatMap((document) => document.statements);
  const accounts = await accountsByIban(tx, [...new Set(statements.map((statement) => statement.iban))]);
  const missing = statements.find((statement) => !accounts.has(statement.iban));
  if (missing) throw new HttpError(400, { error: ERROR.accountMissing, fields: { iban: missing.iban } });
  // A statement in another currency than its account's (a CHF or SEK account's statement on an
  // EUR account of the same IBAN, or entries in another currency) would book foreign amounts as
  // the account's: 400 {error: 105} naming both currencies, nothing written.
  for (const statement of statements) {
    const account = accounts.get(statement.iban)!;
    const foreign = [statement.currency, ...statement.movements.map((m) => m.currency)].find((currency) => currency && currency !== account.currency);
    if (foreign) {
      throw new HttpError(400, { error: ERROR.camtCurrencyMismatch, fields: { iban: statement.iban, currency: foreign, account_currency: account.currency } });
    }
  }
  // A debit naming our own creditor id with its creditor is a return of our own collection:
  // its counterparty is the debtor (the member), not us.
  for (const statement of statements) {
    const ownCi = normaliseCi(accounts.get(statement.iban)!.sepa_ci);
    if (!ownCi) continue;
    for (const m of statement.movements) {
      if (!m.credit && m.debtorParty && m.creditorSchemeId === ownCi) {
        m.counterpartyName = m.debtorParty.name;
        m.counterpartyIban = m.debtorParty.iban;
      }
    }
  }
  // A credit with a mandate reference is the collection of a SEPA direct debit, which only a
  // creditor (an account with a valid creditor id) can receive: such a statement belongs to
  // another account or the account's creditor id is missing, and staff must fix that first
  // (1004). Debits with a mandate (the school paying its own bills) are fine on any account.
  const noCreditor = statements.find(
    (statement) => !validateCreditorId(accounts.get(statement.iban)!.sepa_ci) && statement.movements.some((m) => m.credit && m.mandateId),
  );
  if (noCreditor) throw new HttpError(400, { error: ERROR.creditorIdMissing, fields: { iban: noCreditor.iban } });
  // An import belongs to one school (bank_imports.school_id; its detail lists every statement
  // with account and balances): a file with accounts of two schools, which a user of both
  // could upload, would show one school's account data to the other's users. 400 {error: 103}
  // naming the first IBAN of another school; each school's statements are imported on their own.
  const schoolId = accounts.get(statements[0]!.iban)!.school_id;
  const foreign = statements.find((statement) => accounts.get(statement.iban)!.school_id !== schoolId);
  if (foreign) throw new HttpError(400, { error: ERROR.camtSeveralSchools, fields: { iban: foreign.iban } });
  const hash = createHash('sha256').update(input.data).digest('hex');
  const created = await tx.query<{ id: number }>(
    `INSERT INTO bank_imports (school_id, file_name, content_hash, message, created_by)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (school_id, content_hash) DO NOTHING RETURNING id`,
    [schoolId, input.fileName.slice(0, 255), hash, [...new Set(input.documents.map((document) => document.message))].join(', '), input.userId],
  );
  const importId = created.rows[0]?.id;
  if (importId === undefined) throw alreadyImported();

  const rows: MovementInsert[] = [];
  for (const statement of statements) {
    const account = accounts.get(statement.iban)!;
    for (const movement of statement.movements) rows.push({ school_id: account.school_id, account_id: account.id, statement_id: statement.id, m: movement });
  }
  const payload = JSON.stringify(
    rows.map(({ school_id, account_id, statement_id, m }) => ({
      school_id, account_id, statement_id, entry_key: m.entryKey, booking_date: m.bookingDate, value_date: m.valueDate, amount: m.amount,
      credit: m.credit, currency: m.currency, counterparty_name: m.counterpartyName, counterparty_iban: m.counterpartyIban,
      mandate_id: m.mandateId, end_to_end_id: m.endToEndId, remittance: m.remittance, bank_tx_code: m.bankTxCode,
      return_reason: m.returnReason, charges: m.charges,
    })),
  );
  // json, not jsonb: the rows are read once in order, and turning the ~5 MB parameter of a
  // 10,000-entry file into jsonb first cost 10-15 % of the import on PGlite (bench:sepa).
  const inserted = await tx.query<{ id: number; entry_key: string; account_id: number }>(
    `INSERT INTO bank_movements (school_id, account_id, import_id, statement_id, entry_key, booking_date, value_date, amount, credit, currency,
                                 counterparty_name, counterparty_iban, mandate_id, end_to_end_id, remittance, bank_tx_code, return_reason, charges)
     SELECT x.school_id, x.account_id, $2, x.statement_id, x.entry_key, x.booking_date, x.value_date, x.amount, x.credit, x.currency,
            x.counterparty_name, x.counterparty_iban, x.mandate_id, x.end_to_end_id, x.remittance, x.bank_tx_code, x.return_reason, x.charges
       FROM json_to_recordset($1::json) AS x(school_id int, account_id int, statement_id text, entry_key text, booking_date date, value_date date,
            amount bigint, credit boolean, currency text, counterparty_name text, counterparty_iban text, mandate_id text, end_to_end_id text,
            remittance text, bank_tx_code text, return_reason text, charges bigint)
     ON CONFLICT (account_id, entry_key) WHERE entry_key IS NOT NULL DO NOTHING
     RETURNING id, entry_key, account_id`,
    [payload, importId],
  );
  const imported = inserted.rows.length;
  // Nothing new: every entry of the file was imported before; nothing is kept. A statement
  // without entries (a day without movements, as banks send them) is imported for its
  // balances; the same file again is 1002 by its content hash above.
  if (imported === 0 && rows.length > 0) throw alreadyImported();
  const newKeys = new Set(inserted.rows.map((row) => `${row.account_id}|${row.entry_key}`));
  const summary = statements.map((statement) => {
    const account = accounts.get(statement.iban)!;
    return {
      id: statement.id, iban: statement.iban, account_id: account.id, account_name: account.name, currency: statement.currency,
      from: statement.from, to: statement.to, opening: statement.opening, closing: statement.closing,
      entries: statement.movements.filter((m) => newKeys.has(`${account.id}|${m.entryKey}`)).length,
      bank_entries: statement.bookedEntries, movements: statement.movements.length, not_booked: statement.notBooked,
    } satisfies BankImportStatement;
  });
  const returns = rows.filter((row) => !row.m.credit && row.m.returnReason && newKeys.has(`${row.account_id}|${row.m.entryKey}`)).length;
  await tx.query(
    `UPDATE bank_imports SET statements = $2::jsonb, entries_imported = $3, entries_skipped = $4, returns_found = $5 WHERE id = $1`,
    [importId, JSON.stringify(summary), imported, rows.length - imported, returns],
  );
  return { id: importId, imported, skipped: rows.length - imported, movementIds: inserted.rows.map((row) => row.id) };
}

/** The import's return debits: R-transactions (a debit with a return reason) and returns of our own runs. */
export async function countReturns(tx: Queryable, importId: number): Promise<void> {
  await tx.query(
    `UPDATE bank_imports SET returns_found = (SELECT count(*) FROM bank_movements m
       WHERE m.import_id = $1 AND NOT m.credit AND (m.return_reason IS NOT NULL OR m.assigned_by_rule = 'return')) WHERE id = $1`,
    [importId],
  );
}

/** GET /api-fin/bamimport?id: the import's detail, or null when it is not there or not visible. */
export async function getImport(tx: Queryable, id: number): Promise<BankImportDetail | null> {
  const result = await tx.query<{
    id: number; school_id: number; file_name: string; message: string; created_at: Date;
    statements: (Omit<BankImportStatement, 'bank_entries' | 'movements' | 'not_booked'> & Partial<BankImportStatement>)[];
    entries_imported: number; entries_skipped: number; returns_found: number; paid_debits: number;
  }>(
    `SELECT i.id, i.school_id, i.file_name, i.message, i.created_at, i.statements, i.entries_imported, i.entries_skipped, i.returns_found,
            (SELECT count(*)::int FROM bank_movements m WHERE m.import_id = i.id AND m.assigned_by_rule = 'run') AS paid_debits
       FROM bank_imports i WHERE i.id = $1`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  // Imports made before the entries were counted apart from their movements: each movement counts as an entry, nothing listed as not booked.
  const statements = row.statements.map((statement): BankImportStatement => ({
    ...statement,
    bank_entries: statement.bank_entries ?? statement.entries,
    movements: statement.movements ?? statement.entries,
    not_booked: statement.not_booked ?? [],
  }));
  const total = (count: (statement: BankImportStatement) => number) => statements.reduce((sum, statement) => sum + count(statement), 0);
  return {
    id: row.id, school_id: row.school_id, file_name: row.file_name, message: row.message, created_at: new Date(row.created_at).toISOString(),
    statements, imported: row.entries_imported, skipped: row.entries_skipped,
    entries: total((statement) => statement.bank_entries), movements: total((statement) => statement.movements), not_booked: total((statement) => statement.not_booked.length),
    returns: row.returns_found, paid_debits: row.paid_debits,
  };
}

// ---- list -----------------------------------------------------------------------------------

type MovementListId = (typeof BANK_MOVEMENT_LIST_SORT_FIELDS)[number] | (typeof BANK_MOVEMENT_LIST_FILTER_FIELDS)[number];

/** POST /api-fin/bl: newest booking first; filters booking date range, sender and purpose (prefix / contains), done, school. */
export const BANK_MOVEMENT_LIST = definePagedList<MovementListId>({
  from: `bank_movements m
         JOIN accounts a ON a.id = m.account_id
         LEFT JOIN students st ON st.id = m.student_id`,
  columns: {
    bd: { sql: 'm.booking_date', sort: 'm.booking_date', filter: 'date-range' },
    riban: { sort: 'a.sepa_iban' },
    sname: { sql: 'm.counterparty_name', textSort: 'm.counterparty_name', filter: 'prefix' },
    siban: { sort: 'm.counterparty_iban' },
    mdid: { sort: 'm.mandate_id', nullsLow: true },
    ssvwz: { sql: 'm.remittance', textSort: 'm.remittance', filter: 'text-contains' },
    amt: { sort: 'CASE WHEN m.credit THEN m.amount ELSE -m.amount END' },
    isd: { sql: '(m.student_id IS NOT NULL)', sort: '(m.student_id IS NOT NULL)', filter: 'bool' },
    sid: { sql: 'm.school_id', filter: 'eq-int' },
  },
  defaultOrder: 'm.booking_date DESC',
  tiebreak: 'm.id',
  tiebreakDesc: true,
  countFrom: 'bank_movements m',
});

const ROW_SELECT = `m.id, to_char(m.booking_date, 'YYYY-MM-DD') AS bd, a.sepa_iban AS riban, m.counterparty_name AS sname,
       m.counterparty_iban AS siban, m.mandate_id AS mdid, m.remittance AS ssvwz,
       (CASE WHEN m.credit THEN m.amount ELSE -m.amount END)::float8 AS amt, trim(m.currency) AS cur,
       m.student_id IS NOT NULL AS isd, m.student_id AS stid,
       CASE WHEN st.id IS NULL THEN NULL ELSE trim(concat_ws(' ', st.firstname, st.lastname)) END AS stn, m.import_id IS NULL AS man`;

export async function listMovements(tx: Queryable, request: PagedRequest): Promise<PagedListResponse<BankMovementRow>> {
  return runPagedList<BankMovementRow>(tx, BANK_MOVEMENT_LIST, request, ROW_SELECT);
}

/** Rows of the given ids (an export of a selection), in list order. */
export async function movementRowsByIds(tx: Queryable, ids: readonly number[]): Promise<BankMovementRow[]> {
  const result = await tx.query<BankMovementRow>(
    `SELECT ${ROW_SELECT} FROM ${BANK_MOVEMENT_LIST.from} WHERE m.id = ANY($1::int[]) ORDER BY m.booking_date DESC, m.id DESC`,
    [ids],
  );
  return result.rows;
}

/** Every row the list's filters find, in its order (at most EXPORT_MAX_ROWS): the export of all filtered rows. */
export async function movementRowsFiltered(tx: Queryable, request: Required<Pick<PagedRequest, 'filtered' | 'sorted'>>): Promise<BankMovementRow[]> {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = filterConditions(BANK_MOVEMENT_LIST, request.filtered, bind);
  const result = await tx.query<BankMovementRow>(
    `SELECT ${ROW_SELECT} FROM ${BANK_MOVEMENT_LIST.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${orderBy(BANK_MOVEMENT_LIST, request.sorted)} LIMIT ${EXPORT_MAX_ROWS}`,
    params,
  );
  return result.rows;
}

// ---- one movement ---------------------------------------------------------------------------

const DATA_SELECT = `SELECT m.id, m.school_id, m.account_id, a.sepa_iban AS riban, to_char(m.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(m.value_date, 'YYYY-MM-DD') AS value_date, m.amount::float8 AS amount, m.credit, trim(m.currency) AS currency,
       m.counterparty_name, m.counterparty_iban, m.mandate_id, m.end_to_end_id, m.remittance, m.bank_tx_code, m.return_reason,
       m.charges::float8 AS charges, m.student_id,
       CASE WHEN st.id IS NULL THEN NULL ELSE trim(concat_ws(' ', st.firstname, st.lastname)) END AS student_name,
       m.payment_id, m.import_id, m.version
  FROM bank_movements m JOIN accounts a ON a.id = m.account_id LEFT JOIN students st ON st.id = m.student_id`;

export async function getMovement(tx: Queryable, id: number, forUpdate = false): Promise<BankMovementData | null> {
  const result = await tx.query<BankMovementData>(`${DATA_SELECT} WHERE m.id = $1${forUpdate ? ' FOR UPDATE OF m' : ''}`, [id]);
  return result.rows[0] ?? null;
}

/** The account (visible, so of one of the request's schools) a manual movement is booked on; 400 naming account_id otherwise. */
async function accountOf(tx: Queryable, accountId: number): Promise<{ school_id: number; currency: string }> {
  const result = await tx.query<{ school_id: number; currency: string }>('SELECT school_id, trim(currency) AS currency FROM accounts WHERE id = $1', [accountId]);
  const row = result.rows[0];
  if (!row) throw badRequest({ account_id: 'form.invalid' });
  return row;
}

export async function insertMovement(tx: Queryable, form: BankMovementForm): Promise<number> {
  const account = await accountOf(tx, form.account_id);
  const result = await tx.query<{ id: number }>(
    `INSERT INTO bank_movements (school_id, account_id, booking_date, value_date, amount, credit, currency, counterparty_name, counterparty_iban, mandate_id, remittance)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [account.school_id, form.account_id, form.booking_date, form.amount, form.credit, account.currency, form.counterparty_name,
      normaliseIban(form.counterparty_iban), form.mandate_id || null, form.remittance],
  );
  return result.rows[0]!.id;
}

/** Saves a manual movement read with `version`; an imported one or one with a student is refused (409). */
export async function updateMovement(tx: Queryable, id: number, form: BankMovementForm, version: number): Promise<number> {
  const current = await getMovement(tx, id, true);
  if (!current) throw notFound();
  if (current.import_id !== null) throw new HttpError(409, { error: ERROR.bankMovementImported });
  if (current.student_id !== null) throw movementAssigned();
  const account = await accountOf(tx, form.account_id);
  if (account.school_id !== current.school_id) throw badRequest({ account_id: 'form.invalid' });
  return updateVersioned(tx, {
    table: 'bank_movements',
    set: `account_id = $2, booking_date = $3, value_date = $3, amount = $4, credit = $5, currency = $6, counterparty_name = $7,
          counterparty_iban = $8, mandate_id = $9, remittance = $10`,
    where: 'id = $1',
    params: [id, form.account_id, form.booking_date, form.amount, form.credit, account.currency, form.counterparty_name,
      normaliseIban(form.counterparty_iban), form.mandate_id || null, form.remittance],
    version,
  });
}

/** Deletes a movement without a student (409 {error: 95} with one); false when not visible. */
export async function deleteMovement(tx: Queryable, id: number): Promise<boolean> {
  const current = await getMovement(tx, id, true);
  if (!current) return false;
  if (current.student_id !== null) throw movementAssigned();
  await tx.query('DELETE FROM bank_movements WHERE id = $1', [id]);
  return true;
}
