import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from 'shared-kernel';
import type { StudentContractRow } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import styles from './student-money.module.css';

/**
 * The active contract summary (spec 000 §2/§3 "Active contract"): start, end, next due date,
 * amount per interval, activation fee, tax and terms of the student's running contract.
 */
export function ActiveContractSummary({ contract, loaded }: { contract: StudentContractRow | null; loaded: boolean }) {
  const { t } = useTranslation(NS);
  if (!loaded) return null;
  const months = (value: number | null) => (value === null ? t('money.none') : t('money.months', { count: value }));
  return (
    <section className={styles.section} aria-label={t('money.contracts.summary')}>
      <h3 className={styles.heading}>{t('money.contracts.summary')}</h3>
      {contract ? (
        <dl className={styles.summary}>
          <div>
            <dt>{t('money.contracts.start')}</dt>
            <dd>{formatDate(contract.dcs)}</dd>
          </div>
          <div>
            <dt>{t('money.contracts.end')}</dt>
            <dd>{formatDate(contract.dce) || t('money.none')}</dd>
          </div>
          <div>
            <dt>{t('money.contracts.due_date')}</dt>
            <dd>{formatDate(contract.dd) || t('money.none')}</dd>
          </div>
          <div>
            <dt>{t('money.contracts.gross')}</dt>
            <dd>
              {t('money.contracts.summary_amount', {
                amount: formatMoney(contract.ag, contract.cur),
                interval: t(`money.interval.${contract.pi}`, { defaultValue: t('money.months', { count: contract.pi }) }),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('money.contracts.activation_gross')}</dt>
            <dd>{formatMoney(contract.acg, contract.cur)}</dd>
          </div>
          <div>
            <dt>{t('money.contracts.terms')}</dt>
            <dd>{t('money.contracts.terms_value', { c1: months(contract.c1), c2: months(contract.c2), c3: months(contract.c3), c4: months(contract.c4) })}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.notice}>{t('money.contracts.summary_none')}</p>
      )}
    </section>
  );
}
