import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from './use-schema-form.js';
import styles from './host.module.css';

export interface FormFieldProps<T extends Record<string, string>> {
  form: SchemaForm<T>;
  name: keyof T & string;
  /** i18n key of the label (namespace common). */
  label: string;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  autoFocus?: boolean;
  /** i18n key of a hint under the input (e.g. the date format), read out with it. */
  hint?: string;
  inputMode?: 'text' | 'numeric';
}

/**
 * A labelled input bound to a `useSchemaForm` state, with its translated field message
 * (aria-invalid and aria-describedby point to it).
 */
export function FormField<T extends Record<string, string>>({
  form, name, label, type = 'text', autoComplete, autoFocus, hint, inputMode,
}: FormFieldProps<T>) {
  const { t } = useTranslation('common');
  const id = useId();
  const error = form.touched[name] ? form.errors[name] : undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{t(label)}</label>
      <input
        id={id}
        name={name}
        type={type}
        className={styles.input}
        value={form.values[name]}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required="true"
      />
      {hint && (
        <p id={hintId} className={styles.hint}>{t(hint)}</p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>{t(error)}</p>
      )}
    </div>
  );
}
