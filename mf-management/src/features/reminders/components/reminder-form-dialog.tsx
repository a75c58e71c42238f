import { useFormikContext } from 'formik';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ModalDialog, SubmitStateBox, useRequest, useSchoolFilter } from 'shared-kernel';
import { reminderSchema, type ReminderForm } from 'shared-kernel/contracts';
import { ConflictNotice, DateField, FormikForm, SelectField, SubmitButton, TextAreaField, TextField, useSubmissionKey } from 'shared-kernel/forms';
import { useVersionedSave } from '../../student-detail/hooks/use-versioned-save.js';
import { createReminder, getReminder, getSchoolUsers, reminderFormOf, updateReminder, type ReminderRow } from '../api/reminders.js';
import { NS } from '../i18n.js';
import styles from './reminders.module.css';

/** The form's values: the deadline is empty (null) until the user types one. */
type ReminderFormValues = Omit<ReminderForm, 'date_deadline'> & { date_deadline: string | null };

/** Props of {@link ReminderFormDialog}. */
export interface ReminderFormDialogProps {
  /** The reminder to edit (as the list read it, with its version), or null for a new one. */
  reminder: ReminderRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The delegate picker: the users who see the reminder's school (POST /api-human/list with sid).
 * A new reminder without reference picks its school first; a delegate of another school is
 * dropped when the school changes.
 */
function DelegateField({ fixedSchoolId }: { fixedSchoolId: number | null }) {
  const { t } = useTranslation(NS);
  const { values, setFieldValue } = useFormikContext<ReminderFormValues>();
  const schoolId = fixedSchoolId ?? values.school_id;
  const { state, data } = useRequest((signal) => getSchoolUsers(schoolId!, signal), [schoolId], { enabled: schoolId !== null });
  const users = useMemo(() => data ?? [], [data]);
  useEffect(() => {
    if (data && values.delegated_to !== null && !data.some((user) => user.id === values.delegated_to)) void setFieldValue('delegated_to', null);
  }, [data, values.delegated_to, setFieldValue]);
  const options = users.map((user) => ({ value: user.id, label: `${`${user.fn} ${user.ln}`.trim() || user.un} (${user.un})` }));
  return (
    <>
      <SelectField
        name="delegated_to"
        label={t('reminders.delegated_to')}
        options={options}
        placeholder={t('reminders.nobody')}
        disabled={schoolId === null || state !== 0}
      />
      {state > 0 && <p role="alert">{t('reminders.users_failed')}</p>}
    </>
  );
}

/**
 * Creates a reminder (for one of the user's schools) or edits one in a dialog: subject,
 * deadline (DD.MM.YYYY), notes and the delegate. An edit sends the version the list read; when
 * someone saved the reminder meanwhile the conflict notice says so and keeps the entries.
 */
export function ReminderFormDialog({ reminder, onClose, onSaved }: ReminderFormDialogProps) {
  const { t } = useTranslation(NS);
  const { schools } = useSchoolFilter();
  const initialValues: ReminderFormValues = reminder
    ? reminderFormOf(reminder)
    : { date_deadline: null, subject: '', notes: '', student_id: null, lead_id: null, school_id: schools.length === 1 ? schools[0]!.id : null, delegated_to: null, done: false };
  const { record, state, save } = useVersionedSave({ ...initialValues, version: reminder?.version ?? 1 }, async () => {
    const current = await getReminder(reminder!.reminder_id);
    return { ...reminderFormOf(current), version: current.version };
  });
  const submission = useSubmissionKey();
  const title = t(reminder ? 'reminders.form_title_edit' : 'reminders.form_title_create');
  const labels = {
    subject: t('reminders.subject'),
    date_deadline: t('reminders.deadline'),
    notes: t('reminders.notes'),
    delegated_to: t('reminders.delegated_to'),
    school_id: t('reminders.school'),
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <FormikForm<ReminderFormValues>
        initialValues={initialValues}
        validationSchema={reminderSchema}
        ariaLabel={title}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          const body = reminderSchema.cast(values, { stripUnknown: true }) as ReminderForm;
          const outcome = await save((version) =>
            // A new reminder: one key per attempt, so a retry after a lost answer makes no second one.
            reminder ? updateReminder(reminder.reminder_id, body, version) : createReminder(body, submission.keyFor(body)).then(() => version),
          );
          if (outcome.ok) onSaved();
          else if (outcome.fields) helpers.setErrors(outcome.fields);
        }}
      >
        <TextField name="subject" label={labels.subject} required autoComplete="off" />
        <DateField name="date_deadline" label={labels.date_deadline} required />
        <TextAreaField name="notes" label={labels.notes} rows={4} />
        {!reminder && (
          <SelectField name="school_id" label={labels.school_id} required options={schools.map((school) => ({ value: school.id, label: school.name }))} />
        )}
        <DelegateField fixedSchoolId={reminder?.school_id ?? null} />
        <ConflictNotice record={record} labels={labels} />
        <SubmitStateBox state={state} />
        <div className={styles.formActions}>
          <SubmitButton>{t('reminders.save')}</SubmitButton>
          <Button onClick={onClose}>{t('common:ui.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}
