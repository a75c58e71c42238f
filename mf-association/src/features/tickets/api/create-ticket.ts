import { http } from 'shared-kernel';
import type { SupportTicketForm, TechnicalTicketForm, TicketSaved } from 'shared-kernel/contracts';
import { ticketMultipart } from './ticket-multipart.js';

/** Ticket kinds on the wire: 1 support request, 2 technical feedback. */
export type TicketMode = 1 | 2;

/** POST /api-base/ticket?m=1|2: a new support request or technical feedback with its attachments. */
export function createTicket(
  mode: TicketMode,
  form: SupportTicketForm | TechnicalTicketForm,
  files: readonly File[],
): Promise<TicketSaved> {
  return http
    .post('api-base/ticket', { searchParams: { m: mode }, body: ticketMultipart(form, files) })
    .json<TicketSaved>();
}
