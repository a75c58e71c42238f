import * as yup from 'yup';
import { MSG } from './messages.js';
import { DIVISIONS, PAYMENT_METHOD, PAYMENT_METHODS, SALUTATIONS } from './enums.js';
import { bicRule, ibanRule } from './banking.js';
import type { PagedListResponse } from './paging.js';
import { PHONE_PATTERN, birthDate, nearDate } from './students.js';

/**
 * Conclusions (spec 000 §2-5, §7): the sign-up of a new contract. Wire types of the list and
 * the forms, and ONE schema factory, `conclusionSchema({ country, paper })`, with every rule
 * of spec 000 §5; the regular form, the paper form and the API validate with it.
 * Dates ISO `YYYY-MM-DD` on the wire.
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
/** Optional text: '' and null both mean "none" and are sent as null. */
const optionalText = (max: number) =>
  yup
    .string()
    .trim()
    .max(max, MSG.tooLong)
    .nullable()
    .transform((value: string | null) => (value === '' ? null : value))
    .default(null);
const flag = () => yup.boolean().typeError(MSG.invalid).default(false);
const salutation = () => yup.number().typeError(MSG.invalid).oneOf([...SALUTATIONS], MSG.invalid).nullable().default(null);
const title = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(17, MSG.invalid).nullable().default(null);
const countryIso = () => optionalText(2).lowercase().matches(/^[a-z]{2}$/, { message: MSG.invalid, excludeEmptyString: true });
const phone = () => optionalText(40).matches(PHONE_PATTERN, { message: MSG.invalid, excludeEmptyString: true });
const optionalDate = (rule: () => yup.StringSchema) =>
  rule()
    .nullable()
    .transform((value: string | null) => (value === '' ? null : value))
    .default(null);

/** Installation countries (server config COUNTRY). */
export type ConclusionCountry = 'at' | 'de';

/** Germany's contract-number type (cno_type_id): 1 the number is typed in, 2 it is assigned later. */
export const CONTRACT_NUMBER_TYPE = { typed: 1, later: 2 } as const;
export const CONTRACT_NUMBER_TYPES = [1, 2] as const;

/** Products of a conclusion: the divisions 1..14 (names: management i18n `student_enums.division`). */
export const CONCLUSION_PRODUCTS: readonly number[] = DIVISIONS;

/** createdBy of rows the online-contracts frame created (spec 000 §2: marked in the list). */
export const CONTRACTS_CREATOR = 'Contracts';

/** Under-age threshold in years (spec 000 §9). */
export const UNDER_AGE_YEARS = 18;

/**
 * The age rule (spec 000 §4): true when the contract starts before the person's 18th
 * birthday (contract start − birth date < 18 years). Either date missing or not an ISO date:
 * false (nothing to decide yet). A birthday on 29 February counts from 1 March in other years.
 * @example isUnderAge('2026-12-01', '2014-05-03') // true (12 years)
 */
export function isUnderAge(contractStart: string | null | undefined, birthdate: string | null | undefined): boolean {
  const start = /^(\d{4})-(\d{2})-(\d{2})$/.exec(contractStart ?? '');
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate ?? '');
  if (!start || !birth) return false;
  const [, sy, sm, sd] = start.map(Number) as [number, number, number, number];
  const [, by, bm, bd] = birth.map(Number) as [number, number, number, number];
  const eighteenth = new Date(Date.UTC(by + UNDER_AGE_YEARS, bm - 1, bd));
  return Date.UTC(sy, sm - 1, sd) < eighteenth.getTime();
}

/** SEPA character set (EPC Latin subset) plus the letters of names (umlauts, accents). */
const SEPA_NAME_PATTERN = /^[\p{L}\p{M}0-9 '+?/:().,&-]+$/u;
/** Mandate reference: SEPA characters without spaces, at most 35; not starting with '/' and no '//'. */
export const MANDATE_REF_PATTERN = /^(?!\/)(?!.*\/\/)[A-Za-z0-9+?/:().,'-]{1,35}$/;
/**
 * Contract numbers (our rule, the spec leaves it open): 3 to 20 characters, digits, upper-case
 * letters, '-' and '/', starting with a digit or letter. `GET /api-contract/check` uses it too.
 */
export const CONTRACT_NO_PATTERN = /^[A-Z0-9][A-Z0-9/-]{2,19}$/;

/** Field names of the payer/guardian block without prefix (pt_ for iva, pt2_ for iva2). */
export const GUARDIAN_FIELDS = [
  'salutation_id', 'title_id', 'firstname', 'lastname', 'supplement', 'street', 'house_no', 'zip', 'city',
  'country_iso', 'email', 'phone_regular', 'phone_cellphone',
] as const;
/** Guardian fields required when the block is on (spec 000 §5). */
const GUARDIAN_REQUIRED = ['salutation_id', 'firstname', 'lastname', 'street', 'house_no', 'zip', 'city', 'country_iso'] as const;
/** SEPA fields, all required with payment method 1 (spec 000 §5). */
export const SEPA_FIELDS = [
  'sepa_name', 'co_street', 'co_house_no', 'co_zip', 'co_city', 'co_country_iso', 'sepa_iban', 'sepa_bic', 'sepa_bank',
  'sepa_mandate_ref', 'sepa_date_mandate',
] as const;

type Guardian<P extends string> = {
  [K in (typeof GUARDIAN_FIELDS)[number] as `${P}${K}`]: K extends 'salutation_id' | 'title_id' ? number | null : string | null;
};

/** The form of a conclusion (POST/PUT /api-conclusion/data and /legacy bodies without `version`). */
export interface ConclusionForm extends Guardian<'pt_'>, Guardian<'pt2_'> {
  cno_type_id: number | null;
  contract_no: string | null;
  school_id: number;
  products: number[];
  ec_contract_id: number;
  c_contract_id: number;
  account_id: number;
  contract_start: string;
  payment_method_id: number;
  new_app: boolean;
  school_change: boolean;
  reentry: boolean;
  annotation: string;
  lead_id: number | null;
  salutation_id: number;
  title_id: number | null;
  firstname: string;
  lastname: string;
  supplement: string | null;
  street: string;
  house_no: string;
  zip: string;
  city: string;
  country_iso: string;
  email: string | null;
  phone_regular: string | null;
  phone_cellphone: string | null;
  birthdate: string;
  nationality: string | null;
  sibling: boolean;
  sibling_firstname: string | null;
  sibling_lastname: string | null;
  under_age: boolean;
  iva: boolean;
  iva2: boolean;
  sepa_name: string | null;
  co_street: string | null;
  co_house_no: string | null;
  co_zip: string | null;
  co_city: string | null;
  co_country_iso: string | null;
  sepa_iban: string | null;
  sepa_bic: string | null;
  sepa_bank: string | null;
  sepa_mandate_ref: string | null;
  sepa_date_mandate: string | null;
  /** The person is the same as an existing student of the school and the user confirmed it (else 400 {error: 1005}). Not stored. */
  confirm_existing?: boolean;
  /**
   * The student of the school the conclusion was opened for (GET /data?sid): its activation
   * adds the contract to that student instead of making a new one. Set on create; a change
   * later is refused (400, the field).
   */
  student_id?: number | null;
}

const guardianShape = (prefix: 'pt_' | 'pt2_', flagName: 'iva' | 'iva2') => {
  const whenOn = (schema: yup.AnySchema, field: string) =>
    (GUARDIAN_REQUIRED as readonly string[]).includes(field)
      ? schema.when(flagName, { is: true, then: (s: yup.AnySchema) => s.required(MSG.required) })
      : schema;
  const rules: Record<(typeof GUARDIAN_FIELDS)[number], () => yup.AnySchema> = {
    salutation_id: salutation,
    title_id: title,
    firstname: () => optionalText(100),
    lastname: () => optionalText(100),
    supplement: () => optionalText(100),
    street: () => optionalText(120),
    house_no: () => optionalText(20),
    zip: () => optionalText(12),
    city: () => optionalText(80),
    country_iso: countryIso,
    email: () => optionalText(200).email(MSG.email),
    phone_regular: phone,
    phone_cellphone: phone,
  };
  return Object.fromEntries(GUARDIAN_FIELDS.map((field) => [`${prefix}${field}`, whenOn(rules[field](), field)]));
};

const requiredWithSepa = <S extends yup.AnySchema>(schema: S): S =>
  schema.when('payment_method_id', { is: PAYMENT_METHOD.sepa, then: (s: yup.AnySchema) => s.required(MSG.required) }) as S;

/** The registration flags new_app, school_change and reentry exclude each other (spec 000 §4). */
export const REGISTRATION_FLAGS = ['new_app', 'school_change', 'reentry'] as const;

/**
 * The schema of the conclusion form (spec 000 §5) for an installation country and a form
 * (`paper`: the paper form, /legacy). Required: cno_type_id (Germany), contract_no when
 * cno_type_id is 1 and always on the paper form, school_id, products, ec_contract_id,
 * c_contract_id, account_id, contract_start, payment_method_id, salutation_id, firstname,
 * lastname, street, house_no, zip, city, country_iso, birthdate; sibling → sibling names;
 * payment method 1 → every SEPA field; iva / iva2 → the pt_ / pt2_ address. Formats:
 * sepa_name, IBAN (mod 97), BIC, mandate reference (SEPA characters, max 35), phones, e-mails,
 * dates. The age rule: a person under 18 at the contract start needs under_age and iva; under_age
 * needs iva. At most one of new_app, school_change, reentry.
 */
export function conclusionSchema({ country, paper }: { country: ConclusionCountry; paper: boolean }) {
  const contractNoRequired = (type: unknown) => paper || (country === 'de' && type === CONTRACT_NUMBER_TYPE.typed);
  const exclusive = (field: (typeof REGISTRATION_FLAGS)[number]) =>
    flag().test('exclusive', MSG.invalid, function exclusiveFlag(value) {
      if (!value) return true;
      const before = REGISTRATION_FLAGS.slice(0, REGISTRATION_FLAGS.indexOf(field));
      return !before.some((other) => (this.parent as Record<string, unknown>)[other] === true);
    });
  return yup
    .object({
      cno_type_id:
        country === 'de'
          ? yup.number().typeError(MSG.required).oneOf([...CONTRACT_NUMBER_TYPES], MSG.invalid).required(MSG.required)
          : yup.number().typeError(MSG.invalid).oneOf([...CONTRACT_NUMBER_TYPES], MSG.invalid).nullable().default(null),
      contract_no: optionalText(20)
        .uppercase()
        .matches(CONTRACT_NO_PATTERN, { message: MSG.invalid, excludeEmptyString: true })
        .when('cno_type_id', { is: contractNoRequired, then: (s) => s.required(MSG.required) }),
      school_id: id().required(MSG.required),
      products: yup
        .array(yup.number().typeError(MSG.invalid).oneOf([...CONCLUSION_PRODUCTS], MSG.invalid).required())
        .typeError(MSG.invalid)
        .min(1, MSG.required)
        .max(CONCLUSION_PRODUCTS.length, MSG.invalid)
        .test('distinct', MSG.invalid, (value) => !value || new Set(value).size === value.length)
        .required(MSG.required),
      ec_contract_id: id().required(MSG.required),
      c_contract_id: id().required(MSG.required),
      account_id: id().required(MSG.required),
      contract_start: nearDate().required(MSG.required),
      payment_method_id: yup.number().typeError(MSG.required).oneOf([...PAYMENT_METHODS], MSG.invalid).required(MSG.required),
      new_app: exclusive('new_app'),
      school_change: exclusive('school_change'),
      reentry: exclusive('reentry'),
      annotation: yup.string().trim().max(2000, MSG.tooLong).default(''),
      lead_id: id().nullable().default(null),

      salutation_id: yup.number().typeError(MSG.required).oneOf([...SALUTATIONS], MSG.invalid).required(MSG.required),
      title_id: title(),
      firstname: yup.string().trim().max(100, MSG.tooLong).required(MSG.required),
      lastname: yup.string().trim().max(100, MSG.tooLong).required(MSG.required),
      supplement: optionalText(100),
      street: yup.string().trim().max(120, MSG.tooLong).required(MSG.required),
      house_no: yup.string().trim().max(20, MSG.tooLong).required(MSG.required),
      zip: yup.string().trim().max(12, MSG.tooLong).required(MSG.required),
      city: yup.string().trim().max(80, MSG.tooLong).required(MSG.required),
      country_iso: yup.string().trim().lowercase().matches(/^[a-z]{2}$/, MSG.invalid).required(MSG.required),
      email: optionalText(200).email(MSG.email),
      phone_regular: phone(),
      phone_cellphone: phone(),
      birthdate: birthDate().required(MSG.required),
      nationality: optionalText(60),

      sibling: flag(),
      sibling_firstname: optionalText(100).when('sibling', { is: true, then: (s) => s.required(MSG.required) }),
      sibling_lastname: optionalText(100).when('sibling', { is: true, then: (s) => s.required(MSG.required) }),
      under_age: flag().test('age-rule', MSG.required, function underAgeRule(value) {
        const form = this.parent as { contract_start?: string; birthdate?: string };
        return value || !isUnderAge(form.contract_start, form.birthdate);
      }),
      iva: flag().test('guardian', MSG.required, function guardianRule(value) {
        return value || !(this.parent as { under_age?: boolean }).under_age;
      }),
      ...guardianShape('pt_', 'iva'),
      iva2: flag(),
      ...guardianShape('pt2_', 'iva2'),

      sepa_name: requiredWithSepa(optionalText(70).matches(SEPA_NAME_PATTERN, { message: MSG.invalid, excludeEmptyString: true })),
      co_street: requiredWithSepa(optionalText(120)),
      co_house_no: requiredWithSepa(optionalText(20)),
      co_zip: requiredWithSepa(optionalText(12)),
      co_city: requiredWithSepa(optionalText(80)),
      co_country_iso: requiredWithSepa(countryIso()),
      sepa_iban: requiredWithSepa(ibanRule().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null)),
      sepa_bic: requiredWithSepa(bicRule().nullable().transform((v: string | null) => (v === '' ? null : v)).default(null)),
      sepa_bank: requiredWithSepa(optionalText(120)),
      sepa_mandate_ref: requiredWithSepa(optionalText(35).matches(MANDATE_REF_PATTERN, { message: MSG.invalid, excludeEmptyString: true })),
      sepa_date_mandate: requiredWithSepa(optionalDate(nearDate)),

      confirm_existing: yup.boolean().typeError(MSG.invalid).optional(),
      student_id: yup.number().typeError(MSG.invalid).integer(MSG.invalid).positive(MSG.invalid).nullable().optional(),
    })
    .noUnknown();
}

/**
 * The form as stored: fields of a switched-off block are emptied (sibling names without the
 * sibling flag, pt_ without iva, pt2_ without iva2, SEPA data without payment method 1, the
 * contract number type outside Germany), so a row never keeps data its flags say is absent.
 */
export function normaliseConclusion<F extends ConclusionForm>(form: F, country: ConclusionCountry): F {
  const values = { ...form } as Record<string, unknown>;
  const clear = (fields: readonly string[], prefix = '') => {
    for (const field of fields) values[`${prefix}${field}`] = null;
  };
  if (!form.sibling) clear(['sibling_firstname', 'sibling_lastname']);
  if (!form.iva) clear(GUARDIAN_FIELDS, 'pt_');
  if (!form.iva2) clear(GUARDIAN_FIELDS, 'pt2_');
  if (form.payment_method_id !== PAYMENT_METHOD.sepa) clear(SEPA_FIELDS);
  if (country !== 'de') values.cno_type_id = null;
  return values as F;
}

// ---- wire types -------------------------------------------------------------------------

/** A row of POST /api-conclusion/list (spec 000 §3 "Conclusion list row") plus the school name. */
export interface ConclusionListRow {
  ccid: number;
  /** created (ISO date-time) */
  dc: string;
  /** school id and name */
  sid: number;
  sn: string;
  /** contract number or null */
  cn: string | null;
  fn: string;
  ln: string;
  /** paper form */
  po: boolean;
  /** activated */
  act: boolean;
  /** withdrawal date (ISO date) or null: the row is shown orange */
  date_withdrawal: string | null;
  /** contract start (ISO date) or null */
  cs: string | null;
  /** who created it: the user's name, or CONTRACTS_CREATOR for the online-contracts frame */
  createdBy: string;
  /** the student's network membership number, or null */
  mno: string | null;
  /** the student created by the activation, or null */
  stu: number | null;
  /**
   * pays by SEPA direct debit (payment method 1): only then is there a mandate to download
   * (GET /sepaddm answers 404 otherwise). Not a column; it decides the row's SEPA action.
   */
  sepa: boolean;
}
export type ConclusionListResponse = PagedListResponse<ConclusionListRow>;

/** Sortable columns of POST /api-conclusion/list (text sorts in German order). */
export const CONCLUSION_LIST_SORT_FIELDS = ['dc', 'sid', 'cn', 'fn', 'ln', 'po', 'act', 'date_withdrawal', 'cs', 'createdBy', 'mno', 'stu'] as const;
/** Filters: fn, ln (case-insensitive prefix), sid (one school id), po (boolean), act (boolean: activated or not). */
export const CONCLUSION_LIST_FILTER_FIELDS = ['fn', 'ln', 'sid', 'po', 'act'] as const;

/**
 * `data` of GET /api-conclusion/data: a saved conclusion (id, version set) or, for a new one,
 * the form prefilled from the student (sid) or the lead (lid) with id and version null.
 * Required fields the prefill does not know are null.
 */
export type ConclusionData = { [K in keyof ConclusionForm]: ConclusionForm[K] | null } & {
  id: number | null;
  version: number | null;
  po: boolean;
  activated_at: string | null;
  date_withdrawal: string | null;
  student_id: number | null;
  created_at: string | null;
  created_by_name: string | null;
};

/** A school contract template the form offers (c_contract_id), of the user's schools. */
export interface ConclusionContractOption {
  id: number;
  name: string;
  /** the template's school */
  sid: number;
  country_iso: string;
  pay_interval: number;
  amount_gross: number;
  activation_gross: number;
  currency: string;
}

/** A membership-network contract (ec_contract_id); the form shows those of the school's country. */
export interface NetworkContractOption {
  id: number;
  name: string;
  country_iso: 'at' | 'de';
}

/** GET /api-conclusion/data?id|sid|lid answer. */
export interface ConclusionDataResponse {
  data: ConclusionData;
  contracts: ConclusionContractOption[];
  /** product (division) numbers the form offers */
  products: number[];
  network_contracts: NetworkContractOption[];
  /** the installation country: which rules the form applies */
  country: ConclusionCountry;
}

/** GET /api-contract/check?cno answer: valid = well-formed and not used by another conclusion or contract. */
export interface ContractNumberCheck {
  valid: boolean;
  /** ERROR.contractNumberInUse (1006) when the number is taken */
  error?: number;
}
