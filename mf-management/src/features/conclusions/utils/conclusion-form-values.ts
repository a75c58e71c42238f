import type { ConclusionData, ConclusionForm, conclusionSchema } from 'shared-kernel/contracts';

/** What the conclusion form edits: the data as read (required fields the prefill does not know are null). */
export type ConclusionFormValues = ConclusionData;

/**
 * The POST/PUT body: the schema's fields of the values, cast by the schema (trimmed texts,
 * '' as null, upper-case contract number); what the read carries beside the form (id,
 * version, activation) stays out.
 */
export function toConclusionBody(values: ConclusionFormValues, schema: ReturnType<typeof conclusionSchema>): ConclusionForm {
  const picked = Object.fromEntries(Object.keys(schema.fields).map((field) => [field, (values as Record<string, unknown>)[field]]));
  return schema.cast(picked, { stripUnknown: true }) as unknown as ConclusionForm;
}
