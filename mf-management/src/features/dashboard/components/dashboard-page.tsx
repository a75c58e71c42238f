import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, useCan } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { UpcomingReminders } from './upcoming-reminders.js';

/** /m-dash: the management overview. */
export function DashboardPage() {
  const { t } = useTranslation(NS);
  const canSeeReminders = useCan('reminder_r');
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        actions={canSeeReminders ? <Link to="/m-reminder/list">{t('dashboard.all_reminders')}</Link> : undefined}
      />
      {canSeeReminders && <UpcomingReminders />}
    </>
  );
}
