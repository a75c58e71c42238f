import * as yup from 'yup';
import { bicRule, ibanRule } from './banking.js';
import { MANDATE_REF_PATTERN, CONTRACT_NO_PATTERN, type NetworkContractOption } from './conclusion.js';
import { CONTRACT_CANCELLATION_MONTHS, CONTRACT_FOLLOW_MONTHS, CONTRACT_START_MONTHS } from './contract-templates.js';
import { CURRENCIES, PAYMENT_METHOD, PAYMENT_METHODS, PAY_INTERVALS } from './enums.js';
import { MAX_AMOUNT_CENTS } from './income-expense.js';
import { MSG } from './messages.js';
import { isoDate, nearDate } from './students.js';

/**
 * Student contracts (spec 000 §2-4, §6-7; 001 §3 "Cancellation letter form", §5; 002 §2.1):
 * the contracts tab of the student detail (add, change, cancel, withdraw the cancellation,
 * skip fee, print the cancellation confirmation, delete) and the cancellation letter form
 * /m-student/cancellation/{stid}. Amounts integer cents, dates ISO `YYYY-MM-DD`, terms months.
 *
 * Calls (base /api-student unless said otherwise; permissions spec 000 §6):
 * - GET /contracts?stid → StudentContractOptions (the add/change form's lists). finance_r.
 * - GET /sc?stid → StudentContractList {data: rows, skip}; GET /sc?stid&id → StudentContractSingle
 *   {data: contract with version, skip}. finance_r.
 * - POST /sc?stid (StudentContractForm) → {success, id, version}; student_w + finance_w; Idempotency-Key.
 * - PUT /sc?stid&id (StudentContractForm + version) → {success, version}; 409 {error: 9} stale.
 * - DELETE /sc?stid&id → {success}; finance_d; 409 {error: 75} while receipts of the contract exist.
 * - PUT|POST /skip?stid&id ({version}) → SkipAnswer; student_w + finance_w; 409 {error: 74} when
 *   the member status is disabled or there is no period to skip.
 * - GET /cancel?stid&stcid[&dc] → CancellationProposal (the effective date proposed from the terms,
 *   or error 70); finance_r.
 * - POST /cancel?stid&stcid (CancellationRequest) → CancellationAnswer; student_w; 409 {error: 69}
 *   when the contract is not cancellable; 400 {error: 70} when dce is omitted and cannot be proposed.
 * - PUT /swd?stid&id ({version}) → {success, version}; student_w; 409 {error: 71} when not cancelled.
 * - POST /cp?scid&id → the cancellation confirmation PDF (scid = student id, id = contract id);
 *   student_w + finance_w; 409 {error: 71} when not cancelled.
 * - GET /cancellation?stid → CancellationFormData; POST /cancellation?stid (CancellationLetterForm)
 *   → CancellationLetterAnswer (the letter form's save: cancellation, letter stored as a student
 *   document, type-4 note); student_w.
 * - POST /api-base/cce?id (student id) and POST /api-base/ndt?id: NetworkRequestAnswer; student_r.
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const optionalText = (max: number) =>
  yup
    .string()
    .trim()
    .max(max, MSG.tooLong)
    .nullable()
    .transform((value: string | null) => (value === '' ? null : value))
    .default(null);
const cents = () => yup.number().typeError(MSG.amount).integer(MSG.amount).min(0, MSG.amount).max(MAX_AMOUNT_CENTS, MSG.amount);
/** A term in months within bounds; null = not known (the cancellation cannot be proposed then). */
const months = (bounds: { min: number; max: number }) =>
  yup.number().typeError(MSG.number).integer(MSG.number).min(bounds.min, MSG.number).max(bounds.max, MSG.number).nullable().default(null);
const requiredWithSepa = <S extends yup.AnySchema>(schema: S): S =>
  schema.when('payment_method_id', { is: PAYMENT_METHOD.sepa, then: (s: yup.AnySchema) => s.required(MSG.required) }) as S;

/**
 * Student contract status (cs): 1 active, 2 inactive, 3 cancelled, 4 archived (001 §3). A
 * cancellation sets 3 (the contract runs until its end, dce); withdrawing it sets 1 again.
 */
export const STUDENT_CONTRACT_STATUS = { active: 1, inactive: 2, cancelled: 3, archived: 4 } as const;
export const STUDENT_CONTRACT_STATUSES = [1, 2, 3, 4] as const;

/** Rows per page of the contracts tab (000 §9). */
export const STUDENT_CONTRACTS_PAGE_SIZE = 10;

/** System template of the cancellation confirmation (001 §9). */
export const CANCELLATION_TEMPLATE = 'rep_memb_canc';
/**
 * Address types of a letter (sati, 001 §3: invoice, receipt, delivery, standard): 1 invoice,
 * 2 receipt, 3 delivery, 4 standard. The standard address is the student's main address; the
 * others use the separate invoice address when the student has one, else the main address.
 */
export const LETTER_ADDRESS_TYPE = { invoice: 1, receipt: 2, delivery: 3, standard: 4 } as const;
export const LETTER_ADDRESS_TYPES = [1, 2, 3, 4] as const;
/** Default address type of the cancellation letter (001 §9). */
export const CANCELLATION_ADDRESS_TYPE_DEFAULT = 4;

/** A row of the contracts tab (spec 000 §3 "Student contract row") plus a few labels. */
export interface StudentContractRow {
  id: number;
  /** Status 1 active, 2 inactive, 3 cancelled, 4 archived. */
  cs: number;
  /** Payment method 1 SEPA direct debit, 2 transfer, 3 cash. */
  pmid: number;
  /** Next due date (ISO) or null. */
  dd: string | null;
  /** Contract start (ISO). */
  dcs: string;
  /** Contract end (ISO) or null; set by a cancellation to its effective date. */
  dce: string | null;
  /** Cancellation date (ISO): when the cancellation was received; null = not cancelled. */
  cd: string | null;
  /** Gross amount per pay interval, cents. */
  ag: number;
  /** Activation fee (gross), cents. */
  acg: number;
  cur: string;
  /** Pay interval, months (1, 3, 6, 12). */
  pi: number;
  /** Terms, months: c1 minimum term at start, c2 its cancellation period, c3 follow-up term, c4 its cancellation period; null = unknown. */
  c1: number | null;
  c2: number | null;
  c3: number | null;
  c4: number | null;
  /** Contract number or null. */
  cno: string | null;
  /** Name of the school contract template it was made from, or null. */
  name: string | null;
  /** Tax percent (0 = exemption). */
  tp: number;
  /** Receipts exist for the contract (then it cannot be deleted, error 75). */
  rc: boolean;
  version: number;
}

/** The add/change form (POST|PUT /api-student/sc body without version). */
export const studentContractSchema = yup
  .object({
    contract_template_id: id().nullable().default(null),
    account_id: id().nullable().default(null).when('payment_method_id', { is: PAYMENT_METHOD.sepa, then: (s) => s.required(MSG.required) }),
    contract_no: optionalText(20).uppercase().matches(CONTRACT_NO_PATTERN, { message: MSG.invalid, excludeEmptyString: true }),
    status: yup.number().typeError(MSG.required).oneOf([...STUDENT_CONTRACT_STATUSES], MSG.invalid).default(STUDENT_CONTRACT_STATUS.active),
    payment_method_id: yup.number().typeError(MSG.required).oneOf([...PAYMENT_METHODS], MSG.invalid).required(MSG.required),
    /** Next due date; null = from the contract start. */
    due_date: nearDate().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null),
    contract_start: nearDate().required(MSG.required),
    amount_gross: cents().required(MSG.required),
    activation_gross: cents().default(0),
    tax_percent: yup
      .number()
      .transform((value: unknown, original: unknown) => (typeof original === 'string' && original.trim() !== '' ? Number(original.trim().replace(',', '.')) : value))
      .typeError(MSG.number)
      .min(0, MSG.number)
      .max(100, MSG.number)
      .test('two-decimals', MSG.number, (value) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6)
      .default(0),
    currency: yup.string().oneOf([...CURRENCIES], MSG.invalid).required(MSG.required),
    pay_interval: yup.number().typeError(MSG.required).oneOf([...PAY_INTERVALS], MSG.invalid).required(MSG.required),
    c_interval_start: months(CONTRACT_START_MONTHS),
    c_cperiod_start: months(CONTRACT_CANCELLATION_MONTHS),
    c_interval_follow: months(CONTRACT_FOLLOW_MONTHS),
    c_cperiod_follow: months(CONTRACT_CANCELLATION_MONTHS),
    sepa_name: requiredWithSepa(optionalText(70)),
    sepa_iban: requiredWithSepa(ibanRule().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null)),
    sepa_bic: requiredWithSepa(bicRule().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null)),
    sepa_bank: requiredWithSepa(optionalText(120)),
    sepa_mandate_ref: requiredWithSepa(optionalText(35).matches(MANDATE_REF_PATTERN, { message: MSG.invalid, excludeEmptyString: true })),
    sepa_date_mandate: requiredWithSepa(nearDate().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null)),
  })
  .noUnknown();
export type StudentContractForm = yup.InferType<typeof studentContractSchema>;

/** GET /api-student/sc?stid&id `data`: the form's fields, the cancellation state and the version. */
export interface StudentContract extends StudentContractForm {
  id: number;
  student_id: number;
  school_id: number;
  contract_end: string | null;
  cancel_date: string | null;
  version: number;
}

/**
 * The skip-fee state of a contract (`skip` of GET /sc): whether the next due payment period can
 * be skipped. `reason` when not: 'member_status' (the student's network member status is in
 * DISABLED_MEMBER_STATUSES), 'not_active' (contract not active or ended), 'no_period'.
 */
export interface SkipInfo {
  allowed: boolean;
  /** The next due period that a skip would leave out (ISO start, end inclusive), or null. */
  period_start: string | null;
  period_end: string | null;
  reason: 'member_status' | 'not_active' | 'no_period' | null;
  /** Periods of the contract skipped so far (ISO starts). */
  skipped: string[];
}

/** GET /api-student/sc?stid: the student's contracts, newest start first. `skip` per contract id. */
export interface StudentContractList {
  data: StudentContractRow[];
  /** Skip-fee is offered for the student at all (member status not disabled). */
  skip: boolean;
}

/** GET /api-student/sc?stid&id. */
export interface StudentContractSingle {
  data: StudentContract;
  skip: SkipInfo;
}

/** A school contract template the add form offers (of the student's school). */
export interface StudentContractTemplateOption {
  id: number;
  name: string;
  pay_interval: number;
  amount_gross: number;
  activation_gross: number;
  tax_percent: number;
  currency: string;
  c_interval_start: number;
  c_cperiod_start: number;
  c_interval_follow: number;
  c_cperiod_follow: number;
}

/** A bank account of the student's school (SEPA contracts). */
export interface StudentContractAccountOption {
  id: number;
  name: string;
  is_main: boolean;
}

/** GET /api-student/contracts?stid: the lists of the contract form ("contracts and {product} lists"). */
export interface StudentContractOptions {
  contracts: StudentContractTemplateOption[];
  accounts: StudentContractAccountOption[];
  network_contracts: NetworkContractOption[];
  /** product (division) numbers */
  products: number[];
}

/** Save answers. */
export interface StudentContractCreated {
  success: true;
  id: number;
  version: number;
}

/** PUT|POST /api-student/skip?stid&id body. */
export const skipSchema = yup.object({ version: yup.number().typeError(MSG.invalid).strict().integer(MSG.invalid).min(1, MSG.invalid).required(MSG.required) }).noUnknown();
export interface SkipAnswer {
  success: true;
  version: number;
  /** The skipped period (ISO start and inclusive end). */
  period_start: string;
  period_end: string;
  /** The contract's next due date after the skip. */
  dd: string | null;
}

// ---- cancellation ---------------------------------------------------------------------------

/**
 * GET /api-student/cancel?stid&stcid[&dc]: the effective date proposed for a cancellation
 * received on `dc` (default today) from the contract's terms. `dce` null and `error` 70 when
 * the terms or the start are missing or faulty ("no effective cancellation date can be suggested").
 */
export interface CancellationProposal {
  stcid: number;
  dc: string;
  dce: string | null;
  error: number | null;
  /** Latest date a cancellation reaches the proposed end (dce) in time, or null. */
  deadline: string | null;
  /** The contract's version (send it with the cancellation). */
  version: number;
}

/** POST /api-student/cancel?stid&stcid body. dce omitted or null = the proposal. */
export const cancellationRequestSchema = yup
  .object({
    dc: isoDate().required(MSG.required),
    dce: isoDate().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null),
    version: yup.number().typeError(MSG.invalid).strict().integer(MSG.invalid).min(1, MSG.invalid).required(MSG.required),
  })
  .noUnknown()
  .test('order', MSG.date, function order(value) {
    if (value.dce && value.dc && value.dce < value.dc) return this.createError({ path: 'dce', message: MSG.date });
    return true;
  });
export type CancellationRequest = yup.InferType<typeof cancellationRequestSchema>;

export interface CancellationAnswer {
  success: true;
  version: number;
  cd: string;
  dce: string;
}

/** PUT /api-student/swd?stid&id body (withdraw the cancellation). */
export const withdrawCancellationSchema = skipSchema;

/**
 * The cancellation letter form (/m-student/cancellation/{stid}; 001 §3, §5): contract,
 * cancellation date, effective date, template, address type; all required, dates valid.
 */
export const cancellationLetterSchema = yup
  .object({
    sc: id().required(MSG.required),
    dc: isoDate().required(MSG.required),
    dce: isoDate().required(MSG.required),
    tmpl: yup.string().trim().max(60, MSG.tooLong).default(CANCELLATION_TEMPLATE).required(MSG.required),
    sati: yup.number().typeError(MSG.required).oneOf([...LETTER_ADDRESS_TYPES], MSG.invalid).default(CANCELLATION_ADDRESS_TYPE_DEFAULT).required(MSG.required),
    /** The contract's version as read (the save cancels it). */
    version: yup.number().typeError(MSG.invalid).strict().integer(MSG.invalid).min(1, MSG.invalid).required(MSG.required),
  })
  .noUnknown()
  .test('order', MSG.date, function order(value) {
    if (value.dce && value.dc && value.dce < value.dc) return this.createError({ path: 'dce', message: MSG.date });
    return true;
  });
export type CancellationLetterForm = yup.InferType<typeof cancellationLetterSchema>;

/** The empty letter form. */
export function emptyCancellationLetterForm(contractId: number | null, today: string): Omit<CancellationLetterForm, 'sc' | 'version' | 'dce'> & {
  sc: number | null;
  dce: string | null;
  version: number | null;
} {
  return { sc: contractId, dc: today, dce: null, tmpl: CANCELLATION_TEMPLATE, sati: CANCELLATION_ADDRESS_TYPE_DEFAULT, version: null };
}

/** GET /api-student/cancellation?stid: what the letter form offers. */
export interface CancellationFormData {
  stid: number;
  firstname: string;
  lastname: string;
  /** The student's contracts that can be cancelled (cs 1, no cancellation date). */
  contracts: StudentContractRow[];
  /** Templates the form offers: the system template and the school's templates for students / student contracts. */
  templates: { key: string; name: string }[];
}

/** POST /api-student/cancellation?stid answer. */
export interface CancellationLetterAnswer {
  success: true;
  /** The contract's new version. */
  version: number;
  cd: string;
  dce: string;
  /** The letter stored as a student document (download: GET /api-document/sddl?id&tid). */
  document: { id: number; tid: number; n: string };
  /** The type-4 note in the timeline. */
  note_id: number;
}

/** POST /api-base/cce?id and POST /api-base/ndt?id: the request recorded in the network outbox. */
export interface NetworkRequestAnswer {
  success: true;
  /** The outbox row. */
  id: number;
  /** false: the same request was still waiting for transfer; nothing new recorded. */
  created: boolean;
}

/** Effective date of a cancellation from the terms (the API's rule, shared so the form can show it). */
export interface ContractTerms {
  contract_start: string;
  c_interval_start: number | null;
  c_cperiod_start: number | null;
  c_interval_follow: number | null;
  c_cperiod_follow: number | null;
}

const parseIso = (value: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};
const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
/** `date` plus `n` months; a day the month lacks becomes its last day (31.01. + 1 = 28./29.02.). */
export function addMonths(date: string, n: number): string {
  const p = parseIso(date);
  if (!p) throw new Error(`not an ISO date: ${date}`);
  const [y, m, d] = p;
  const total = y * 12 + (m - 1) + n;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return iso(ty, tm, Math.min(d, last));
}
const plusDays = (date: string, days: number): string => {
  const [y, m, d] = parseIso(date)!;
  return iso(y, m, d + days);
};
/**
 * The last day of a term of `n` months from `start` (BGB §188 (2), (3)): the day before the
 * day of the month that matches the start's day; when that month lacks the day, its last day.
 * @example termEnd('2026-01-01', 12) // '2026-12-31'; termEnd('2026-01-31', 1) // '2026-02-28'
 */
export function termEnd(start: string, n: number): string {
  const [, , d] = parseIso(start)!;
  const shifted = addMonths(start, n);
  return parseIso(shifted)![2] < d ? shifted : plusDays(shifted, -1);
}

/**
 * The effective date of a cancellation received on `dc` (spec 000 §2 cancel, 001 §8): the
 * contract runs c_interval_start months from its start, then renews by c_interval_follow
 * months; it ends at the end of the first term whose end the cancellation reaches in time, i.e.
 * received at least the term's cancellation period (c_cperiod_start for the first term,
 * c_cperiod_follow after) before the term's end. Returns the last day of the contract and the
 * latest date that cancellation could have been received, or null when a term is missing or
 * out of its bounds (start 1-24, follow 1-12, periods 1-3) or a date is not ISO.
 * @example proposeCancellation({contract_start: '2026-01-01', c_interval_start: 12, c_cperiod_start: 3, c_interval_follow: 1, c_cperiod_follow: 1}, '2026-09-30')
 *   // { dce: '2026-12-31', deadline: '2026-10-01' }
 */
export function proposeCancellation(terms: ContractTerms, dc: string): { dce: string; deadline: string } | null {
  const { c_interval_start: start, c_cperiod_start: periodStart, c_interval_follow: follow, c_cperiod_follow: periodFollow } = terms;
  const within = (v: number | null, b: { min: number; max: number }): v is number => typeof v === 'number' && Number.isInteger(v) && v >= b.min && v <= b.max;
  if (!within(start, CONTRACT_START_MONTHS) || !within(periodStart, CONTRACT_CANCELLATION_MONTHS)) return null;
  if (!within(follow, CONTRACT_FOLLOW_MONTHS) || !within(periodFollow, CONTRACT_CANCELLATION_MONTHS)) return null;
  if (!parseIso(terms.contract_start) || !parseIso(dc) || iso(...parseIso(dc)!) !== dc) return null;
  // Term k ends on termEnd(start, start + k*follow months); the notice must arrive `period`
  // months before the day after it.
  let monthsFromStart = start;
  let period = periodStart;
  // Enough terms to pass any date up to 2099 (follow >= 1 month).
  for (let k = 0; k < 2000; k += 1) {
    const end = termEnd(terms.contract_start, monthsFromStart);
    const deadline = addMonths(plusDays(end, 1), -period);
    if (dc <= deadline) return { dce: end, deadline };
    monthsFromStart += follow;
    period = periodFollow;
  }
  return null;
}

/** Document type (tid) of a letter the product stored in the student's documents (the cancellation confirmation); 1 is a general upload. */
export const STUDENT_DOCUMENT_TYPE_LETTER = 2;
