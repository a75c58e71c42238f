import { http } from 'shared-kernel';
import type { TicketReplyForm, TicketSaved } from 'shared-kernel/contracts';
import type { TicketMode } from './create-ticket.js';
import { ticketMultipart } from './ticket-multipart.js';

/** POST /api-base/ticket-reply?id&m: a reply with attachments to a ticket's thread. */
export function replyToTicket(
  mode: TicketMode,
  id: number,
  form: TicketReplyForm,
  files: readonly File[],
): Promise<TicketSaved> {
  return http
    .post('api-base/ticket-reply', { searchParams: { id, m: mode }, body: ticketMultipart(form, files) })
    .json<TicketSaved>();
}
