import { getIn, useField, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useInputErrors } from './input-errors.js';

/** Outcome of reading a typed text: a value (null = empty) or a message key. */
export type ParseResult<V> = { ok: true; value: V | null } | { ok: false; message: string; value?: V | null };

/**
 * Text input over a typed formik value (ISO date, cents, IBAN): the user edits text, formik
 * holds the value. While the text cannot be read the value is null (or what `parse` offers)
 * and the field carries `message` as its error, whatever the schema says.
 */
export function useParsedInput<V>(
  name: string,
  format: (value: V | null) => string,
  parse: (text: string) => ParseResult<V>,
) {
  const formik = useFormikContext<Record<string, unknown>>();
  const registry = useInputErrors();
  const localErrors = useRef(new Map<string, string>());
  const errors = registry ?? localErrors.current;
  // Field-level validation for use inside a plain <Formik> (FormikForm also merges it last).
  useField({ name, validate: () => errors.get(name) });

  const value = getIn(formik.values, name) as V | null | undefined;
  const [draft, setDraft] = useState<string | null>(null);
  const lastSet = useRef<{ value: V | null | undefined } | null>(null);

  // A value set from outside (reset, a lookup filling the field) replaces the typed text.
  useEffect(() => {
    if (lastSet.current && Object.is(lastSet.current.value, value)) return;
    lastSet.current = null;
    errors.delete(name);
    setDraft(null);
  }, [value, name, errors]);

  useEffect(() => () => void errors.delete(name), [errors, name]);

  const text = draft ?? format(value ?? null);

  const onChange = (next: string) => {
    setDraft(next);
    const result = parse(next);
    const nextValue = result.ok ? result.value : (result.value ?? null);
    if (result.ok) errors.delete(name);
    else errors.set(name, result.message);
    lastSet.current = { value: nextValue };
    void formik.setFieldValue(name, nextValue, true);
  };

  const onBlur = () => {
    void formik.setFieldTouched(name, true, true);
    if (draft !== null && parse(draft).ok) {
      setDraft(null);
    }
  };

  return { text, value: value ?? null, onChange, onBlur, invalidText: draft !== null && !parse(draft).ok };
}
