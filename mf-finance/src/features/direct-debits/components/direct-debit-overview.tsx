import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainTable, formatDateTime, formatMoney } from 'shared-kernel';
import type { FinDashDirectDebits } from 'shared-kernel/contracts';
import { DD_NS } from '../i18n.js';
import styles from './direct-debits.module.css';

/**
 * The finance overview's direct-debit list (spec 002 §3 "Finance overview data"): the runs
 * of each month of the year (count, debits, total, dates), each month linking to /m-fin/dd.
 */
export function DirectDebitOverview({ year, runs, currency, monthName }: {
  year: number;
  runs: FinDashDirectDebits[];
  currency: string;
  monthName: (month: number) => string;
}) {
  const { t } = useTranslation(DD_NS);
  return (
    <section className={styles.page} aria-labelledby="dd-overview-title">
      <h2 id="dd-overview-title" className={styles.section}>{t('overview.title', { year })}</h2>
      {runs.length === 0 ? (
        <p className={styles.muted}>{t('overview.none')}</p>
      ) : (
        <PlainTable aria-label={t('overview.title', { year })}>
          <thead>
            <tr>
              <th scope="col">{t('dd.month')}</th>
              <th scope="col" className={styles.amount}>{t('overview.runs')}</th>
              <th scope="col" className={styles.amount}>{t('overview.debits')}</th>
              <th scope="col" className={styles.amount}>{t('dd.amount')}</th>
              <th scope="col">{t('overview.dates')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((month) => (
              <tr key={month.month}>
                <th scope="row">
                  <Link to="/m-fin/dd">{monthName(month.month)}</Link>
                </th>
                <td className={styles.amount}>{month.runs}</td>
                <td className={styles.amount}>{month.cnt}</td>
                <td className={styles.amount}>{formatMoney(month.amt, currency)}</td>
                <td>{month.dates.map((date) => formatDateTime(date)).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      <p>
        <Link to="/m-fin/dd">{t('overview.open')}</Link>
      </p>
    </section>
  );
}
