import { http } from 'shared-kernel';
import type { SchoolCalendar } from 'shared-kernel/contracts';

/** GET /api-content/calendar?sid&from&to: timetable, appointments and news publish dates of a school. */
export function getSchoolCalendar(schoolId: number, from: Date, to: Date, signal?: AbortSignal): Promise<SchoolCalendar> {
  return http
    .get('api-content/calendar', { searchParams: { sid: schoolId, from: from.toISOString(), to: to.toISOString() }, signal })
    .json<SchoolCalendar>();
}
