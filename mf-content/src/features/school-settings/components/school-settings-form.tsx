import { useFormikContext, yupToFormErrors, type FormikErrors } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubmitStateBox, Tabs, toErrorCode, toast, useCan } from 'shared-kernel';
import { schoolSettingsSchema, type SchoolSettings } from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SubmitButton, useRecordVersion } from 'shared-kernel/forms';
import { NS } from '../i18n.js';
import { getSchoolSettings, saveSchoolSettings } from '../api/school-settings-api.js';
import { SETTINGS_TABS, useSettingsTab, type SettingsTab } from '../hooks/use-settings-tab.js';
import { tabOfField, toSettingsBody, toSettingsValues, type SettingsValues } from '../utils/settings-form-values.js';
import { ContactPanel, GeneralPanel, SocialPanel } from './settings-tab-panels.js';
import { TimetableField } from './timetable-field.js';
import styles from './school-settings.module.css';

/** After a refused save: open the tab of the first invalid field and put the focus there. */
function OpenTabOfFirstError({ select }: { select: (tab: SettingsTab) => void }) {
  const { submitCount, isValid, isSubmitting, isValidating, errors } = useFormikContext<SettingsValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValidating || submitCount === handled.current) return;
    handled.current = submitCount;
    const first = Object.keys(errors)[0];
    if (isValid || !first) return;
    select(tabOfField(first));
    // The panel is shown on the next render; then the field can take the focus.
    setTimeout(() => document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus(), 0);
  }, [submitCount, isValid, isSubmitting, isValidating, errors, select]);
  return null;
}

/**
 * The settings of one school (spec 002 §2.19) in four tabs: general, social media/partners,
 * timetable, contact form. One form: "Save" (c_settings_w) sends everything with the version
 * read; when someone else saved meanwhile the conflict notice takes over and the entries stay.
 */
export function SchoolSettingsForm({ settings, onSaved }: { settings: SchoolSettings; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('c_settings_w');
  const { current, select } = useSettingsTab();
  const [submitState, setSubmitState] = useState(-1);
  const reasonId = useId();
  const schoolId = settings.school_setting_id;
  const record = useRecordVersion<SchoolSettings>(settings, () => getSchoolSettings(schoolId));
  const readOnly = !canWrite;

  const validate = async (values: SettingsValues): Promise<FormikErrors<SettingsValues>> => {
    try {
      await schoolSettingsSchema.validate(toSettingsBody(values, record.version), { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };

  const submit = async (values: SettingsValues) => {
    if (readOnly) return;
    setSubmitState(-2);
    try {
      record.saved(await saveSchoolSettings(schoolId, toSettingsBody(values, record.version)));
      setSubmitState(0);
      toast.success('save_succeeded', { title: 'content:settings.title' });
      // New events have ids now, changed ones are saved: continue from what is stored.
      onSaved();
    } catch (error) {
      const code = await toErrorCode(error);
      if (record.handleSaveError(code)) {
        setSubmitState(-1);
        return;
      }
      setSubmitState(code);
    }
  };

  const labels = {
    slug: t('settings.field.slug'),
    microsite_on: t('settings.field.microsite_on'),
    highlight_text: t('settings.field.highlight_text'),
    hidden_gmaps: t('settings.field.hidden_gmaps'),
    facebook_url: t('settings.field.facebook_url'),
    twitter_url: t('settings.field.twitter_url'),
    business_companies: t('settings.field.business_companies'),
    contact_email: t('settings.field.contact_email'),
    tt: t('settings.timetable'),
  };

  return (
    <FormikForm<SettingsValues> initialValues={toSettingsValues(settings)} validate={validate} onSubmit={submit} ariaLabel={t('settings.title')} className={styles.form}>
      <OpenTabOfFirstError select={select} />
      <Tabs<SettingsTab>
        label={t('settings.tabs')}
        tabs={SETTINGS_TABS.map((id) => ({ id, label: t(`settings.tab_${id}`) }))}
        current={current}
        onSelect={select}
        mount="all"
        renderPanel={(tab) => {
          if (tab === 'general') return <GeneralPanel settings={settings} disabled={readOnly} />;
          if (tab === 'social') return <SocialPanel disabled={readOnly} />;
          if (tab === 'timetable') return <TimetableField disabled={readOnly} />;
          return <ContactPanel disabled={readOnly} />;
        }}
      />
      <ConflictNotice<SchoolSettings>
        record={record}
        labels={labels}
        format={(field, value) => (field === 'tt' ? String((value as unknown[]).length) : typeof value === 'boolean' ? (value ? '✓' : '–') : String(value ?? ''))}
      />
      <div className={styles.buttons}>
        <SubmitButton disabled={readOnly} aria-describedby={readOnly ? reasonId : undefined}>
          {t('settings.save')}
        </SubmitButton>
        <Link to="/c-settings">{t('settings.back')}</Link>
      </div>
      {readOnly && <p id={reasonId} className={styles.hint}>{t('settings.no_write_permission')}</p>}
      <SubmitStateBox state={submitState} />
    </FormikForm>
  );
}
