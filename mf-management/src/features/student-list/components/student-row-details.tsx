import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, ErrorPanel, Spinner, ageInYears, formatDate, todayIso, useCan, useRequest } from 'shared-kernel';
import { getOpenReminders, type ReminderRow } from '../api/get-open-reminders.js';
import type { StudentListRow } from '../api/get-student-list.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { studentName } from './student-list-columns.js';
import styles from './student-row-details.module.css';

/** Path of the student map zoomed to one student. */
export function studentMapPath(id: number): string {
  return `/m-student/dashboard?id=${id}`;
}

function dueState(deadline: string, today: string): 'overdue' | 'today' | null {
  const day = deadline.slice(0, 10);
  if (day < today) return 'overdue';
  if (day === today) return 'today';
  return null;
}

function StudentOpenReminders({ studentId }: { studentId: number }) {
  const { t } = useStudentLabels();
  const { state, data, reload } = useRequest((signal) => getOpenReminders(studentId, signal), [studentId]);
  const today = todayIso();
  let body;
  if (state === -1 && !data) body = <Spinner showLabel />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={4} />;
  else if (!data?.length) body = <p>{t('students.expanded.reminders_empty')}</p>;
  else
    body = (
      <table className={styles.reminders}>
        <thead>
          <tr>
            <th scope="col">{t('students.expanded.deadline')}</th>
            <th scope="col">{t('students.expanded.subject')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((reminder: ReminderRow) => {
            const due = dueState(reminder.date_deadline, today);
            return (
              <tr key={reminder.reminder_id} className={due ? styles[due] : undefined}>
                <td>
                  {formatDate(reminder.date_deadline)}
                  {due && (
                    <span className={styles.badge}>
                      {' '}
                      ({t(due === 'overdue' ? 'students.expanded.overdue' : 'students.expanded.due_today')})
                    </span>
                  )}
                </td>
                <td>{reminder.subject}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  return (
    <div>
      <h3 className={styles.heading}>{t('students.expanded.reminders')}</h3>
      {body}
    </div>
  );
}

/**
 * The expanded row of the student list: address, age, open reminders (with reminder_r) and a
 * link to the map zoomed to the student.
 */
export function StudentRowDetails({ row, regionId, onClose }: { row: StudentListRow; regionId: string; onClose: () => void }) {
  const { t } = useStudentLabels();
  const canSeeReminders = useCan('reminder_r');
  const regionRef = useRef<HTMLElement>(null);
  const name = studentName(row);
  const street = [row.street, row.house_no].filter(Boolean).join(' ');
  const place = [row.z, row.c].filter(Boolean).join(' ');
  const age = ageInYears(row.dob);

  // The region sits under the table: bring it into view when a row is expanded.
  useEffect(() => {
    regionRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [row.id]);

  return (
    <section id={regionId} ref={regionRef} className={styles.details} aria-labelledby={`${regionId}-title`}>
      <div className={styles.header}>
        <h2 id={`${regionId}-title`} className={styles.title}>
          {name}
        </h2>
        <Button size="small" onClick={onClose}>
          {t('students.expanded.close')}
        </Button>
      </div>
      <div className={styles.columns}>
        <dl className={styles.facts}>
          <dt>{t('students.expanded.address')}</dt>
          <dd>
            {street || place ? (
              <>
                {street && <span className={styles.line}>{street}</span>}
                {place && <span className={styles.line}>{place}</span>}
              </>
            ) : (
              t('students.expanded.no_address')
            )}
          </dd>
          <dt>{t('students.expanded.age')}</dt>
          <dd>{age === null ? t('students.expanded.unknown') : t('students.expanded.age_years', { count: age })}</dd>
        </dl>
        {canSeeReminders && <StudentOpenReminders studentId={row.id} />}
      </div>
      <p className={styles.mapAction}>
        {row.lat !== null && row.long !== null ? (
          <Link className={styles.mapLink} to={studentMapPath(row.id)}>
            {t('students.expanded.show_on_map')}
          </Link>
        ) : (
          t('students.expanded.no_coordinates')
        )}
      </p>
    </section>
  );
}
