import { useTranslation } from 'react-i18next';
import { Button, ModalDialog, SubmitStateBox } from 'shared-kernel';
import { reminderSchema, type ReminderForm } from 'shared-kernel/contracts';
import { DateField, FormikForm, SubmitButton, TextAreaField, TextField, useSubmissionKey } from 'shared-kernel/forms';
import { createReminder } from '../api/reminders.js';
import { useSubmitState } from '../hooks/use-submit-state.js';
import { NS } from '../i18n.js';
import styles from './student-detail.module.css';

/** The form's values: the deadline is empty (null) until the user types one. */
type ReminderFormValues = Omit<ReminderForm, 'date_deadline'> & { date_deadline: string | null };

/** Props of {@link ReminderFormDialog}. */
export interface ReminderFormDialogProps {
  studentId: number;
  onClose: () => void;
  onSaved: () => void;
}

/** 'New reminder' for the student in a dialog: subject, deadline (DD.MM.YYYY) and notes. */
export function ReminderFormDialog({ studentId, onClose, onSaved }: ReminderFormDialogProps) {
  const { t } = useTranslation(NS);
  const { state, submit } = useSubmitState();
  const submission = useSubmissionKey();
  const initialValues: ReminderFormValues = {
    date_deadline: null,
    subject: '',
    notes: '',
    student_id: studentId,
    lead_id: null,
    school_id: null,
    delegated_to: null,
    done: false,
  };

  return (
    <ModalDialog title={t('student_detail.reminders.form_title')} onClose={onClose}>
      <FormikForm<ReminderFormValues>
        initialValues={initialValues}
        validationSchema={reminderSchema}
        ariaLabel={t('student_detail.reminders.form_title')}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          const body = reminderSchema.cast(values, { stripUnknown: true }) as ReminderForm;
          // One key per attempt: a retry after a lost answer makes no second reminder.
          const outcome = await submit(() => createReminder(body, submission.keyFor(body)));
          if (outcome.ok) onSaved();
          else if (outcome.fields) helpers.setErrors(outcome.fields);
        }}
      >
        <TextField name="subject" label={t('student_detail.reminders.subject')} required autoComplete="off" />
        <DateField name="date_deadline" label={t('student_detail.reminders.deadline')} required />
        <TextAreaField name="notes" label={t('student_detail.reminders.notes')} rows={4} />
        <SubmitStateBox state={state} />
        <div className={styles.formActions}>
          <SubmitButton>{t('student_detail.save')}</SubmitButton>
          <Button onClick={onClose}>{t('common:ui.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}
