import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// The list and the form are separate chunks: the form brings formik, the list does not.
const SchoolSettingsListPage = lazy(() =>
  import('./components/school-settings-list-page.js').then((module) => ({ default: module.SchoolSettingsListPage })),
);
const SchoolSettingsPage = lazy(() => import('./components/school-settings-page.js').then((module) => ({ default: module.SchoolSettingsPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="c_settings_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /c-settings (the schools the user may configure) and /c-settings/{mode}/{id} (one school's settings). */
export function SchoolSettingsRoutes() {
  return (
    <Routes>
      <Route index element={<Screen><SchoolSettingsListPage /></Screen>} />
      <Route path=":mode/:id" element={<Screen><SchoolSettingsPage /></Screen>} />
      <Route path="*" element={<Navigate to="/c-settings" replace />} />
    </Routes>
  );
}
