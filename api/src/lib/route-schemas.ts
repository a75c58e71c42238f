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
