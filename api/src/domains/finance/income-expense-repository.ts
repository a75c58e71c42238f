import type {
  ExpenseForm,
  ExpenseItem,
  ExpenseListResponse,
  ExpenseListRow,
  IncomeForm,
  IncomeItem,
  IncomeListResponse,
  IncomeListRow,
  PagedListRequest,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { updateVersioned } from '../../lib/record-version.js';
import { definePagedList, filterConditions, orderBy, runPagedList, type PagedListDef, type PagedRequest } from '../../lib/paged-list.js';

/**
 * Income and expense (spec 002 §2.4-2.6, §3). All functions take the transaction of
 * `db.scoped()`: row-level security limits every read and write to the request's schools.
 * Amounts are integer cents; tax percent comes back as a number (numeric column).
 */

// ---- lists ------------------------------------------------------------------------------

/** POST /api-fin/il: wire id -> column (sort, filter). */
export const INCOME_LIST = definePagedList({
  from: `income i
         JOIN schools sc ON sc.id = i.school_id
         LEFT JOIN accounts a ON a.id = i.account_id
         LEFT JOIN students st ON st.id = i.student_id`,
  columns: {
    pd: { sql: 'i.payment_date', sort: 'i.payment_date', filter: 'date-range' },
    amt: { sort: 'i.amount' },
    pm: { sql: 'i.payment_method_id', sort: 'i.payment_method_id', filter: 'eq-int' },
    aid: { sql: 'i.account_id', filter: 'eq-int' },
    acn: { textSort: 'a.name', nullsLow: true },
    pc: { sql: 'i.payment_cat_id', sort: 'i.payment_cat_id', filter: 'eq-int' },
    an: { sql: 'i.annotation', textSort: 'i.annotation', filter: 'text-contains' },
    dc: { sort: 'i.created_at' },
    // The school column sorts by the name the user sees.
    sid: { sql: 'i.school_id', textSort: 'sc.name', filter: 'eq-int' },
    sl: { textSort: ['st.lastname', 'st.firstname'], nullsLow: true },
  },
  defaultOrder: 'i.payment_date DESC',
  tiebreak: 'i.id',
  tiebreakDesc: true,
  maxFiltered: 10,
});

const INCOME_ROW_SELECT = `i.id, i.payment_date AS pd, i.amount AS amt, i.currency AS cur, i.payment_method_id AS pm,
  i.account_id AS aid, a.name AS acn, i.payment_cat_id AS pc, i.custom_category AS cc, i.annotation AS an,
  i.student_id AS stid, st.firstname AS sf, st.lastname AS sl, i.created_at AS dc, i.school_id AS sid, sc.name AS sn`;

/** POST /api-fin/el: wire id -> column (sort, filter). */
export const EXPENSE_LIST = definePagedList({
  from: 'expense e JOIN schools sc ON sc.id = e.school_id',
  columns: {
    pd: { sql: 'e.payment_date', sort: 'e.payment_date', filter: 'date-range' },
    amt: { sort: 'e.amount' },
    ec: { sql: 'e.expense_cat_id', sort: 'e.expense_cat_id', filter: 'eq-int' },
    n: { sql: 'e.name', textSort: 'e.name', filter: 'prefix' },
    an: { sql: 'e.annotation', textSort: 'e.annotation', filter: 'text-contains' },
    dc: { sort: 'e.created_at' },
    sid: { sql: 'e.school_id', textSort: 'sc.name', filter: 'eq-int' },
  },
  defaultOrder: 'e.payment_date DESC',
  tiebreak: 'e.id',
  tiebreakDesc: true,
  maxFiltered: 10,
});

const EXPENSE_ROW_SELECT = `e.id, e.payment_date AS pd, e.amount AS amt, e.currency AS cur, e.expense_cat_id AS ec,
  e.name AS n, e.annotation AS an, e.created_at AS dc, e.school_id AS sid, sc.name AS sn`;

type WithInstant<T> = Omit<T, 'dc'> & { dc: Date | string };
const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

export async function listIncome(tx: Queryable, request: PagedRequest): Promise<IncomeListResponse> {
  const result = await runPagedList<WithInstant<IncomeListRow>>(tx, INCOME_LIST, request, INCOME_ROW_SELECT);
  return { ...result, rows: result.rows.map((row) => ({ ...row, amt: Number(row.amt), dc: iso(row.dc) })) };
}

export async function listExpense(tx: Queryable, request: PagedRequest): Promise<ExpenseListResponse> {
  const result = await runPagedList<WithInstant<ExpenseListRow>>(tx, EXPENSE_LIST, request, EXPENSE_ROW_SELECT);
  return { ...result, rows: result.rows.map((row) => ({ ...row, amt: Number(row.amt), dc: iso(row.dc) })) };
}

/** Most rows one export writes. */
export const EXPORT_MAX_ROWS = 10_000;

/** Income rows by id (a selection export), in list order; ids outside the scope are absent. */
export async function incomeRowsByIds(tx: Queryable, ids: readonly number[]): Promise<IncomeListRow[]> {
  return exportRows(tx, 'income', ids) as Promise<IncomeListRow[]>;
}

/** Expense rows by id (a selection export), in list order; ids outside the scope are absent. */
export async function expenseRowsByIds(tx: Queryable, ids: readonly number[]): Promise<ExpenseListRow[]> {
  return exportRows(tx, 'expense', ids) as Promise<ExpenseListRow[]>;
}

async function exportRows(tx: Queryable, kind: 'income' | 'expense', ids: readonly number[]): Promise<(IncomeListRow | ExpenseListRow)[]> {
  const def = kind === 'income' ? INCOME_LIST : EXPENSE_LIST;
  const alias = kind === 'income' ? 'i' : 'e';
  const select = kind === 'income' ? INCOME_ROW_SELECT : EXPENSE_ROW_SELECT;
  const rows = await tx.query<WithInstant<IncomeListRow | ExpenseListRow>>(
    `SELECT ${select} FROM ${def.from} WHERE ${alias}.id = ANY($1::int[])
      ORDER BY ${def.defaultOrder}, ${def.tiebreak} DESC LIMIT ${EXPORT_MAX_ROWS}`,
    [ids],
  );
  return rows.rows.map((row) => ({ ...row, amt: Number(row.amt), dc: iso(row.dc) })) as (IncomeListRow | ExpenseListRow)[];
}

/** All rows a list request filters and sorts (an "export all filtered"), at most EXPORT_MAX_ROWS. */
export async function incomeRowsFiltered(tx: Queryable, request: Pick<PagedListRequest, 'filtered' | 'sorted'>): Promise<IncomeListRow[]> {
  return allFiltered(tx, INCOME_LIST, INCOME_ROW_SELECT, request) as Promise<IncomeListRow[]>;
}

export async function expenseRowsFiltered(tx: Queryable, request: Pick<PagedListRequest, 'filtered' | 'sorted'>): Promise<ExpenseListRow[]> {
  return allFiltered(tx, EXPENSE_LIST, EXPENSE_ROW_SELECT, request) as Promise<ExpenseListRow[]>;
}

/** One query with the list's own filter and order rules (ids and values checked there). */
async function allFiltered(
  tx: Queryable,
  def: PagedListDef,
  select: string,
  request: Pick<PagedListRequest, 'filtered' | 'sorted'>,
): Promise<(IncomeListRow | ExpenseListRow)[]> {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = filterConditions(def, request.filtered, bind);
  const rows = await tx.query<WithInstant<IncomeListRow | ExpenseListRow>>(
    `SELECT ${select} FROM ${def.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${orderBy(def, request.sorted)} LIMIT ${EXPORT_MAX_ROWS}`,
    params,
  );
  return rows.rows.map((row) => ({ ...row, amt: Number(row.amt), dc: iso(row.dc) })) as (IncomeListRow | ExpenseListRow)[];
}

// ---- single items -----------------------------------------------------------------------

interface IncomeRecord {
  id: number;
  school_id: number;
  payment_cat_id: number;
  custom_category: string | null;
  payment_method_id: number;
  account_id: number | null;
  payment_date: string;
  amount: number;
  tax_percent: number | null;
  annotation: string;
  currency: string;
  student_id: number | null;
  payment_id: number | null;
  created_at: Date;
  version: number;
}

const INCOME_COLUMNS = `id, school_id, payment_cat_id, custom_category, payment_method_id, account_id, payment_date,
  amount, tax_percent::float8 AS tax_percent, annotation, currency, student_id, payment_id, created_at, version`;

/** One income item, or null when it does not exist in scope. */
export async function getIncome(tx: Queryable, id: number, forUpdate = false): Promise<(IncomeItem & { locked: boolean }) | null> {
  const result = await tx.query<IncomeRecord>(`SELECT ${INCOME_COLUMNS} FROM income WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  const row = result.rows[0];
  if (!row) return null;
  const { payment_id, created_at, ...rest } = row;
  return {
    ...rest,
    amount: Number(rest.amount),
    created_at: created_at.toISOString(),
    // Booked from a student's payment: changed only through the student's payments.
    locked: row.student_id !== null || payment_id !== null,
  };
}

/** The account's school when the account exists in scope, else null. */
export async function accountSchool(tx: Queryable, accountId: number): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>('SELECT school_id FROM accounts WHERE id = $1', [accountId]);
  return result.rows[0]?.school_id ?? null;
}

/** The income form as stored: custom name only for category 1, account only for methods 1/2. */
export type IncomeValues = IncomeForm;

export async function insertIncome(tx: Queryable, form: IncomeValues, currency: string, userId: number): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `INSERT INTO income (school_id, payment_cat_id, custom_category, payment_method_id, account_id, payment_date, amount,
                         currency, tax_percent, annotation, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [form.school_id, form.payment_cat_id, form.custom_category, form.payment_method_id, form.account_id, form.payment_date,
      form.amount, currency, form.tax_percent, form.annotation, userId],
  );
  return result.rows[0]!.id;
}

/** Updates an income item read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateIncome(tx: Queryable, id: number, form: IncomeValues, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'income',
    set: `school_id = $2, payment_cat_id = $3, custom_category = $4, payment_method_id = $5, account_id = $6,
          payment_date = $7, amount = $8, tax_percent = $9, annotation = $10`,
    where: 'id = $1',
    params: [id, form.school_id, form.payment_cat_id, form.custom_category, form.payment_method_id, form.account_id, form.payment_date,
      form.amount, form.tax_percent, form.annotation],
    version,
  });
}

export async function deleteIncome(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM income WHERE id = $1', [id]);
}

interface ExpenseRecord extends Omit<ExpenseItem, 'created_at' | 'amount'> {
  amount: number | string;
  created_at: Date;
}

const EXPENSE_COLUMNS = `id, school_id, name, expense_cat_id, payment_date, amount, tax_percent::float8 AS tax_percent,
  annotation, currency, created_at, version`;

export async function getExpense(tx: Queryable, id: number, forUpdate = false): Promise<ExpenseItem | null> {
  const result = await tx.query<ExpenseRecord>(`SELECT ${EXPENSE_COLUMNS} FROM expense WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  const row = result.rows[0];
  if (!row) return null;
  return { ...row, amount: Number(row.amount), created_at: row.created_at.toISOString() };
}

export async function insertExpense(tx: Queryable, form: ExpenseForm, currency: string, userId: number): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `INSERT INTO expense (school_id, name, expense_cat_id, payment_date, amount, currency, tax_percent, annotation, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [form.school_id, form.name, form.expense_cat_id, form.payment_date, form.amount, currency, form.tax_percent, form.annotation, userId],
  );
  return result.rows[0]!.id;
}

/** Updates an expense item read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateExpense(tx: Queryable, id: number, form: ExpenseForm, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'expense',
    set: 'school_id = $2, name = $3, expense_cat_id = $4, payment_date = $5, amount = $6, tax_percent = $7, annotation = $8',
    where: 'id = $1',
    params: [id, form.school_id, form.name, form.expense_cat_id, form.payment_date, form.amount, form.tax_percent, form.annotation],
    version,
  });
}

export async function deleteExpense(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM expense WHERE id = $1', [id]);
}
