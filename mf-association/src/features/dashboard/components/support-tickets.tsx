import { useTranslation } from 'react-i18next';
import { DataPanel, formatDate, formatDateTime, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getSupportTickets } from '../api/get-support-tickets.js';

/** The support requests block of the association dashboard. */
export function SupportTickets() {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getSupportTickets(signal), [key]);

  return (
    <DataPanel
      title={t('dashboard.tickets')}
      state={state}
      data={data}
      onRetry={reload}
      emptyText={t('dashboard.tickets_empty')}
    >
      {(rows) => (
        <table>
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
            {rows.map((ticket) => (
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
      )}
    </DataPanel>
  );
}
