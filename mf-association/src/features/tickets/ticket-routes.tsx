import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { parseRouteId, RequireAtom, Spinner } from 'shared-kernel';
import type { Atom } from 'shared-kernel/contracts';

// The ticket screens are their own chunks: their forms bring formik, which the association
// dashboard does not need.
const TicketCreatePage = lazy(() =>
  import('./components/ticket-create-page.js').then((module) => ({ default: module.TicketCreatePage })),
);
const TicketDetailPage = lazy(() =>
  import('./components/ticket-detail-page.js').then((module) => ({ default: module.TicketDetailPage })),
);

function Screen({ atom, children }: { atom: Atom; children: ReactNode }) {
  return (
    <RequireAtom atom={atom}>
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /e-ticket/edit/{mode}/{id}: mode 2 is technical feedback, any other value a support request (spec 002 §2.1). */
function TicketDetailRoute() {
  const params = useParams();
  const id = parseRouteId(params.id);
  if (id === null) return <Navigate to="/e-dash" replace />;
  const mode = params.mode === '2' ? 2 : 1;
  // key: a different ticket starts with a fresh reply box.
  return <TicketDetailPage key={`${mode}-${id}`} mode={mode} id={id} />;
}

/** /e-ticket: the two request forms and a ticket's thread. */
export function TicketRoutes() {
  return (
    <Routes>
      <Route path="1" element={<Screen atom="e_ticket_s"><TicketCreatePage mode={1} /></Screen>} />
      <Route path="2" element={<Screen atom="e_ticket_s"><TicketCreatePage mode={2} /></Screen>} />
      <Route path="edit/:mode/:id" element={<Screen atom="e_ticket_r"><TicketDetailRoute /></Screen>} />
      <Route path="*" element={<Navigate to="/e-dash" replace />} />
    </Routes>
  );
}
