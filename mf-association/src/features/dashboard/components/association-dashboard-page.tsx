import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, useCan } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { AssociationNews } from './association-news.js';
import { ReleaseNotesButton } from './release-notes-dialog.js';
import { TicketListPanel } from './ticket-list-panel.js';
import styles from './dashboard.module.css';

/** /e-dash: the association overview (spec 002 §2.13): news, support and technical requests. */
export function AssociationDashboardPage() {
  const { t } = useTranslation(NS);
  const canReadTickets = useCan('e_ticket_r');
  const canSendTickets = useCan('e_ticket_s');
  const canReadNews = useCan('e_news_r');
  const showTickets = canReadTickets || canSendTickets;
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      {canReadNews && <AssociationNews />}
      {showTickets && (
        <TicketListPanel
          mode={1}
          canRead={canReadTickets}
          canSend={canSendTickets}
          extraActions={
            // Contract and trainer requests are requests of this list too (tickets of type 5 and 9).
            canSendTickets && (
              <>
                <Link to="/e-rcc" className={styles.actionLink}>
                  {t('contract_request.title')}
                </Link>
                <Link to="/e-trainer" className={styles.actionLink}>
                  {t('trainer_request.title')}
                </Link>
              </>
            )
          }
        />
      )}
      {showTickets && (
        <TicketListPanel
          mode={2}
          canRead={canReadTickets}
          canSend={canSendTickets}
          extraActions={<ReleaseNotesButton />}
        />
      )}
    </>
  );
}
