import { getIn, useFormikContext } from 'formik';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaseFieldProps } from './field-frame.js';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor.js';
import { useFieldA11y } from './use-field-a11y.js';
import styles from './form-field.module.css';

/** Props of {@link RichTextField}. */
export type RichTextFieldProps = BaseFieldProps;

/**
 * A labelled {@link RichTextEditor} bound to a formik string field (HTML), with hint and the
 * translated yup message. The label is a span named by aria-labelledby: a `<label for>` cannot
 * name a contenteditable region. The ref reaches the editor (insert at the caret, focus).
 * @example <RichTextField ref={editorRef} name="content" label={t('content')} required />
 */
export const RichTextField = forwardRef<RichTextEditorHandle, RichTextFieldProps>(function RichTextField(
  { name, label, required, hint, disabled = false, className },
  ref,
) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<Record<string, unknown>>();
  const a11y = useFieldA11y(name, Boolean(hint));
  const labelId = `${a11y.id}-label`;
  const value = getIn(formik.values, name) as unknown;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <span id={labelId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} title={t('ui.required_mark')} aria-hidden="true">
            *
          </span>
        )}
      </span>
      <RichTextEditor
        ref={ref}
        labelId={labelId}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        required={required}
        invalid={Boolean(a11y.errorText)}
        describedBy={a11y.describedBy}
        onChange={(html) => void formik.setFieldValue(name, html, true)}
        onBlur={() => void formik.setFieldTouched(name, true, true)}
      />
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
});
