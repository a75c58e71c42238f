import { Navigate, Route, Routes, useParams } from 'react-router';
import { RequireAtom } from 'shared-kernel';
import { TicketCreatePage } from './components/ticket-create-page.js';
import { TicketDetailPage } from './components/ticket-detail-page.js';

/** /e-ticket/edit/{mode}/{id}: mode 2 is technical feedback, any other value a support request (spec 002 §2.1). */
function TicketDetailRoute() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return <Navigate to="/e-dash" replace />;
  const mode = params.mode === '2' ? 2 : 1;
  // key: a different ticket starts with a fresh reply box.
  return <TicketDetailPage key={`${mode}-${id}`} mode={mode} id={id} />;
}

/** /e-ticket: the two request forms and a ticket's thread. */
export function TicketRoutes() {
  return (
    <Routes>
      <Route path="1" element={<RequireAtom atom="e_ticket_s"><TicketCreatePage mode={1} /></RequireAtom>} />
      <Route path="2" element={<RequireAtom atom="e_ticket_s"><TicketCreatePage mode={2} /></RequireAtom>} />
      <Route path="edit/:mode/:id" element={<RequireAtom atom="e_ticket_r"><TicketDetailRoute /></RequireAtom>} />
      <Route path="*" element={<Navigate to="/e-dash" replace />} />
    </Routes>
  );
}
