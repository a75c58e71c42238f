import { DUNNING_LEVELS, DUNNING_RUN_MAX_RECEIPTS } from 'shared-kernel/contracts';

/** JSON schemas of the dunning routes (wire types: shared-kernel/src/contracts/dunning.ts). */

const level = { type: 'integer', enum: [...DUNNING_LEVELS] } as const;

export const listQuery = {
  type: 'object',
  required: ['level'],
  additionalProperties: false,
  properties: { level },
} as const;

export const pdfQuery = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const runBody = {
  type: 'object',
  required: ['level', 'rnos'],
  additionalProperties: false,
  properties: {
    level,
    // Twice the run's limit here, so a selection above the limit answers {error: 101}, not a bare 400.
    rnos: { type: 'array', maxItems: DUNNING_RUN_MAX_RECEIPTS * 2, items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  },
} as const;

const item = {
  type: 'object',
  required: ['rno', 'stid', 'fn', 'ln', 'sid', 'dc', 'dd', 'a', 'o', 'cur', 'dun', 'dlir'],
  properties: {
    rno: { type: 'number' },
    stid: { type: 'integer' },
    fn: { type: 'string' },
    ln: { type: 'string' },
    sid: { type: 'integer' },
    dc: { type: 'string' },
    dd: { type: 'string' },
    a: { type: 'number' },
    o: { type: 'number' },
    cur: { type: 'string' },
    dun: { type: 'integer' },
    dlir: { type: ['string', 'null'] },
  },
} as const;

export const listResponse = {
  type: 'object',
  required: ['level', 'rows', 'total', 'sums', 'inactive'],
  properties: {
    level: { type: 'integer' },
    rows: { type: 'array', items: item },
    total: { type: 'integer' },
    sums: { type: 'array', items: { type: 'object', required: ['cur', 'o'], properties: { cur: { type: 'string' }, o: { type: 'number' } } } },
    inactive: { type: 'array', items: { type: 'integer' } },
  },
} as const;

export const countsResponse = {
  type: 'object',
  required: ['counts'],
  properties: {
    counts: {
      type: 'object',
      required: ['1', '2', '3'],
      properties: { 1: { type: 'integer' }, 2: { type: 'integer' }, 3: { type: 'integer' } },
    },
  },
} as const;

export const runResponse = {
  type: 'object',
  required: ['success', 'run', 'dunnings', 'receipts', 'printed', 'mails', 'skipped', 'noAddress'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    run: { type: ['integer', 'null'] },
    dunnings: { type: 'integer' },
    receipts: { type: 'integer' },
    printed: { type: 'integer' },
    mails: { type: 'integer' },
    skipped: { type: 'integer' },
    noAddress: {
      type: 'array',
      items: {
        type: 'object',
        required: ['stid', 'name', 'mailed'],
        properties: { stid: { type: 'integer' }, name: { type: 'string' }, mailed: { type: 'boolean' } },
      },
    },
  },
} as const;
