import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader, Spinner, SubmitStateBox, errorFields, toErrorCode, toast, useRequest, useSessionStore } from 'shared-kernel';
import { userSettingsSchema, type UserSettings } from 'shared-kernel/contracts';
import { CheckboxField, ConflictNotice, FormikForm, SubmitButton, TextAreaField, useRecordVersion } from 'shared-kernel/forms';
import { getUserSettings, saveUserSettings, type VersionedUserSettings } from '../api/user-settings.js';
import { NS } from '../i18n.js';
import styles from './user-settings.module.css';

function SettingsForm({ initial }: { initial: VersionedUserSettings }) {
  const { t } = useTranslation(NS);
  const email = useSessionStore((s) => s.appState?.user.email ?? '');
  const record = useRecordVersion(initial, () => getUserSettings());
  const [state, setState] = useState(-1);
  const values: UserSettings = userSettingsSchema.cast(initial, { stripUnknown: true });
  return (
    <FormikForm<UserSettings>
      initialValues={values}
      validationSchema={userSettingsSchema}
      ariaLabel={t('user_settings.form_label')}
      className={styles.form}
      onSubmit={async (submitted, helpers) => {
        setState(-2);
        try {
          const body = userSettingsSchema.cast(submitted, { stripUnknown: true });
          record.saved(await saveUserSettings(body, record.version));
          setState(0);
          toast.success('save_succeeded');
          // The saved values are the form's new starting point (not dirty any more).
          helpers.resetForm({ values: submitted });
        } catch (error) {
          const code = await toErrorCode(error);
          setState(record.handleSaveError(code) ? -1 : code);
          const fields = await errorFields(error);
          if (fields) helpers.setErrors(fields);
        }
      }}
    >
      {({ values: current }) => (
        <>
          <fieldset className={styles.group}>
            <legend>{t('user_settings.mail')}</legend>
            <CheckboxField name="o_ovr_mail_from" label={t('user_settings.ovr_mail_from', { email })} hint={t('user_settings.ovr_mail_from_hint')} />
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('user_settings.signature_group')}</legend>
            <CheckboxField name="o_custom_signature" label={t('user_settings.custom_signature')} hint={t('user_settings.custom_signature_hint')} />
            {current.o_custom_signature && <TextAreaField name="o_signature" label={t('user_settings.signature')} rows={6} maxLength={5000} />}
          </fieldset>
          <ConflictNotice
            record={record}
            labels={{
              o_ovr_mail_from: t('user_settings.ovr_mail_from', { email }),
              o_custom_signature: t('user_settings.custom_signature'),
              o_signature: t('user_settings.signature'),
            }}
          />
          <SubmitStateBox state={state} />
          <div>
            <SubmitButton>{t('user_settings.save')}</SubmitButton>
          </div>
        </>
      )}
    </FormikForm>
  );
}

/**
 * /m-conf/user-settings (spec 001 §3 User settings): every user's own mail sender and
 * signature (o_ovr_mail_from, o_custom_signature, o_signature), saved with their version
 * (another tab's save meanwhile shows the conflict notice).
 */
export function UserSettingsPage() {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getUserSettings(signal), []);
  let body;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (state === -1 || !data) body = <Spinner showLabel />;
  else body = <SettingsForm initial={data} />;
  return (
    <>
      <PageHeader title={t('user_settings.title')} />
      {body}
    </>
  );
}
