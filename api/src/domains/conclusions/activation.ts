import { ERROR, PAYMENT_METHOD, type ActivationAnswer, type PreStudentAnswer } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { staleVersion } from '../../lib/record-version.js';

/** students.student_status_id of a student an activation makes (migration 002: 1 provisional). */
const STUDENT_STATUS_PROVISIONAL = 1;
/** student_addresses.type of the invoice address (the payer's, wire prefix ia_). */
const INVOICE_ADDRESS_TYPE = 2;
/** student_notes.type of a contract change in the timeline. */
const NOTE_TYPE_CONTRACT = 3;
/** leads.lead_status_id 6: concluded with a contract (spec 001 §4). */
const LEAD_STATUS_CONCLUDED = 6;

/** The conclusion as activation and the pre-student read it (locked). */
interface ConclusionRow {
  id: number;
  school_id: number;
  version: number;
  activated_at: Date | null;
  student_id: number | null;
  lead_id: number | null;
  c_contract_id: number | null;
  account_id: number | null;
  contract_no: string | null;
  contract_start: string | null;
  payment_method_id: number | null;
  products: number[];
  ec_contract_id: number | null;
  salutation_id: number | null;
  title_id: number | null;
  firstname: string;
  lastname: string;
  supplement: string | null;
  street: string | null;
  house_no: string | null;
  zip: string | null;
  city: string | null;
  country_iso: string | null;
  email: string | null;
  phone_regular: string | null;
  phone_cellphone: string | null;
  birthdate: string | null;
  nationality: string | null;
  iva: boolean;
  pt_salutation_id: number | null;
  pt_title_id: number | null;
  pt_firstname: string | null;
  pt_lastname: string | null;
  pt_street: string | null;
  pt_house_no: string | null;
  pt_zip: string | null;
  pt_city: string | null;
  pt_country_iso: string | null;
  pt_email: string | null;
  sepa_name: string | null;
  sepa_iban: string | null;
  sepa_bic: string | null;
  sepa_bank: string | null;
  sepa_mandate_ref: string | null;
  sepa_date_mandate: string | null;
}

/**
 * The conclusion, locked for the rest of the transaction (FOR UPDATE): a second activation
 * of the same conclusion waits here until the first committed, then sees it activated.
 * Not visible (another school, RLS) = 404.
 */
async function lockConclusion(tx: Queryable, id: number): Promise<ConclusionRow> {
  const res = await tx.query<ConclusionRow>(
    `SELECT id, school_id, version, activated_at, student_id, lead_id, c_contract_id, account_id, contract_no,
            to_char(contract_start, 'YYYY-MM-DD') AS contract_start, payment_method_id, products, ec_contract_id,
            salutation_id, title_id, firstname, lastname, supplement, street, house_no, zip, city, country_iso,
            email, phone_regular, phone_cellphone, to_char(birthdate, 'YYYY-MM-DD') AS birthdate, nationality,
            iva, pt_salutation_id, pt_title_id, pt_firstname, pt_lastname, pt_street, pt_house_no, pt_zip, pt_city,
            pt_country_iso, pt_email,
            sepa_name, sepa_iban, sepa_bic, sepa_bank, sepa_mandate_ref, to_char(sepa_date_mandate, 'YYYY-MM-DD') AS sepa_date_mandate
       FROM conclusions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  return row;
}

/** The contract made by an earlier activation of the conclusion (null when none is recorded). */
async function contractOf(tx: Queryable, conclusionId: number): Promise<number | null> {
  const res = await tx.query<{ id: number }>('SELECT id FROM student_contracts WHERE conclusion_id = $1', [conclusionId]);
  return res.rows[0]?.id ?? null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** DD.MM.YYYY of an ISO date, for the timeline text. */
const screenDate = (iso: string) => iso.split('-').reverse().join('.');

export interface ActivationInput {
  conclusionId: number;
  version: number;
  dateWithdrawal: string | null;
  userId: number;
}

/**
 * Activates a conclusion (spec 000 §4, issue 12) in the caller's scoped transaction, all or
 * nothing: the student (status provisional; or the student the conclusion was opened for),
 * the student contract from the school contract template (amounts in cents, pay interval,
 * terms, start = first due date, account, currency, contract number) with the SEPA mandate
 * (reference, date, IBAN, BIC, bank, debtor name, sequence FRST) for direct debits, the payer
 * as invoice address when iva is set, a contract entry in the timeline, the lead concluded,
 * and the conclusion marked activated. Already activated: the same answer again
 * (created false), nothing written, whatever version was sent.
 * Errors: 404 not visible, 409 {error: 9} stale version, 400 {error: 68} template or account
 * gone, 409 {error: 61} mandate reference already used for a contract of the account.
 */
export async function activateConclusion(tx: Queryable, input: ActivationInput): Promise<ActivationAnswer> {
  const c = await lockConclusion(tx, input.conclusionId);
  if (c.activated_at) {
    return { success: true, stu: c.student_id!, scid: await contractOf(tx, c.id), version: c.version, created: false };
  }
  if (c.version !== input.version) throw staleVersion();

  const template = (
    await tx.query<{
      id: number; name: string; pay_interval: number; amount_gross: string; activation_gross: string; tax_percent: string; currency: string;
      c_interval_start: number; c_cperiod_start: number; c_interval_follow: number; c_cperiod_follow: number;
    }>(
      `SELECT id, name, pay_interval, amount_gross, activation_gross, tax_percent, currency,
              c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow
         FROM contract_templates WHERE id = $1 AND school_id = $2`,
      [c.c_contract_id, c.school_id],
    )
  ).rows[0];
  const account = c.account_id
    ? (await tx.query<{ id: number }>('SELECT id FROM accounts WHERE id = $1 AND school_id = $2', [c.account_id, c.school_id])).rows[0]
    : undefined;
  const sepa = c.payment_method_id === PAYMENT_METHOD.sepa;
  if (!template || !c.contract_start || !c.payment_method_id || (sepa && !account)) {
    throw new HttpError(400, { error: ERROR.activationSourceMissing });
  }

  // The student the conclusion was opened for (same school), else a new provisional one.
  let studentId =
    c.student_id === null
      ? null
      : ((await tx.query<{ id: number }>('SELECT id FROM students WHERE id = $1 AND school_id = $2', [c.student_id, c.school_id])).rows[0]?.id ?? null);
  if (studentId === null) {
    const student = await tx.query<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, title_id, firstname, lastname, supplement, email, phone_regular,
                             phone_cellphone, dob, nationality, street, house_no, zip, city, country_iso,
                             student_status_id, e_contract_id, divisions, lead_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       RETURNING id`,
      [
        c.school_id, c.salutation_id, c.title_id, c.firstname, c.lastname, c.supplement, c.email, c.phone_regular,
        c.phone_cellphone, c.birthdate, c.nationality, c.street, c.house_no, c.zip, c.city, c.country_iso,
        STUDENT_STATUS_PROVISIONAL, c.ec_contract_id, c.products, c.lead_id,
      ],
    );
    studentId = student.rows[0]!.id;
  }

  let contractId: number;
  try {
    const contract = await tx.query<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, conclusion_id, contract_template_id, account_id, contract_no, status,
                                      payment_method_id, due_date, contract_start, amount_gross, activation_gross, tax_percent,
                                      currency, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow,
                                      sepa_name, sepa_iban, sepa_bic, sepa_bank, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
               $18, $19, $20, $21, $22, $23, $24)
       RETURNING id`,
      [
        c.school_id, studentId, c.id, template.id, c.account_id, c.contract_no,
        c.payment_method_id, c.contract_start, template.amount_gross, template.activation_gross, template.tax_percent,
        template.currency, template.pay_interval, template.c_interval_start, template.c_cperiod_start, template.c_interval_follow, template.c_cperiod_follow,
        sepa ? c.sepa_name : null, sepa ? c.sepa_iban : null, sepa ? c.sepa_bic : null, sepa ? c.sepa_bank : null,
        sepa ? c.sepa_mandate_ref : null, sepa ? c.sepa_date_mandate : null, sepa ? 'FRST' : null,
      ],
    );
    contractId = contract.rows[0]!.id;
  } catch (error) {
    // The one unique rule a new contract can break: the mandate reference of the account.
    if (isUniqueViolation(error)) throw new HttpError(409, { error: ERROR.mandateRefInUse, fields: { sepa_mandate_ref: 'form.invalid' } });
    throw error;
  }

  if (c.iva) {
    await tx.query(
      `INSERT INTO student_addresses (school_id, student_id, type, salutation_id, title_id, firstname, lastname, street, house_no, zip, city, country_iso, email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (student_id, type) DO UPDATE SET
         salutation_id = EXCLUDED.salutation_id, title_id = EXCLUDED.title_id, firstname = EXCLUDED.firstname,
         lastname = EXCLUDED.lastname, street = EXCLUDED.street, house_no = EXCLUDED.house_no, zip = EXCLUDED.zip,
         city = EXCLUDED.city, country_iso = EXCLUDED.country_iso, email = EXCLUDED.email,
         updated_at = now(), version = student_addresses.version + 1`,
      [
        c.school_id, studentId, INVOICE_ADDRESS_TYPE, c.pt_salutation_id, c.pt_title_id, c.pt_firstname, c.pt_lastname,
        c.pt_street, c.pt_house_no, c.pt_zip, c.pt_city, c.pt_country_iso, c.pt_email,
      ],
    );
  }

  const note = [
    `Vertrag aus Vertragsabschluss aktiviert: ${template.name}`,
    c.contract_no ? `Vertragsnummer ${c.contract_no}` : null,
    `Beginn ${screenDate(c.contract_start)}`,
    sepa && c.sepa_mandate_ref ? `SEPA-Mandat ${c.sepa_mandate_ref}` : null,
    input.dateWithdrawal ? `Widerruf zum ${screenDate(input.dateWithdrawal)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  await tx.query('INSERT INTO student_notes (school_id, student_id, type, text, author_id) VALUES ($1, $2, $3, $4, $5)', [
    c.school_id, studentId, NOTE_TYPE_CONTRACT, note, input.userId,
  ]);

  if (c.lead_id !== null) {
    await tx.query('UPDATE leads SET lead_status_id = $2, version = version + 1 WHERE id = $1 AND lead_status_id <> $2', [c.lead_id, LEAD_STATUS_CONCLUDED]);
  }

  const updated = await tx.query<{ version: number }>(
    `UPDATE conclusions SET activated_at = now(), student_id = $2, date_withdrawal = $3, version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING version`,
    [c.id, studentId, input.dateWithdrawal],
  );
  return { success: true, stu: studentId, scid: contractId, version: updated.rows[0]!.version, created: true };
}

/**
 * The pre-student (spec 000 §4, PUT /api-conclusion/prestud): for an activated conclusion
 * whose student has no network membership number yet, the request to pre-register the
 * student with the network, recorded in the network outbox (network_requests, kind
 * pre_student) with the person's data, and the student flagged as transferred to the
 * network (students.network_flag, list field rt). Requested before: the same request again
 * (created false). Not activated, no student or a membership number already: 400 {error: 66}.
 */
export async function requestPreStudent(tx: Queryable, conclusionId: number, userId: number): Promise<PreStudentAnswer> {
  const c = await lockConclusion(tx, conclusionId);
  // The student is locked too: two conclusions opened for one student may ask at the same
  // moment, and the second must find the first one's request (one per student), not a 500.
  const student = c.student_id
    ? (await tx.query<{ id: number; mno: string | null }>('SELECT id, mno FROM students WHERE id = $1 FOR UPDATE', [c.student_id])).rows[0]
    : undefined;
  if (!c.activated_at || !student || student.mno) throw new HttpError(400, { error: ERROR.preStudentNotPossible });

  const existing = await tx.query<{ id: number }>("SELECT id FROM network_requests WHERE student_id = $1 AND kind = 'pre_student'", [student.id]);
  if (existing.rows[0]) return { success: true, id: existing.rows[0].id, created: false };

  const payload = {
    salutation_id: c.salutation_id,
    title_id: c.title_id,
    firstname: c.firstname,
    lastname: c.lastname,
    birthdate: c.birthdate,
    nationality: c.nationality,
    street: c.street,
    house_no: c.house_no,
    zip: c.zip,
    city: c.city,
    country_iso: c.country_iso,
    email: c.email,
    phone_regular: c.phone_regular,
    phone_cellphone: c.phone_cellphone,
    products: c.products,
    ec_contract_id: c.ec_contract_id,
    contract_start: c.contract_start,
  };
  const created = await tx.query<{ id: number }>(
    `INSERT INTO network_requests (school_id, kind, student_id, conclusion_id, payload, created_by)
     VALUES ($1, 'pre_student', $2, $3, $4, $5) RETURNING id`,
    [c.school_id, student.id, c.id, JSON.stringify(payload), userId],
  );
  await tx.query('UPDATE students SET network_flag = true, updated_at = now() WHERE id = $1', [student.id]);
  await tx.query('INSERT INTO student_notes (school_id, student_id, type, text, author_id) VALUES ($1, $2, 1, $3, $4)', [
    c.school_id, student.id, 'Vorab-Schüler beim Netzwerk angemeldet (Übertragung ausstehend)', userId,
  ]);
  return { success: true, id: created.rows[0]!.id, created: true };
}
