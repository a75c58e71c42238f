import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import type { ConfigItem } from 'shared-kernel/contracts';
import { TextField } from 'shared-kernel/forms';
import { NS } from '../i18n.js';
import type { ConfigFormValues } from '../utils/config-values.js';
import styles from './config-fields.module.css';

interface ListFieldProps {
  item: ConfigItem;
  label: string;
  disabled: boolean;
}

/** A list error that is not about one entry (e.g. too many entries). */
function ListError({ name }: { name: string }) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<ConfigFormValues>();
  const error: unknown = getIn(formik.errors, name);
  if (typeof error !== 'string' || formik.submitCount === 0) return null;
  return <span className={styles.error}>{t(error)}</span>;
}

/**
 * Modes textlist and emaillist: a growing list of text or e-mail entries, each labelled
 * "<title> <n>" with its own remove button.
 */
export function TextListField({ item, label, disabled }: ListFieldProps) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<ConfigFormValues>();
  const name = `v.${item.k}`;
  const entries = (Array.isArray(formik.values.v[item.k]) ? formik.values.v[item.k] : []) as string[];
  const most = item.r?.items;
  const set = (next: string[]) => void formik.setFieldValue(name, next, true);
  return (
    <fieldset className={styles.list}>
      <legend>{label}</legend>
      {entries.map((_, index) => (
        <div className={styles.entry} key={index}>
          <TextField
            name={`${name}.${index}`}
            type={item.m === 'emaillist' ? 'email' : 'text'}
            label={t('config.entry', { label, n: index + 1 })}
            disabled={disabled}
            maxLength={item.r?.len}
          />
          {!disabled && (
            <Button size="small" onClick={() => set(entries.filter((__, i) => i !== index))}>
              {t('config.remove_entry', { label, n: index + 1 })}
            </Button>
          )}
        </div>
      ))}
      <ListError name={name} />
      {!disabled && (most === undefined || entries.length < most) && (
        <div>
          <Button size="small" onClick={() => set([...entries, ''])}>
            {t('config.add_entry')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** Mode catlist: the school's name of each category; empty = the standard name (shown as hint). */
export function CategoryListField({ item, label, disabled }: ListFieldProps) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className={styles.list}>
      <legend>{label}</legend>
      {(item.s ?? []).map((option, index) => (
        <TextField
          key={String(option.v)}
          name={`v.${item.k}.${index}`}
          label={t(option.t)}
          placeholder={t(option.t)}
          disabled={disabled}
          maxLength={item.r?.len}
        />
      ))}
    </fieldset>
  );
}
