import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, PageHeader, PlainTable, RequestStateView, formatDateTime, formatMoney, useRequest, useSchoolFilter } from 'shared-kernel';
import { getSepaFiles, sepaDownloadUrl } from '../api/direct-debits.js';
import { DD_NS } from '../i18n.js';
import { DD_PAGE_SIZE, Pager } from './pager.js';
import styles from './direct-debits.module.css';

/**
 * /m-fin/sepa (spec 002 §2.3): the SEPA files of the direct-debit runs, newest first, 20 per
 * page; each run has two downloads of the file stored when it was made: SEPA XML (EBICS,
 * pain.008.001.08 or .02 per account) and FinTS (pain.008.003.02), opened in a new tab.
 */
export function SepaFilesPage() {
  const { t } = useTranslation(DD_NS);
  const navigate = useNavigate();
  const { key } = useSchoolFilter();
  const list = useRequest((signal) => getSepaFiles(signal), [key]);
  const [page, setPage] = useState(0);
  const rows = list.data?.rows ?? null;
  return (
    <section className={styles.page}>
      <PageHeader
        title={t('sepa.title')}
        actions={
          <Button variant="secondary" onClick={() => navigate('/m-fin/dd')}>
            {t('sepa.back')}
          </Button>
        }
      />
      <RequestStateView state={list.state} data={rows} onRetry={list.reload} emptyText={t('sepa.empty')}>
        {(all) => (
          <>
            <PlainTable aria-label={t('sepa.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('sepa.tid')}</th>
                  <th scope="col">{t('sepa.created')}</th>
                  <th scope="col">{t('sepa.iban')}</th>
                  <th scope="col" className={styles.amount}>{t('sepa.count')}</th>
                  <th scope="col" className={styles.amount}>{t('sepa.total')}</th>
                  <th scope="col">{t('sepa.downloads')}</th>
                </tr>
              </thead>
              <tbody>
                {all.slice(page * DD_PAGE_SIZE, (page + 1) * DD_PAGE_SIZE).map((row) => (
                  <tr key={row.id}>
                    <td>{row.tid}</td>
                    <td>{formatDateTime(row.date, true)}</td>
                    <td>{row.iban}</td>
                    <td className={styles.amount}>{row.cnt}</td>
                    <td className={styles.amount}>{formatMoney(row.amt, row.cc)}</td>
                    <td>
                      <span className={styles.actions}>
                        <a href={sepaDownloadUrl(row.id, 'ebics')} target="_blank" rel="noopener noreferrer" aria-label={t('sepa.xml_label', { tid: row.tid })}>
                          {t('sepa.xml')}
                        </a>
                        <a href={sepaDownloadUrl(row.id, 'fints')} target="_blank" rel="noopener noreferrer" aria-label={t('sepa.fints_label', { tid: row.tid })}>
                          {t('sepa.fints')}
                        </a>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
            <Pager page={page} total={all.length} onPage={setPage} />
          </>
        )}
      </RequestStateView>
    </section>
  );
}
