import { yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitStateBox, errorFields, toErrorCode, toast, useCan } from 'shared-kernel';
import { TEMPLATE_NAME_MAX, TEMPLATE_TARGET_TYPES, templateFormSchema, type SchoolRef, type TemplateData } from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SelectField, SubmitButton, TextField, useRecordVersion } from 'shared-kernel/forms';
import { createTemplate, getTemplate, updateTemplate } from '../api/templates.js';
import { NS } from '../i18n.js';
import { toTemplateBody, type TemplateFormValues } from '../utils/template-form-values.js';
import { TemplateSchoolsField } from './template-schools-field.js';
import { TemplateTextFields } from './template-text-fields.js';
import styles from './templates.module.css';

/** How the form was opened: a new template, a change, or a new one copied from another. */
export type TemplateFormMode = 'create' | 'edit' | 'template';

/** Props of {@link TemplateForm}. */
export interface TemplateFormProps {
  mode: TemplateFormMode;
  /** The template as loaded (edit: its id and version are used; copy: only its values). */
  loaded?: TemplateData;
  initialValues: TemplateFormValues;
  /** The user's schools. */
  schools: SchoolRef[];
}

const LIST = '/m-template/base';

/**
 * The custom template form (spec 002 §2.11, §5): name, schools, type, subject and content
 * (all required), placeholder help and live preview. Create and copy save a new template,
 * edit changes it with its version (409: the conflict notice). Saving needs template_w;
 * afterwards 'Successfully saved!' and back to the list.
 */
export function TemplateForm({ mode, loaded, initialValues, schools }: TemplateFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canWrite = useCan('template_w');
  const reasonId = useId();
  const [submitState, setSubmitState] = useState(-1);
  const editId = mode === 'edit' ? loaded?.id : undefined;
  const record = useRecordVersion<TemplateData>(
    loaded ?? { id: 0, name: '', schools: [], type: 1, subject: '', content: '', created_at: '', created_by: '', version: 1 },
    () => getTemplate(editId ?? 0),
  );
  const readOnly = !canWrite;

  const validate = async (values: TemplateFormValues): Promise<FormikErrors<TemplateFormValues>> => {
    try {
      await templateFormSchema.validate(toTemplateBody(values, { sanitize: false }), { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };

  const submit = async (values: TemplateFormValues, helpers: FormikHelpers<TemplateFormValues>) => {
    if (readOnly) return;
    setSubmitState(-2);
    try {
      const body = toTemplateBody(values);
      if (editId !== undefined) record.saved(await updateTemplate(editId, body, record.version));
      else await createTemplate(body);
      setSubmitState(0);
      toast.success('save_succeeded', { title: `${NS}:templates.title` });
      navigate(LIST);
    } catch (error) {
      const code = await toErrorCode(error);
      // Saved by someone else meanwhile: the conflict notice takes over, the entries stay.
      if (editId !== undefined && record.handleSaveError(code)) {
        setSubmitState(-1);
        return;
      }
      const fields = await errorFields(error);
      if (fields) helpers.setErrors(fields as FormikErrors<TemplateFormValues>);
      setSubmitState(code);
    }
  };

  const typeOptions = TEMPLATE_TARGET_TYPES.map((type) => ({ value: type, label: t(`templates.type_${type}`) }));

  return (
    <FormikForm<TemplateFormValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={submit}
      ariaLabel={t(`templates.form_title_${mode}`)}
    >
      {(formik) => (
        <>
          <TemplateTextFields type={formik.values.type} disabled={readOnly}>
            <TextField name="name" label={t('templates.field.name')} required maxLength={TEMPLATE_NAME_MAX} disabled={readOnly} />
            <TemplateSchoolsField schools={schools} disabled={readOnly} />
            <SelectField
              name="type"
              label={t('templates.field.type')}
              required
              options={typeOptions}
              placeholder={t('templates.choose_type')}
              disabled={readOnly}
            />
          </TemplateTextFields>
          {mode === 'edit' && (
            <ConflictNotice
              record={record}
              labels={{ name: t('templates.field.name'), subject: t('templates.field.subject'), type: t('templates.field.type') }}
            />
          )}
          <div className={styles.formActions}>
            <SubmitButton disabled={readOnly} aria-describedby={readOnly ? reasonId : undefined}>
              {t('templates.save')}
            </SubmitButton>
            <Link to={LIST} className={styles.cancel}>
              {t('templates.cancel')}
            </Link>
          </div>
          {readOnly && (
            <p id={reasonId} className={styles.reason}>
              {t('templates.no_write_permission')}
            </p>
          )}
          <SubmitStateBox state={submitState} />
        </>
      )}
    </FormikForm>
  );
}
