import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { REQUEST_STATE } from 'shared-kernel/contracts';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

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

function collectErrors<T>(error: unknown): FieldErrors<T> {
  const errors: Record<string, string> = {};
  if (error instanceof ValidationError) {
    for (const inner of error.inner.length ? error.inner : [error]) {
      if (inner.path && !errors[inner.path]) errors[inner.path] = String(inner.message);
    }
  }
  return errors as FieldErrors<T>;
}

/**
 * A small form state for the sign-in screens, validated with a contracts yup schema. Those
 * screens are the first a user loads, so they stay free of formik (the forms subpath uses it).
 * `onSubmit` returns the request state: 0 on success or an error code.
 *
 * @example
 * const form = useSchemaForm(loginSchema, { username: '', password: '' }, async (v) => { ...; return 0; });
 */
export function useSchemaForm<T extends Record<string, string>>(
  schema: AnyObjectSchema,
  initialValues: T,
  onSubmit: (values: T) => Promise<number>,
): SchemaForm<T> {
  const initial = useRef(initialValues);
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof T & string, boolean>>>({});
  const [submitState, setSubmitState] = useState<number>(REQUEST_STATE.idle);

  const validate = useCallback(
    (next: T): FieldErrors<T> => {
      try {
        schema.validateSync(next, { abortEarly: false });
        return {};
      } catch (error) {
        return collectErrors<T>(error);
      }
    },
    [schema],
  );

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const { name, value } = event.target;
      setValues((prev) => {
        const next = { ...prev, [name]: value } as T;
        setErrors(validate(next));
        return next;
      });
    },
    [validate],
  );

  const handleBlur = useCallback((event: { target: { name: string } }) => {
    setTouched((prev) => ({ ...prev, [event.target.name]: true }));
  }, []);

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const found = validate(values);
      setErrors(found);
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<keyof T & string, boolean>>);
      if (Object.keys(found).length > 0) return;
      setSubmitState(REQUEST_STATE.submitting);
      const state = await onSubmit(schema.cast(values, { stripUnknown: true }) as T);
      setSubmitState(state);
    },
    [values, validate, onSubmit, schema],
  );

  const reset = useCallback(() => {
    setValues(initial.current);
    setErrors({});
    setTouched({});
    setSubmitState(REQUEST_STATE.idle);
  }, []);

  return { values, errors, touched, submitState, setSubmitState, handleChange, handleBlur, handleSubmit, reset };
}
