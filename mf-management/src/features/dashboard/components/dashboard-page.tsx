import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, useCan } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { IncomeChartBlock } from './income-chart-block.js';
import { OpenRequestsBlock } from './open-requests-block.js';
import { SchoolChoice } from './school-choice.js';
import { StudentMapBlock } from './student-map-block.js';
import { StudentStatusBlock } from './student-status-block.js';
import { UpcomingReminders } from './upcoming-reminders.js';
import styles from './dashboard.module.css';

/**
 * /m-dash (spec 000 §2): the school selector with a refresh, the reminders (reminder_r), the
 * student block and the open requests (student_r; the requests also need e_ticket_r, which
 * their call does), the income/expense chart (finance_r) and the student map (student_r).
 * Each block loads and fails on its own (its own error panel with retry): one slow or failing
 * call never blanks the dashboard. Refresh loads every block again.
 */
export function DashboardPage() {
  const { t } = useTranslation(NS);
  const canSeeReminders = useCan('reminder_r');
  const canSeeStudents = useCan('student_r');
  const canSeeRequests = useCan('e_ticket_r');
  const canSeeFinance = useCan('finance_r');
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        actions={
          <div className={styles.toolbar}>
            {canSeeReminders && <Link to="/m-reminder/list">{t('dashboard.all_reminders')}</Link>}
            <SchoolChoice />
            <Button size="small" onClick={() => setRefreshKey((key) => key + 1)}>
              {t('dashboard.refresh')}
            </Button>
          </div>
        }
      />
      <div className={styles.grid}>
        {canSeeReminders && <UpcomingReminders refreshKey={refreshKey} />}
        {canSeeStudents && <StudentStatusBlock refreshKey={refreshKey} />}
        {canSeeStudents && canSeeRequests && <OpenRequestsBlock refreshKey={refreshKey} />}
        {canSeeFinance && <IncomeChartBlock refreshKey={refreshKey} />}
        {canSeeStudents && <StudentMapBlock refreshKey={refreshKey} />}
      </div>
    </>
  );
}
