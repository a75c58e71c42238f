import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigItem } from 'shared-kernel/contracts';
import { FieldFrame, useFieldA11y } from 'shared-kernel/forms';
import { NS } from '../i18n.js';
import type { ConfigFormValues } from '../utils/config-values.js';
import styles from './config-fields.module.css';

interface ValueFieldProps {
  item: ConfigItem;
  label: string;
  disabled: boolean;
  hint?: string;
}

/** Mode num: a whole number within the item's limits (the text stays as typed until it is one). */
export function NumberField({ item, label, disabled, hint }: ValueFieldProps) {
  const formik = useFormikContext<ConfigFormValues>();
  const name = `v.${item.k}`;
  const a11y = useFieldA11y(name, Boolean(hint));
  const value: unknown = getIn(formik.values, name);
  return (
    <FieldFrame a11y={a11y} label={label} hint={hint}>
      <input
        id={a11y.id}
        name={name}
        type="text"
        inputMode="numeric"
        className={styles.input}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => {
          const text = event.target.value.trim();
          // Only plain digits become a number; anything else stays text and is refused.
          void formik.setFieldValue(name, /^-?\d{1,9}$/.test(text) ? Number(text) : text, true);
        }}
        onBlur={() => void formik.setFieldTouched(name, true, true)}
        disabled={disabled}
        aria-invalid={Boolean(a11y.errorText)}
        aria-describedby={a11y.describedBy}
      />
    </FieldFrame>
  );
}

/** Mode radio: one choice of the item's options, as a group of radio buttons. */
export function RadioField({ item, label, disabled }: ValueFieldProps) {
  const { t } = useTranslation(NS);
  const { t: common } = useTranslation('common');
  const formik = useFormikContext<ConfigFormValues>();
  const name = `v.${item.k}`;
  const groupName = useId();
  const value: unknown = getIn(formik.values, name);
  const error: unknown = getIn(formik.errors, name);
  return (
    <fieldset className={styles.list} aria-invalid={typeof error === 'string' || undefined}>
      <legend>{label}</legend>
      <div className={styles.radios}>
        {(item.s ?? []).map((option) => (
          <label key={String(option.v)} className={styles.radio}>
            <input
              type="radio"
              name={groupName}
              checked={value === option.v}
              disabled={disabled}
              onChange={() => void formik.setFieldValue(name, option.v, true)}
            />
            {t(option.t)}
          </label>
        ))}
      </div>
      {typeof error === 'string' && formik.submitCount > 0 && <span className={styles.error}>{common(error)}</span>}
    </fieldset>
  );
}
