import { useFormikContext } from 'formik';
import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsFormValues } from '../utils/news-form-values.js';
import { RichTextEditor, type RichTextEditorHandle } from 'shared-kernel/forms';
import styles from './news-form.module.css';

/** The body of the news form: a label, the rich-text editor bound to formik's `body`, its error. */
export const NewsBodyField = forwardRef<RichTextEditorHandle, { label: string; disabled?: boolean }>(function NewsBodyField(
  { label, disabled = false },
  ref,
) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<NewsFormValues>();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const error = formik.errors.body;
  const shown = (formik.touched.body || formik.submitCount > 0) && typeof error === 'string' ? t(error) : null;
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.groupLabel}>
        {label}
      </span>
      <RichTextEditor
        ref={ref}
        labelId={labelId}
        value={formik.values.body}
        disabled={disabled}
        invalid={Boolean(shown)}
        describedBy={shown ? errorId : undefined}
        onChange={(html) => void formik.setFieldValue('body', html, true)}
        onBlur={() => void formik.setFieldTouched('body', true, false)}
      />
      {shown && (
        <span id={errorId} className={styles.error}>
          {shown}
        </span>
      )}
    </div>
  );
});
