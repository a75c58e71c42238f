import type {
  ACCOUNT_LIST_FILTER_FIELDS,
  ACCOUNT_LIST_SORT_FIELDS,
  AccountData,
  AccountForm,
  AccountOption,
  AccountRow,
  PagedListResponse,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, sortKey, type PagedRequest } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * Bank accounts of the schools (spec 001 §3 Account). Functions take the transaction of
 * `db.scoped()`: row-level security limits them to the request's schools.
 */

/** Accounts for pickers: per school, the main account first, then by name (German order). */
export async function listAccountOptions(tx: Queryable): Promise<AccountOption[]> {
  const result = await tx.query<AccountOption>(
    `SELECT a.id, a.name, a.school_id, a.sepa_iban, a.is_main, a.currency
       FROM accounts a JOIN schools sc ON sc.id = a.school_id
      ORDER BY ${sortKey('sc.name')}, a.school_id, a.is_main DESC, ${sortKey('a.name')}, a.id`,
  );
  return result.rows.map((row) => ({ ...row, currency: row.currency.trim() }));
}

type AccountListId = (typeof ACCOUNT_LIST_SORT_FIELDS)[number] | (typeof ACCOUNT_LIST_FILTER_FIELDS)[number];

/** POST /api-account/list: by school, then name (German order); filters name (prefix) and school. */
export const ACCOUNT_LIST = definePagedList<AccountListId>({
  from: 'accounts a JOIN schools sc ON sc.id = a.school_id',
  columns: {
    name: { sql: 'a.name', textSort: 'a.name', filter: 'prefix' },
    sn: { textSort: 'sc.name' },
    is_main: { sort: 'a.is_main' },
    school_id: { sql: 'a.school_id', filter: 'eq-int' },
  },
  defaultOrder: `${sortKey('sc.name')}, a.is_main DESC, ${sortKey('a.name')}`,
  tiebreak: 'a.id',
});

const ACCOUNT_COLUMNS = `a.id, a.school_id, a.name, a.sepa_name, COALESCE(a.sepa_ci, '') AS sepa_ci, a.sepa_iban, a.sepa_bic,
       a.sepa_bank, a.is_main, trim(a.currency) AS currency, a.sepa_pain_version`;

/**
 * What uses an account (student contracts, payments, income, conclusions, direct-debit runs, bank movements): an account in use
 * is not deleted. One expression for the delete check and the list's in_use flag.
 */
const inUseSql = (accountId: string) => `(EXISTS (SELECT 1 FROM student_contracts WHERE account_id = ${accountId})
         OR EXISTS (SELECT 1 FROM payments WHERE account_id = ${accountId})
         OR EXISTS (SELECT 1 FROM income WHERE account_id = ${accountId})
         OR EXISTS (SELECT 1 FROM conclusions WHERE account_id = ${accountId})
         OR EXISTS (SELECT 1 FROM sepa_runs WHERE account_id = ${accountId})
         OR EXISTS (SELECT 1 FROM bank_movements WHERE account_id = ${accountId}))`;

export async function listAccounts(tx: Queryable, request: PagedRequest): Promise<PagedListResponse<AccountRow>> {
  return runPagedList<AccountRow>(tx, ACCOUNT_LIST, request, `${ACCOUNT_COLUMNS}, sc.name AS sn, ${inUseSql('a.id')} AS in_use`);
}

/** One account with its record version, or null when it is not there or not visible. */
export async function getAccount(tx: Queryable, id: number): Promise<AccountData | null> {
  const result = await tx.query<AccountData>(`SELECT ${ACCOUNT_COLUMNS}, a.version FROM accounts a WHERE a.id = $1`, [id]);
  return result.rows[0] ?? null;
}

/**
 * A school's accounts are written one after another: a new main account unsets the old one,
 * and two saves doing that at once would both find the other's main account still there.
 */
async function lockSchoolAccounts(tx: Queryable, schoolId: number): Promise<void> {
  await tx.query('SELECT id FROM accounts WHERE school_id = $1 ORDER BY id FOR UPDATE', [schoolId]);
}

/** Unsets the main flag of the school's other accounts (at most one main account per school). */
async function unsetOtherMain(tx: Queryable, schoolId: number, keepId: number | null): Promise<void> {
  await tx.query('UPDATE accounts SET is_main = false, version = version + 1 WHERE school_id = $1 AND is_main AND id IS DISTINCT FROM $2', [
    schoolId,
    keepId,
  ]);
}

const writeParams = (form: AccountForm) => [
  form.name, form.sepa_name, form.sepa_ci || null, form.sepa_iban, form.sepa_bic, form.sepa_bank, form.is_main, form.sepa_pain_version ?? 'pain.008.001.08',
];

/** Creates an account (a main account takes the flag from the school's old one); returns its id. */
export async function insertAccount(tx: Queryable, form: AccountForm): Promise<number> {
  await lockSchoolAccounts(tx, form.school_id);
  if (form.is_main) await unsetOtherMain(tx, form.school_id, null);
  const result = await tx.query<{ id: number }>(
    `INSERT INTO accounts (name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main, sepa_pain_version, school_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [...writeParams(form), form.school_id],
  );
  return result.rows[0].id;
}

/**
 * Changes an account read with `version` (its school stays); a main account takes the flag
 * from the school's old one in the same transaction. Answers the next version; 409 when stale.
 */
export async function updateAccount(tx: Queryable, id: number, schoolId: number, form: AccountForm, version: number): Promise<number> {
  await lockSchoolAccounts(tx, schoolId);
  if (form.is_main) await unsetOtherMain(tx, schoolId, id);
  return updateVersioned(tx, {
    table: 'accounts',
    set: 'name = $2, sepa_name = $3, sepa_ci = $4, sepa_iban = $5, sepa_bic = $6, sepa_bank = $7, is_main = $8, sepa_pain_version = $9',
    where: 'id = $1',
    params: [id, ...writeParams(form)],
    version,
  });
}

/** Whether anything uses the account (see inUseSql), through the account's own school. */
export async function accountInUse(tx: Queryable, id: number): Promise<boolean> {
  const result = await tx.query<{ used: boolean }>(`SELECT ${inUseSql('$1')} AS used`, [id]);
  return result.rows[0].used;
}

/** Deletes an account; false when it is not there or not visible. */
export async function deleteAccount(tx: Queryable, id: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM accounts WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}
