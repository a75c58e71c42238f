import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner, formatDate, formatDateTime, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getSupportTickets } from '../api/get-support-tickets.js';
import styles from './support-tickets.module.css';

/** The support requests block of the association dashboard. */
export function SupportTickets() {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getSupportTickets(signal), [key]);

  let body;
  if (state === -1 && !data) body = <Spinner showLabel />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
  else if (!data?.length) body = <p>{t('dashboard.tickets_empty')}</p>;
  else {
    body = (
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.date')}</th>
            <th scope="col">{t('dashboard.subject')}</th>
            <th scope="col">{t('dashboard.status')}</th>
            <th scope="col">{t('dashboard.sender')}</th>
            <th scope="col">{t('dashboard.last_message')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((ticket) => (
            <tr key={ticket.id}>
              <td>{formatDate(ticket.dc)}</td>
              <td>{ticket.subject}</td>
              <td>{t(`ticket_status.${ticket.tsid}`)}</td>
              <td>{ticket.sender}</td>
              <td>{formatDateTime(ticket.dlm)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <section className={styles.block} aria-labelledby="support-tickets-title">
      <h2 id="support-tickets-title" className={styles.title}>{t('dashboard.tickets')}</h2>
      {body}
    </section>
  );
}
