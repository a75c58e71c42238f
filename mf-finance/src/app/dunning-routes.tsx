import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// The dunning screen is its own chunk (the finance overview only links to it).
const DunningRunPage = lazy(() =>
  import('../features/dunning/components/dunning-run-page.js').then((module) => ({ default: module.DunningRunPage })),
);

/** /m-student/dun/{level}: the dunning run of level 1, 2 or 3 (3 = collection); finance_r. */
export function DunningRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="1" replace />} />
      <Route
        path=":level"
        element={
          <RequireAtom atom="finance_r">
            <Suspense fallback={<Spinner showLabel />}>
              <DunningRunPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
