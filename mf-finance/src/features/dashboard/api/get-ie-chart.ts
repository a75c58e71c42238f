import { http } from 'shared-kernel';
import type { IeChart } from 'shared-kernel/contracts';

export type { IeChart };

/** GET /api-fin/ie-chart?year&month: income and expense per month of the 12 months ending there (cents). */
export function getIeChart(year: number, month: number, signal?: AbortSignal): Promise<IeChart> {
  return http.get('api-fin/ie-chart', { searchParams: { year, month }, signal }).json<IeChart>();
}
