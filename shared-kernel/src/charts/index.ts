/**
 * shared-kernel/charts: the Chart wrapper (apexcharts, loaded lazily on first render) with a
 * caption and a text/table alternative.
 */
export { Chart, CHART_COLORS, type ChartProps, type ChartType, type ChartDataTable } from './chart.js';
