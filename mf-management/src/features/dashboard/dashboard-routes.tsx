import { Navigate, Route, Routes } from 'react-router';
import { DashboardPage } from './components/dashboard-page.js';

/** /m-dash */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
