import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from 'shared-kernel/forms';
import styles from './config-fields.module.css';

/**
 * Modes rte and rtesw (its `html`): the kernel's rich-text editor bound to a formik field,
 * with its label and error. The server cleans the HTML with the same allow-list.
 */
export function RichTextField({ name, label, disabled }: { name: string; label: string; disabled: boolean }) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<Record<string, unknown>>();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const value: unknown = getIn(formik.values, name);
  const error: unknown = getIn(formik.errors, name);
  const shown = (getIn(formik.touched, name) || formik.submitCount > 0) && typeof error === 'string' ? t(error) : null;
  return (
    <div className={styles.item}>
      <span id={labelId}>{label}</span>
      <RichTextEditor
        labelId={labelId}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        invalid={Boolean(shown)}
        describedBy={shown ? errorId : undefined}
        onChange={(html) => void formik.setFieldValue(name, html, true)}
        onBlur={() => void formik.setFieldTouched(name, true, false)}
      />
      {shown && (
        <span id={errorId} className={styles.error}>
          {shown}
        </span>
      )}
    </div>
  );
}
