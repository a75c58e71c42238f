import * as yup from 'yup';
import { COUNTRIES, CURRENCIES, PAY_INTERVALS, type Country } from './enums.js';
import { MAX_AMOUNT_CENTS } from './income-expense.js';
import { MSG } from './messages.js';

/**
 * School contract templates (spec 001 §3 "Contract", §5, §9): what a conclusion's contract is
 * made from (amounts, pay interval, terms). Amounts are integer cents, terms in months.
 *
 * Calls (under /api-contract):
 * - GET /data: the templates of the request's schools (ContractTemplateRow[], by school and
 *   name); GET /data?id: one (ContractTemplate, with `version`). Atom s_contract_r.
 * - GET /sel?school=ID: the templates of one school for pickers (the conclusion form):
 *   ContractTemplateOption[]. Atom s_contract_r or conclusion_r.
 * - POST /data (ContractTemplateForm; copy = create with the source's fields): {success, id}.
 *   s_contract_w.
 * - PUT /data?id (ContractTemplateForm + version): {success, version}; 409 {error: 9} when
 *   stale; 400 {error: 59} when the school of a template contracts use is changed. s_contract_w.
 * - DELETE /data?id: 400 {error: 58} while student contracts or conclusions use it. s_contract_d.
 */

/** Minimum term at the start, months. Germany: 24 at most by law (then indefinite, monthly cancellation). */
export const CONTRACT_START_MONTHS = { min: 1, max: 24 } as const;
/** Follow-up term, months. */
export const CONTRACT_FOLLOW_MONTHS = { min: 1, max: 12 } as const;
/** Cancellation periods (start and follow-up), months. */
export const CONTRACT_CANCELLATION_MONTHS = { min: 1, max: 3 } as const;
export const CONTRACT_TEMPLATE_NAME_MAX = 200;
export const CONTRACT_TEMPLATE_NOTES_MAX = 2000;

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const months = (bounds: { min: number; max: number }) =>
  yup
    .number()
    .typeError(MSG.number)
    .integer(MSG.number)
    .min(bounds.min, MSG.number)
    .max(bounds.max, MSG.number)
    .required(MSG.required);
const cents = () => yup.number().typeError(MSG.amount).integer(MSG.amount).min(0, MSG.amount).max(MAX_AMOUNT_CENTS, MSG.amount);

/** POST|PUT /api-contract/data body; the form validates with it too. */
export const contractTemplateSchema = yup
  .object({
    school_id: id().required(MSG.required),
    name: yup.string().trim().required(MSG.required).max(CONTRACT_TEMPLATE_NAME_MAX, MSG.tooLong),
    notes: yup.string().trim().max(CONTRACT_TEMPLATE_NOTES_MAX, MSG.tooLong).default(''),
    pay_interval: yup.number().typeError(MSG.required).oneOf([...PAY_INTERVALS], MSG.invalid).required(MSG.required),
    c_country_iso: yup.string().oneOf([...COUNTRIES], MSG.invalid).required(MSG.required),
    /** Gross amount per pay interval, cents. */
    amount_gross: cents().required(MSG.required),
    /** One-off activation fee, cents (0 = none). */
    activation_gross: cents().default(0),
    /** 0 for a tax exemption; at most two decimals. */
    tax_percent: yup
      .number()
      // The form's text field: a German decimal comma ('7,7') is the same number.
      .transform((value: unknown, original: unknown) => (typeof original === 'string' && original.trim() !== '' ? Number(original.trim().replace(',', '.')) : value))
      .typeError(MSG.number)
      .min(0, MSG.number)
      .max(100, MSG.number)
      .test('two-decimals', MSG.number, (value) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6)
      .required(MSG.required),
    c_interval_start: months(CONTRACT_START_MONTHS),
    c_cperiod_start: months(CONTRACT_CANCELLATION_MONTHS),
    c_interval_follow: months(CONTRACT_FOLLOW_MONTHS),
    c_cperiod_follow: months(CONTRACT_CANCELLATION_MONTHS),
    currency: yup.string().oneOf([...CURRENCIES], MSG.invalid).required(MSG.required),
  })
  .noUnknown();
export type ContractTemplateForm = yup.InferType<typeof contractTemplateSchema>;

/** GET /api-contract/data?id: the saved form plus its version. */
export interface ContractTemplate extends ContractTemplateForm {
  id: number;
  c_country_iso: Country;
  version: number;
}

/** A row of GET /api-contract/data (the list). */
export interface ContractTemplateRow extends ContractTemplate {
  /** The school's name. */
  school: string;
  /** Use count: student contracts and conclusions made from it (deletable only at 0; its school fixed above 0). */
  uc: number;
}

/** A row of GET /api-contract/sel?school (pickers). */
export interface ContractTemplateOption {
  id: number;
  name: string;
  school_id: number;
  pay_interval: number;
  amount_gross: number;
  activation_gross: number;
  currency: string;
}

/** The empty form of /m-conf/contract/create (a school's country and the euro preset). */
export function emptyContractTemplateForm(schoolId: number | null, country: Country): Omit<ContractTemplateForm, 'school_id'> & { school_id: number | null } {
  return {
    school_id: schoolId,
    name: '',
    notes: '',
    pay_interval: 1,
    c_country_iso: country,
    amount_gross: 0,
    activation_gross: 0,
    tax_percent: country === 'at' ? 20 : 19,
    c_interval_start: 12,
    c_cperiod_start: 1,
    c_interval_follow: 1,
    c_cperiod_follow: 1,
    currency: 'EUR',
  };
}
