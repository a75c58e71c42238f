// The student detail's reminders use the reminders feature's calls (one api module per call).
export { getOpenStudentReminders } from '../../reminders/api/get-open-student-reminders.js';
export { createReminder, markReminderDone } from '../../reminders/api/reminders.js';
