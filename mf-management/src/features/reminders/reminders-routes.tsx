import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// The list is its own chunk: it brings the table and, for its dialog, formik.
const ReminderListPage = lazy(() => import('./components/reminder-list-page.js').then((m) => ({ default: m.ReminderListPage })));

/** /m-reminder/*: the reminders list, /m-reminder/list (reminder_r). */
export function RemindersRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="list" replace />} />
      <Route
        path="list"
        element={
          <RequireAtom atom="reminder_r">
            <Suspense fallback={<Spinner showLabel />}>
              <ReminderListPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
