import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { RequireAtom, Spinner, useSessionStore } from 'shared-kernel';
import { NewConclusionScreen } from '../conclusion-frame/new-conclusion-screen.js';
import { CONCLUSION_LIST } from './conclusion-paths.js';

// The list and the form are separate chunks: the list brings the table, the form formik.
const ConclusionFormPage = lazy(() => import('./components/conclusion-form-page.js').then((m) => ({ default: m.ConclusionFormPage })));
const ConclusionListPage = lazy(() => import('./components/conclusion-list-page.js').then((m) => ({ default: m.ConclusionListPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="conclusion_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** Germany edits every conclusion in the regular form (spec 000 §2): an lc edit address leads there. */
function RegularEdit() {
  const { id } = useParams();
  return <Navigate to={`/m-con/rc/edit/${id ?? ''}`} replace />;
}

/**
 * /m-con/*: the conclusion list and the regular (rc) and paper (lc) forms,
 * /m-con/{rc|lc}/{mode}[/{id}|/{sid}/{lid}] (spec 000 §2); a form route of another shape
 * shows the form page's error panel. With the beta flag new_conclusion_frame, create without
 * prefill is the online-contracts frame (features/conclusion-frame).
 */
export function ConclusionsRoutes() {
  const country = useSessionStore((session) => session.appState?.country ?? 'at');
  return (
    <Routes>
      <Route index element={<Navigate to={CONCLUSION_LIST} replace />} />
      {country === 'de' && <Route path="lc/edit/:id" element={<RegularEdit />} />}
      <Route path="list" element={<Screen><ConclusionListPage /></Screen>} />
      {(['rc', 'lc'] as const).map((form) => (
        <Route key={form} path={`${form}/*`} element={<Screen><ConclusionFormPage form={form} invalid /></Screen>} />
      ))}
      {(['rc', 'lc'] as const).flatMap((form) =>
        [':mode', ':mode/:first', ':mode/:first/:second'].map((shape) => (
          <Route key={`${form}/${shape}`} path={`${form}/${shape}`} element={<Screen><NewConclusionScreen><ConclusionFormPage key={form} form={form} /></NewConclusionScreen></Screen>} />
        )),
      )}
      <Route path="*" element={<Navigate to={CONCLUSION_LIST} replace />} />
    </Routes>
  );
}
