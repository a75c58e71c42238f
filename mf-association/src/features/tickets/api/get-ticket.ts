import { http } from 'shared-kernel';
import type { TicketDetail, TicketMessage } from 'shared-kernel/contracts';
import type { TicketMode } from './create-ticket.js';

export type { TicketDetail, TicketMessage };

/** GET /api-base/ticket?id&m: one ticket with its message thread. */
export function getTicket(mode: TicketMode, id: number, signal?: AbortSignal): Promise<TicketDetail> {
  return http.get('api-base/ticket', { searchParams: { id, m: mode }, signal }).json<TicketDetail>();
}

/** Download address of an attachment (GET /api-base/ticket-file?id; the server checks access). */
export function ticketFileUrl(fileId: number): string {
  return `/api-base/ticket-file?id=${encodeURIComponent(String(fileId))}`;
}
