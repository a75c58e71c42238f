import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({
  name: 'finance',
  dir: import.meta.dirname,
  kind: 'remote',
  exposes: {
    './routes': './src/routes.tsx',
    // The income/expense chart of the management dashboard (/m-dash), loaded there through RemoteSlot.
    './IncomeExpenseChart': './src/features/dashboard/components/income-expense-chart.tsx',
    // The finance, payments and contracts tabs of the student detail (/m-student/details/{id}),
    // loaded there through RemoteSlot with StudentMoneySlotProps.
    './student-finance': './src/features/student-money/components/student-finance-tab.tsx',
    './student-payments': './src/features/student-money/components/student-payments-tab.tsx',
    './student-contracts': './src/features/student-money/components/student-contracts-tab.tsx',
  },
  port: 3002,
});
