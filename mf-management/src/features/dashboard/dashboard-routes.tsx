import { Navigate, Route, Routes } from 'react-router';
import { AreaLayout } from '../../app/area-layout.js';
import { DashboardPage } from './components/dashboard-page.js';

/** /m-dash */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route index element={<AreaLayout><DashboardPage /></AreaLayout>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
