import { useTranslation } from 'react-i18next';
import { Button, PlainTable, RequestStateView, VisuallyHidden, formatDate, formatDateTime, formatMoney, useRequest } from 'shared-kernel';
import { getDunnings, printDunning } from '../api/dunning.js';
import { useMoneyAction } from '../hooks/use-money-action.js';
import { useMoneyVersion } from '../hooks/use-money-version.js';
import { NS } from '../i18n.js';
import styles from './student-money.module.css';

/** The student's dunning letters (GET /api-student/inv-rem): created, level, sent, amount; each printable. */
export function DunningList({ studentId }: { studentId: number }) {
  const { t } = useTranslation(NS);
  const version = useMoneyVersion(studentId);
  const run = useMoneyAction(studentId);
  const { state, data, reload } = useRequest((signal) => getDunnings(studentId, signal), [studentId, version]);
  return (
    <section className={styles.section} aria-labelledby={`dunning-${studentId}`}>
      <h3 id={`dunning-${studentId}`} className={styles.heading}>{t('money.dunning.title')}</h3>
      <RequestStateView state={state} data={data?.rows} onRetry={reload} emptyText={t('money.dunning.empty')} errorHeadingLevel={4}>
        {(rows) => (
          <div className={styles.scroller} tabIndex={0} role="region" aria-label={t('money.dunning.table')}>
            <PlainTable alignTop dense className={styles.table}>
              <caption>
                <VisuallyHidden>{t('money.dunning.table')}</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('money.created')}</th>
                  <th scope="col">{t('money.dunning.level')}</th>
                  <th scope="col">{t('money.dunning.sent')}</th>
                  <th scope="col" className={styles.number}>{t('money.amount')}</th>
                  <th scope="col">{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.dc)}</td>
                    <td>{row.dun}</td>
                    <td>{formatDate(row.ds)}</td>
                    <td className={styles.number}>{formatMoney(row.am, row.cur)}</td>
                    <td>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={t('money.dunning.print', { label: t('money.dunning.row_label', { date: formatDateTime(row.dc) }) })}
                        onClick={() => void run(() => printDunning(row.id), { write: false })}
                      >
                        {t('money.dunning.print_short')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
          </div>
        )}
      </RequestStateView>
    </section>
  );
}
