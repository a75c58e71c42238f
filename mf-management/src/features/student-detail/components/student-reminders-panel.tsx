import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, SubmitStateBox, todayIso, useCan, useRequest } from 'shared-kernel';
import type { ReminderRow } from 'shared-kernel/contracts';
import { getOpenStudentReminders, markReminderDone } from '../api/reminders.js';
import { useSubmitState } from '../hooks/use-submit-state.js';
import { NS } from '../i18n.js';
import { DetailPanel } from './detail-panel.js';
import { RequestBody } from './request-body.js';
import styles from './student-detail.module.css';
import { reminderUrgency } from '../../reminders/utils/reminder-urgency.js';

/** Props of {@link StudentRemindersPanel}. */
export interface StudentRemindersPanelProps {
  studentId: number;
  /** Changes when a reminder was added elsewhere on the page: the list loads again. */
  version: number;
  /** After a reminder was marked done (it moves to the timeline). */
  onDone: () => void;
}

/**
 * The student's open reminders (reminder_r), earliest deadline first; overdue ones red, those
 * due today orange (spec 001 §4). reminder_w marks one done.
 */
export function StudentRemindersPanel({ studentId, version, onDone }: StudentRemindersPanelProps) {
  const { t } = useTranslation(NS);
  const canRead = useCan('reminder_r');
  const canWrite = useCan('reminder_w');
  const [doneVersion, setDoneVersion] = useState(0);
  const { state: submitState, submit } = useSubmitState();
  const { state, data, reload } = useRequest(
    (signal) => getOpenStudentReminders(studentId, signal),
    [studentId, version, doneVersion],
    { enabled: canRead },
  );
  if (!canRead) return null;
  const today = todayIso();

  const done = async (reminder: ReminderRow) => {
    const outcome = await submit(() => markReminderDone(reminder));
    if (outcome.ok) {
      setDoneVersion((n) => n + 1);
      onDone();
    }
  };

  return (
    <DetailPanel title={t('student_detail.reminders.title')}>
      <SubmitStateBox state={submitState} />
      <RequestBody state={state} data={data} onRetry={reload}>
        {(reminders) =>
          reminders.length === 0 ? (
            <p>{t('student_detail.reminders.empty')}</p>
          ) : (
            <ul className={styles.entries}>
              {reminders.map((reminder) => {
                const due = reminderUrgency(reminder.date_deadline, today);
                return (
                  <li key={reminder.reminder_id} className={[styles.entry, due ? styles[due] : ''].filter(Boolean).join(' ')}>
                    <div className={styles.entryHeader}>
                      <strong>{reminder.subject}</strong>
                      {canWrite && (
                        <Button
                          size="small"
                          aria-label={t('student_detail.reminders.done_label', { subject: reminder.subject })}
                          disabled={submitState === -2}
                          onClick={() => void done(reminder)}
                        >
                          {t('student_detail.reminders.done')}
                        </Button>
                      )}
                    </div>
                    <p className={styles.entryMeta}>
                      {t('student_detail.reminders.deadline')}: {formatDate(reminder.date_deadline)}
                      {due && (
                        <span className={styles.dueBadge}>
                          {' '}({t(due === 'overdue' ? 'student_detail.reminders.overdue' : 'student_detail.reminders.due_today')})
                        </span>
                      )}
                      {' · '}
                      {t('student_detail.reminders.created_by', { user: reminder.username })}
                    </p>
                    {reminder.notes && <p className={styles.entryText}>{reminder.notes}</p>}
                  </li>
                );
              })}
            </ul>
          )
        }
      </RequestBody>
    </DetailPanel>
  );
}
