import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({
  name: 'finance',
  dir: import.meta.dirname,
  kind: 'remote',
  exposes: {
    './routes': './src/routes.tsx',
    // The income/expense chart of the management dashboard (/m-dash), loaded there through RemoteSlot.
    './IncomeExpenseChart': './src/features/dashboard/components/income-expense-chart.tsx',
  },
  port: 3002,
});
