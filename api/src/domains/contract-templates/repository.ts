import type { ContractTemplate, ContractTemplateForm, ContractTemplateOption, ContractTemplateRow } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * School contract templates (spec 001 §3 "Contract"). Functions take the transaction of
 * `request.scoped()`: row-level security limits them to the request's schools. The wire
 * names c_country_iso is the column country_iso; currency is char(3) (trimmed on reading).
 */

const TEMPLATE_COLUMNS = `t.id, t.school_id, t.name, t.notes, t.pay_interval, t.country_iso AS c_country_iso,
  t.amount_gross, t.activation_gross, t.tax_percent::float8 AS tax_percent, t.c_interval_start, t.c_cperiod_start,
  t.c_interval_follow, t.c_cperiod_follow, rtrim(t.currency) AS currency, t.version`;

/** Student contracts and conclusions made from the template (both keep its school). */
const USE_COUNT = `((SELECT count(*) FROM student_contracts c WHERE c.contract_template_id = t.id)
  + (SELECT count(*) FROM conclusions cc WHERE cc.c_contract_id = t.id))::int`;

/** The templates of the request's schools, by school name, then name (German order). */
export async function listContractTemplates(tx: Queryable): Promise<ContractTemplateRow[]> {
  const result = await tx.query<ContractTemplateRow>(
    `SELECT ${TEMPLATE_COLUMNS}, sc.name AS school, ${USE_COUNT} AS uc
       FROM contract_templates t JOIN schools sc ON sc.id = t.school_id
      ORDER BY ${sortKey('sc.name')}, t.school_id, ${sortKey('t.name')}, t.id`,
  );
  return result.rows;
}

/** The templates of one school for pickers, by name (German order). */
export async function listContractTemplateOptions(tx: Queryable, schoolId: number): Promise<ContractTemplateOption[]> {
  const result = await tx.query<ContractTemplateOption>(
    `SELECT t.id, t.name, t.school_id, t.pay_interval, t.amount_gross, t.activation_gross, rtrim(t.currency) AS currency
       FROM contract_templates t
      WHERE t.school_id = $1
      ORDER BY ${sortKey('t.name')}, t.id`,
    [schoolId],
  );
  return result.rows;
}

/** One template with its use count, or null when it is not there (or not in scope). */
export async function getContractTemplate(tx: Queryable, id: number, forUpdate = false): Promise<(ContractTemplate & { uc: number }) | null> {
  const result = await tx.query<ContractTemplate & { uc: number }>(
    `SELECT ${TEMPLATE_COLUMNS}, ${USE_COUNT} AS uc FROM contract_templates t WHERE t.id = $1${forUpdate ? ' FOR UPDATE OF t' : ''}`,
    [id],
  );
  return result.rows[0] ?? null;
}

const WRITE_VALUES = (form: ContractTemplateForm) => [
  form.school_id,
  form.name,
  form.notes,
  form.pay_interval,
  form.c_country_iso,
  form.amount_gross,
  form.activation_gross,
  form.tax_percent,
  form.c_interval_start,
  form.c_cperiod_start,
  form.c_interval_follow,
  form.c_cperiod_follow,
  form.currency,
];

/** Creates a template; answers its id. */
export async function insertContractTemplate(tx: Queryable, form: ContractTemplateForm): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `INSERT INTO contract_templates (school_id, name, notes, pay_interval, country_iso, amount_gross, activation_gross,
                                     tax_percent, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    WRITE_VALUES(form),
  );
  return result.rows[0]!.id;
}

/** Saves a template read with `version`; answers the next one (409 when stale, 404 when gone). */
export function updateContractTemplate(tx: Queryable, id: number, form: ContractTemplateForm, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'contract_templates',
    set: `school_id = $2, name = $3, notes = $4, pay_interval = $5, country_iso = $6, amount_gross = $7, activation_gross = $8,
          tax_percent = $9, c_interval_start = $10, c_cperiod_start = $11, c_interval_follow = $12, c_cperiod_follow = $13,
          currency = $14`,
    where: 'id = $1',
    params: [id, ...WRITE_VALUES(form)],
    version,
  });
}

/** Deletes a template; false when it is not there (or not in scope). */
export async function deleteContractTemplate(tx: Queryable, id: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM contract_templates WHERE id = $1', [id]);
  return result.rowCount > 0;
}
