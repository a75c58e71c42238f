import { IDEMPOTENCY_KEY_HEADER, http, saveDownload } from 'shared-kernel';
import {
  type AppointmentForm,
  type AppointmentRow,
  type AppointmentType,
  type InvitationAnswer,
  type InvitationForm,
  type LeadTimelineEntry,
  type ReminderRow,
} from 'shared-kernel/contracts';
import { getOpenReminders } from '../../reminders/api/get-open-student-reminders.js';

/** The lead flow's calls (issue 15 part G): appointments, invitations, attendance, no interest, timeline. */

/** GET /api-content/appointment: the school's appointments of a type not yet over (past: the last 90 days too). */
export function listAppointments(sid: number, type: AppointmentType, past: boolean, signal?: AbortSignal): Promise<AppointmentRow[]> {
  return http
    .get('api-content/appointment', { searchParams: { sid, type, ...(past ? { past: 1 } : {}) }, signal })
    .json<{ rows: AppointmentRow[] }>()
    .then((answer) => answer.rows);
}

export function createAppointment(form: AppointmentForm): Promise<number> {
  return http.post('api-content/appointment', { json: form }).json<{ id: number }>().then((answer) => answer.id);
}

export function updateAppointment(id: number, form: AppointmentForm, version: number): Promise<number> {
  return http.put('api-content/appointment', { searchParams: { id }, json: { ...form, version } }).json<{ version: number }>().then((a) => a.version);
}

export async function deleteAppointment(id: number): Promise<void> {
  await http.delete('api-content/appointment', { searchParams: { id } });
}

/** GET /api-template/widget?type=1&sid: the lead templates the school may use (custom, then system). */
export function getLeadTemplates(sid: number, signal?: AbortSignal): Promise<{ base: number | string; n: string; system: boolean }[]> {
  return http
    .get('api-template/widget', { searchParams: { type: 1, sid }, signal })
    .json<{ rows: { base: number | string; n: string; system: boolean }[] }>()
    .then((answer) => answer.rows);
}

/** POST /api-lead/invite-text: the template filled for the lead with the chosen appointments. */
export function getInvitationText(
  leadId: number,
  type: AppointmentType,
  template: number | string,
  events: number[],
  signal?: AbortSignal,
): Promise<{ subject: string; content: string; unknown: string[] }> {
  return http
    .post('api-lead/invite-text', { searchParams: { id: leadId, type }, json: { template, events }, signal })
    .json<{ subject: string; content: string; unknown: string[] }>();
}

/** POST /api-lead/invite (idempotent: the same key sends once). */
export function sendInvitation(leadId: number, type: AppointmentType, form: InvitationForm, idempotencyKey: string): Promise<InvitationAnswer> {
  return http
    .post('api-lead/invite', { searchParams: { id: leadId, type }, json: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
    .json<InvitationAnswer>();
}

/** PUT /api-lead/attend: records (or clears) the attendance; answers the lead's next version. */
export function saveAttendance(leadId: number, type: AppointmentType, date: string | null, version: number): Promise<number> {
  return http.put('api-lead/attend', { searchParams: { id: leadId, type }, json: { date, version } }).json<{ version: number }>().then((a) => a.version);
}

/** POST /api-lead/no-interest. */
export async function saveNoInterest(leadId: number, reason: number, notes: string): Promise<void> {
  await http.post('api-lead/no-interest', { searchParams: { id: leadId }, json: { reason, notes } });
}

export function getLeadTimeline(leadId: number, signal?: AbortSignal): Promise<LeadTimelineEntry[]> {
  return http.get('api-lead/timeline', { searchParams: { id: leadId }, signal }).json<LeadTimelineEntry[]>();
}

/** The lead's open reminders (earliest deadline first; the reminders feature's call). */
export function getOpenLeadReminders(leadId: number, signal?: AbortSignal): Promise<ReminderRow[]> {
  return getOpenReminders({ lead_id: leadId }, signal);
}

/** GET /api-content/ie-next: the school's upcoming appointments of a type, soonest first. */
export function getNextAppointments(sid: number, type: AppointmentType, signal?: AbortSignal): Promise<AppointmentRow[]> {
  return http
    .get('api-content/ie-next', { searchParams: { sid, type }, signal })
    .json<{ rows: AppointmentRow[] }>()
    .then((answer) => answer.rows);
}

/** GET of an invitation's letter (the answer's `pdf` path), saved by the browser. */
export async function downloadInvitationLetter(path: string): Promise<void> {
  const response = await http.get(path.replace(/^\//, ''));
  await saveDownload(response, 'Einladung.pdf');
}
