import { CONCLUSION_PRODUCTS, GUARDIAN_FIELDS, PAYMENT_METHODS } from 'shared-kernel/contracts';

/*
 * JSON schemas of the conclusion routes (and their OpenAPI document). They fix types and
 * bounds before the handler runs; the rules of the form (required by flags, formats, the age
 * rule) are the contract's conclusionSchema, which the handler validates the body with.
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const flag = { type: 'boolean' } as const;
const smallEnum = (max: number) => ({ type: ['integer', 'null'], minimum: 1, maximum: max }) as const;
const instant = { type: 'string', format: 'date-time' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date' } as const;

function guardian(prefix: 'pt_' | 'pt2_'): Record<string, unknown> {
  const rules: Record<(typeof GUARDIAN_FIELDS)[number], unknown> = {
    salutation_id: smallEnum(5),
    title_id: smallEnum(17),
    firstname: text(100),
    lastname: text(100),
    supplement: text(100),
    street: text(120),
    house_no: text(20),
    zip: text(12),
    city: text(80),
    country_iso: text(2),
    email: text(200),
    phone_regular: text(40),
    phone_cellphone: text(40),
  };
  return Object.fromEntries(GUARDIAN_FIELDS.map((field) => [`${prefix}${field}`, rules[field]]));
}

/** Every field of the conclusion form (contracts/conclusion.ts ConclusionForm). */
const formProperties = {
  cno_type_id: { type: ['integer', 'null'], enum: [1, 2, null] },
  contract_no: text(20),
  school_id: id,
  products: { type: 'array', maxItems: CONCLUSION_PRODUCTS.length, items: { type: 'integer', minimum: 1, maximum: 14 } },
  ec_contract_id: id,
  c_contract_id: id,
  account_id: id,
  contract_start: { type: 'string', format: 'near-date' },
  payment_method_id: { type: 'integer', enum: [...PAYMENT_METHODS] },
  new_app: flag,
  school_change: flag,
  reentry: flag,
  annotation: { type: ['string', 'null'], maxLength: 2000 },
  lead_id: nullableId,
  salutation_id: { type: 'integer', minimum: 1, maximum: 5 },
  title_id: smallEnum(17),
  firstname: { type: 'string', maxLength: 100 },
  lastname: { type: 'string', maxLength: 100 },
  supplement: text(100),
  street: { type: 'string', maxLength: 120 },
  house_no: { type: 'string', maxLength: 20 },
  zip: { type: 'string', maxLength: 12 },
  city: { type: 'string', maxLength: 80 },
  country_iso: { type: 'string', maxLength: 2 },
  email: text(200),
  phone_regular: text(40),
  phone_cellphone: text(40),
  birthdate: { type: 'string', format: 'birth-date' },
  nationality: text(60),
  sibling: flag,
  sibling_firstname: text(100),
  sibling_lastname: text(100),
  under_age: flag,
  iva: flag,
  ...guardian('pt_'),
  iva2: flag,
  ...guardian('pt2_'),
  sepa_name: text(70),
  co_street: text(120),
  co_house_no: text(20),
  co_zip: text(12),
  co_city: text(80),
  co_country_iso: text(2),
  sepa_iban: text(42),
  sepa_bic: text(11),
  sepa_bank: text(120),
  sepa_mandate_ref: text(35),
  sepa_date_mandate: { type: ['string', 'null'], format: 'near-date' },
} as const;

/** POST /data and /legacy body (PUT adds `version`). */
export const conclusionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'school_id', 'products', 'ec_contract_id', 'c_contract_id', 'account_id', 'contract_start', 'payment_method_id',
    'salutation_id', 'firstname', 'lastname', 'street', 'house_no', 'zip', 'city', 'country_iso', 'birthdate',
  ],
  properties: {
    ...formProperties,
    /** The person is the same as an existing student and the user confirmed it (else 400 {error: 1005}). */
    confirm_existing: flag,
    /** The student of the school the conclusion was opened for (GET /data?sid): activation attaches to it. */
    student_id: nullableId,
  },
} as const;

/** Loosened for the answer: a new (prefilled) form has nulls where the person must still type. */
const answerProperties = Object.fromEntries(
  Object.entries(formProperties).map(([name, schema]) => {
    const { format: _format, minimum: _minimum, maximum: _maximum, maxLength: _maxLength, enum: _enum, ...rest } = schema as Record<string, unknown>;
    const type = rest.type as string | string[];
    return [name, { ...rest, type: Array.isArray(type) ? type : [type, 'null'] }];
  }),
);

/** GET /data answer (contracts/conclusion.ts ConclusionDataResponse). */
export const conclusionDataResponseSchema = {
  type: 'object',
  required: ['data', 'contracts', 'products', 'network_contracts', 'country'],
  properties: {
    data: {
      type: 'object',
      properties: {
        ...answerProperties,
        id: nullableId,
        version: { type: ['integer', 'null'] },
        po: flag,
        activated_at: { type: ['string', 'null'], format: 'date-time' },
        date_withdrawal: nullableDate,
        student_id: nullableId,
        created_at: { type: ['string', 'null'], format: 'date-time' },
        created_by_name: { type: ['string', 'null'] },
      },
    },
    contracts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'sid', 'country_iso', 'pay_interval', 'amount_gross', 'activation_gross', 'currency'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          sid: { type: 'integer' },
          country_iso: { type: 'string' },
          pay_interval: { type: 'integer' },
          amount_gross: { type: 'integer' },
          activation_gross: { type: 'integer' },
          currency: { type: 'string' },
        },
      },
    },
    products: { type: 'array', items: { type: 'integer' } },
    network_contracts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'country_iso'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, country_iso: { type: 'string' } },
      },
    },
    country: { type: 'string', enum: ['at', 'de'] },
  },
} as const;

/** GET /data query: a conclusion (id) or a new form prefilled from a student (sid) and/or a lead (lid). */
export const dataQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id, sid: id, lid: id },
} as const;

/** A row of POST /list (contracts/conclusion.ts ConclusionListRow). */
export const conclusionRowSchema = {
  type: 'object',
  required: ['ccid', 'dc', 'sid', 'sn', 'cn', 'fn', 'ln', 'po', 'act', 'date_withdrawal', 'cs', 'createdBy', 'mno', 'stu', 'sepa'],
  properties: {
    ccid: { type: 'integer' },
    dc: instant,
    sid: { type: 'integer' },
    sn: { type: 'string' },
    cn: { type: ['string', 'null'] },
    fn: { type: 'string' },
    ln: { type: 'string' },
    po: flag,
    act: flag,
    date_withdrawal: nullableDate,
    cs: nullableDate,
    createdBy: { type: 'string' },
    mno: { type: ['string', 'null'] },
    stu: { type: ['integer', 'null'] },
    sepa: flag,
  },
} as const;

/** POST /data and /legacy answer. */
export const createdSchema = {
  type: 'object',
  required: ['success', 'id', 'version'],
  properties: { success: { type: 'boolean' }, id: { type: 'integer' }, version: { type: 'integer' } },
} as const;
