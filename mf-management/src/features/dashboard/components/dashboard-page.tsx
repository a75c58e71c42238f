import { useTranslation } from 'react-i18next';
import { PageHeader, useCan } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { UpcomingReminders } from './upcoming-reminders.js';

/** /m-dash: the management overview. */
export function DashboardPage() {
  const { t } = useTranslation(NS);
  const canSeeReminders = useCan('reminder_r');
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      {canSeeReminders && <UpcomingReminders />}
    </>
  );
}
