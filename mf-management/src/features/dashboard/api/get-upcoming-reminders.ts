import { http } from 'shared-kernel';
import type { UpcomingReminder } from 'shared-kernel/contracts';

export type { UpcomingReminder };

/** GET /api-reminder/upcoming: open reminders up to 7 days ahead, overdue included. */
export function getUpcomingReminders(signal?: AbortSignal): Promise<UpcomingReminder[]> {
  return http.get('api-reminder/upcoming', { signal }).json<UpcomingReminder[]>();
}
