import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from 'shared-kernel';
import { CONTRACT_PACK_SIZE, type ContractRequestRow } from 'shared-kernel/contracts';
import { ticketThreadPath } from '../../../app/ticket-paths.js';
import { NS } from '../../../i18n.js';
import styles from '../../../app/request-pages.module.css';

/**
 * The open contract requests (spec 002 §2.15: date, user, school, contracts), newest first,
 * each with a link to its ticket's thread. The API answers them whole (at most 200), so a
 * plain table.
 */
export function OpenRequestsTable({ rows }: { rows: ContractRequestRow[] }) {
  const { t } = useTranslation(NS);
  if (rows.length === 0) return <p>{t('contract_request.open_empty')}</p>;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t('contract_request.open')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('contract_request.date')}</th>
          <th scope="col">{t('contract_request.user')}</th>
          <th scope="col">{t('contract_request.school')}</th>
          <th scope="col">{t('contract_request.contracts')}</th>
          <th scope="col">{t('contract_request.kid_certs')}</th>
          <th scope="col">{t('contract_request.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={ticketThreadPath(row.tid)} aria-label={t('contract_request.open_request', { date: formatDate(row.dc), school: row.school })}>
                {formatDate(row.dc)}
              </Link>
            </td>
            <td>{row.user}</td>
            <td>{row.school}</td>
            <td className={styles.number}>{row.amount * CONTRACT_PACK_SIZE}</td>
            <td className={styles.number}>{row.kid_cert_amount}</td>
            <td>{t(`ticket_status.${row.tsid}`, { defaultValue: String(row.tsid) })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
