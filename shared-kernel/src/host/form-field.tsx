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
}

/**
 * A labelled input bound to a `useSchemaForm` state, with its translated field message
 * (aria-invalid and aria-describedby point to it).
 */
export function FormField<T extends Record<string, string>>({
  form, name, label, type = 'text', autoComplete, autoFocus,
}: FormFieldProps<T>) {
  const { t } = useTranslation('common');
  const id = useId();
  const error = form.touched[name] ? form.errors[name] : undefined;
  const errorId = `${id}-error`;
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required="true"
      />
      {error && (
        <p id={errorId} className={styles.fieldError}>{t(error)}</p>
      )}
    </div>
  );
}
