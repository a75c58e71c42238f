import type { AnyObjectSchema } from 'yup';

/**
 * The fields of `schema` taken from a loaded record, missing ones as the schema's default
 * (null/[]), so a form's values are exactly what the schema (with noUnknown) accepts even when
 * the server sends more.
 */
export function pickSchemaFields<T extends Record<string, unknown>>(
  schema: AnyObjectSchema,
  record: Partial<T> | null | undefined,
  fallback: Partial<T> = {},
): T {
  const defaults = schema.getDefault() as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(schema.fields)) {
    const loaded = record?.[key];
    const given = loaded !== undefined ? loaded : fallback[key];
    // Text inputs show '' for "none"; the schemas turn '' back into null on save.
    const fallbackValue = defaults[key] !== undefined ? defaults[key] : '';
    values[key] = given !== undefined ? given : fallbackValue;
  }
  return values as T;
}
