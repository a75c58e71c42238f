import { ValidationError, type AnySchema, type InferType } from 'yup';
import { MSG } from 'shared-kernel/contracts';
import { badRequest } from './http-error.js';

/**
 * Validates input with a contracts yup schema (the same the forms use) and returns the cast
 * value. Invalid input throws 400 {error: 4, fields: {path: message key}}.
 */
export function validate<S extends AnySchema>(schema: S, input: unknown): InferType<S> {
  try {
    return schema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: false }) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields: Record<string, string> = {};
      const items = error.inner.length ? error.inner : [error];
      for (const item of items) {
        const key = item.path || '_';
        const message = typeof item.message === 'string' && item.message.startsWith('form.') ? item.message : MSG.invalid;
        fields[key] ??= message;
      }
      throw badRequest(fields);
    }
    throw badRequest();
  }
}
