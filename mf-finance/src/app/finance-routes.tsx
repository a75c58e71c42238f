import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';
import { FinanceDashboardPage } from '../features/dashboard/components/finance-dashboard-page.js';

// Each list and form is its own chunk: the lists bring the table, the forms formik; the
// dashboard loads neither.
const IncomeListPage = lazy(() =>
  import('../features/income-expense/components/income-list-page.js').then((module) => ({ default: module.IncomeListPage })),
);
const IncomeFormPage = lazy(() =>
  import('../features/income-expense/components/income-form-page.js').then((module) => ({ default: module.IncomeFormPage })),
);
const ExpenseListPage = lazy(() =>
  import('../features/income-expense/components/expense-list-page.js').then((module) => ({ default: module.ExpenseListPage })),
);
const ExpenseFormPage = lazy(() =>
  import('../features/income-expense/components/expense-form-page.js').then((module) => ({ default: module.ExpenseFormPage })),
);
const DirectDebitsPage = lazy(() =>
  import('../features/direct-debits/components/direct-debits-page.js').then((module) => ({ default: module.DirectDebitsPage })),
);
const SepaFilesPage = lazy(() =>
  import('../features/direct-debits/components/sepa-files-page.js').then((module) => ({ default: module.SepaFilesPage })),
);
const BankMovementListPage = lazy(() =>
  import('../features/bank-movements/components/bank-movement-list-page.js').then((module) => ({ default: module.BankMovementListPage })),
);
const BankMovementFormPage = lazy(() =>
  import('../features/bank-movements/components/bank-movement-form-page.js').then((module) => ({ default: module.BankMovementFormPage })),
);
const BankAssignPage = lazy(() =>
  import('../features/bank-movements/components/bank-assign-page.js').then((module) => ({ default: module.BankAssignPage })),
);
const BankImportPage = lazy(() =>
  import('../features/bank-movements/components/bank-import-page.js').then((module) => ({ default: module.BankImportPage })),
);

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="finance_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/**
 * /m-fin/*: the finance area's screens. Form routes are /m-fin/{income|expense}/{mode}/{id?}
 * with mode create, edit or template; the form page sends unknown modes back to its list.
 */
export function FinanceRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<RequireAtom atom="finance_r"><FinanceDashboardPage /></RequireAtom>} />
      <Route path="income" element={<Screen><IncomeListPage /></Screen>} />
      <Route path="income/:mode/:id?" element={<Screen><IncomeFormPage /></Screen>} />
      <Route path="expense" element={<Screen><ExpenseListPage /></Screen>} />
      <Route path="expense/:mode/:id?" element={<Screen><ExpenseFormPage /></Screen>} />
      <Route path="dd" element={<Screen><DirectDebitsPage /></Screen>} />
      <Route path="sepa" element={<Screen><SepaFilesPage /></Screen>} />
      <Route path="bamove" element={<Screen><BankMovementListPage /></Screen>} />
      <Route path="bamove/:mode/:id?" element={<Screen><BankMovementFormPage /></Screen>} />
      <Route path="bamassign" element={<Screen><BankAssignPage /></Screen>} />
      <Route path="bamim/:id" element={<Screen><BankImportPage /></Screen>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
