import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldA11y } from './use-field-a11y.js';
import styles from './form-field.module.css';

/** Props every kernel field shares. */
export interface BaseFieldProps {
  /** Formik field name (dot paths allowed: 'address.zip'). */
  name: string;
  /** Visible label, already translated. */
  label: string;
  /** Marks the label and sets aria-required (the schema decides validity). */
  required?: boolean;
  /** Help text under the input, already translated. */
  hint?: string;
  disabled?: boolean;
  className?: string;
}

/** Label, input slot, hint and error text of one field. */
export function FieldFrame({
  a11y,
  label,
  required,
  hint,
  className,
  labelId,
  children,
}: {
  a11y: FieldA11y;
  label: string;
  /**
   * Render the label as a span with this id (for an input named by aria-labelledby, such as a
   * contenteditable region, which `<label for>` cannot name).
   */
  labelId?: string;
  required?: boolean;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const mark = required && (
    <span className={styles.required} title={t('ui.required_mark')} aria-hidden="true">
      *
    </span>
  );
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      {labelId === undefined ? (
        <label htmlFor={a11y.id} className={styles.label}>
          {label}
          {mark}
        </label>
      ) : (
        <span id={labelId} className={styles.label}>
          {label}
          {mark}
        </span>
      )}
      {children}
      {hint && (
        <span id={a11y.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {a11y.errorText && (
        <span id={a11y.errorId} className={styles.error}>
          {a11y.errorText}
        </span>
      )}
    </div>
  );
}
