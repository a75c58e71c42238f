import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// Each screen is its own chunk: the list brings the table, the dashboard Leaflet, the detail its
// forms; opening one does not load the others.
const StudentListPage = lazy(() =>
  import('./student-list/components/student-list-page.js').then((module) => ({ default: module.StudentListPage })),
);
const StudentDashboardPage = lazy(() =>
  import('./student-dashboard/components/student-dashboard-page.js').then((module) => ({
    default: module.StudentDashboardPage,
  })),
);
const StudentDetailPage = lazy(() =>
  import('./student-detail/components/student-detail-page.js').then((module) => ({ default: module.StudentDetailPage })),
);

const CancellationLetterPage = lazy(() =>
  import('./student-cancellation/components/cancellation-letter-page.js').then((module) => ({ default: module.CancellationLetterPage })),
);

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="student_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /m-student: list, dashboard (map), detail of the students and the cancellation letter. */
export function StudentsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="list" replace />} />
      <Route path="list" element={<Screen><StudentListPage /></Screen>} />
      <Route path="dashboard" element={<Screen><StudentDashboardPage /></Screen>} />
      <Route path="details/:id" element={<Screen><StudentDetailPage /></Screen>} />
      <Route path="cancellation/:id" element={<Screen><RequireAtom atom="student_w"><CancellationLetterPage /></RequireAtom></Screen>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
