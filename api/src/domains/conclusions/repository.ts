import {
  CONCLUSION_PRODUCTS,
  GUARDIAN_FIELDS,
  PAYMENT_METHOD,
  type ConclusionContractOption,
  type ConclusionData,
  type ConclusionForm,
  type ConclusionListResponse,
  type ConclusionListRow,
  type NetworkContractOption,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, type PagedRequest } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/*
 * Conclusions (spec 000 §3-5): the list, one conclusion, its writes, the lists the form
 * offers and the prefill from a student or a lead. Every function takes the transaction of
 * `request.scoped()` (row-level security: the user's schools) unless it says otherwise.
 */

/** The stored columns of the form, in the order of INSERT and UPDATE (wire name = column). */
export const FORM_COLUMNS = [
  'cno_type_id', 'contract_no', 'school_id', 'products', 'ec_contract_id', 'c_contract_id', 'account_id', 'contract_start',
  'payment_method_id', 'new_app', 'school_change', 'reentry', 'annotation', 'lead_id',
  'salutation_id', 'title_id', 'firstname', 'lastname', 'supplement', 'street', 'house_no', 'zip', 'city', 'country_iso',
  'email', 'phone_regular', 'phone_cellphone', 'birthdate', 'nationality',
  'sibling', 'sibling_firstname', 'sibling_lastname', 'under_age',
  'iva', ...GUARDIAN_FIELDS.map((f) => `pt_${f}` as const), 'iva2', ...GUARDIAN_FIELDS.map((f) => `pt2_${f}` as const),
  'sepa_name', 'co_street', 'co_house_no', 'co_zip', 'co_city', 'co_country_iso', 'sepa_iban', 'sepa_bic', 'sepa_bank',
  'sepa_mandate_ref', 'sepa_date_mandate',
] as const satisfies readonly (keyof ConclusionForm)[];

export const CONCLUSION_LIST = definePagedList({
  from: `conclusions c
         JOIN schools sc ON sc.id = c.school_id
         LEFT JOIN students st ON st.id = c.student_id`,
  columns: {
    dc: { sort: 'c.created_at' },
    // The school column sorts by the name the user sees.
    sid: { sql: 'c.school_id', textSort: 'sc.name', filter: 'eq-int' },
    cn: { textSort: 'c.contract_no', nullsLow: true },
    fn: { sql: 'c.firstname', textSort: ['c.firstname', 'c.lastname'], filter: 'prefix' },
    ln: { sql: 'c.lastname', textSort: ['c.lastname', 'c.firstname'], filter: 'prefix' },
    po: { sql: 'c.po', sort: 'c.po', filter: 'bool' },
    act: { sql: '(c.activated_at IS NOT NULL)', sort: 'c.activated_at', nullsLow: true, filter: 'bool' },
    date_withdrawal: { sort: 'c.date_withdrawal', nullsLow: true },
    cs: { sort: 'c.contract_start', nullsLow: true },
    createdBy: { textSort: 'c.created_by_name' },
    // Membership numbers are digits: their plain order is the order users expect.
    mno: { sort: 'st.mno', nullsLow: true },
    stu: { sort: 'c.student_id', nullsLow: true },
  },
  defaultOrder: 'c.created_at DESC',
  tiebreak: 'c.id',
  tiebreakDesc: true,
  maxFiltered: 10,
  countFrom: 'conclusions c',
});

const ROW_SELECT = `c.id AS ccid, c.created_at AS dc, c.school_id AS sid, sc.name AS sn, c.contract_no AS cn,
  c.firstname AS fn, c.lastname AS ln, c.po, (c.activated_at IS NOT NULL) AS act, c.date_withdrawal,
  c.contract_start AS cs, c.created_by_name AS "createdBy", st.mno, c.student_id AS stu,
  coalesce(c.payment_method_id = ${PAYMENT_METHOD.sepa}, false) AS sepa`;

const iso = (value: Date | string | null): string | null => (value instanceof Date ? value.toISOString() : value);

export async function listConclusions(tx: Queryable, request: PagedRequest): Promise<ConclusionListResponse> {
  const result = await runPagedList<Omit<ConclusionListRow, 'dc'> & { dc: Date | string }>(tx, CONCLUSION_LIST, request, ROW_SELECT);
  return { ...result, rows: result.rows.map((row) => ({ ...row, dc: iso(row.dc)! })) };
}

/** A stored conclusion as the form reads it, or null when it is not there or not visible. */
export async function getConclusion(tx: Queryable, id: number, forUpdate = false): Promise<ConclusionData | null> {
  const result = await tx.query<ConclusionData & { activated_at: Date | string | null; created_at: Date | string }>(
    `SELECT id, ${FORM_COLUMNS.join(', ')}, po, activated_at, date_withdrawal, student_id, created_at, created_by_name, version
       FROM conclusions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  return { ...row, activated_at: iso(row.activated_at), created_at: iso(row.created_at) };
}

/** An empty form: every field null or off, no id (a new conclusion). */
export function emptyConclusion(): ConclusionData {
  const data = Object.fromEntries(FORM_COLUMNS.map((column) => [column, null])) as unknown as ConclusionData;
  return {
    ...data,
    products: [],
    new_app: false,
    school_change: false,
    reentry: false,
    sibling: false,
    under_age: false,
    iva: false,
    iva2: false,
    annotation: '',
    id: null,
    version: null,
    po: false,
    activated_at: null,
    date_withdrawal: null,
    student_id: null,
    created_at: null,
    created_by_name: null,
  };
}

type Prefill = Partial<ConclusionData>;

/** The person of a student as a new form's prefill (null when the student is not visible). */
export async function studentPrefill(tx: Queryable, studentId: number): Promise<Prefill | null> {
  const result = await tx.query<Prefill>(
    `SELECT id AS student_id, school_id, salutation_id, title_id, firstname, lastname, supplement, street, house_no, zip, city, country_iso,
            email, phone_regular, phone_cellphone, dob AS birthdate, nationality
       FROM students WHERE id = $1`,
    [studentId],
  );
  return result.rows[0] ?? null;
}

/**
 * The person of a lead as a new form's prefill, with the guardian (pt_) when the lead has one
 * (iva on then), the lead's products and lead_id. Null when the lead is not visible.
 */
export async function leadPrefill(tx: Queryable, leadId: number): Promise<Prefill | null> {
  const result = await tx.query<Prefill & { pt_present: boolean }>(
    `SELECT id AS lead_id, school_id, salutation_id, firstname, lastname, street, house_no, zip, city, email, phone_regular,
            phone_cellphone, dob AS birthdate, products,
            pt_salutation_id, pt_firstname, pt_lastname, pt_email, pt_phone_regular, pt_phone_cellphone, pt_street,
            pt_house_no, pt_zip, pt_city, (pt_lastname IS NOT NULL AND pt_lastname <> '') AS pt_present
       FROM leads WHERE id = $1`,
    [leadId],
  );
  const row = result.rows[0];
  if (!row) return null;
  const { pt_present: ptPresent, ...lead } = row;
  const products = (lead.products ?? []).filter((p) => CONCLUSION_PRODUCTS.includes(p));
  if (!ptPresent) {
    for (const field of GUARDIAN_FIELDS) delete (lead as Record<string, unknown>)[`pt_${field}`];
  }
  return { ...lead, products, ...(ptPresent ? { iva: true } : {}) };
}

/** The school contract templates of the user's schools (c_contract_id), by school and name (German order). */
export async function contractOptions(tx: Queryable): Promise<ConclusionContractOption[]> {
  const result = await tx.query<ConclusionContractOption>(
    `SELECT id, name, school_id AS sid, country_iso, pay_interval, amount_gross, activation_gross, currency
       FROM contract_templates ORDER BY school_id, name_sk, id`,
  );
  return result.rows.map((row) => ({ ...row, amount_gross: Number(row.amount_gross), activation_gross: Number(row.activation_gross) }));
}

/** The membership network's active contracts of both countries (the form filters by the school's). */
export async function networkContractOptions(tx: Queryable): Promise<NetworkContractOption[]> {
  const result = await tx.query<NetworkContractOption>(
    'SELECT id, name, country_iso FROM network_contracts WHERE active ORDER BY country_iso, sort_order, id',
  );
  return result.rows;
}

/** What the references of a form point to, as far as the user may see them (null = not visible). */
export interface FormReferences {
  schoolCountry: string | null;
  accountSchool: number | null;
  templateSchool: number | null;
  networkCountry: string | null;
  lead: { school_id: number; lead_status_id: number } | null;
  /** The school of form.student_id (null: none given, or not visible). */
  studentSchool: number | null;
}

export async function formReferences(tx: Queryable, form: ConclusionForm): Promise<FormReferences> {
  const result = await tx.query<FormReferences>(
    `SELECT (SELECT country FROM schools WHERE id = $1) AS "schoolCountry",
            (SELECT school_id FROM accounts WHERE id = $2) AS "accountSchool",
            (SELECT school_id FROM contract_templates WHERE id = $3) AS "templateSchool",
            (SELECT country_iso FROM network_contracts WHERE id = $4 AND active) AS "networkCountry",
            (SELECT json_build_object('school_id', school_id, 'lead_status_id', lead_status_id) FROM leads WHERE id = $5) AS lead,
            (SELECT school_id FROM students WHERE id = $6) AS "studentSchool"`,
    [form.school_id, form.account_id, form.c_contract_id, form.ec_contract_id, form.lead_id, form.student_id ?? null],
  );
  return result.rows[0]!;
}

/**
 * True when a student of the school has the person's first name, last name and birth date
 * (case and surrounding spaces ignored): spec 000 §8 error 1005. `exceptStudent`: the
 * conclusion's own student (an activated one is that student).
 */
export async function existingStudent(tx: Queryable, form: ConclusionForm, exceptStudent: number | null): Promise<boolean> {
  const result = await tx.query(
    `SELECT 1 FROM students
      WHERE school_id = $1 AND lower(trim(firstname)) = lower($2) AND lower(trim(lastname)) = lower($3) AND dob = $4
        AND id IS DISTINCT FROM $5
      LIMIT 1`,
    [form.school_id, form.firstname.trim(), form.lastname.trim(), form.birthdate, exceptStudent],
  );
  return result.rows.length > 0;
}

/**
 * True when a contract number is used by another conclusion or a student contract of ANY
 * school (numbers are unique across the installation, error 1006). Runs on the database
 * itself, not in the request's scope: another school's number must count, and only the
 * yes/no leaves this function. Never call it inside a scoped transaction (PGlite: one
 * connection). `exceptConclusion`: the conclusion being saved, and the contract its own
 * activation made; the other contracts of the student it was opened for count.
 */
export async function contractNumberTaken(db: Queryable, contractNo: string, exceptConclusion: number | null): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 FROM conclusions WHERE upper(contract_no) = upper($1) AND id IS DISTINCT FROM $2
     UNION ALL
     SELECT 1 FROM student_contracts sc
      WHERE upper(sc.contract_no) = upper($1) AND sc.conclusion_id IS DISTINCT FROM $2
     LIMIT 1`,
    [contractNo, exceptConclusion],
  );
  return result.rows.length > 0;
}

/** True when a student contract of the account already uses the mandate reference (error 61). */
export async function mandateRefUsedByContract(tx: Queryable, accountId: number, mandateRef: string): Promise<boolean> {
  const result = await tx.query('SELECT 1 FROM student_contracts WHERE account_id = $1 AND sepa_mandate_ref = $2 LIMIT 1', [accountId, mandateRef]);
  return result.rows.length > 0;
}

const formValues = (form: ConclusionForm) => FORM_COLUMNS.map((column) => form[column] ?? null);

/** Inserts a conclusion; answers its id and version. */
export async function insertConclusion(
  tx: Queryable,
  form: ConclusionForm,
  facts: { paper: boolean; createdBy: number; createdByName: string; studentId: number | null },
): Promise<{ id: number; version: number }> {
  const values = formValues(form);
  const placeholders = values.map((_, i) => `$${i + 1}`);
  const n = values.length;
  const result = await tx.query<{ id: number; version: number }>(
    `INSERT INTO conclusions (${FORM_COLUMNS.join(', ')}, po, created_by, created_by_name, student_id)
     VALUES (${placeholders.join(', ')}, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4})
     RETURNING id, version`,
    [...values, facts.paper, facts.createdBy, facts.createdByName, facts.studentId],
  );
  return result.rows[0]!;
}

/** Saves a conclusion read with `version`; answers the next version (409 stale, 404 not visible). */
export async function updateConclusion(tx: Queryable, id: number, form: ConclusionForm, version: number): Promise<number> {
  const values = formValues(form);
  const set = FORM_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
  return updateVersioned(tx, { table: 'conclusions', set: `${set}, updated_at = now()`, where: 'id = $1', params: [id, ...values], version });
}

export async function deleteConclusion(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM conclusions WHERE id = $1', [id]);
}

/**
 * A conclusion signed for a lead (spec 001: lead status 6 "contract signed"): the lead's
 * status (its version moves, so a lead form open meanwhile answers 409 instead of writing the
 * old status back) and a note in the lead's timeline.
 */
export async function markLeadSigned(tx: Queryable, lead: { leadId: number; schoolId: number; authorId: number; text: string }): Promise<void> {
  await tx.query('UPDATE leads SET lead_status_id = 6, version = version + 1, updated_at = now() WHERE id = $1', [lead.leadId]);
  await tx.query('INSERT INTO student_notes (school_id, lead_id, type, text, author_id) VALUES ($1, $2, 1, $3, $4)', [
    lead.schoolId, lead.leadId, lead.text, lead.authorId,
  ]);
}
