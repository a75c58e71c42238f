import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import {
  MAX_PAGE_SIZE,
  type HumanRow,
  type PagedListRequest,
  type PagedListResponse,
  type ReminderForm,
  type ReminderRow,
  type SavedWithVersion,
} from 'shared-kernel/contracts';

export type { HumanRow, ReminderRow };

/** The list's open / done choice travels as this filter id; the server takes it as `done`. */
export const DONE_FILTER = 'done';

/**
 * POST /api-reminder/list: a page of the reminders of the filtered schools. The table's
 * 'done' filter (true done, false open, absent all) becomes the body's `done` flag.
 */
export function getReminderList(request: PagedListRequest, signal?: AbortSignal): Promise<PagedListResponse<ReminderRow>> {
  const done = request.filtered.find((f) => f.id === DONE_FILTER)?.value;
  const filtered = request.filtered.filter((f) => f.id !== DONE_FILTER);
  const json = { ...request, filtered, ...(typeof done === 'boolean' ? { done } : {}) };
  return http.post('api-reminder/list', { json, signal }).json<PagedListResponse<ReminderRow>>();
}

/** GET /api-reminder/data?id: one reminder with its version (the edit dialog's conflict notice). */
export function getReminder(id: number, signal?: AbortSignal): Promise<ReminderRow> {
  return http.get('api-reminder/data', { searchParams: { id }, signal }).json<ReminderRow>();
}

/** POST /api-reminder/data: a new reminder (the school is the student's or lead's, else school_id). */
export async function createReminder(reminder: ReminderForm, idempotencyKey: string): Promise<void> {
  await http.post('api-reminder/data', { json: reminder, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-reminder/data?id: changes a reminder read with `version`; answers the next version (409 {error: 9} when stale). */
export async function updateReminder(id: number, reminder: ReminderForm, version: number): Promise<number> {
  const saved = await http.put('api-reminder/data', { searchParams: { id }, json: { ...reminder, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** The form body of a reminder row as read (references, delegate and done state kept). */
export function reminderFormOf(reminder: ReminderRow): ReminderForm {
  return {
    date_deadline: reminder.date_deadline.slice(0, 10),
    subject: reminder.subject,
    notes: reminder.notes,
    student_id: reminder.student_id,
    lead_id: reminder.lead_id,
    school_id: reminder.school_id,
    delegated_to: reminder.delegated_to,
    done: reminder.date_done !== null,
  };
}

/**
 * PUT /api-reminder/data?id with done: true and the version the row was read with: marks the
 * reminder done now by the caller; 409 {error: 9} when someone changed it meanwhile.
 */
export async function markReminderDone(reminder: ReminderRow): Promise<void> {
  await updateReminder(reminder.reminder_id, { ...reminderFormOf(reminder), done: true }, reminder.version);
}

/** DELETE /api-reminder/data?id (irreversible). */
export async function deleteReminder(id: number): Promise<void> {
  await http.delete('api-reminder/data', { searchParams: { id } });
}

/** POST /api-human/list: the enabled users who see school `schoolId` (a delegate picker), by name. */
export async function getSchoolUsers(schoolId: number, signal?: AbortSignal): Promise<HumanRow[]> {
  const answer = await http
    .post('api-human/list', {
      json: { page: 0, pageSize: MAX_PAGE_SIZE, sorted: [{ id: 'ln', desc: false }], filtered: [], sid: schoolId },
      signal,
    })
    .json<PagedListResponse<HumanRow>>();
  return answer.rows;
}
