// The list's expanded row shows the same open reminders as the detail page: one call for both.
export { getOpenStudentReminders as getOpenReminders, type ReminderRow } from '../../reminders/api/get-open-student-reminders.js';
