import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitStateBox, errorFields, toErrorCode, toast } from 'shared-kernel';
import type { ConfigCat, ConfigForm as ConfigFormData } from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SubmitButton, useRecordVersion } from 'shared-kernel/forms';
import { getConfigForm, saveConfigForm, type ConfigSchool } from '../api/config-form.js';
import { NS } from '../i18n.js';
import { changedItems, flatten, groupOf, initialValues, validateConfigValues, type ConfigFormValues } from '../utils/config-values.js';
import { ConfigItemField } from './config-item-field.js';
import styles from './config-fields.module.css';

const GROUP_ORDER = ['print', 'company', 'dunning', 'categories', 'sepa', 'mail', 'other'];

interface ConfigFormProps {
  cat: ConfigCat;
  school: ConfigSchool;
  form: ConfigFormData;
  canWrite: boolean;
  /** After a save: read the form again (own values and defaults changed). */
  onSaved: () => void;
}

/**
 * The items of one category for one school (or all schools), grouped; saves only what
 * changed ('config.no_change' when nothing did), with the version read (409: the conflict
 * notice).
 */
export function ConfigForm({ cat, school, form, canWrite, onSaved }: ConfigFormProps) {
  const { t } = useTranslation(NS);
  const record = useRecordVersion(flatten(form), async () => flatten(await getConfigForm(cat, school)));
  const [state, setState] = useState(-1);
  const groups = GROUP_ORDER.map((group) => ({ group, items: form.items.filter((item) => groupOf(item.k) === group) })).filter((g) => g.items.length);
  const labels = Object.fromEntries(form.items.map((item) => [item.k, t(item.t)]));
  return (
    <FormikForm<ConfigFormValues>
      initialValues={initialValues(form.items)}
      validate={(values) => validateConfigValues(form.items, values)}
      ariaLabel={t(`config.form_label_${cat}`)}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        const items = changedItems(form.items, values);
        if (!items.length) {
          toast.warning(`${NS}:config.no_change`);
          return;
        }
        setState(-2);
        try {
          record.saved(await saveConfigForm(cat, school, items, record.version));
          setState(0);
          toast.success(`${NS}:config.save_success`);
          helpers.resetForm({ values });
          onSaved();
        } catch (error) {
          const code = await toErrorCode(error);
          setState(record.handleSaveError(code) ? -1 : code);
          const fields = await errorFields(error);
          if (fields) helpers.setErrors({ v: fields } as never);
        }
      }}
    >
      {(formik) => (
        <>
          {groups.map(({ group, items }) => (
            <fieldset key={group} className={styles.group}>
              <legend>{t(`config.groups.${group}`)}</legend>
              {items.map((item) => (
                <ConfigItemField key={item.k} item={item} disabled={!canWrite} school={school} />
              ))}
            </fieldset>
          ))}
          {formik.submitCount > 0 && !formik.isValid && !formik.isValidating && (
            <p role="alert" className={styles.error}>
              {t('config.form_errors')}
            </p>
          )}
          <ConflictNotice record={record} labels={labels} />
          <SubmitStateBox state={state} />
          {canWrite ? (
            <div className={styles.actions}>
              <SubmitButton>{t('config.save')}</SubmitButton>
            </div>
          ) : (
            <p className={styles.notice}>{t('config.read_only')}</p>
          )}
        </>
      )}
    </FormikForm>
  );
}
