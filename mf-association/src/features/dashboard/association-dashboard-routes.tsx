import { Navigate, Route, Routes } from 'react-router';
import { AssociationDashboardPage } from './components/association-dashboard-page.js';

/** /e-dash */
export function AssociationDashboardRoutes() {
  return (
    <Routes>
      <Route index element={<AssociationDashboardPage />} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
