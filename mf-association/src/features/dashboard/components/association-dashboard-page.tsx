import { useTranslation } from 'react-i18next';
import { PageHeader, useCan } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { SupportTickets } from './support-tickets.js';

/** /e-dash: the association overview. */
export function AssociationDashboardPage() {
  const { t } = useTranslation(NS);
  const canSeeTickets = useCan('e_ticket_r');
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      {canSeeTickets && <SupportTickets />}
    </>
  );
}
