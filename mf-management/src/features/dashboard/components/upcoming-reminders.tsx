import { useTranslation } from 'react-i18next';
import { DataPanel, formatDate, todayIso, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getUpcomingReminders, type UpcomingReminder } from '../api/get-upcoming-reminders.js';
import styles from './upcoming-reminders.module.css';
import { reminderUrgency } from '../../reminders/utils/reminder-urgency.js';

/** The dashboard's reminders block: overdue in red, due today in orange (spec 001 §4). */
export function UpcomingReminders({ refreshKey = 0 }: { refreshKey?: number }) {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getUpcomingReminders(signal), [key, refreshKey]);
  const today = todayIso();
  const referenceText = (reminder: UpcomingReminder): string => {
    if (reminder.student_id) return `${t('dashboard.student')}: ${reminder.ref_name ?? `#${reminder.student_id}`}`;
    if (reminder.lead_id) return `${t('dashboard.lead')}: ${reminder.ref_name ?? `#${reminder.lead_id}`}`;
    return '';
  };

  return (
    <DataPanel
      title={t('dashboard.reminders')}
      state={state}
      data={data}
      onRetry={reload}
      emptyText={t('dashboard.reminders_empty')}
    >
      {(rows) => (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.deadline')}</th>
              <th scope="col">{t('dashboard.subject')}</th>
              <th scope="col">{t('dashboard.created_by')}</th>
              <th scope="col">{t('dashboard.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((reminder: UpcomingReminder) => {
              const due = reminderUrgency(reminder.date_deadline, today);
              return (
                <tr key={reminder.reminder_id} className={due ? styles[due] : undefined}>
                  <td>
                    {formatDate(reminder.date_deadline)}
                    {due && <span className={styles.badge}> ({t(due === 'overdue' ? 'dashboard.overdue' : 'dashboard.due_today')})</span>}
                  </td>
                  <td>{reminder.subject}</td>
                  <td>{reminder.username}</td>
                  <td>{referenceText(reminder)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </DataPanel>
  );
}
