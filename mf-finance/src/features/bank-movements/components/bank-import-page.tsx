import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorPanel, PageHeader, PlainTable, Spinner, formatDate, formatDateTime, formatMoney, useRequest } from 'shared-kernel';
import { getImport } from '../api/bank-movements.js';
import { BANK_NS } from '../i18n.js';
import styles from './bank.module.css';

const money = (cents: number | null, currency: string | null) => (cents === null ? '-' : formatMoney(cents, currency ?? 'EUR'));

/**
 * /m-fin/bamim/{id}: an import's detail (file, account, statements with period and balances; the
 * bank's entries and the movements made of them, new and known; the entries not booked).
 */
export function BankImportPage() {
  const { t } = useTranslation(BANK_NS);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { state, data, reload } = useRequest((signal) => getImport(id, signal), [id], { enabled: valid });

  if (!valid) return <ErrorPanel code={3} />;
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data) return <Spinner showLabel />;
  const notBooked = data.statements.flatMap((statement) => statement.not_booked.map((entry) => ({ statement, entry })));
  return (
    <>
      <PageHeader title={t('detail.title', { id: data.id })} />
      <div className={styles.list}>
        <dl className={styles.facts}>
          <dt>{t('detail.file')}</dt>
          <dd>{data.file_name}</dd>
          <dt>{t('detail.message')}</dt>
          <dd>{data.message}</dd>
          <dt>{t('detail.created')}</dt>
          <dd>{formatDateTime(data.created_at, true)}</dd>
          <dt>{t('detail.bank_entries')}</dt>
          <dd>{data.entries}</dd>
          <dt>{t('detail.movements')}</dt>
          <dd>{data.movements}</dd>
          <dt>{t('detail.imported')}</dt>
          <dd>{data.imported}</dd>
          <dt>{t('detail.skipped')}</dt>
          <dd>{data.skipped}</dd>
          <dt>{t('detail.not_booked')}</dt>
          <dd>{data.not_booked}</dd>
          <dt>{t('detail.returns')}</dt>
          <dd>{data.returns}</dd>
          <dt>{t('detail.paid_debits')}</dt>
          <dd>{data.paid_debits}</dd>
        </dl>
        <PlainTable aria-label={t('detail.statements')}>
          <thead>
            <tr>
              <th scope="col">{t('detail.statement_id')}</th>
              <th scope="col">{t('detail.account')}</th>
              <th scope="col">{t('detail.period')}</th>
              <th scope="col" className={styles.amount}>{t('detail.opening')}</th>
              <th scope="col" className={styles.amount}>{t('detail.closing')}</th>
              <th scope="col" className={styles.amount}>{t('detail.bank_entries')}</th>
              <th scope="col" className={styles.amount}>{t('detail.movements')}</th>
              <th scope="col" className={styles.amount}>{t('detail.entries')}</th>
            </tr>
          </thead>
          <tbody>
            {data.statements.map((statement) => (
              <tr key={`${statement.iban}-${statement.id}`}>
                <td>{statement.id}</td>
                <td>{`${statement.account_name} (${statement.iban})`}</td>
                <td>{[formatDate(statement.from), formatDate(statement.to)].filter(Boolean).join(' – ') || '-'}</td>
                <td className={styles.amount}>{money(statement.opening, statement.currency)}</td>
                <td className={styles.amount}>{money(statement.closing, statement.currency)}</td>
                <td className={styles.amount}>{statement.bank_entries}</td>
                <td className={styles.amount}>{statement.movements}</td>
                <td className={styles.amount}>{statement.entries}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
        {notBooked.length > 0 && (
          <PlainTable aria-label={t('detail.not_booked_title')}>
            <caption>{t('detail.not_booked_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.statement_id')}</th>
                <th scope="col">{t('detail.position')}</th>
                <th scope="col">{t('detail.ref')}</th>
                <th scope="col">{t('detail.status')}</th>
                <th scope="col">{t('detail.date')}</th>
                <th scope="col" className={styles.amount}>{t('detail.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {notBooked.map(({ statement, entry }) => (
                <tr key={`${statement.iban}-${statement.id}-${entry.position}`}>
                  <td>{statement.id}</td>
                  <td>{entry.position}</td>
                  <td>{entry.ref ?? '-'}</td>
                  <td>{t(`detail.status_${entry.status}`, { defaultValue: entry.status })}</td>
                  <td>{formatDate(entry.date) || '-'}</td>
                  <td className={styles.amount}>{money(entry.credit ? entry.amount : -entry.amount, statement.currency)}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        )}
        <Link to="/m-fin/bamove">{t('detail.back')}</Link>
      </div>
    </>
  );
}
