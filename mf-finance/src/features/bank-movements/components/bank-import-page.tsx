import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorPanel, PageHeader, PlainTable, Spinner, formatDate, formatDateTime, formatMoney, useRequest } from 'shared-kernel';
import { getImport } from '../api/bank-movements.js';
import { BANK_NS } from '../i18n.js';
import styles from './bank.module.css';

const money = (cents: number | null, currency: string | null) => (cents === null ? '-' : formatMoney(cents, currency ?? 'EUR'));

/** /m-fin/bamim/{id}: an import's detail (file, account, statements with period and balances, counts). */
export function BankImportPage() {
  const { t } = useTranslation(BANK_NS);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { state, data, reload } = useRequest((signal) => getImport(id, signal), [id], { enabled: valid });

  if (!valid) return <ErrorPanel code={3} />;
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data) return <Spinner showLabel />;
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
          <dt>{t('detail.imported')}</dt>
          <dd>{data.imported}</dd>
          <dt>{t('detail.skipped')}</dt>
          <dd>{data.skipped}</dd>
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
                <td className={styles.amount}>{statement.entries}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
        <Link to="/m-fin/bamove">{t('detail.back')}</Link>
      </div>
    </>
  );
}
