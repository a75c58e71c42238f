/**
 * JSON schemas shared by the route declarations (they also make the OpenAPI document).
 * Bodies are checked again with the contracts' yup schemas, which give the field messages.
 */

/** `{ error, fields? }` */
export const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'integer' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['error'],
} as const;

/** `{ success: true }` */
export const successSchema = {
  type: 'object',
  properties: { success: { type: 'boolean' } },
  required: ['success'],
} as const;

/** Query `?id=<positive int>` */
export const idQuerySchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** Query with an optional id (GET list or single). */
export const optionalIdQuerySchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  additionalProperties: false,
} as const;

export const schoolRefSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, country: { type: 'string', enum: ['at', 'de'] } },
  required: ['id', 'name', 'country'],
} as const;

/** SessionInfo (contracts/auth.ts) */
export const sessionInfoSchema = {
  type: 'object',
  properties: {
    user: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        username: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        email: { type: 'string' },
        level: { type: 'integer', enum: [1, 2, 3] },
        schoolAccess: { type: 'integer', enum: [1, 2] },
        mno: { type: ['string', 'null'] },
      },
      required: ['id', 'username', 'firstname', 'lastname', 'email', 'level', 'schoolAccess', 'mno'],
    },
    atoms: { type: 'array', items: { type: 'string' } },
    schools: { type: 'array', items: schoolRefSchema },
    filter: { type: 'array', items: { type: 'integer' } },
  },
  required: ['user', 'atoms', 'schools', 'filter'],
} as const;

/** Standard error answers every API route may give. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  412: errorSchema,
  503: errorSchema,
} as const;

// ---- strict input (issue 10 item 13) ----------------------------------------------------------
//
// The server's ajv runs without type coercion (`coerceTypes: false`): a JSON boolean is never
// a number, "0x10", "1e3", " 7" or "1.0" never an integer. Instead, before validation,
// coerceStrictly turns text into the types a route's schema asks for, by one narrow rule:
// numbers only from plain decimal digits, booleans only from "true"/"false", null only from
// "" (querystrings, path parameters), "" from null where only text is allowed, a number
// into text where text is asked for; a lone value into a one-item list where a list is
// asked for (`?id=3` for an id list, a single number in an in-list filter). What does not
// fit stays as it is, and ajv refuses it: 400 {error: 4, fields}.

/** The part of a JSON schema coerceStrictly looks at. */
interface SchemaNode {
  type?: string | readonly string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode | readonly SchemaNode[];
  anyOf?: readonly SchemaNode[];
  oneOf?: readonly SchemaNode[];
  enum?: readonly unknown[];
  const?: unknown;
}

const PLAIN_INTEGER = /^-?[0-9]{1,16}$/;
const PLAIN_DECIMAL = /^-?[0-9]{1,16}(\.[0-9]{1,16})?$/;

const typesOf = (schema: SchemaNode): readonly string[] => (schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type);

/** The branch of an anyOf/oneOf an object value names by a string enum/const (a filter's id). */
function namedBranch(branches: readonly SchemaNode[], value: Record<string, unknown>): SchemaNode | undefined {
  return branches.find((branch) => {
    const keyed = Object.entries(branch.properties ?? {}).filter(([, p]) => typesOf(p).includes('string') && (p.enum || p.const !== undefined));
    return keyed.length > 0 && keyed.every(([key, p]) => (p.enum ? p.enum.includes(value[key]) : p.const === value[key]));
  });
}

function coerceScalar(types: readonly string[], value: string | number): unknown {
  if (typeof value === 'number') return types.includes('string') && !types.includes('number') && !types.includes('integer') ? String(value) : value;
  if (types.includes('string')) return value;
  if (types.includes('integer') && PLAIN_INTEGER.test(value)) return Number(value);
  if (types.includes('number') && PLAIN_DECIMAL.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (types.includes('null') && value === '') return null;
  return value;
}

/**
 * `value` with its text turned into the types `schema` asks for, by the narrow rule above
 * (objects and lists are changed in place, as ajv's own coercion did). Used for every route
 * by the preValidation hook of app.ts, on querystring, path parameters and body.
 */
export function coerceStrictly(schema: SchemaNode | undefined, value: unknown): unknown {
  if (!schema || typeof schema !== 'object') return value;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return coerceStrictly(namedBranch(branches, value as Record<string, unknown>), value);
    }
    return coerceStrictly({ type: [...new Set(branches.flatMap(typesOf))] }, value);
  }
  const types = typesOf(schema);
  if (types.includes('array') && value !== undefined && !Array.isArray(value) && !types.includes(typeof value)) {
    return coerceStrictly(schema, [value]);
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items && !Array.isArray(items)) for (let i = 0; i < value.length; i++) value[i] = coerceStrictly(items as SchemaNode, value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const property = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (property) object[key] = coerceStrictly(property, object[key]);
    }
    return object;
  }
  if (typeof value === 'string' || typeof value === 'number') return types.length ? coerceScalar(types, value) : value;
  // A form's empty text field sent as null, where the schema wants text (ajv's coercion did it).
  if (value === null && types.length === 1 && types[0] === 'string') return '';
  return value;
}

/** Calendar dates `YYYY-MM-DD` that exist (no 2026-02-30). */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** Today ± years as `YYYY-MM-DD` (the wall clock: formats are compiled once per process). */
function todayPlusYears(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/**
 * The date formats of route schemas, each a real calendar date within a plausible range
 * (ISO strings compare like dates):
 * - `date` any date field: 1900-01-01 to 2099-12-31;
 * - `near-date` payment dates and deadlines: within 10 years of today;
 * - `birth-date` birth dates: 1900-01-01 to today.
 */
export const DATE_FORMATS: Record<string, (value: string) => boolean> = {
  date: (value) => isCalendarDate(value) && value >= '1900-01-01' && value <= '2099-12-31',
  'near-date': (value) => isCalendarDate(value) && value >= todayPlusYears(-10) && value <= todayPlusYears(10),
  'birth-date': (value) => isCalendarDate(value) && value >= '1900-01-01' && value <= todayPlusYears(0),
};

/** Adds DATE_FORMATS to the server's ajv (after ajv-formats, whose `date` it replaces). */
export function addDateFormats(ajv: { addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown }): void {
  for (const [name, validate] of Object.entries(DATE_FORMATS)) ajv.addFormat(name, { type: 'string', validate });
}
