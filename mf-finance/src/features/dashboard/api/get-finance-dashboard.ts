import { http } from 'shared-kernel';
import type { FinDash, FinDashMonth } from 'shared-kernel/contracts';

export type { FinDash, FinDashMonth };

/** GET /api-fin/dash?year: the month overview of a year for the filtered schools (cents). */
export function getFinanceDashboard(year: number, signal?: AbortSignal): Promise<FinDash> {
  return http.get('api-fin/dash', { searchParams: { year }, signal }).json<FinDash>();
}
