import { http } from 'shared-kernel';
import { REMINDER_DETAIL_PAGE_SIZE, type PagedListResponse, type ReminderRow } from 'shared-kernel/contracts';

export type { ReminderRow };

/**
 * POST /api-reminder/list: the open reminders of one student or one lead (first 50, earliest
 * deadline first). Shared by the student list's expanded row, the student detail's reminders
 * column and the lead's flow panel.
 */
export async function getOpenReminders(of: { student_id: number } | { lead_id: number }, signal?: AbortSignal): Promise<ReminderRow[]> {
  const [id, value] = Object.entries(of)[0]!;
  const answer = await http
    .post('api-reminder/list', {
      json: {
        page: 0,
        pageSize: REMINDER_DETAIL_PAGE_SIZE,
        sorted: [{ id: 'date_deadline', desc: false }],
        filtered: [{ id, value }],
        done: false,
      },
      signal,
    })
    .json<PagedListResponse<ReminderRow>>();
  return answer.rows;
}

/** The open reminders of one student. */
export function getOpenStudentReminders(studentId: number, signal?: AbortSignal): Promise<ReminderRow[]> {
  return getOpenReminders({ student_id: studentId }, signal);
}
