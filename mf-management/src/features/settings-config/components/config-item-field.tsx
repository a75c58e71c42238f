import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import { SYSTEM_TEMPLATE_KEYS, type ConfigItem, type ConfigValue } from 'shared-kernel/contracts';
import { CheckboxField, IbanField, RichTextField, SelectField, TextAreaField, TextField } from 'shared-kernel/forms';
import type { ConfigSchool } from '../api/config-form.js';
import { NS } from '../i18n.js';
import { EDITABLE_MODES, type ConfigFormValues } from '../utils/config-values.js';
import styles from './config-fields.module.css';
import { ImageField } from './image-field.js';
import { CategoryListField, TextListField } from './list-fields.js';
import { NumberField, RadioField } from './value-fields.js';

interface ItemFieldProps {
  item: ConfigItem;
  disabled: boolean;
  school: ConfigSchool;
}

/** The input of one item by its mode. */
function ModeInput({ item, disabled, school }: ItemFieldProps) {
  const { t } = useTranslation(NS);
  const label = t(item.t);
  const name = `v.${item.k}`;
  const len = item.r?.len;
  const daysHint = item.k.startsWith('iv_m') ? t('config.days_hint') : undefined;
  switch (item.m) {
    case 'switch':
      return <CheckboxField name={name} label={label} disabled={disabled} />;
    case 'text':
    case 'sepa_name':
    case 'sepa_bic':
    case 'sepa_ci':
    case 'emailname':
      return <TextField name={name} label={label} disabled={disabled} maxLength={len} autoComplete="off" />;
    case 'email':
      return <TextField name={name} type="email" label={label} disabled={disabled} maxLength={len} />;
    case 'sepa_iban':
      return <IbanField name={name} label={label} disabled={disabled} />;
    case 'num':
      return <NumberField item={item} label={label} disabled={disabled} hint={daysHint} />;
    case 'plainte':
      return <TextAreaField name={name} label={label} disabled={disabled} maxLength={len} rows={4} />;
    case 'rte':
      return <RichTextField name={name} label={label} disabled={disabled} />;
    case 'rtesw':
      return (
        <>
          <CheckboxField name={`${name}.on`} label={t('config.switch_on', { label })} disabled={disabled} />
          <RichTextField name={`${name}.html`} label={label} disabled={disabled} />
        </>
      );
    case 'select':
      return <SelectField name={name} label={label} disabled={disabled} options={(item.s ?? []).map((o) => ({ value: o.v, label: t(o.t) }))} />;
    case 'radio':
      return <RadioField item={item} label={label} disabled={disabled} />;
    case 'template':
      // The system templates by key (no configuration key of this issue names a template yet;
      // a target type for the school's own templates of /api-template/widget would come with one).
      return (
        <SelectField
          name={name}
          label={label}
          disabled={disabled}
          options={[{ value: '', label: t('config.template_none') }, ...SYSTEM_TEMPLATE_KEYS.map((key) => ({ value: key, label: key }))]}
        />
      );
    case 'textlist':
    case 'emaillist':
      return <TextListField item={item} label={label} disabled={disabled} />;
    case 'catlist':
      return <CategoryListField item={item} label={label} disabled={disabled} />;
    case 'cimage':
      return <ImageField item={item} label={label} disabled={disabled} school={school} />;
    default:
      return null;
  }
}

function shown(value: ConfigValue): string {
  if (Array.isArray(value)) return value.filter(Boolean).join(', ');
  if (value === null || value === undefined || typeof value === 'object') return '';
  return String(value);
}

/**
 * One configuration item: its input by mode; under it what applies without an own value and
 * a button to go back to it. An unknown mode shows the 'nip' notice.
 */
export function ConfigItemField({ item, disabled, school }: ItemFieldProps) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<ConfigFormValues>();
  if (!EDITABLE_MODES.has(item.m)) {
    return (
      <p className={styles.notice} role="note">
        <strong>{t(item.t)}</strong>: {t('config.nip')}
      </p>
    );
  }
  const reset = formik.values.reset[item.k] === true;
  const defaultText = shown(item.d);
  const simple = typeof item.d !== 'object' || item.d === null || Array.isArray(item.d);
  return (
    <div className={styles.item}>
      <ModeInput item={item} disabled={disabled} school={school} />
      {(item.o || reset) && (
        <div className={styles.itemFooter}>
          {simple && item.m !== 'cimage' && <span>{defaultText ? t('config.default_is', { value: defaultText }) : t('config.default_empty')}</span>}
          {!disabled && !reset && (
            <Button
              size="small"
              aria-label={`${t(item.t)}: ${t('config.use_default')}`}
              onClick={() => {
                void formik.setFieldValue(`reset.${item.k}`, true, false);
                void formik.setFieldValue(`v.${item.k}`, item.d, true);
              }}
            >
              {t('config.use_default')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
