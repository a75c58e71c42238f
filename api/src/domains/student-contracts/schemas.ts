import { CURRENCIES, LETTER_ADDRESS_TYPES, PAY_INTERVALS, PAYMENT_METHODS, STUDENT_CONTRACT_STATUSES } from 'shared-kernel/contracts';
import { versionSchema, withVersionBody } from '../../lib/record-version.js';

/**
 * JSON schemas of the student contract calls (they type the input before the contracts' yup
 * schemas give the field messages, and make the OpenAPI document).
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const cents = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;
const months = { type: ['integer', 'null'], minimum: 0, maximum: 99 } as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** A payment, due or contract date: within ten years of today (lib/route-schemas.ts DATE_FORMATS). */
const nearDate = { type: 'string', format: 'near-date' } as const;
const optionalNearDate = { type: ['string', 'null'], format: 'near-date' } as const;
const dateOut = { type: ['string', 'null'] } as const;

export const stidQuery = { type: 'object', required: ['stid'], additionalProperties: false, properties: { stid: id } } as const;
export const stidIdQuery = { type: 'object', required: ['stid', 'id'], additionalProperties: false, properties: { stid: id, id } } as const;
export const stidOptionalIdQuery = { type: 'object', required: ['stid'], additionalProperties: false, properties: { stid: id, id } } as const;
/** /cancel?stid&stcid[&dc] */
export const cancelQuery = { type: 'object', required: ['stid', 'stcid'], additionalProperties: false, properties: { stid: id, stcid: id } } as const;
export const proposalQuery = {
  type: 'object', required: ['stid', 'stcid'], additionalProperties: false, properties: { stid: id, stcid: id, dc: nearDate },
} as const;
/** /cp?scid&id: scid the student, id the contract. */
export const cpQuery = { type: 'object', required: ['scid', 'id'], additionalProperties: false, properties: { scid: id, id } } as const;

export const contractBody = {
  type: 'object',
  required: ['payment_method_id', 'contract_start', 'amount_gross', 'currency', 'pay_interval'],
  additionalProperties: false,
  properties: {
    contract_template_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    account_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    contract_no: optionalText(20),
    status: { type: 'integer', enum: [...STUDENT_CONTRACT_STATUSES] },
    payment_method_id: { type: 'integer', enum: [...PAYMENT_METHODS] },
    due_date: optionalNearDate,
    contract_start: nearDate,
    amount_gross: cents,
    activation_gross: cents,
    tax_percent: { type: 'number', minimum: 0, maximum: 100 },
    currency: { type: 'string', enum: [...CURRENCIES] },
    pay_interval: { type: 'integer', enum: [...PAY_INTERVALS] },
    c_interval_start: months,
    c_cperiod_start: months,
    c_interval_follow: months,
    c_cperiod_follow: months,
    sepa_name: optionalText(70),
    sepa_iban: optionalText(42),
    sepa_bic: optionalText(11),
    sepa_bank: optionalText(120),
    sepa_mandate_ref: optionalText(35),
    sepa_date_mandate: optionalNearDate,
  },
} as const;
export const contractUpdateBody = withVersionBody(contractBody);

export const versionBody = { type: 'object', required: ['version'], additionalProperties: false, properties: { version: versionSchema } } as const;

export const cancellationBody = {
  type: 'object',
  required: ['dc', 'version'],
  additionalProperties: false,
  properties: { dc: nearDate, dce: optionalNearDate, version: versionSchema },
} as const;

export const cancellationLetterBody = {
  type: 'object',
  required: ['sc', 'dc', 'dce', 'version'],
  additionalProperties: false,
  properties: {
    sc: id,
    dc: nearDate,
    dce: nearDate,
    /** A system template key (rep_memb_canc) or the id of a custom template for students or student contracts. */
    tmpl: { type: 'string', pattern: '^([a-z0-9_]{1,40}|[1-9][0-9]{0,9})$' },
    sati: { type: 'integer', enum: [...LETTER_ADDRESS_TYPES] },
    version: versionSchema,
  },
} as const;

export const contractRowOut = {
  type: 'object',
  required: ['id', 'cs', 'pmid', 'dd', 'dcs', 'dce', 'cd', 'ag', 'acg', 'cur', 'pi', 'c1', 'c2', 'c3', 'c4', 'cno', 'name', 'tp', 'rc', 'version'],
  properties: {
    id: { type: 'integer' }, cs: { type: 'integer' }, pmid: { type: 'integer' }, dd: dateOut, dcs: { type: 'string' }, dce: dateOut, cd: dateOut,
    ag: { type: 'integer' }, acg: { type: 'integer' }, cur: { type: 'string' }, pi: { type: 'integer' },
    c1: { type: ['integer', 'null'] }, c2: { type: ['integer', 'null'] }, c3: { type: ['integer', 'null'] }, c4: { type: ['integer', 'null'] },
    cno: { type: ['string', 'null'] }, name: { type: ['string', 'null'] }, tp: { type: 'number' }, rc: { type: 'boolean' }, version: { type: 'integer' },
  },
} as const;

export const contractOut = {
  type: 'object',
  properties: {
    ...Object.fromEntries(Object.entries(contractBody.properties).map(([key, value]) => [key, { ...value, format: undefined }])),
    id: { type: 'integer' },
    student_id: { type: 'integer' },
    school_id: { type: 'integer' },
    contract_end: dateOut,
    cancel_date: dateOut,
    version: { type: 'integer' },
  },
} as const;

export const skipInfoOut = {
  type: 'object',
  required: ['allowed', 'period_start', 'period_end', 'reason', 'skipped'],
  properties: {
    allowed: { type: 'boolean' },
    period_start: dateOut,
    period_end: dateOut,
    reason: { type: ['string', 'null'] },
    skipped: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const proposalOut = {
  type: 'object',
  required: ['stcid', 'dc', 'dce', 'error', 'deadline', 'version'],
  properties: {
    stcid: { type: 'integer' }, dc: { type: 'string' }, dce: dateOut, error: { type: ['integer', 'null'] }, deadline: dateOut, version: { type: 'integer' },
  },
} as const;

export const cancellationOut = {
  type: 'object',
  required: ['success', 'version', 'cd', 'dce'],
  properties: { success: { type: 'boolean', enum: [true] }, version: { type: 'integer' }, cd: { type: 'string' }, dce: { type: 'string' } },
} as const;
