import { withVersionBody } from '../../lib/record-version.js';

/** JSON schemas of the bank-statement routes (wire types in shared-kernel/contracts/bank-movements.ts). */

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;

const notBooked = {
  type: 'object',
  required: ['position', 'ref', 'status', 'amount', 'credit', 'date'],
  properties: { position: int, ref: nullableStr, status: str, amount: int, credit: { type: 'boolean' }, date: nullableStr },
} as const;

const statement = {
  type: 'object',
  required: ['id', 'iban', 'account_id', 'account_name', 'currency', 'from', 'to', 'opening', 'closing', 'entries', 'bank_entries', 'movements', 'not_booked'],
  properties: {
    id: str, iban: str, account_id: int, account_name: str, currency: nullableStr, from: nullableStr, to: nullableStr,
    opening: nullableInt, closing: nullableInt, entries: int, bank_entries: int, movements: int, not_booked: { type: 'array', items: notBooked },
  },
} as const;

const importDetail = {
  type: 'object',
  required: ['id', 'school_id', 'file_name', 'message', 'created_at', 'statements', 'imported', 'skipped', 'entries', 'movements', 'not_booked', 'returns', 'paid_debits'],
  properties: {
    id: int, school_id: int, file_name: str, message: str, created_at: str, statements: { type: 'array', items: statement },
    imported: int, skipped: int, entries: int, movements: int, not_booked: int, returns: int, paid_debits: int,
  },
} as const;

const movementRow = {
  type: 'object',
  required: ['id', 'bd', 'riban', 'sname', 'siban', 'mdid', 'ssvwz', 'amt', 'cur', 'isd', 'stid', 'stn', 'man'],
  properties: {
    id: int, bd: str, riban: str, sname: str, siban: str, mdid: nullableStr, ssvwz: str, amt: int, cur: str, isd: { type: 'boolean' },
    stid: nullableInt, stn: nullableStr, man: { type: 'boolean' },
  },
} as const;

const movementData = {
  type: 'object',
  required: ['id', 'school_id', 'account_id', 'riban', 'booking_date', 'amount', 'credit', 'currency', 'version'],
  properties: {
    id: int, school_id: int, account_id: int, riban: str, booking_date: str, value_date: nullableStr, amount: int, credit: { type: 'boolean' },
    currency: str, counterparty_name: str, counterparty_iban: str, mandate_id: nullableStr, end_to_end_id: nullableStr, remittance: str,
    bank_tx_code: nullableStr, return_reason: nullableStr, charges: int, student_id: nullableInt, student_name: nullableStr,
    payment_id: nullableInt, import_id: nullableInt, version: int,
  },
} as const;

/** Body of POST/PUT /bam (the contract's yup schema checks the rest). */
const movementForm = {
  type: 'object',
  required: ['account_id', 'booking_date', 'amount', 'credit'],
  additionalProperties: false,
  properties: {
    account_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    booking_date: { type: 'string', format: 'near-date' },
    amount: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    credit: { type: 'boolean' },
    counterparty_name: { type: 'string', maxLength: 200 },
    counterparty_iban: { type: 'string', maxLength: 34 },
    mandate_id: { type: ['string', 'null'], maxLength: 35 },
    remittance: { type: 'string', maxLength: 2000 },
  },
} as const;

const assignRow = {
  type: 'object',
  required: ['id', 'bd', 'sname', 'siban', 'ssvwz', 'amt', 'cur', 'stid', 'stn', 'op', 'rno', 'why', 'collective', 'version'],
  properties: {
    id: int, bd: str, sname: str, siban: str, ssvwz: str, amt: int, cur: str, stid: nullableInt, stn: nullableStr,
    op: { type: ['string', 'null'] }, rno: nullableInt, why: { type: ['string', 'null'] }, collective: { type: 'boolean' }, version: int,
  },
} as const;

const assignResponse = {
  type: 'object',
  required: ['rows', 'total'],
  properties: { rows: { type: 'array', items: assignRow }, total: int },
} as const;

const studentOptions = {
  type: 'object',
  required: ['stid', 'stn', 'receipts', 'op', 'rno'],
  properties: {
    stid: int, stn: str, op: str, rno: nullableInt,
    receipts: {
      type: 'array',
      items: { type: 'object', required: ['rno', 'ddue', 'open', 'cur', 'txt'], properties: { rno: int, ddue: nullableStr, open: int, cur: str, txt: str } },
    },
  },
} as const;

/** POST /sa: the operation plus the movement's version as /blassign answered it (required, as for every versioned write). */
const assignBody = withVersionBody({
  type: 'object',
  required: ['bamid', 'ops'],
  additionalProperties: false,
  properties: {
    bamid: { type: 'integer', minimum: 1, maximum: 2147483647 },
    stid: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    ops: { type: 'string', enum: ['cp', 'pr', 'del'] },
    rno: { type: ['integer', 'null'], minimum: 1, maximum: 9007199254740991 },
  },
} as const);

const assignResult = {
  type: 'object',
  required: ['success', 'payment_id', 'assigned'],
  properties: { success: { type: 'boolean' }, payment_id: nullableInt, assigned: int },
} as const;

export const schemas = { importDetail, movementRow, movementData, movementForm, assignResponse, studentOptions, assignBody, assignResult };
