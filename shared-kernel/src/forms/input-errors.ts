import { createContext, useContext } from 'react';

/**
 * Parse errors of inputs whose text is not yet a value (a half-typed date, '12,345' as money).
 * Kept in a mutable map so FormikForm's `validate` sees them in the same tick as the value
 * change, and merged last so they win over the schema's message for the same field.
 */
export type InputErrorRegistry = Map<string, string>;

export const InputErrorsContext = createContext<InputErrorRegistry | null>(null);

/** The registry of the surrounding FormikForm (a private one outside it). */
export function useInputErrors(): InputErrorRegistry | null {
  return useContext(InputErrorsContext);
}
