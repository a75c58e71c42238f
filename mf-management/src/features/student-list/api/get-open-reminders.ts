import { http } from 'shared-kernel';
import { REMINDER_DETAIL_PAGE_SIZE, type PagedListResponse, type ReminderRow } from 'shared-kernel/contracts';

export type { ReminderRow };

/** POST /api-reminder/list: the open reminders of one student, earliest deadline first. */
export async function getOpenReminders(studentId: number, signal?: AbortSignal): Promise<ReminderRow[]> {
  const answer = await http
    .post('api-reminder/list', {
      json: {
        page: 0,
        pageSize: REMINDER_DETAIL_PAGE_SIZE,
        sorted: [{ id: 'date_deadline', desc: false }],
        filtered: [{ id: 'student_id', value: studentId }],
        done: false,
      },
      signal,
    })
    .json<PagedListResponse<ReminderRow>>();
  return answer.rows;
}
