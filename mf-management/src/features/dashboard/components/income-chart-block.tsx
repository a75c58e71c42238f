import { useTranslation } from 'react-i18next';
import { RemoteSlot, Spinner } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { DashboardSection } from './dashboard-section.js';
import styles from './dashboard.module.css';

/** What the finance remote's chart widget receives. */
interface IncomeExpenseChartProps {
  refreshKey: number;
}

/**
 * The income/expense chart (spec 000 §2, finance_r): the finance remote owns it and exposes it
 * as 'finance/IncomeExpenseChart' (remotes never import each other); it loads
 * /api-fin/ie-chart and shows its own error panel. When the finance remote cannot be loaded
 * the block says so and the rest of the dashboard stays.
 */
export function IncomeChartBlock({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation(NS);
  return (
    <DashboardSection title={t('dashboard.finance')}>
      <RemoteSlot<IncomeExpenseChartProps>
        name="finance/IncomeExpenseChart"
        props={{ refreshKey }}
        fallback={<Spinner showLabel />}
        errorFallback={
          <p role="status" className={styles.notice}>
            {t('common:errors.remote_unavailable')}
          </p>
        }
      />
    </DashboardSection>
  );
}
