import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, SubmitStateBox, toErrorCode, toast } from 'shared-kernel';
import { trainerRequestSchema, type TrainerRequestForm } from 'shared-kernel/contracts';
import { FormikForm, SelectField, SubmitButton, TextAreaField, TextField, useSubmissionKey } from 'shared-kernel/forms';
import { useRequestSchools } from '../../../app/use-request-schools.js';
import { NS } from '../../../i18n.js';
import { ticketThreadPath } from '../../../app/ticket-paths.js';
import { refusedFields } from '../../tickets/utils/error-fields.js';
import { createTrainerRequest } from '../api/trainer-request.js';
import styles from '../../../app/request-pages.module.css';

interface TrainerValues {
  sid: number | null;
  firstname: string;
  lastname: string;
  mno: string;
  annotation: string;
}

/**
 * /e-trainer (spec 002 §2.17): first name, last name, membership number and annotation, all
 * required. The spec's screen only showed an alert; here the request goes to the association
 * as a ticket of type 9 (trainer activation) of the chosen school, and the screen says so and
 * links the ticket's thread after sending.
 */
export function TrainerRequestPage() {
  const { t } = useTranslation(NS);
  const { choosable, initial } = useRequestSchools();
  const submission = useSubmissionKey();
  const [submitState, setSubmitState] = useState(-1);
  const [sentTid, setSentTid] = useState<number | null>(null);
  const initialValues: TrainerValues = { sid: initial, firstname: '', lastname: '', mno: '', annotation: '' };

  const send = async (values: TrainerValues, helpers: FormikHelpers<TrainerValues>) => {
    setSubmitState(-2);
    const form = trainerRequestSchema.cast(values) as TrainerRequestForm;
    try {
      const created = await createTrainerRequest(form, submission.keyFor(form));
      submission.reset();
      setSubmitState(0);
      setSentTid(created.tid);
      toast.success(`${NS}:trainer_request.sent`);
      // The school stays for the next request.
      helpers.resetForm({ values: { ...initialValues, sid: form.sid } });
    } catch (err) {
      helpers.setErrors(await refusedFields(err, Object.keys(values)));
      setSubmitState(await toErrorCode(err));
    }
  };

  const sending = submitState === -2;
  return (
    <>
      <PageHeader title={t('trainer_request.title')}>
        <p className={styles.intro}>{t('trainer_request.intro')}</p>
      </PageHeader>
      {sentTid !== null && (
        <p role="status" className={styles.sent}>
          {t('trainer_request.sent')} <Link to={ticketThreadPath(sentTid)}>{t('trainer_request.thread')}</Link>
        </p>
      )}
      <FormikForm<TrainerValues>
        initialValues={initialValues}
        validationSchema={trainerRequestSchema}
        onSubmit={send}
        ariaLabel={t('trainer_request.title')}
        className={styles.form}
      >
        <SelectField
          name="sid"
          label={t('trainer_request.school')}
          hint={t('trainer_request.school_hint')}
          required
          placeholder={t('trainer_request.choose')}
          options={choosable.map((school) => ({ value: school.id, label: school.name }))}
          disabled={sending}
        />
        <div className={styles.grid}>
          <TextField name="firstname" label={t('trainer_request.firstname')} required maxLength={100} disabled={sending} />
          <TextField name="lastname" label={t('trainer_request.lastname')} required maxLength={100} disabled={sending} />
          <TextField name="mno" label={t('trainer_request.mno')} required maxLength={30} disabled={sending} />
        </div>
        <TextAreaField name="annotation" label={t('trainer_request.annotation')} required rows={5} maxLength={5000} disabled={sending} />
        <SubmitStateBox state={submitState} busyKey={`${NS}:trainer_request.sending`} />
        <div className={styles.buttons}>
          <SubmitButton>{t('trainer_request.send')}</SubmitButton>
        </div>
      </FormikForm>
    </>
  );
}
