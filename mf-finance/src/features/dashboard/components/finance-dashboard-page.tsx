import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorPanel, PageHeader, Spinner, currentLanguage, formatMoney, useRequest, useSchoolFilter,
} from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { DirectDebitOverview } from '../../direct-debits/components/direct-debit-overview.js';
import { DunningMenu } from '../../dunning/components/dunning-menu.js';
import { getFinanceDashboard, type FinDashMonth } from '../api/get-finance-dashboard.js';
import styles from './finance-dashboard-page.module.css';

// Its own chunk: apexcharts is most of what the overview loads, and the month table, the
// direct-debit overview and the dunning menu need not wait for it.
const IncomeExpenseChart = lazy(() => import('./income-expense-chart.js'));

const COLUMNS: (keyof Omit<FinDashMonth, 'month'>)[] = ['receipts', 'open', 'income', 'expense'];

/** The years the picker offers: last year to next year (spec 002 §9). */
export function selectableYears(today = new Date()): number[] {
  const year = today.getFullYear();
  return [year - 1, year, year + 1];
}

/** /m-fin/dashboard: receipts, open amounts, income and expense per month of a year. */
export function FinanceDashboardPage() {
  const { t } = useTranslation(NS);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getFinanceDashboard(year, signal), [year, key]);
  const yearId = useId();
  const locale = currentLanguage() === 'en' ? 'en-GB' : 'de-AT';
  const monthName = (month: number) =>
    new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(Date.UTC(year, month - 1, 1)));

  let body;
  if (state === -1 && !data) body = <Spinner showLabel />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (data) {
    body = (
      <table className={styles.table}>
        <caption className={styles.caption}>{t('dashboard.months_title', { year: data.year })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.month')}</th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={styles.amount}>{t(`dashboard.${column}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthName(month.month)}</th>
              {COLUMNS.map((column) => (
                <td key={column} className={styles.amount}>{formatMoney(month[column], data.currency)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('dashboard.total')}</th>
            {COLUMNS.map((column) => (
              <td key={column} className={styles.amount}>{formatMoney(data.totals[column], data.currency)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    );
  }

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        actions={
          <span className={styles.yearPicker}>
            <label htmlFor={yearId}>{t('dashboard.year')}</label>
            <select id={yearId} value={year} onChange={(event) => setYear(Number(event.target.value))}>
              {selectableYears().map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </span>
        }
      />
      {body}
      <section aria-label={t('dashboard.ie_chart_title')} className={styles.chart}>
        {/* The last 12 months, ending in December for a past year. */}
        <Suspense fallback={<Spinner showLabel />}>
          <IncomeExpenseChart today={year < new Date().getFullYear() ? new Date(year, 11, 1) : undefined} />
        </Suspense>
      </section>
      {data ? <DirectDebitOverview year={data.year} runs={data.dd ?? []} currency={data.currency} monthName={monthName} /> : null}
      <DunningMenu />
    </>
  );
}
