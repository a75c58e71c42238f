import { DIVISIONS, MEMBER_STATUSES, NOTE_TYPES, SALUTATIONS, STUDENT_STATUSES } from 'shared-kernel/contracts';
import { versionSchema, withVersionBody } from '../../lib/record-version.js';

/**
 * JSON schemas of /api-student (they type the input before the contracts' yup schemas give
 * the field messages, and make the OpenAPI document).
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** A birth date or null (lib/route-schemas.ts DATE_FORMATS: 1900-01-01 to today). */
const birthDate = { type: ['string', 'null'], format: 'birth-date' } as const;
/** A date column as the database answers it ('YYYY-MM-DD') or null. */
const dateOut = { type: ['string', 'null'] } as const;

export const stidQuerySchema = {
  type: 'object',
  required: ['stid'],
  additionalProperties: false,
  properties: { stid: id },
} as const;

export const addressQuerySchema = {
  type: 'object',
  required: ['stid', 'type'],
  additionalProperties: false,
  properties: { stid: id, type: { type: 'integer', enum: [1, 2] } },
} as const;

export const noteQuerySchema = {
  type: 'object',
  required: ['id', 'stid'],
  additionalProperties: false,
  properties: { id, stid: id },
} as const;

export const selectQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** 1 (default) every student, 2 current students only (statuses 1-3). */
    type: { type: 'integer', enum: [1, 2] },
    s: { type: 'string', minLength: 2, maxLength: 100 },
    id,
  },
} as const;

export const exportQuerySchema = {
  type: 'object',
  required: ['format'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['csv', 'xlsx'] },
    /** Selected student ids, comma separated. */
    ids: { type: 'string', pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$', maxLength: 12_000 },
    /** Without ids: the list's `filtered` and `sorted` as JSON (all students the filters find). */
    filtered: { type: 'string', maxLength: 4000 },
    sorted: { type: 'string', maxLength: 1000 },
  },
} as const;

const personalDataFields = {
  type: 'object',
  required: ['salutation_id', 'firstname', 'lastname', 'student_status_id'],
  additionalProperties: false,
  properties: {
    salutation_id: { type: 'integer', enum: [...SALUTATIONS] },
    title_id: { type: ['integer', 'null'], minimum: 1, maximum: 17 },
    firstname: text(300),
    lastname: text(300),
    supplement: optionalText(300),
    email: optionalText(500),
    phone_regular: optionalText(100),
    phone_cellphone: optionalText(100),
    dob: birthDate,
    nationality: optionalText(200),
    student_status_id: { type: 'integer', enum: [...STUDENT_STATUSES] },
    e_member_status_id: { type: ['integer', 'null'], enum: [...MEMBER_STATUSES, null] },
    divisions: { type: 'array', maxItems: 14, items: { type: 'integer', enum: [...DIVISIONS] } },
  },
} as const;

/** PUT /pd: the personal data and the version read (GET /pd). */
export const personalDataBodySchema = withVersionBody(personalDataFields);

/**
 * Main (type 1) or invoice (type 2) address: the yup schema of the type decides what is
 * required. `version`: the one GET /address answered; 0 for an invoice address the student
 * did not have (creates it).
 */
const addressFields = {
  type: 'object',
  additionalProperties: false,
  properties: {
    salutation_id: { type: 'integer', enum: [...SALUTATIONS] },
    title_id: { type: ['integer', 'null'], minimum: 1, maximum: 17 },
    firstname: optionalText(300),
    lastname: text(300),
    company: optionalText(300),
    street: text(300),
    house_no: text(60),
    zip: text(40),
    city: text(200),
    country_iso: text(10),
    email: optionalText(500),
  },
} as const;

export const addressBodySchema = withVersionBody(addressFields, { ...versionSchema, minimum: 0 });

export const noteBodySchema = {
  type: 'object',
  required: ['type', 'text'],
  additionalProperties: false,
  properties: { type: { type: 'integer', enum: [...NOTE_TYPES] }, text: text(20_000) },
} as const;

/** PUT /note: the note and the version read (GET /note). */
export const noteUpdateBodySchema = withVersionBody(noteBodySchema);

export const studentListRowSchema = {
  type: 'object',
  required: ['id', 'fn', 'ln', 'b', 'cc', 'sst', 'ms', 'p', 'sid', 'sn', 'remc', 'rt'],
  properties: {
    id: { type: 'integer' },
    fn: { type: 'string' },
    ln: { type: 'string' },
    b: { type: ['integer', 'null'] },
    cc: { type: 'string' },
    sst: { type: 'integer' },
    ms: { type: ['integer', 'null'] },
    p: { type: 'array', items: { type: 'integer' } },
    ed: dateOut,
    edtc: dateOut,
    dob: dateOut,
    mno: { type: ['string', 'null'] },
    z: { type: ['string', 'null'] },
    c: { type: ['string', 'null'] },
    sid: { type: 'integer' },
    sn: { type: 'string' },
    sifh: { type: ['string', 'null'] },
    remc: { type: 'integer' },
    rt: { type: 'boolean' },
    street: { type: ['string', 'null'] },
    house_no: { type: ['string', 'null'] },
    lat: { type: ['number', 'null'] },
    long: { type: ['number', 'null'] },
  },
} as const;

export const studentDataSchema = {
  type: 'object',
  required: ['stid', 'firstname', 'lastname', 'school_id', 'sn', 'student_status_id', 'ia', 'remc'],
  properties: {
    stid: { type: 'integer' },
    salutation_id: { type: ['integer', 'null'] },
    title_id: { type: ['integer', 'null'] },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    email: { type: ['string', 'null'] },
    phone_regular: { type: ['string', 'null'] },
    phone_cellphone: { type: ['string', 'null'] },
    dob: dateOut,
    street: { type: ['string', 'null'] },
    house_no: { type: ['string', 'null'] },
    zip: { type: ['string', 'null'] },
    city: { type: ['string', 'null'] },
    country_iso: { type: ['string', 'null'] },
    lat: { type: ['number', 'null'] },
    long: { type: ['number', 'null'] },
    balance: { type: ['integer', 'null'] },
    c_currency: { type: 'string' },
    sifh: { type: ['string', 'null'] },
    school_id: { type: 'integer' },
    sn: { type: 'string' },
    student_status_id: { type: 'integer' },
    e_member_status_id: { type: ['integer', 'null'] },
    e_f_mv_mno: { type: ['string', 'null'] },
    e_entry_date: dateOut,
    e_cancel_date: dateOut,
    e_contract_end: dateOut,
    divisions: { type: 'array', items: { type: 'integer' } },
    ia: { type: 'boolean' },
    remc: { type: 'integer' },
  },
} as const;

export const personalDataSchemaOut = {
  type: 'object',
  properties: {
    salutation_id: { type: ['integer', 'null'] },
    title_id: { type: ['integer', 'null'] },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    supplement: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    phone_regular: { type: ['string', 'null'] },
    phone_cellphone: { type: ['string', 'null'] },
    dob: dateOut,
    nationality: { type: ['string', 'null'] },
    student_status_id: { type: 'integer' },
    e_member_status_id: { type: ['integer', 'null'] },
    divisions: { type: 'array', items: { type: 'integer' } },
    version: { type: 'integer' },
  },
} as const;

export const addressSchemaOut = {
  type: ['object', 'null'],
  properties: {
    salutation_id: { type: ['integer', 'null'] },
    title_id: { type: ['integer', 'null'] },
    firstname: { type: ['string', 'null'] },
    lastname: { type: ['string', 'null'] },
    company: { type: ['string', 'null'] },
    street: { type: ['string', 'null'] },
    house_no: { type: ['string', 'null'] },
    zip: { type: ['string', 'null'] },
    city: { type: ['string', 'null'] },
    country_iso: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    version: { type: 'integer' },
  },
} as const;

export const timelineEntrySchema = {
  type: 'object',
  required: ['id', 'kind', 'type', 'text', 'dc', 'author', 'editable', 'version'],
  properties: {
    id: { type: 'integer' },
    /** The note's (or reminder's) record version: sent with PUT /note. */
    version: { type: 'integer' },
    kind: { type: 'string', enum: ['note', 'reminder_done', 'mail'] },
    type: { type: ['integer', 'null'] },
    text: { type: 'string' },
    dc: { type: 'string', format: 'date-time' },
    author: { type: 'string' },
    editable: { type: 'boolean' },
    /** Mails only (else null): recipient, attachment names, delivery status. */
    mail: {
      type: ['object', 'null'],
      properties: {
        to: { type: 'string' },
        attachments: { type: 'array', items: { type: 'string' } },
        status: { type: 'string', enum: ['sent', 'failed', 'queued'] },
      },
    },
  },
} as const;

export const noteSchemaOut = {
  type: 'object',
  required: ['id', 'stid', 'type', 'text', 'dc', 'author', 'version'],
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    stid: { type: 'integer' },
    type: { type: 'integer' },
    text: { type: 'string' },
    dc: { type: 'string', format: 'date-time' },
    author: { type: 'string' },
  },
} as const;

export const pickerRowSchema = {
  type: 'object',
  required: ['id', 'fn', 'ln', 'dob', 'sid', 'sn'],
  properties: {
    id: { type: 'integer' },
    fn: { type: 'string' },
    ln: { type: 'string' },
    dob: dateOut,
    sid: { type: 'integer' },
    sn: { type: 'string' },
  },
} as const;
