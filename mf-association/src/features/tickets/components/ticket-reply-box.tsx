import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { SubmitStateBox, toErrorCode, toast } from 'shared-kernel';
import { TICKET_MESSAGE_MAX, ticketReplySchema, type TicketReplyForm } from 'shared-kernel/contracts';
import { FormikForm, SubmitButton, TextAreaField } from 'shared-kernel/forms';
import { NS } from '../../../i18n.js';
import type { TicketMode } from '../api/create-ticket.js';
import { replyToTicket } from '../api/reply-to-ticket.js';
import { refusedFields } from '../utils/error-fields.js';
import { AttachmentPicker } from './attachment-picker.js';
import styles from './tickets.module.css';

/** Props of {@link TicketReplyBox}. */
export interface TicketReplyBoxProps {
  mode: TicketMode;
  ticketId: number;
  /** Called after the reply was stored: reload the thread. */
  onSent: () => void;
}

const EMPTY_REPLY: TicketReplyForm = { message: '' };

/** The reply box under a ticket's thread: message (required) and attachments; clears itself after sending. */
export function TicketReplyBox({ mode, ticketId, onSent }: TicketReplyBoxProps) {
  const { t } = useTranslation(NS);
  const [files, setFiles] = useState<File[]>([]);
  const [submitState, setSubmitState] = useState(-1);
  // A new picker after each reply also forgets its refusal messages.
  const [pickerKey, setPickerKey] = useState(0);

  const send = async (values: TicketReplyForm, helpers: FormikHelpers<TicketReplyForm>) => {
    setSubmitState(-2);
    try {
      await replyToTicket(mode, ticketId, ticketReplySchema.cast(values), files);
      helpers.resetForm({ values: EMPTY_REPLY });
      setFiles([]);
      setPickerKey((key) => key + 1);
      setSubmitState(0);
      toast.success(`${NS}:tickets.reply_sent`);
      onSent();
    } catch (err) {
      helpers.setErrors(await refusedFields(err, ['message']));
      setSubmitState(await toErrorCode(err));
    }
  };

  const sending = submitState === -2;
  return (
    <FormikForm<TicketReplyForm>
      initialValues={EMPTY_REPLY}
      validationSchema={ticketReplySchema}
      onSubmit={send}
      ariaLabel={t('tickets.reply')}
      className={styles.form}
    >
      <TextAreaField
        name="message"
        label={t('tickets.reply_message')}
        required
        rows={6}
        maxLength={TICKET_MESSAGE_MAX}
        disabled={sending}
      />
      <AttachmentPicker key={pickerKey} files={files} onChange={setFiles} disabled={sending} />
      <SubmitStateBox state={submitState} busyKey={`${NS}:tickets.sending`} />
      <div className={styles.buttons}>
        <SubmitButton>{t('tickets.reply_send')}</SubmitButton>
      </div>
    </FormikForm>
  );
}
