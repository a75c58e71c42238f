import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

const TrainerRequestPage = lazy(() =>
  import('./components/trainer-request-page.js').then((module) => ({ default: module.TrainerRequestPage })),
);

/** /e-trainer: the trainer activation request (e_ticket_s: it is sent as a ticket). */
export function TrainerRequestRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequireAtom atom="e_ticket_s">
            <Suspense fallback={<Spinner showLabel />}>
              <TrainerRequestPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/e-trainer" replace />} />
    </Routes>
  );
}
