import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, PageHeader, SubmitStateBox, toErrorCode, toast } from 'shared-kernel';
import {
  TECH_TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  supportTicketSchema,
  technicalTicketSchema,
  type SupportTicketForm,
  type TechnicalTicketForm,
} from 'shared-kernel/contracts';
import { FormikForm, SelectField, SubmitButton, TextAreaField, TextField } from 'shared-kernel/forms';
import { useRequestSchools } from '../../../app/use-request-schools.js';
import { NS } from '../../../i18n.js';
import { createTicket, type TicketMode } from '../api/create-ticket.js';
import { refusedFields } from '../utils/error-fields.js';
import { AttachmentPicker } from './attachment-picker.js';
import styles from './tickets.module.css';

/** The form's values: the contract's fields, empty choices as null until the user picks. */
interface TicketFormValues {
  sid: number | null;
  cat?: string | null;
  subject: string;
  message: string;
}

/**
 * /e-ticket/1 (support request: school, subject, message, attachments) and /e-ticket/2
 * (technical feedback: school, category, subject, description, attachments), spec 002 §2.16.
 * After sending, back to /e-dash with a toast; a refusal shows its error code's text.
 */
export function TicketCreatePage({ mode }: { mode: TicketMode }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { choosable, initial } = useRequestSchools();
  const [files, setFiles] = useState<File[]>([]);
  const [submitState, setSubmitState] = useState(-1);
  const technical = mode === 2;

  const initialValues: TicketFormValues = {
    sid: initial,
    ...(technical ? { cat: null } : {}),
    subject: '',
    message: '',
  };

  const send = async (values: TicketFormValues, helpers: FormikHelpers<TicketFormValues>) => {
    setSubmitState(-2);
    try {
      const schema = technical ? technicalTicketSchema : supportTicketSchema;
      // cast trims the texts the way the server stores them.
      const form = schema.cast(values) as SupportTicketForm | TechnicalTicketForm;
      await createTicket(mode, form, files);
      toast.success(`${NS}:tickets.sent`);
      navigate('/e-dash');
    } catch (err) {
      helpers.setErrors(await refusedFields(err, Object.keys(values)));
      setSubmitState(await toErrorCode(err));
    }
  };

  const sending = submitState === -2;
  return (
    <>
      <PageHeader title={t(technical ? 'tickets.technical_title' : 'tickets.support_title')} />
      <FormikForm<TicketFormValues>
        initialValues={initialValues}
        validationSchema={technical ? technicalTicketSchema : supportTicketSchema}
        onSubmit={send}
        className={styles.form}
      >
        <SelectField
          name="sid"
          label={t('tickets.school')}
          required
          placeholder={t('tickets.choose')}
          options={choosable.map((school) => ({ value: school.id, label: school.name }))}
          disabled={sending}
        />
        {technical && (
          <SelectField
            name="cat"
            label={t('tickets.category')}
            required
            placeholder={t('tickets.choose')}
            options={TECH_TICKET_CATEGORIES.map((cat) => ({ value: cat, label: t(`ticket_category.${cat}`) }))}
            disabled={sending}
          />
        )}
        <TextField name="subject" label={t('tickets.subject')} required maxLength={200} disabled={sending} />
        <TextAreaField
          name="message"
          label={t(technical ? 'tickets.description' : 'tickets.message')}
          required
          rows={8}
          maxLength={TICKET_MESSAGE_MAX}
          disabled={sending}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={sending} />
        <SubmitStateBox state={submitState} busyKey={`${NS}:tickets.sending`} />
        <div className={styles.buttons}>
          <SubmitButton>{t('tickets.send')}</SubmitButton>
          <Button onClick={() => navigate('/e-dash')} disabled={sending}>
            {tc('ui.cancel')}
          </Button>
        </div>
      </FormikForm>
    </>
  );
}
