import { yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitStateBox, errorFields, formatDateTime, toErrorCode, toast, useCan, useSchoolFilter } from 'shared-kernel';
import {
  DIVISIONS,
  LEAD_INTERESTS,
  LEAD_ORIGINS_MANUAL,
  LEAD_ORIGINS_WITHOUT_FIRST_CONTACT,
  LEAD_SOURCES,
  LEAD_SOURCE_OTHER,
  LEAD_STATUSES_OFFERED,
  SALUTATIONS,
  leadEditSchema,
  leadFormSchema,
  type LeadData,
  type LeadMemberInfo,
} from 'shared-kernel/contracts';
import {
  CheckboxGroupField,
  ConflictNotice,
  DateField,
  FormikForm,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useRecordVersion,
  useSubmissionKey,
} from 'shared-kernel/forms';
import { createLead, getLead, updateLead } from '../api/leads.js';
import { NS } from '../i18n.js';
import { toLeadBody, type LeadFormValues } from '../utils/lead-form-values.js';
import styles from './leads.module.css';

const LIST = '/m-lead/list';

/** Props of {@link LeadForm}. */
export interface LeadFormProps {
  /** The lead as loaded (edit), or undefined (add). */
  loaded?: LeadData;
  /** The student the lead became (edit), shown above the form. */
  member?: LeadMemberInfo | null;
  initialValues: LeadFormValues;
  /** After a save of an existing lead (the edit page reloads what it shows beside the form). */
  onSaved?: () => void;
}

const hidesFirstContact = (origin: number | null | undefined) => (LEAD_ORIGINS_WITHOUT_FIRST_CONTACT as readonly (number | null | undefined)[]).includes(origin);

/**
 * The lead form (spec 001 §3 fields, §5 validation, the contract's leadFormSchema): school,
 * status (required on edit), origin (chosen on add, read-only afterwards), first contact
 * (hidden and not required for origins 5 and 6), person, contact and address, the guardian,
 * source (7 opens the free-text source), interests, divisions, experience and notes. Add
 * creates the lead and opens it; edit saves with the version read (409: the conflict notice).
 */
export function LeadForm({ loaded, member, initialValues, onSaved }: LeadFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canWrite = useCan('lead_w');
  const { schools } = useSchoolFilter();
  const reasonId = useId();
  const [submitState, setSubmitState] = useState(-1);
  const editId = loaded?.id;
  const submission = useSubmissionKey();
  const record = useRecordVersion<LeadData>(loaded ?? ({ version: 1 } as LeadData), async () => (await getLead(editId ?? 0)).data);
  const readOnly = !canWrite;
  const schema = editId === undefined ? leadFormSchema : leadEditSchema;

  const validate = async (values: LeadFormValues): Promise<FormikErrors<LeadFormValues>> => {
    try {
      await schema.validate(toLeadBody(values), { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };

  const submit = async (values: LeadFormValues, helpers: FormikHelpers<LeadFormValues>) => {
    if (readOnly) return;
    setSubmitState(-2);
    try {
      const body = toLeadBody(values);
      if (editId !== undefined) {
        record.saved(await updateLead(editId, body, record.version));
        setSubmitState(0);
        toast.success('save_succeeded', { title: `${NS}:leads.title` });
        onSaved?.();
      } else {
        // One key per attempt: a retry after a lost answer gets the lead made the first time.
        const id = await createLead(body, submission.keyFor(body));
        submission.reset();
        setSubmitState(0);
        toast.success('save_succeeded', { title: `${NS}:leads.title` });
        navigate(`/m-lead/edit/${id}`);
      }
    } catch (error) {
      const code = await toErrorCode(error);
      // Saved by someone else meanwhile: the conflict notice takes over, the entries stay.
      if (editId !== undefined && record.handleSaveError(code)) {
        setSubmitState(-1);
        return;
      }
      const fields = await errorFields(error);
      if (fields) helpers.setErrors(fields as FormikErrors<LeadFormValues>);
      setSubmitState(code);
    }
  };

  const field = (name: string) => t(`leads.field.${name}`);
  const choose = t('leads.choose');
  const salutations = SALUTATIONS.map((value) => ({ value, label: t(`student_enums.salutation.${value}`) }));
  const currentStatus = loaded?.lead_status_id;
  const statuses = [...LEAD_STATUSES_OFFERED, ...(currentStatus && !(LEAD_STATUSES_OFFERED as readonly number[]).includes(currentStatus) ? [currentStatus] : [])].map(
    (value) => ({ value, label: t(`lead_enums.status.${value}`) }),
  );
  const origins = LEAD_ORIGINS_MANUAL.map((value) => ({ value, label: t(`lead_enums.origin.${value}`) }));
  const sources = LEAD_SOURCES.map((value) => ({ value, label: t(`lead_enums.source.${value}`) }));
  const interests = LEAD_INTERESTS.map((interest, index) => ({ value: index, label: t(`lead_enums.interest.${interest}`) }));
  const divisions = DIVISIONS.map((value) => ({ value, label: t(`student_enums.division.${value}`) }));
  const schoolOptions = schools.map((school) => ({ value: school.id, label: school.name }));

  return (
    <FormikForm<LeadFormValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={submit}
      ariaLabel={t(editId === undefined ? 'leads.add_title' : 'leads.edit_title')}
      className={styles.form}
    >
      {(formik) => (
        <>
          {loaded && (
            <p className={styles.info}>
              {t('leads.created_info', { date: formatDateTime(loaded.created_at), user: loaded.created_by ?? '–' })}
              {member ? ` · ${t('leads.member', { name: member.name })}` : ''}
            </p>
          )}
          <fieldset className={styles.section}>
            <legend>{t('leads.section_lead')}</legend>
            <div className={styles.grid}>
              <SelectField name="school_id" label={field('school_id')} required options={schoolOptions} placeholder={choose} disabled={readOnly} />
              <SelectField
                name="lead_status_id"
                label={field('lead_status_id')}
                required={editId !== undefined}
                options={statuses}
                placeholder={editId === undefined ? t('lead_enums.status.1') : choose}
                disabled={readOnly}
              />
              {editId === undefined ? (
                <SelectField name="lead_origin_id" label={field('lead_origin_id')} options={origins} disabled={readOnly} />
              ) : (
                <dl className={styles.readOnly}>
                  <dt>{field('lead_origin_id')}</dt>
                  <dd>{loaded?.lead_origin_id ? t(`lead_enums.origin.${loaded.lead_origin_id}`) : '–'}</dd>
                </dl>
              )}
              {!hidesFirstContact(formik.values.lead_origin_id) && (
                <DateField name="date_created" label={field('date_created')} required disabled={readOnly} />
              )}
              <SelectField name="lead_source_id" label={field('lead_source_id')} options={sources} placeholder={choose} disabled={readOnly} />
              {formik.values.lead_source_id === LEAD_SOURCE_OTHER && (
                <TextField name="lead_source" label={field('lead_source')} required maxLength={200} disabled={readOnly} />
              )}
            </div>
          </fieldset>

          <fieldset className={styles.section}>
            <legend>{t('leads.section_person')}</legend>
            <div className={styles.grid}>
              <SelectField name="salutation_id" label={field('salutation_id')} required options={salutations} placeholder={choose} disabled={readOnly} />
              <TextField name="firstname" label={field('firstname')} maxLength={100} autoComplete="off" disabled={readOnly} />
              <TextField name="lastname" label={field('lastname')} required maxLength={100} autoComplete="off" disabled={readOnly} />
              <TextField name="company" label={field('company')} maxLength={120} disabled={readOnly} />
              <DateField name="dob" label={field('dob')} disabled={readOnly} />
            </div>
          </fieldset>

          <fieldset className={styles.section}>
            <legend>{t('leads.section_contact')}</legend>
            <div className={styles.grid}>
              <TextField name="email" type="email" label={field('email')} maxLength={200} autoComplete="off" disabled={readOnly} />
              <TextField name="phone_regular" type="tel" label={field('phone_regular')} hint={t('leads.phone_hint')} maxLength={40} disabled={readOnly} />
              <TextField name="phone_cellphone" type="tel" label={field('phone_cellphone')} hint={t('leads.phone_hint')} maxLength={40} disabled={readOnly} />
              <TextField name="street" label={field('street')} maxLength={120} disabled={readOnly} />
              <TextField name="house_no" label={field('house_no')} maxLength={20} disabled={readOnly} />
              <TextField name="zip" label={field('zip')} maxLength={12} disabled={readOnly} />
              <TextField name="city" label={field('city')} maxLength={80} disabled={readOnly} />
            </div>
          </fieldset>

          <fieldset className={styles.section}>
            <legend>{t('leads.section_guardian')}</legend>
            <div className={styles.grid}>
              <SelectField name="pt_salutation_id" label={field('pt_salutation_id')} options={salutations} placeholder={choose} disabled={readOnly} />
              <TextField name="pt_firstname" label={field('pt_firstname')} maxLength={100} disabled={readOnly} />
              <TextField name="pt_lastname" label={field('pt_lastname')} maxLength={100} disabled={readOnly} />
              <TextField name="pt_email" type="email" label={field('pt_email')} maxLength={200} disabled={readOnly} />
              <TextField name="pt_phone_regular" type="tel" label={field('pt_phone_regular')} maxLength={40} disabled={readOnly} />
              <TextField name="pt_phone_cellphone" type="tel" label={field('pt_phone_cellphone')} maxLength={40} disabled={readOnly} />
              <TextField name="pt_street" label={field('pt_street')} maxLength={120} disabled={readOnly} />
              <TextField name="pt_house_no" label={field('pt_house_no')} maxLength={20} disabled={readOnly} />
              <TextField name="pt_zip" label={field('pt_zip')} maxLength={12} disabled={readOnly} />
              <TextField name="pt_city" label={field('pt_city')} maxLength={80} disabled={readOnly} />
            </div>
          </fieldset>

          <fieldset className={styles.section}>
            <legend>{t('leads.section_interests')}</legend>
            <div className={styles.grid}>
              <CheckboxGroupField legend={field('interests')} name="interests" options={interests} disabled={readOnly} />
              <CheckboxGroupField legend={field('products')} name="products" options={divisions} disabled={readOnly} />
              <TextAreaField name="experience" label={field('experience')} rows={3} maxLength={2000} disabled={readOnly} className={styles.wide} />
              <TextAreaField name="annotation" label={field('annotation')} rows={4} maxLength={5000} disabled={readOnly} className={styles.wide} />
            </div>
          </fieldset>

          {editId !== undefined && (
            <ConflictNotice
              record={record}
              labels={{ lastname: field('lastname'), firstname: field('firstname'), email: field('email'), lead_status_id: field('lead_status_id'), annotation: field('annotation') }}
            />
          )}
          <div className={styles.formActions}>
            <SubmitButton disabled={readOnly} aria-describedby={readOnly ? reasonId : undefined}>
              {t('leads.save')}
            </SubmitButton>
            <Link to={LIST} className={styles.info}>
              {t('leads.cancel')}
            </Link>
          </div>
          {readOnly && (
            <p id={reasonId} className={styles.info}>
              {t('leads.no_write_permission')}
            </p>
          )}
          <SubmitStateBox state={submitState} />
        </>
      )}
    </FormikForm>
  );
}
