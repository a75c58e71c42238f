import { http } from 'shared-kernel';
import type { StudentStatusCount, TicketListRow } from 'shared-kernel/contracts';

export type { StudentStatusCount, TicketListRow };

/** Ticket states that still wait for someone (1 in process, 2 waiting for an answer). */
export const OPEN_REQUEST_STATUSES = [1, 2] as const;
/** The dashboard lists this many open requests (newest first); the association area has all. */
export const OPEN_REQUESTS_SHOWN = 10;

/** GET /api-student/status-counts: students per status 1..6 of the filtered schools. */
export function getStudentStatusCounts(signal?: AbortSignal): Promise<StudentStatusCount[]> {
  return http.get('api-student/status-counts', { signal }).json<StudentStatusCount[]>();
}

/** GET /api-base/ticket?m=1: the support requests; the dashboard keeps the open ones, newest first. */
export async function getOpenRequests(signal?: AbortSignal): Promise<TicketListRow[]> {
  const rows = await http.get('api-base/ticket', { searchParams: { m: 1 }, signal }).json<TicketListRow[]>();
  return rows
    .filter((row) => (OPEN_REQUEST_STATUSES as readonly number[]).includes(row.tsid))
    .sort((a, b) => b.dc.localeCompare(a.dc) || b.id - a.id)
    .slice(0, OPEN_REQUESTS_SHOWN);
}

/** POST /api-base/filter: the schools the dashboard (and every list) shows; answers the accepted filter. */
export async function saveSchoolChoice(schoolIds: number[]): Promise<number[]> {
  const answer = await http.post('api-base/filter', { json: { name: 'schools', value: schoolIds } }).json<{ filter?: number[] }>();
  return Array.isArray(answer.filter) ? answer.filter : schoolIds;
}
