import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// Its own chunk: the form brings formik, which the association dashboard does not need.
const ContractRequestPage = lazy(() =>
  import('./components/contract-request-page.js').then((module) => ({ default: module.ContractRequestPage })),
);

/** /e-rcc: contract requests (e_ticket_r sees the open requests, e_ticket_s sends). */
export function ContractRequestRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequireAtom atom="e_ticket_r">
            <Suspense fallback={<Spinner showLabel />}>
              <ContractRequestPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/e-rcc" replace />} />
    </Routes>
  );
}
