import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';
import { CONCLUSION_LIST } from './conclusion-paths.js';

// The list and the form are separate chunks: the list brings the table, the form formik.
const ConclusionListPage = lazy(() => import('./components/conclusion-list-page.js').then((m) => ({ default: m.ConclusionListPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="conclusion_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /m-con/*: the conclusion list (spec 000 §2). */
export function ConclusionsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={CONCLUSION_LIST} replace />} />
      <Route path="list" element={<Screen><ConclusionListPage /></Screen>} />
      <Route path="*" element={<Navigate to={CONCLUSION_LIST} replace />} />
    </Routes>
  );
}
