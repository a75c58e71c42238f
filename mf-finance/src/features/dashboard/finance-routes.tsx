import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom } from 'shared-kernel';
import { FinanceDashboardPage } from './components/finance-dashboard-page.js';

/** /m-fin/* */
export function FinanceRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<RequireAtom atom="finance_r"><FinanceDashboardPage /></RequireAtom>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
