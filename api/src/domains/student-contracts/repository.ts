import {
  DIVISIONS,
  ERROR,
  STUDENT_CONTRACT_STATUS,
  proposeCancellation,
  type StudentContract,
  type StudentContractForm,
  type StudentContractOptions,
  type StudentContractRow,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { assertVersion } from '../../lib/record-version.js';

/**
 * Student contracts of the contracts tab (spec 000 §2-4, issue 13): rows, the form, the
 * cancellation and its withdrawal. Every function takes the request's scoped transaction
 * (row-level security: another school's student or contract is not there = 404).
 */

/** student_notes.type (001 §3): 3 contract change, 4 cancellation. */
export const NOTE_TYPE = { contractChange: 3, cancellation: 4 } as const;
/** students.student_status_id: 2 active, 3 cancellation pending (001 §3). */
const STUDENT_ACTIVE = 2;
const STUDENT_CANCELLATION_PENDING = 3;

/** DD.MM.YYYY of an ISO date (timeline texts are German, the product's default language). */
export const screenDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : '');

const ROW_COLUMNS = `c.id, c.status::int AS cs, c.payment_method_id::int AS pmid, to_char(c.due_date, 'YYYY-MM-DD') AS dd,
  to_char(c.contract_start, 'YYYY-MM-DD') AS dcs, to_char(c.contract_end, 'YYYY-MM-DD') AS dce,
  to_char(c.cancel_date, 'YYYY-MM-DD') AS cd, c.amount_gross::float8 AS ag, c.activation_gross::float8 AS acg,
  trim(c.currency) AS cur, c.pay_interval::int AS pi, c.c_interval_start::int AS c1, c.c_cperiod_start::int AS c2,
  c.c_interval_follow::int AS c3, c.c_cperiod_follow::int AS c4, c.contract_no AS cno, t.name,
  c.tax_percent::float8 AS tp, EXISTS (SELECT 1 FROM receipts r WHERE r.student_contract_id = c.id) AS rc, c.version`;

/** The contracts tab's rows of a student: the newest start first. */
export async function listContracts(tx: Queryable, studentId: number): Promise<StudentContractRow[]> {
  const result = await tx.query<StudentContractRow>(
    `SELECT ${ROW_COLUMNS} FROM student_contracts c LEFT JOIN contract_templates t ON t.id = c.contract_template_id
      WHERE c.student_id = $1 ORDER BY c.contract_start DESC, c.id DESC`,
    [studentId],
  );
  return result.rows;
}

/** One row as the tab shows it, or null. */
export async function getContractRow(tx: Queryable, studentId: number, id: number): Promise<StudentContractRow | null> {
  const result = await tx.query<StudentContractRow>(
    `SELECT ${ROW_COLUMNS} FROM student_contracts c LEFT JOIN contract_templates t ON t.id = c.contract_template_id
      WHERE c.student_id = $1 AND c.id = $2`,
    [studentId, id],
  );
  return result.rows[0] ?? null;
}

const FORM_COLUMNS = `c.id, c.student_id, c.school_id, c.contract_template_id, c.account_id, c.contract_no, c.status::int AS status,
  c.payment_method_id::int AS payment_method_id, to_char(c.due_date, 'YYYY-MM-DD') AS due_date,
  to_char(c.contract_start, 'YYYY-MM-DD') AS contract_start, to_char(c.contract_end, 'YYYY-MM-DD') AS contract_end,
  to_char(c.cancel_date, 'YYYY-MM-DD') AS cancel_date, c.amount_gross::float8 AS amount_gross,
  c.activation_gross::float8 AS activation_gross, c.tax_percent::float8 AS tax_percent, trim(c.currency) AS currency,
  c.pay_interval::int AS pay_interval, c.c_interval_start::int AS c_interval_start, c.c_cperiod_start::int AS c_cperiod_start,
  c.c_interval_follow::int AS c_interval_follow, c.c_cperiod_follow::int AS c_cperiod_follow,
  c.sepa_name, c.sepa_iban, c.sepa_bic, c.sepa_bank, c.sepa_mandate_ref, to_char(c.sepa_date_mandate, 'YYYY-MM-DD') AS sepa_date_mandate,
  c.version`;

/** The contract as the form edits it (with the cancellation state and the version), or null. */
export async function getContract(tx: Queryable, studentId: number, id: number, lock = false): Promise<StudentContract | null> {
  const result = await tx.query<StudentContract>(
    `SELECT ${FORM_COLUMNS} FROM student_contracts c WHERE c.student_id = $1 AND c.id = $2${lock ? ' FOR UPDATE' : ''}`,
    [studentId, id],
  );
  return result.rows[0] ?? null;
}

/** The contract locked for a write, checked against the version the client read: 404 / 409 {error: 9}. */
export async function lockContract(tx: Queryable, studentId: number, id: number, version?: number): Promise<StudentContract> {
  const contract = await getContract(tx, studentId, id, true);
  if (!contract) throw notFound();
  if (version !== undefined) assertVersion(contract.version, version);
  return contract;
}

/** The student's school and network member status (locked), or null when not visible. */
export async function lockStudentForContracts(tx: Queryable, studentId: number): Promise<{ school_id: number; e_member_status_id: number | null; firstname: string; lastname: string } | null> {
  const result = await tx.query<{ school_id: number; e_member_status_id: number | null; firstname: string; lastname: string }>(
    'SELECT school_id, e_member_status_id, firstname, lastname FROM students WHERE id = $1 FOR UPDATE',
    [studentId],
  );
  return result.rows[0] ?? null;
}

/** The student's school and member status (not locked), or null. */
export async function readStudent(tx: Queryable, studentId: number): Promise<{ school_id: number; e_member_status_id: number | null; firstname: string; lastname: string; mno: string | null } | null> {
  const result = await tx.query<{ school_id: number; e_member_status_id: number | null; firstname: string; lastname: string; mno: string | null }>(
    'SELECT school_id, e_member_status_id, firstname, lastname, mno FROM students WHERE id = $1',
    [studentId],
  );
  return result.rows[0] ?? null;
}

/** GET /api-student/contracts: the form's lists for the student's school. */
export async function contractOptions(tx: Queryable, schoolId: number): Promise<StudentContractOptions> {
  const templates = await tx.query<StudentContractOptions['contracts'][number]>(
    `SELECT id, name, pay_interval::int AS pay_interval, amount_gross::float8 AS amount_gross, activation_gross::float8 AS activation_gross,
            tax_percent::float8 AS tax_percent, trim(currency) AS currency, c_interval_start::int AS c_interval_start,
            c_cperiod_start::int AS c_cperiod_start, c_interval_follow::int AS c_interval_follow, c_cperiod_follow::int AS c_cperiod_follow
       FROM contract_templates WHERE school_id = $1 ORDER BY name, id`,
    [schoolId],
  );
  const accounts = await tx.query<StudentContractOptions['accounts'][number]>(
    'SELECT id, name, is_main FROM accounts WHERE school_id = $1 ORDER BY is_main DESC, name, id',
    [schoolId],
  );
  const network = await tx.query<StudentContractOptions['network_contracts'][number]>(
    `SELECT id, name, country_iso FROM network_contracts
      WHERE country_iso = (SELECT country FROM schools WHERE id = $1) ORDER BY sort_order, id`,
    [schoolId],
  );
  return { contracts: templates.rows, accounts: accounts.rows, network_contracts: network.rows, products: [...DIVISIONS] };
}

/** 400 when the template or the account named by the form is not one of the student's school. */
async function checkReferences(tx: Queryable, schoolId: number, form: StudentContractForm): Promise<void> {
  const fields: Record<string, string> = {};
  if (form.contract_template_id !== null) {
    const t = await tx.query('SELECT 1 FROM contract_templates WHERE id = $1 AND school_id = $2', [form.contract_template_id, schoolId]);
    if (!t.rows.length) fields.contract_template_id = 'form.invalid';
  }
  if (form.account_id !== null) {
    const a = await tx.query('SELECT 1 FROM accounts WHERE id = $1 AND school_id = $2', [form.account_id, schoolId]);
    if (!a.rows.length) fields.account_id = 'form.invalid';
  }
  if (Object.keys(fields).length) throw new HttpError(400, { error: ERROR.notSaved, fields });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
/** The one unique rule a contract's save can break: the mandate reference of the account. */
async function mapMandateConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, { error: ERROR.mandateRefInUse, fields: { sepa_mandate_ref: 'form.invalid' } });
    throw error;
  }
}

/** Form values as stored: without direct debit no SEPA data. */
function stored(form: StudentContractForm) {
  const sepa = form.payment_method_id === 1;
  return [
    form.contract_template_id, form.account_id, form.contract_no, form.status, form.payment_method_id, form.due_date ?? form.contract_start,
    form.contract_start, form.amount_gross, form.activation_gross, form.tax_percent, form.currency, form.pay_interval,
    form.c_interval_start, form.c_cperiod_start, form.c_interval_follow, form.c_cperiod_follow,
    sepa ? form.sepa_name : null, sepa ? form.sepa_iban : null, sepa ? form.sepa_bic : null, sepa ? form.sepa_bank : null,
    sepa ? form.sepa_mandate_ref : null, sepa ? form.sepa_date_mandate : null,
  ];
}

/** A new contract of the student (POST /sc); answers its id and version. A timeline entry (type 3). */
export async function insertContract(
  tx: Queryable,
  student: { id: number; schoolId: number },
  form: StudentContractForm,
  userId: number,
): Promise<{ id: number; version: number }> {
  await checkReferences(tx, student.schoolId, form);
  const row = await mapMandateConflict(() =>
    tx.query<{ id: number; version: number }>(
      `INSERT INTO student_contracts (school_id, student_id, contract_template_id, account_id, contract_no, status, payment_method_id,
                                      due_date, contract_start, amount_gross, activation_gross, tax_percent, currency, pay_interval,
                                      c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow,
                                      sepa_name, sepa_iban, sepa_bic, sepa_bank, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
               CASE WHEN $7::smallint = 1 THEN 'FRST' END)
       RETURNING id, version`,
      [student.schoolId, student.id, ...stored(form)],
    ),
  );
  const created = row.rows[0]!;
  await insertNote(tx, student, NOTE_TYPE.contractChange, `Vertrag angelegt${form.contract_no ? ` (${form.contract_no})` : ''}, Beginn ${screenDate(form.contract_start)}`, userId);
  return created;
}

/** PUT /sc: the form's fields (not the cancellation, which has its own calls); answers the new version. */
export async function updateContract(
  tx: Queryable,
  student: { id: number; schoolId: number },
  id: number,
  form: StudentContractForm,
  version: number,
): Promise<number> {
  const current = await lockContract(tx, student.id, id, version);
  await checkReferences(tx, student.schoolId, form);
  // A cancelled contract keeps its end: the form cannot set a start after it.
  if (current.contract_end && form.contract_start > current.contract_end) {
    throw new HttpError(400, { error: ERROR.notSaved, fields: { contract_start: 'form.invalid_date' } });
  }
  const row = await mapMandateConflict(() =>
    tx.query<{ version: number }>(
      `UPDATE student_contracts SET contract_template_id = $3, account_id = $4, contract_no = $5, status = $6, payment_method_id = $7,
              due_date = $8, contract_start = $9, amount_gross = $10, activation_gross = $11, tax_percent = $12, currency = $13,
              pay_interval = $14, c_interval_start = $15, c_cperiod_start = $16, c_interval_follow = $17, c_cperiod_follow = $18,
              sepa_name = $19, sepa_iban = $20, sepa_bic = $21, sepa_bank = $22, sepa_mandate_ref = $23, sepa_date_mandate = $24,
              sepa_sequence = CASE WHEN $7::smallint = 1 THEN COALESCE(sepa_sequence, 'FRST') END,
              version = version + 1, updated_at = now()
        WHERE id = $1 AND student_id = $2
        RETURNING version`,
      [id, student.id, ...stored(form)],
    ),
  );
  return row.rows[0]!.version;
}

/** DELETE /sc: refused (409 {error: 75}) while receipts of the contract exist. A timeline entry (type 3). */
export async function deleteContract(tx: Queryable, student: { id: number; schoolId: number }, id: number, userId: number): Promise<void> {
  const contract = await lockContract(tx, student.id, id);
  const receipts = await tx.query('SELECT 1 FROM receipts WHERE student_contract_id = $1 LIMIT 1', [id]);
  if (receipts.rows.length) throw new HttpError(409, { error: ERROR.contractHasReceipts });
  await tx.query('DELETE FROM student_contracts WHERE id = $1 AND student_id = $2', [id, student.id]);
  await insertNote(tx, student, NOTE_TYPE.contractChange, `Vertrag gelöscht${contract.contract_no ? ` (${contract.contract_no})` : ''}, Beginn ${screenDate(contract.contract_start)}`, userId);
}

/** A timeline note of the student; answers its id. */
export async function insertNote(tx: Queryable, student: { id: number; schoolId: number }, type: number, text: string, userId: number): Promise<number> {
  const result = await tx.query<{ id: number }>(
    'INSERT INTO student_notes (school_id, student_id, type, text, author_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [student.schoolId, student.id, type, text, userId],
  );
  return result.rows[0]!.id;
}

// ---- cancellation ---------------------------------------------------------------------------

/** Whether the contract can be cancelled (spec 000 §4: cs 1 without a cancellation date). */
export const isCancellable = (c: Pick<StudentContract, 'status' | 'cancel_date'>) => c.status === STUDENT_CONTRACT_STATUS.active && c.cancel_date === null;

/** The proposal for a cancellation received on `dc` (null: cannot propose, error 70). */
export function proposalFor(c: StudentContract, dc: string) {
  return proposeCancellation(c, dc);
}

/**
 * Cancels the (locked, cancellable) contract: cancellation date, contract end = effective date,
 * status 3 (cancelled; it runs until its end), the student from active (2) to cancellation
 * pending (3), and a type-4 note. `dce` null = the proposal from the terms (400 {error: 70}
 * when none can be made). Answers the new version and the dates.
 */
export async function applyCancellation(
  tx: Queryable,
  student: { id: number; schoolId: number },
  contract: StudentContract,
  input: { dc: string; dce: string | null; userId: number; note?: string },
): Promise<{ version: number; cd: string; dce: string; noteId: number }> {
  if (!isCancellable(contract)) throw new HttpError(409, { error: ERROR.contractNotCancellable });
  let dce = input.dce;
  if (dce === null) {
    const proposal = proposalFor(contract, input.dc);
    if (!proposal) throw new HttpError(400, { error: ERROR.cancellationNotProposable, fields: { dce: 'form.required' } });
    dce = proposal.dce;
  }
  if (dce < input.dc || dce < contract.contract_start) throw new HttpError(400, { error: ERROR.notSaved, fields: { dce: 'form.invalid_date' } });
  const updated = await tx.query<{ version: number }>(
    `UPDATE student_contracts SET cancel_date = $3, contract_end = $4, status = $5,
            due_date = CASE WHEN due_date > $4 THEN NULL ELSE due_date END,
            version = version + 1, updated_at = now()
      WHERE id = $1 AND student_id = $2 RETURNING version`,
    [contract.id, student.id, input.dc, dce, STUDENT_CONTRACT_STATUS.cancelled],
  );
  await tx.query('UPDATE students SET student_status_id = $2, updated_at = now() WHERE id = $1 AND student_status_id = $3', [
    student.id, STUDENT_CANCELLATION_PENDING, STUDENT_ACTIVE,
  ]);
  const text = input.note
    ?? `Vertrag${contract.contract_no ? ` ${contract.contract_no}` : ''} gekündigt am ${screenDate(input.dc)} zum ${screenDate(dce)}`;
  const noteId = await insertNote(tx, student, NOTE_TYPE.cancellation, text, input.userId);
  return { version: updated.rows[0]!.version, cd: input.dc, dce, noteId };
}

/**
 * Withdraws the cancellation (spec 000 §4): cancellation date and contract end reset, status
 * back to active, the next due date back after the last one (from the start when none), the
 * student back from cancellation pending (3) to active when no other contract is cancelled,
 * and a type-4 note. 409 {error: 71} when the contract is not cancelled.
 */
export async function withdrawCancellation(
  tx: Queryable,
  student: { id: number; schoolId: number },
  id: number,
  version: number,
  userId: number,
): Promise<number> {
  const contract = await lockContract(tx, student.id, id, version);
  if (contract.cancel_date === null || contract.contract_end === null || contract.status === STUDENT_CONTRACT_STATUS.archived) {
    throw new HttpError(409, { error: ERROR.contractNotCancelled });
  }
  const updated = await tx.query<{ version: number }>(
    `UPDATE student_contracts SET cancel_date = NULL, contract_end = NULL, status = $3,
            due_date = COALESCE(due_date, (
              SELECT (max(r.period_end) + 1)::date FROM receipts r WHERE r.student_contract_id = student_contracts.id AND r.period_end IS NOT NULL
            ), contract_start),
            version = version + 1, updated_at = now()
      WHERE id = $1 AND student_id = $2 RETURNING version`,
    [id, student.id, STUDENT_CONTRACT_STATUS.active],
  );
  await tx.query(
    `UPDATE students SET student_status_id = $2, updated_at = now()
      WHERE id = $1 AND student_status_id = $3
        AND NOT EXISTS (SELECT 1 FROM student_contracts c WHERE c.student_id = $1 AND c.cancel_date IS NOT NULL AND c.status = $4)`,
    [student.id, STUDENT_ACTIVE, STUDENT_CANCELLATION_PENDING, STUDENT_CONTRACT_STATUS.cancelled],
  );
  await insertNote(
    tx,
    student,
    NOTE_TYPE.cancellation,
    `Kündigung${contract.contract_no ? ` des Vertrags ${contract.contract_no}` : ''} zurückgenommen (war gekündigt am ${screenDate(contract.cancel_date)} zum ${screenDate(contract.contract_end)})`,
    userId,
  );
  return updated.rows[0]!.version;
}
