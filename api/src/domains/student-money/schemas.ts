/**
 * JSON schemas (route declarations and OpenAPI) of the student money routes. Bodies are
 * checked again with the contracts' yup schemas (shared-kernel/contracts/student-money.ts).
 */

const int = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const rnoInt = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const nullableString = { type: ['string', 'null'] } as const;

const q = (props: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: props,
  required,
  additionalProperties: false,
}) as const;

export const stidQuery = q({ stid: int }, ['stid']);
export const stidOptionalIdQuery = q({ stid: int, id: int }, ['stid']);
export const stidIdQuery = q({ stid: int, id: int }, ['stid', 'id']);
export const receiptsQuery = q({ id: int, type: { type: 'integer', enum: [1, 2] } }, ['id', 'type']);
export const idQuery = q({ id: int }, ['id']);
export const stidRnoQuery = q({ stid: int, rno: rnoInt }, ['stid', 'rno']);
export const rnoStidQuery = stidRnoQuery;
export const stidRrnoQuery = q({ stid: int, rrno: rnoInt }, ['stid', 'rrno']);
export const undoCnQuery = q({ stid: int, rno: rnoInt, rrno: rnoInt }, ['stid', 'rno', 'rrno']);
export const revertPaQuery = q({ stid: int, rno: rnoInt, prid: int }, ['stid', 'rno', 'prid']);
export const printIdQuery = q({ id: rnoInt }, ['id']);
export const printIrQuery = q({ id: int, ds: { type: 'string', format: 'near-date' } }, ['id']);

export const receiptRowSchema = {
  type: 'object',
  required: ['rno', 'rrno', 'stid', 'ddue', 'dcre', 'amt', 'ap', 'cr', 'bal', 'type', 'kind', 'gt', 'txt', 'net', 'tax', 'ps', 'pe', 'scid', 'sub', 'subr', 'dun', 'dlir', 'cur', 'version'],
  properties: {
    rno: { type: 'integer' },
    rrno: { type: ['integer', 'null'] },
    stid: { type: 'integer' },
    ddue: { type: 'string' },
    dcre: { type: 'string' },
    amt: { type: 'integer' },
    ap: { type: 'integer' },
    cr: { type: 'integer' },
    bal: { type: 'integer' },
    type: { type: 'integer' },
    kind: { type: 'string' },
    gt: { type: 'boolean' },
    txt: { type: 'string' },
    net: { type: 'integer' },
    tax: { type: 'integer' },
    ps: nullableString,
    pe: nullableString,
    scid: { type: ['integer', 'null'] },
    sub: { type: 'boolean' },
    subr: { type: 'array', items: { type: 'object', additionalProperties: true } },
    dun: { type: 'integer' },
    dlir: nullableString,
    cur: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;

export const receiptsResponse = {
  type: 'object',
  required: ['rows', 'balance', 'cur'],
  properties: { rows: { type: 'array', items: receiptRowSchema }, balance: { type: 'integer' }, cur: { type: 'string' } },
} as const;

export const receiptDetailResponse = {
  type: 'object',
  required: ['data', 'pa'],
  properties: {
    data: receiptRowSchema,
    pa: {
      type: 'array',
      items: {
        type: 'object',
        required: ['prid', 'pd', 'am', 'booked'],
        properties: { prid: { type: 'integer' }, pd: { type: 'string' }, am: { type: 'integer' }, booked: { type: 'boolean' } },
      },
    },
  },
} as const;

export const paymentRowSchema = {
  type: 'object',
  required: ['id', 'pd', 'am', 'aa', 'bd', 'pm', 'aid', 'acn', 'an', 'dc', 'cur', 'version'],
  properties: {
    id: { type: 'integer' },
    pd: { type: 'string' },
    am: { type: 'integer' },
    aa: { type: 'integer' },
    bd: nullableString,
    pm: { type: 'integer' },
    aid: { type: ['integer', 'null'] },
    acn: nullableString,
    an: { type: 'string' },
    dc: { type: 'string' },
    cur: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;

export const paymentsResponse = { type: 'object', required: ['rows'], properties: { rows: { type: 'array', items: paymentRowSchema } } } as const;

const line = { type: 'object', required: ['rno', 'am'], properties: { rno: { type: 'integer' }, am: { type: 'integer' } } } as const;

export const assignmentResponse = {
  type: 'object',
  required: ['data', 'pr', 'receipts'],
  properties: {
    data: paymentRowSchema,
    pr: { type: 'array', items: line },
    receipts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rno', 'ddue', 'txt', 'amt', 'ap', 'cr', 'bal', 'cur'],
        properties: {
          rno: { type: 'integer' },
          ddue: { type: 'string' },
          txt: { type: 'string' },
          amt: { type: 'integer' },
          ap: { type: 'integer' },
          cr: { type: 'integer' },
          bal: { type: 'integer' },
          cur: { type: 'string' },
        },
      },
    },
  },
} as const;

export const dunningRowSchema = {
  type: 'object',
  required: ['id', 'dc', 'dun', 'ds', 'am', 'cur', 'rnos', 'version'],
  properties: {
    id: { type: 'integer' },
    dc: { type: 'string' },
    dun: { type: 'integer' },
    ds: nullableString,
    am: { type: 'integer' },
    cur: { type: 'string' },
    rnos: { type: 'array', items: { type: 'integer' } },
    version: { type: 'integer' },
  },
} as const;

export const dunningsResponse = { type: 'object', required: ['rows'], properties: { rows: { type: 'array', items: dunningRowSchema } } } as const;

/** Bodies: loose objects here, checked field by field by the yup schemas (400 {error: 4, fields}). */
export const paymentBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pd: { type: 'string', format: 'near-date' },
    am: { type: 'integer' },
    pm: { type: 'integer' },
    aid: { type: ['integer', 'null'] },
    an: { type: 'string' },
  },
} as const;
export const paymentUpdateBody = { type: 'object', additionalProperties: false, required: ['version'], properties: { ...paymentBody.properties, version: { type: 'integer' } } } as const;
export const payReceiptBody = { type: 'object', additionalProperties: false, properties: { ...paymentBody.properties, am: { type: ['integer', 'null'] } } } as const;
export const setPaidBody = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  properties: { pd: { type: 'string', format: 'near-date' }, pm: { type: 'integer' }, aid: { type: ['integer', 'null'] }, version: { type: 'integer' } },
} as const;
export const assignmentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  properties: { pr: { type: 'array', maxItems: 500, items: { type: 'object', additionalProperties: false, properties: { rno: { type: 'integer' }, am: { type: 'integer' } } } }, version: { type: 'integer' } },
} as const;
export const creditNoteBody = { type: 'object', additionalProperties: false, properties: { am: { type: 'integer' }, txt: { type: 'string' } } } as const;
export const creditNoteUpdateBody = { type: 'object', additionalProperties: false, required: ['version'], properties: { ...creditNoteBody.properties, version: { type: 'integer' } } } as const;
export const dunningBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    stid: { type: 'integer' },
    dun: { type: 'integer' },
    rnos: { type: 'array', maxItems: 200, items: { type: 'integer' } },
    ds: { type: ['string', 'null'], format: 'near-date' },
  },
} as const;
export const dunningUpdateBody = { type: 'object', additionalProperties: false, required: ['version'], properties: { dun: { type: 'integer' }, ds: { type: ['string', 'null'], format: 'near-date' }, version: { type: 'integer' } } } as const;

export const createdResponse = (key: string) =>
  ({ type: 'object', required: ['success', key], properties: { success: { type: 'boolean' }, [key]: { type: ['integer', 'null'] } } }) as const;
export const generatedResponse = {
  type: 'object',
  required: ['success', 'created'],
  properties: { success: { type: 'boolean' }, created: { type: 'integer' } },
} as const;
