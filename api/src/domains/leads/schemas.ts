import { DIVISIONS, LEAD_INTERESTS, LEAD_ORIGINS, LEAD_SOURCES, LEAD_STATUSES, LEAD_SUGGESTIONS, SALUTATIONS } from 'shared-kernel/contracts';
import { withVersionBody } from '../../lib/record-version.js';

/**
 * JSON schemas of /api-lead (they type the input before the contract's yup schema gives the
 * field messages, and make the OpenAPI document).
 */

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const optionalChoice = (values: readonly number[]) => ({ type: ['integer', 'null'], enum: [...values, null] }) as const;
const instantOut = { type: ['string', 'null'], format: 'date-time' } as const;

const leadFields = {
  type: 'object',
  required: ['school_id', 'salutation_id', 'lastname'],
  additionalProperties: false,
  properties: {
    school_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    lead_status_id: optionalChoice(LEAD_STATUSES),
    lead_origin_id: optionalChoice(LEAD_ORIGINS),
    /** The first contact (ISO date); null for origins 5 and 6. */
    date_created: { type: ['string', 'null'], format: 'date' },
    salutation_id: { type: 'integer', enum: [...SALUTATIONS] },
    company: optionalText(300),
    firstname: text(300),
    lastname: text(300),
    email: optionalText(500),
    phone_regular: optionalText(100),
    phone_cellphone: optionalText(100),
    street: optionalText(300),
    house_no: optionalText(60),
    zip: optionalText(40),
    city: optionalText(200),
    dob: { type: ['string', 'null'], format: 'birth-date' },
    pt_salutation_id: optionalChoice(SALUTATIONS),
    pt_firstname: optionalText(300),
    pt_lastname: optionalText(300),
    pt_email: optionalText(500),
    pt_phone_regular: optionalText(100),
    pt_phone_cellphone: optionalText(100),
    pt_street: optionalText(300),
    pt_house_no: optionalText(60),
    pt_zip: optionalText(40),
    pt_city: optionalText(200),
    lead_source_id: optionalChoice(LEAD_SOURCES),
    lead_source: optionalText(500),
    annotation: text(10_000),
    interests: { type: 'array', maxItems: 3, items: { type: 'string', enum: [...LEAD_INTERESTS] } },
    products: { type: 'array', maxItems: 14, items: { type: 'integer', enum: [...DIVISIONS] } },
    experience: optionalText(4000),
  },
} as const;

/** POST /data: a new lead (LeadForm). */
export const leadCreateBodySchema = leadFields;
/** PUT /data: the form and the version read (GET /data). */
export const leadUpdateBodySchema = withVersionBody(leadFields);

export const leadCreatedSchema = {
  type: 'object',
  required: ['success', 'id'],
  properties: { success: { type: 'boolean' }, id: { type: 'integer' } },
} as const;

const stepState = { type: 'integer', enum: [0, 1, 2, 3] } as const;

export const leadListRowSchema = {
  type: 'object',
  required: ['lid', 'sid', 'sn', 'fc', 'ln', 'fn', 'em', 'p1', 'p2', 'x', 'ls', 'ie', 'tr', 'remc', 'td'],
  properties: {
    lid: { type: 'integer' },
    sid: { type: 'integer' },
    sn: { type: 'string' },
    fc: { type: ['string', 'null'] },
    ln: { type: 'string' },
    fn: { type: 'string' },
    em: { type: ['string', 'null'] },
    p1: { type: ['string', 'null'] },
    p2: { type: ['string', 'null'] },
    x: { type: 'integer', enum: [...LEAD_SUGGESTIONS] },
    ls: { type: 'integer' },
    ie: stepState,
    tr: stepState,
    remc: { type: 'integer' },
    td: { type: 'boolean' },
  },
} as const;

export const suggestionCountsSchema = {
  type: 'object',
  required: LEAD_SUGGESTIONS.map(String),
  properties: Object.fromEntries(LEAD_SUGGESTIONS.map((code) => [String(code), { type: 'integer' }])),
} as const;

const leadDataSchema = {
  type: 'object',
  required: ['id', 'school_id', 'lead_status_id', 'lastname', 'version', 'x', 'td'],
  properties: {
    ...Object.fromEntries(
      Object.entries(leadFields.properties).map(([name, schema]) => [name, { type: (schema as { type: string | readonly string[] }).type }]),
    ),
    id: { type: 'integer' },
    lead_status_id: { type: 'integer' },
    version: { type: 'integer' },
    x: { type: 'integer' },
    no_interest_reason_id: { type: ['integer', 'null'] },
    ie1: instantOut,
    ie2: instantOut,
    it1: instantOut,
    it2: instantOut,
    ieid: { type: ['integer', 'null'] },
    itid: { type: ['integer', 'null'] },
    date_info_event: instantOut,
    date_trial: instantOut,
    created_at: { type: 'string', format: 'date-time' },
    created_by: { type: ['string', 'null'] },
    td: { type: 'boolean' },
  },
} as const;

export const leadDataResponseSchema = {
  type: 'object',
  required: ['data', 'placeholders', 'mi'],
  properties: {
    data: leadDataSchema,
    placeholders: {
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    },
    mi: {
      type: ['object', 'null'],
      required: ['student_id', 'name'],
      properties: { student_id: { type: 'integer' }, name: { type: 'string' } },
    },
  },
} as const;
