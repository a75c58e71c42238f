import { Navigate, Route, Routes } from 'react-router';
import { AreaLayout } from '../../app/area-layout.js';
import { AssociationDashboardPage } from './components/association-dashboard-page.js';

/** /e-dash */
export function AssociationDashboardRoutes() {
  return (
    <Routes>
      <Route index element={<AreaLayout><AssociationDashboardPage /></AreaLayout>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
