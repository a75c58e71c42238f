import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner, currentLanguage, formatMoney, useRequest, useSchoolFilter } from 'shared-kernel';
import { Chart, type ChartProps } from 'shared-kernel/charts';
// The finance texts register with this import (the widget may load before the finance routes).
import { NS } from '../../../i18n.js';
import { getIeChart } from '../api/get-ie-chart.js';

/** Props the management dashboard passes (through the kernel's RemoteSlot). */
export interface IncomeExpenseChartProps {
  /** Changes when the dashboard's refresh is pressed: the chart loads again. */
  refreshKey?: number;
  /** The month the 12 months end at (default: this month). */
  today?: Date;
}

/**
 * The income/expense chart of the management dashboard (spec 000 §2, 002 /api-fin/ie-chart):
 * the finance remote owns it and exposes it as 'finance/IncomeExpenseChart'; /m-dash loads
 * it at run time. It loads and fails on its own (error panel with retry).
 */
export default function IncomeExpenseChart({ refreshKey = 0, today }: IncomeExpenseChartProps) {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const end = today ?? new Date();
  const year = end.getFullYear();
  const month = end.getMonth() + 1;
  const { state, data, reload } = useRequest((signal) => getIeChart(year, month, signal), [year, month, key, refreshKey]);
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data) return <Spinner showLabel />;

  const locale = currentLanguage() === 'en' ? 'en-GB' : 'de-AT';
  const monthLabel = (ym: string) => {
    const [y, m] = ym.split('-').map(Number);
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }).format(new Date(Date.UTC(y!, m! - 1, 1)));
  };
  const categories = data.months.map(monthLabel);
  const money = (cents: number) => formatMoney(cents, data.currency);
  return (
    <Chart
      type="bar"
      title={t('dashboard.ie_chart_title')}
      summary={t('dashboard.ie_chart_summary', { income: money(data.totals.in), expense: money(data.totals.out), balance: money(data.totals.balance) })}
      series={[
        { name: t('dashboard.income'), data: data.in.map((cents) => cents / 100) },
        { name: t('dashboard.expense'), data: data.out.map((cents) => cents / 100) },
      ]}
      options={{
        // The chart is one role="img" with the data table as its alternative: apexcharts' own
        // keyboard mode would put buttons (legend items) inside it (axe: nested-interactive).
        chart: { accessibility: { keyboard: { enabled: false } } } as NonNullable<ChartProps['options']>['chart'],
        xaxis: { categories },
        yaxis: { labels: { formatter: (value: number) => money(Math.round(value * 100)) } },
        tooltip: { y: { formatter: (value: number) => money(Math.round(value * 100)) } },
        dataLabels: { enabled: false },
        legend: { position: 'top' },
      }}
      dataTable={{
        columns: [t('dashboard.month'), t('dashboard.income'), t('dashboard.expense')],
        rows: data.months.map((ym, i) => [categories[i]!, money(data.in[i]!), money(data.out[i]!)]),
      }}
      height={280}
    />
  );
}
