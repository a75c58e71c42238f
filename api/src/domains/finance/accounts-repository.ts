import type { AccountOption } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';

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
