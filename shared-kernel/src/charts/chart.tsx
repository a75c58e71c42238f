import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useId, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from 'shared-kernel';
import styles from './chart.module.css';

/** Series colours from the design tokens (SVG attributes cannot read CSS variables). */
export const CHART_COLORS = ['#1d4ed8', '#c2410c', '#166534', '#7c3aed', '#b91c1c', '#0e7490', '#4b5563'];

/** Chart types the back office uses. */
export type ChartType = 'line' | 'area' | 'bar' | 'pie' | 'donut';

/**
 * What each chart type registers with apexcharts' core (issue 26: the full build is ~290 KB
 * gzip; the core with one chart type about a third of it). Each is a chunk of its own, loaded
 * with the first chart of that type. The legend is the only optional feature the charts use
 * (the toolbar is off, no exports or annotations; the figure's data table is the keyboard and
 * screen-reader alternative).
 */
const CHART_TYPE_MODULES: Record<ChartType, () => Promise<unknown>> = {
  line: () => import('apexcharts/line'),
  area: () => import('apexcharts/area'),
  bar: () => import('apexcharts/bar'),
  pie: () => import('apexcharts/pie'),
  donut: () => import('apexcharts/donut'),
};

type ApexChartComponent = ComponentType<{ type: ChartType; series: ApexOptions['series']; options: ApexOptions; height: number | string; width: string }>;
const chartComponents = new Map<ChartType, LazyExoticComponent<ApexChartComponent>>();

/**
 * The chart component for a type: react-apexcharts' core wrapper (apexcharts/core) with the
 * type and the legend registered, loaded only when a chart of that type is first rendered,
 * never with the page shell.
 */
function chartComponentOf(type: ChartType): LazyExoticComponent<ApexChartComponent> {
  let component = chartComponents.get(type);
  if (!component) {
    component = lazy(async () => {
      const [wrapper] = await Promise.all([import('react-apexcharts/core'), CHART_TYPE_MODULES[type](), import('apexcharts/features/legend')]);
      return { default: wrapper.default as unknown as ApexChartComponent };
    });
    chartComponents.set(type, component);
  }
  return component;
}

/** The chart's data as a table, its text alternative. */
export interface ChartDataTable {
  /** Column headings, already translated. */
  columns: string[];
  /** Cells, already formatted (money, dates) or plain numbers. */
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

/** Props of {@link Chart}. */
export interface ChartProps {
  type: ChartType;
  series: ApexOptions['series'];
  options?: ApexOptions;
  /** Visible caption; also the figure's accessible name. */
  title: ReactNode;
  /** One or two sentences saying what the chart shows (read instead of the graphic). */
  summary: string;
  /** The numbers behind the chart, offered as a table under it. */
  dataTable?: ChartDataTable;
  height?: number | string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * A chart (apexcharts, loaded on first use) as a labelled figure: caption, the graphic as
 * role="img" with `summary` as its name, and the data as a table for anyone who cannot see it.
 * @example
 * <Chart type="bar" title={t('income')} summary={t('income_summary', { total })}
 *   series={[{ name: t('income'), data: months.map((m) => m.amt / 100) }]}
 *   options={{ xaxis: { categories: monthNames } }}
 *   dataTable={{ columns: [t('month'), t('income')], rows: months.map((m) => [m.name, formatMoney(m.amt, 'EUR')]) }} />
 */
export function Chart({ type, series, options, title, summary, dataTable, height = 300 }: ChartProps) {
  const { t } = useTranslation('common');
  const captionId = useId();
  const ReactApexChart = chartComponentOf(type);
  const merged: ApexOptions = {
    colors: CHART_COLORS,
    ...options,
    chart: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      toolbar: { show: false },
      animations: { enabled: !prefersReducedMotion() },
      ...options?.chart,
    },
  };
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        {title}
      </figcaption>
      <div role="img" aria-label={summary} className={styles.canvas}>
        <Suspense
          fallback={
            <div className={styles.fallback}>
              <Spinner />
            </div>
          }
        >
          <ReactApexChart type={type} series={series} options={merged} height={height} width="100%" />
        </Suspense>
      </div>
      {dataTable && (
        <details className={styles.data}>
          <summary>{t('ui.show_chart_data')}</summary>
          <table>
            <caption className={styles.caption} style={{ fontSize: 'inherit' }}>
              {t('ui.chart_data')}
            </caption>
            <thead>
              <tr>
                {dataTable.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dataTable.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex} className={typeof cell === 'number' ? styles.number : undefined}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
