import * as yup from 'yup';
import type { AppointmentType } from './calendar.js';
import { NO_INTEREST_REASONS } from './enums.js';
import { MSG } from './messages.js';
import { TEMPLATE_CONTENT_MAX, TEMPLATE_SUBJECT_MAX } from './templates.js';

/**
 * A lead's life after it enquired (issue 15 part G; spec 001 §3 "Invitation form",
 * "Appointment event", §4, §5, §7): the appointments (info events, trials) of a school, the
 * invitations to them, attendance, no interest and the lead's timeline.
 *
 * Calls:
 * - GET /api-content/appointment?sid&type[&past=1]: the school's appointments of a type
 *   (upcoming; with past=1 the last 90 days too); POST, PUT ?id (versioned), DELETE ?id.
 * - POST /api-lead/invite?id&type (Idempotency-Key): the invitation form; answers the
 *   invitation (and for letters the PDF link).
 * - GET /api-lead/invitation-pdf?id: the letter of an invitation (transport 3).
 * - GET, PUT /api-lead/attend?id&type: the attendance date of info event / trial.
 * - POST /api-lead/no-interest?id: the reason (1-5) and an optional note.
 * - GET /api-lead/timeline?id: notes, invitations, attendance, mails, done reminders.
 */

// ---- appointments ------------------------------------------------------------------------

/** Spec 001 §3: an appointment with status 2 "can be removed" (even when invitations name it). */
export const APPOINTMENT_STATUS = { normal: 1, removable: 2 } as const;
export const APPOINTMENT_STATUSES = [1, 2] as const;

/** GET /api-content/appointment row: an appointment with its record version and invitation count. */
export interface AppointmentRow {
  id: number;
  sid: number;
  type: AppointmentType;
  /** Start and end, ISO instants. */
  ds: string;
  de: string;
  status: number;
  version: number;
  /** Invitations naming it (it cannot be deleted while > 0 unless status is 2). */
  invited: number;
}

/** POST / PUT /api-content/appointment body (PUT adds `version`). */
export interface AppointmentForm {
  sid: number;
  type: AppointmentType;
  ds: string;
  de: string;
  status: number;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO 8601 instant with its offset, as the kernel's DateTimeField holds it
 * ("2026-12-09T18:00:00+01:00", "...Z"), on a real calendar day. Date.parse alone is not
 * enough: it takes "5" (a year) and "May 1", reads a time without offset in the server's time
 * zone and rolls 31 February over into March.
 */
export function isIsoInstant(value: string): boolean {
  const match = ISO_INSTANT.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(value));
}

const instant = (label: string) =>
  yup
    .string()
    .required(MSG.required)
    .test(label, MSG.date, (value) => !!value && isIsoInstant(value));

/** The appointment form (start and end required, the end after the start). */
export const appointmentFormSchema = yup.object({
  sid: yup.number().typeError(MSG.required).integer().min(1, MSG.required).required(MSG.required),
  type: yup.number().typeError(MSG.required).oneOf([1, 2], MSG.invalid).required(MSG.required),
  ds: instant('ds-date'),
  de: instant('de-date').test('after-start', 'form.end_before_start', function check(value) {
    const start = Date.parse(this.parent.ds as string);
    return !value || Number.isNaN(start) || Date.parse(value) > start;
  }),
  status: yup.number().typeError(MSG.required).oneOf([...APPOINTMENT_STATUSES], MSG.invalid).required(MSG.required),
});

// ---- invitations -------------------------------------------------------------------------

/** Spec 001 §3 "Dispatch transports": 1 phone, 2 e-mail, 3 letter/print, 4 personal. */
export const INVITE_TRANSPORT = { phone: 1, email: 2, letter: 3, personal: 4 } as const;
export const INVITE_TRANSPORTS = [1, 2, 3, 4] as const;
export type InviteTransport = (typeof INVITE_TRANSPORTS)[number];

/** Invitation status: 1 scheduled (a later date_delivery), 2 sent, 3 failed (the scheduler could not send it). */
export const INVITATION_STATUS = { scheduled: 1, sent: 2, failed: 3 } as const;

/** Spec 001 §5: 'form.no_event' when an info-event invitation names no appointment. */
export const MSG_NO_EVENT = 'form.no_event';

export const INVITE_NOTES_MAX = 2000;

/** POST /api-lead/invite?id&type body (spec 001 §3 "Invitation form"). */
export interface InvitationForm {
  invite_tr: InviteTransport;
  notes: string;
  /** Empty (or null): now; an ISO instant in the future: sent then by the server's scheduler. */
  date_delivery: string | null;
  /** Chosen appointment ids (of the lead's school and the type). */
  events: number[];
  email: string;
  /** Write `email` into the lead's e-mail address. */
  update_email: boolean;
  /** The template: a custom template's id or a system template's key (inv_info / inv_trial). */
  template: number | string;
  subject: string;
  content: string;
}

/** The invitation form's rules (spec 001 §5); `type` is the invitation's type (1 info event, 2 trial). */
export function invitationFormSchema(type: AppointmentType) {
  return yup.object({
    invite_tr: yup.number().typeError(MSG.required).oneOf([...INVITE_TRANSPORTS], MSG.required).required(MSG.required),
    notes: yup.string().max(INVITE_NOTES_MAX, MSG.tooLong).default(''),
    date_delivery: yup
      .string()
      .nullable()
      .default('')
      .test('date', MSG.date, (value) => !value || isIsoInstant(value)),
    events: yup
      .array(yup.number().integer().min(1).required())
      .default([])
      .max(20, MSG.tooLong)
      .test('no-event', MSG_NO_EVENT, (value) => type !== 1 || (value?.length ?? 0) > 0),
    email: yup
      .string()
      .trim()
      .max(200, MSG.tooLong)
      .email(MSG.email)
      .default('')
      .when('invite_tr', { is: 2, then: (schema) => schema.required(MSG.required) }),
    update_email: yup.boolean().default(false),
    template: yup.mixed<number | string>().required(MSG.required),
    subject: yup.string().trim().required(MSG.required).max(TEMPLATE_SUBJECT_MAX, MSG.tooLong),
    content: yup
      .string()
      .required(MSG.required)
      .max(TEMPLATE_CONTENT_MAX, MSG.tooLong)
      .test('not-empty', MSG.required, (value) => !!value && value.replace(/<[^>]*>|&nbsp;|\s/g, '') !== ''),
  });
}

/** POST /api-lead/invite answer. */
export interface InvitationAnswer {
  success: true;
  /** The invitation's id. */
  invitation: number;
  status: number;
  /** Transport 3 (letter): the PDF to download (GET); else null. */
  pdf: string | null;
}

// ---- attendance, no interest -------------------------------------------------------------

/** GET /api-lead/attend?id&type answer: the attendance date and the latest invitation of the type. */
export interface LeadAttendance {
  /** ISO instant of the attendance, null: not attended. */
  date: string | null;
  /** When the latest invitation of the type was sent, null: never (or only scheduled). */
  invited: string | null;
  /** The appointment of the invitation in force: COALESCE(ie2, ie1) / COALESCE(it2, it1). */
  event: string | null;
  version: number;
}

/** Clock difference between a browser and the server that an attendance "now" may have. */
const ATTENDANCE_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * PUT /api-lead/attend?id&type body: the attendance date (ISO instant), null clears it. One
 * cannot have attended in the future (a typo in the year would otherwise mark a lead as
 * attended and stop the flow's reminders).
 */
export const attendanceFormSchema = yup.object({
  date: yup
    .string()
    .nullable()
    .defined()
    .test('date', MSG.date, (value) => value === null || isIsoInstant(value))
    .test('not_future', MSG.notFuture, (value) => value === null || !isIsoInstant(value) || Date.parse(value) <= Date.now() + ATTENDANCE_CLOCK_SKEW_MS),
});

export const noInterestFormSchema = yup.object({
  reason: yup.number().typeError(MSG.required).oneOf([...NO_INTEREST_REASONS], MSG.required).required(MSG.required),
  notes: yup.string().max(INVITE_NOTES_MAX, MSG.tooLong).default(''),
});

// ---- timeline ----------------------------------------------------------------------------

/** One entry of GET /api-lead/timeline (newest first). */
export interface LeadTimelineEntry {
  /** Note, invitation, sent-mail or reminder id; for attendance the type (1, 2). */
  id: number;
  kind: 'note' | 'invitation' | 'attendance' | 'mail' | 'reminder_done';
  /** Invitations and attendance: 1 info event, 2 trial; notes: the note type; else null. */
  type: number | null;
  /** Note text, invitation or mail subject, reminder subject; '' for attendance. */
  text: string;
  /** ISO instant: when it happened (a scheduled invitation: when it will be sent). */
  dc: string;
  author: string;
  /** Invitations: transport, status, the appointments' starts. */
  invitation: { transport: number; status: number; events: string[] } | null;
  /** Mails: recipient and delivery status. */
  mail: { to: string; status: 'sent' | 'failed' | 'queued' } | null;
}
