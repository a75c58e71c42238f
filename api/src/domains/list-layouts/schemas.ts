import {
  LIST_COLUMN_ID_MAX_LENGTH,
  LIST_COLUMN_MAX_WIDTH,
  LIST_COLUMN_MIN_WIDTH,
  LIST_COLUMN_PINS,
  LIST_LAYOUT_MAX_COLUMNS,
  LIST_LAYOUT_NAMES,
} from 'shared-kernel/contracts';
import { versionSchema } from '../../lib/record-version.js';

/** `?list=NAME`: one of the lists whose layout can be saved. */
export const listLayoutQuerySchema = {
  type: 'object',
  properties: {
    list: {
      type: 'string',
      enum: [...LIST_LAYOUT_NAMES],
      description: `The list's name, one of: ${LIST_LAYOUT_NAMES.join(', ')}`,
    },
  },
  required: ['list'],
  additionalProperties: false,
} as const;

const columnSchema = {
  type: 'object',
  properties: {
    id: {
      type: 'string',
      minLength: 1,
      maxLength: LIST_COLUMN_ID_MAX_LENGTH,
      pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      description: "the list's column key",
    },
    hide: { type: 'boolean' },
    width: {
      type: ['integer', 'null'],
      minimum: LIST_COLUMN_MIN_WIDTH,
      maximum: LIST_COLUMN_MAX_WIDTH,
      description: `CSS pixels (${LIST_COLUMN_MIN_WIDTH}..${LIST_COLUMN_MAX_WIDTH}); null = the list's default width`,
    },
    pinned: { type: ['string', 'null'], enum: [...LIST_COLUMN_PINS, null] },
  },
  required: ['id', 'hide', 'width', 'pinned'],
  additionalProperties: false,
} as const;

const columnsSchema = {
  type: 'array',
  items: columnSchema,
  maxItems: LIST_LAYOUT_MAX_COLUMNS,
  description: `the columns in the user's order, each id once (at most ${LIST_LAYOUT_MAX_COLUMNS}); empty = the list's default layout`,
} as const;

/** The answer of the GET: the layout with its version (never saved: no columns, version 1). */
export const listLayoutReadSchema = {
  type: 'object',
  required: ['columns', 'version'],
  properties: { columns: columnsSchema, version: { type: 'integer' } },
} as const;

/** The body of the PUT: the columns and the version the GET answered. */
export const listLayoutBodySchema = {
  type: 'object',
  required: ['columns', 'version'],
  properties: { columns: columnsSchema, version: versionSchema },
  additionalProperties: false,
} as const;
