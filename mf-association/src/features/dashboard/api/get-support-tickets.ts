import { http } from 'shared-kernel';
import type { TicketListRow } from 'shared-kernel/contracts';

export type { TicketListRow };

/** GET /api-base/ticket?m=1: the support requests of the filtered schools. */
export function getSupportTickets(signal?: AbortSignal): Promise<TicketListRow[]> {
  return http.get('api-base/ticket', { searchParams: { m: 1 }, signal }).json<TicketListRow[]>();
}
