import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { AnyObjectSchema, ValidationError } from 'yup';
// The constants' own files, not the contracts barrel: the barrel brings yup, which the login
// page loads only once the user starts filling in the form (see SchemaSource).
import { ERROR, REQUEST_STATE } from '../contracts/errors.js';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * The yup schema of a form, or a function loading it (e.g. `() =>
 * import('shared-kernel/contracts').then((c) => c.loginSchema)`): loaded on the first change,
 * blur or submit, so yup is not part of the page's first load.
 */
export type SchemaSource = AnyObjectSchema | (() => Promise<AnyObjectSchema>);

export interface SchemaForm<T extends Record<string, string>> {
  values: T;
  /** i18n keys of the field messages (contracts' MSG), shown for touched fields. */
  errors: FieldErrors<T>;
  touched: Partial<Record<keyof T & string, boolean>>;
  /** Request state: -1 idle, -2 submitting, 0 success, > 0 error code. */
  submitState: number;
  setSubmitState: (state: number) => void;
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
  handleBlur: (event: { target: { name: string } }) => void;
  handleSubmit: (event?: FormEvent) => Promise<void>;
  reset: () => void;
}

// Recognised by shape, so this file needs no run-time import of yup.
function isValidationError(error: unknown): error is ValidationError {
  return error instanceof Error && error.name === 'ValidationError' && Array.isArray((error as ValidationError).inner);
}

function validateWith<T>(schema: AnyObjectSchema, values: T): FieldErrors<T> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const errors: Record<string, string> = {};
    for (const inner of error.inner.length ? error.inner : [error]) {
      if (inner.path && !errors[inner.path]) errors[inner.path] = String(inner.message);
    }
    return errors as FieldErrors<T>;
  }
}

/**
 * A small form state for the sign-in screens, validated with a contracts yup schema. Those
 * screens are the first a user loads, so they stay free of formik (the forms subpath uses it)
 * and can load the schema on demand. `onSubmit` returns the request state: 0 on success or an
 * error code; a schema that cannot be loaded gives code 1.
 *
 * @example
 * const form = useSchemaForm(loginSchema, { username: '', password: '' }, async (v) => { ...; return 0; });
 */
export function useSchemaForm<T extends Record<string, string>>(
  schema: SchemaSource,
  initialValues: T,
  onSubmit: (values: T) => Promise<number>,
): SchemaForm<T> {
  const initial = useRef(initialValues);
  // The schema is fixed for the form's life, like the initial values.
  const source = useRef(schema);
  const loaded = useRef<AnyObjectSchema | null>(typeof schema === 'function' ? null : schema);
  const loading = useRef<Promise<AnyObjectSchema> | null>(null);
  const latestValues = useRef(initialValues);
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof T & string, boolean>>>({});
  const [submitState, setSubmitState] = useState<number>(REQUEST_STATE.idle);

  const loadSchema = useCallback((): Promise<AnyObjectSchema> => {
    if (loaded.current) return Promise.resolve(loaded.current);
    const current = source.current;
    loading.current ??= (typeof current === 'function' ? current() : Promise.resolve(current)).then(
      (resolved) => {
        loaded.current = resolved;
        return resolved;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }, []);

  /** Shows the messages for `next`: at once when the schema is here, else once it arrives. */
  const showErrorsFor = useCallback(
    (next: T) => {
      if (loaded.current) {
        setErrors(validateWith(loaded.current, next));
        return;
      }
      loadSchema().then(
        (resolved) => {
          if (latestValues.current === next) setErrors(validateWith(resolved, next));
        },
        // Submit reports a schema that cannot be loaded.
        () => undefined,
      );
    },
    [loadSchema],
  );

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const { name, value } = event.target;
      const next = { ...latestValues.current, [name]: value } as T;
      latestValues.current = next;
      setValues(next);
      showErrorsFor(next);
    },
    [showErrorsFor],
  );

  const handleBlur = useCallback(
    (event: { target: { name: string } }) => {
      setTouched((prev) => ({ ...prev, [event.target.name]: true }));
      // Start fetching the schema while the user is still busy with the form.
      if (!loaded.current) loadSchema().catch(() => undefined);
    },
    [loadSchema],
  );

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const current = latestValues.current;
      setTouched(Object.fromEntries(Object.keys(current).map((k) => [k, true])) as Partial<Record<keyof T & string, boolean>>);
      let resolved: AnyObjectSchema;
      try {
        resolved = await loadSchema();
      } catch {
        setSubmitState(ERROR.communication);
        return;
      }
      const found = validateWith(resolved, current);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setSubmitState(REQUEST_STATE.submitting);
      const state = await onSubmit(resolved.cast(current, { stripUnknown: true }) as T);
      setSubmitState(state);
    },
    [loadSchema, onSubmit],
  );

  const reset = useCallback(() => {
    latestValues.current = initial.current;
    setValues(initial.current);
    setErrors({});
    setTouched({});
    setSubmitState(REQUEST_STATE.idle);
  }, []);

  return { values, errors, touched, submitState, setSubmitState, handleChange, handleBlur, handleSubmit, reset };
}
