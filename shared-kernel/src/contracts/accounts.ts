import * as yup from 'yup';
import { bicRule, creditorIdRule, ibanRule } from './banking.js';
import { PAIN_VERSIONS, type PainVersion } from './direct-debits.js';
import { MSG } from './messages.js';

/**
 * Bank accounts of the schools (spec 001 §3 Account, §5): the form of /m-conf/account and the
 * wire shapes of /api-account. The API validates every write with the same schema.
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const text = (max: number) => yup.string().trim().max(max, MSG.tooLong);

/** Longest account name, creditor (SEPA: 70 characters) and bank name. */
export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_CREDITOR_MAX = 70;
export const ACCOUNT_BANK_MAX = 100;

/**
 * The account form: name, creditor (sepa_name), creditor id (checked when given), IBAN and BIC
 * (checked), bank, main flag, school, pain.008 version of its direct-debit files. IBAN, BIC and creditor id are stored normalised.
 */
export const accountSchema = yup
  .object({
    school_id: id().required(MSG.required),
    name: text(ACCOUNT_NAME_MAX).required(MSG.required),
    sepa_name: text(ACCOUNT_CREDITOR_MAX).required(MSG.required),
    sepa_ci: creditorIdRule().default(''),
    sepa_iban: ibanRule().required(MSG.required),
    sepa_bic: bicRule().required(MSG.required),
    sepa_bank: text(ACCOUNT_BANK_MAX).required(MSG.required),
    is_main: yup.boolean().default(false),
    /** The pain.008 version of the account's direct-debit (EBICS) files: .001.08, or .001.02 for banks that still require it. */
    sepa_pain_version: yup.mixed<PainVersion>().oneOf([...PAIN_VERSIONS], MSG.invalid).default('pain.008.001.08'),
  })
  .noUnknown();
export type AccountForm = yup.InferType<typeof accountSchema>;

/** GET /api-account/data?id: one account with its record version. */
export interface AccountData extends AccountForm {
  id: number;
  currency: string;
  version: number;
}

/** POST /api-account/list: one row. */
export interface AccountRow {
  id: number;
  school_id: number;
  /** School name. */
  sn: string;
  name: string;
  sepa_name: string;
  sepa_ci: string;
  sepa_iban: string;
  sepa_bic: string;
  sepa_bank: string;
  is_main: boolean;
  currency: string;
  /** Student contracts, payments, income or conclusions use it: it is not deleted (400 {error: 56}), so the list offers no delete. */
  in_use: boolean;
}

export const ACCOUNT_LIST_SORT_FIELDS = ['name', 'sn', 'is_main'] as const;
export const ACCOUNT_LIST_FILTER_FIELDS = ['name', 'school_id'] as const;
