import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

const CalendarPage = lazy(() => import('./components/calendar-page.js').then((module) => ({ default: module.CalendarPage })));

/** /c-calendar: the school calendar, read only (c_settings_r: it shows the timetable of the settings). */
export function CalendarRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequireAtom atom="c_settings_r">
            <Suspense fallback={<Spinner showLabel />}>
              <CalendarPage />
            </Suspense>
          </RequireAtom>
        }
      />
      <Route path="*" element={<Navigate to="/c-calendar" replace />} />
    </Routes>
  );
}
