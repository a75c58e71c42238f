import { http } from 'shared-kernel';
import { REMINDER_DETAIL_PAGE_SIZE, type PagedListResponse, type ReminderRow } from 'shared-kernel/contracts';

export type { ReminderRow };

/**
 * POST /api-reminder/list: the open reminders of one student (first 50, earliest deadline
 * first). Shared by the student list's expanded row and the student detail's reminders column.
 */
export async function getOpenStudentReminders(studentId: number, signal?: AbortSignal): Promise<ReminderRow[]> {
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
