import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

const LeadImportPage = lazy(() => import('./components/lead-import-page.js').then((m) => ({ default: m.LeadImportPage })));

/** /m-import/*: the legacy lead import, /m-import/leglead (it creates leads: lead_w). */
export function LeadImportRoutes() {
  return (
    <Routes>
      <Route
        path="leglead"
        element={
          <RequireAtom atom="lead_w">
            <Suspense fallback={<Spinner showLabel />}>
              <LeadImportPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
