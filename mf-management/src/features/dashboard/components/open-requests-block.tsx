import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataPanel, formatDate, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getOpenRequests, type TicketListRow } from '../api/dashboard.js';

/**
 * The dashboard's open requests (spec 000 §2): the schools' support requests to the
 * association (tickets of mode 1, spec 002 §2.13) still in process or waiting for an answer,
 * newest first, each linking to its thread in the association area.
 */
export function OpenRequestsBlock({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getOpenRequests(signal), [key, refreshKey]);
  return (
    <DataPanel title={t('dashboard.requests')} state={state} data={data} onRetry={reload} emptyText={t('dashboard.requests_empty')}>
      {(rows) => (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.request_date')}</th>
              <th scope="col">{t('dashboard.subject')}</th>
              <th scope="col">{t('dashboard.request_status')}</th>
              <th scope="col">{t('dashboard.request_sender')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((request: TicketListRow) => (
              <tr key={request.id}>
                <td>{formatDate(request.dc)}</td>
                <td>
                  <Link to={`/e-ticket/edit/1/${request.id}`}>{request.subject}</Link>
                </td>
                <td>{t(`dashboard.request_state.${request.tsid}`)}</td>
                <td>{request.sender}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DataPanel>
  );
}
