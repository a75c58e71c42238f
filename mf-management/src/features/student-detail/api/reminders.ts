import { http } from 'shared-kernel';
import type { ReminderForm, ReminderRow } from 'shared-kernel/contracts';

export { getOpenStudentReminders } from '../../reminders/api/get-open-student-reminders.js';

/** POST /api-reminder/data: a new reminder (student_id set, the school is taken from the student). */
export async function createReminder(reminder: ReminderForm): Promise<void> {
  await http.post('api-reminder/data', { json: reminder });
}

/**
 * PUT /api-reminder/data?id with done: true and the version the row was read with: marks the
 * reminder done now (it moves to the timeline); 409 {error: 9} when someone changed it meanwhile.
 */
export async function markReminderDone(reminder: ReminderRow): Promise<void> {
  const body: ReminderForm = {
    date_deadline: reminder.date_deadline.slice(0, 10),
    subject: reminder.subject,
    notes: reminder.notes,
    student_id: reminder.student_id,
    lead_id: reminder.lead_id,
    school_id: reminder.school_id,
    delegated_to: reminder.delegated_to,
    done: true,
  };
  await http.put('api-reminder/data', { searchParams: { id: reminder.reminder_id }, json: { ...body, version: reminder.version } });
}
