import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

const TeamPage = lazy(() => import('./components/team-page.js').then((module) => ({ default: module.TeamPage })));

/** /c-team: the microsite team of a school (team_r). */
export function TeamRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequireAtom atom="team_r">
            <Suspense fallback={<Spinner showLabel />}>
              <TeamPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/c-team" replace />} />
    </Routes>
  );
}
