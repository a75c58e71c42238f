import { yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import {
  Button, ErrorPanel, PageHeader, Spinner, SubmitStateBox, confirmDiscardUnsavedAsync, errorFields, showErrorDialog,
  toErrorCode, toast, useCan, useConfirm, useRequest, useSchoolFilter,
} from 'shared-kernel';
import {
  SYSTEM_TEMPLATE_KEYS, systemTemplateFormSchema, type SystemTemplateData, type SystemTemplateForm, type SystemTemplateKey,
} from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SubmitButton, sanitizeRichHtml, useRecordVersion } from 'shared-kernel/forms';
import { getSystemTemplate, resetSystemTemplate, saveSystemTemplate } from '../api/system-templates.js';
import { NS } from '../i18n.js';
import { localName } from '../utils/local-name.js';
import { TemplateTextFields } from './template-text-fields.js';
import styles from './templates.module.css';

const LIST = '/m-conf/template';

function isKey(value: string | undefined): value is SystemTemplateKey {
  return (SYSTEM_TEMPLATE_KEYS as readonly (string | undefined)[]).includes(value);
}

/** Props of {@link SystemTemplateForm}. */
interface SystemTemplateFormProps {
  data: SystemTemplateData;
  schoolId: number | null;
  levelName: string;
  /** Loads the level again (after a save or a reset). */
  onChanged: () => void;
}

/**
 * Subject and content of one level (one school or all schools) of a system template: save
 * writes that level's override with its version (409: the conflict notice), "reset to default"
 * removes it after a confirmation. Both need s_template_w.
 */
function SystemTemplateEditForm({ data, schoolId, levelName, onChanged }: SystemTemplateFormProps) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('s_template_w');
  const confirm = useConfirm();
  const reasonId = useId();
  const [submitState, setSubmitState] = useState(-1);
  const record = useRecordVersion<SystemTemplateData>(data, () => getSystemTemplate(data.key, schoolId));
  const initialValues = useMemo<SystemTemplateForm>(() => ({ subject: data.subject, content: sanitizeRichHtml(data.content) }), [data]);
  // Only an override of this very level can be reset; otherwise the text shown is inherited.
  const ownOverride = data.source === (schoolId === null ? 'all' : 'school');

  const validate = async (values: SystemTemplateForm): Promise<FormikErrors<SystemTemplateForm>> => {
    try {
      await systemTemplateFormSchema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };

  const submit = async (values: SystemTemplateForm, helpers: FormikHelpers<SystemTemplateForm>) => {
    if (!canWrite) return;
    setSubmitState(-2);
    try {
      const body = { subject: values.subject.trim(), content: sanitizeRichHtml(values.content) };
      record.saved(await saveSystemTemplate(data.key, schoolId, body, record.version));
      setSubmitState(0);
      toast.success('save_succeeded', { title: `${NS}:templates.system_title` });
      helpers.resetForm({ values });
      onChanged();
    } catch (error) {
      const code = await toErrorCode(error);
      if (record.handleSaveError(code)) {
        setSubmitState(-1);
        return;
      }
      const fields = await errorFields(error);
      if (fields) helpers.setErrors(fields as FormikErrors<SystemTemplateForm>);
      setSubmitState(code);
    }
  };

  const reset = async () => {
    if (!(await confirm({ message: `${NS}:templates.reset_confirm`, values: { level: levelName }, danger: true, confirmLabel: `${NS}:templates.reset` }))) return;
    try {
      await resetSystemTemplate(data.key, schoolId);
    } catch (error) {
      await showErrorDialog({ code: await toErrorCode(error), title: 'errors.error' });
      return;
    }
    toast.success(`${NS}:templates.reset_done`, { title: `${NS}:templates.system_title` });
    onChanged();
  };

  return (
    <FormikForm<SystemTemplateForm>
      initialValues={initialValues}
      validate={validate}
      onSubmit={submit}
      ariaLabel={t('templates.system_edit_title', { name: levelName })}
    >
      {() => (
        <>
          <TemplateTextFields type={data.type} disabled={!canWrite} />
          <ConflictNotice record={record} labels={{ subject: t('templates.field.subject') }} />
          <div className={styles.formActions}>
            <SubmitButton disabled={!canWrite} aria-describedby={canWrite ? undefined : reasonId}>
              {t('templates.save')}
            </SubmitButton>
            {canWrite && ownOverride && (
              <Button variant="danger" onClick={() => void reset()}>
                {t('templates.reset')}
              </Button>
            )}
            <Link to={LIST} className={styles.cancel}>
              {t('templates.back')}
            </Link>
          </div>
          {!canWrite && (
            <p id={reasonId} className={styles.reason}>
              {t('templates.no_system_write_permission')}
            </p>
          )}
          <SubmitStateBox state={submitState} />
        </>
      )}
    </FormikForm>
  );
}

/**
 * /m-conf/template/edit/{key}: one system template for one school or for all schools (the
 * level picker). What applies is shown with its source (this school's override, the
 * all-schools override or the shipped default). Switching the level with unsaved changes asks
 * first ("Bitte erst speichern!").
 */
export function SystemTemplateEditPage() {
  const { t, i18n } = useTranslation(NS);
  const { key } = useParams();
  const { schools } = useSchoolFilter();
  const levelId = useId();
  const [schoolId, setSchoolId] = useState<number | null>(() => (schools.length === 1 ? schools[0]!.id : null));
  const { state, data, reload } = useRequest((signal) => getSystemTemplate(key as SystemTemplateKey, schoolId, signal), [key, schoolId], {
    enabled: isKey(key),
  });
  if (!isKey(key)) return <Navigate to={LIST} replace />;

  const levelName = schoolId === null ? t('templates.all_schools') : (schools.find((school) => school.id === schoolId)?.name ?? t('templates.school_number', { id: schoolId }));
  const changeLevel = async (value: string) => {
    if (!(await confirmDiscardUnsavedAsync())) return;
    setSchoolId(value === '' ? null : Number(value));
  };
  const current = data && data.key === key && data.school_id === schoolId ? data : null;

  return (
    <>
      <PageHeader title={t('templates.system_edit_title', { name: current ? localName(current.name, i18n.language) : key })} />
      <div className={styles.levelBar}>
        <label htmlFor={levelId}>{t('templates.school_level')}</label>
        <select id={levelId} value={schoolId ?? ''} onChange={(event) => void changeLevel(event.target.value)}>
          <option value="">{t('templates.all_schools')}</option>
          {schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </select>
        {current && <span className={styles.muted}>{t(`templates.source_${current.source}`)}</span>}
      </div>
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === -1 && !current && <Spinner showLabel />}
      {current && (
        <SystemTemplateEditForm
          // A new level or a new version (after save or reset) starts the form afresh.
          key={`${schoolId ?? 'all'}-${current.version}-${current.source}`}
          data={current}
          schoolId={schoolId}
          levelName={levelName}
          onChanged={reload}
        />
      )}
    </>
  );
}
