import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';
import type { Atom } from 'shared-kernel/contracts';

// The list and the form are separate chunks: the list brings the table, the form formik.
const LeadListPage = lazy(() => import('./components/lead-list-page.js').then((m) => ({ default: m.LeadListPage })));
const LeadAddPage = lazy(() => import('./components/lead-form-page.js').then((m) => ({ default: m.LeadAddPage })));
const LeadEditPage = lazy(() => import('./components/lead-form-page.js').then((m) => ({ default: m.LeadEditPage })));
// The lead flow's invite screen (features/lead-flow).
const InvitePage = lazy(() => import('../lead-flow/components/invite-page.js').then((m) => ({ default: m.InvitePage })));
const AppointmentsPage = lazy(() => import('../lead-flow/components/appointments-page.js').then((m) => ({ default: m.AppointmentsPage })));

function Screen({ atom = 'lead_r', children }: { atom?: Atom; children: ReactNode }) {
  return (
    <RequireAtom atom={atom}>
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /m-lead/*: the lead list (spec 001 §2), adding a lead (lead_w) and a lead's edit page. */
export function LeadsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="list" replace />} />
      <Route path="list" element={<Screen><LeadListPage /></Screen>} />
      <Route path="add" element={<Screen atom="lead_w"><LeadAddPage /></Screen>} />
      <Route path="edit/:id" element={<Screen><LeadEditPage /></Screen>} />
      <Route path="invite/:id/:type" element={<Screen atom="lead_w"><InvitePage /></Screen>} />
      <Route path="appointments" element={<Screen><AppointmentsPage /></Screen>} />
      <Route path="*" element={<Navigate to="list" replace />} />
    </Routes>
  );
}
