import { http } from 'shared-kernel';
import type { TicketListRow } from 'shared-kernel/contracts';

export type { TicketListRow };

/** Ticket kinds on the wire: 1 support request, 2 technical feedback. */
export type TicketMode = 1 | 2;

/** GET /api-base/ticket?m=1|2: the tickets of one kind in the filtered schools. */
export function getTickets(mode: TicketMode, signal?: AbortSignal): Promise<TicketListRow[]> {
  return http.get('api-base/ticket', { searchParams: { m: mode }, signal }).json<TicketListRow[]>();
}
