import {
  ERROR,
  INVITATION_STATUS,
  INVITE_TRANSPORT,
  MSG,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_TARGET,
  type AppointmentType,
  type InvitationAnswer,
  type InvitationForm,
  type SystemTemplateKey,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { resolveSender, withSignature, type MailConfigValues, type MailSenderUser } from '../../mail/sender.js';
import { readConfigValues } from '../config/repository.js';
import { fillEditedTextForEntity, fillTemplateDraft } from '../templates/fill.js';
import { appointmentText, appointmentValues } from '../templates/placeholders.js';

/**
 * Lead invitations (issue 15 part G; spec 001 §3 "Invitation form"): the text filled from the
 * template by THE placeholder resolver with the chosen appointments as ##events1## /
 * ##events1ser##, sent by e-mail through THE mail sender (queued in the transaction,
 * delivered after the commit, recorded in sent_mails for the timeline), by letter (the PDF of
 * THE letter renderer, GET /api-lead/invitation-pdf), or just recorded (phone, personal).
 * A later delivery date leaves the invitation scheduled (status 1); the scheduler
 * (invitation-scheduler.ts) sends it with {@link sendDueInvitations}.
 *
 * What a sent invitation writes on the lead (the suggestion code x reads it; the meaning of
 * the columns is migration 091's): the first invitation of a type sets ie1 / it1, every later
 * one ("new invite") ie2 / it2, to the start of its earliest appointment (an invitation
 * without one, e.g. a trial by phone, to the time it was sent); status 1 (first contact)
 * becomes 7 (in process); the lead's version counts up.
 */

/** The lead's columns of an invitation type: first invitation, latest new invitation, attended on. */
export const FLOW_COLUMNS: Record<AppointmentType, { first: string; again: string; attended: string; appointment: string }> = {
  1: { first: 'ie1', again: 'ie2', attended: 'date_info_event', appointment: 'ieid' },
  2: { first: 'it1', again: 'it2', attended: 'date_trial', appointment: 'itid' },
};

/** 400 {error: 77, fields: {events}}: a chosen appointment is not an upcoming one of the lead's school and the type. */
const appointmentNotOffered = () => new HttpError(400, { error: ERROR.appointmentNotOffered, fields: { events: MSG.invalid } });

export interface LockedLead {
  id: number;
  school_id: number;
  email: string | null;
  lead_status_id: number;
}

/** Locks the lead (null: not there or not visible to the transaction). */
export async function lockLead(tx: Queryable, leadId: number): Promise<LockedLead | null> {
  const result = await tx.query<LockedLead>('SELECT id, school_id, email, lead_status_id FROM leads WHERE id = $1 FOR UPDATE', [leadId]);
  return result.rows[0] ?? null;
}

/** The template of the form: a custom template's id or a system template's key. */
function templateRef(template: number | string): { templateId: number } | { systemKey: SystemTemplateKey } {
  if (typeof template === 'number' && Number.isInteger(template) && template > 0) return { templateId: template };
  if (typeof template === 'string' && /^\d{1,9}$/.test(template)) return { templateId: Number(template) };
  if (typeof template === 'string' && (SYSTEM_TEMPLATE_KEYS as readonly string[]).includes(template)) return { systemKey: template as SystemTemplateKey };
  throw badRequest({ template: MSG.invalid });
}

/** The chosen appointments, all upcoming ones of the school and type (400 {error: 77} otherwise), by start. */
async function chosenAppointments(tx: Queryable, schoolId: number, type: AppointmentType, ids: readonly number[], now: Date) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const result = await tx.query<{ id: number; ds: Date; de: Date }>(
    // FOR SHARE: an appointment being deleted at this moment is either gone (77) or stays
    // until this invitation is committed, and its deletion then sees the invitation (76).
    'SELECT id, ds, de FROM appointments WHERE id = ANY ($1::int[]) AND school_id = $2 AND type = $3 AND ds >= $4 ORDER BY ds, id FOR SHARE',
    [unique, schoolId, type, now],
  );
  if (result.rows.length !== unique.length) throw appointmentNotOffered();
  return result.rows;
}

/** Records on the lead that it was invited (see the module comment). */
async function markLeadInvited(tx: Queryable, invitation: StoredInvitation, sentAt: Date): Promise<void> {
  const { first, again, appointment } = FLOW_COLUMNS[invitation.type];
  await tx.query(
    `UPDATE leads SET ${again} = CASE WHEN ${first} IS NULL THEN ${again} ELSE $3 END,
            ${first} = COALESCE(${first}, $3), ${appointment} = $4, updated_at = $2, version = version + 1,
            lead_status_id = CASE WHEN lead_status_id = 1 THEN 7 ELSE lead_status_id END
      WHERE id = $1`,
    [invitation.lead_id, sentAt, invitation.first_ds ?? sentAt, invitation.appointment_ids[0] ?? null],
  );
}

/** A stored invitation as the sender needs it. */
interface StoredInvitation {
  id: number;
  school_id: number;
  lead_id: number;
  type: AppointmentType;
  transport: number;
  /** The chosen appointments, soonest first. */
  appointment_ids: number[];
  first_ds: Date | null;
  email: string | null;
  subject: string;
  html: string;
  mail_from: string | null;
  mail_cc: string[];
  mail_bcc: string[];
  created_by: number | null;
}

/**
 * Sends a stored invitation in `tx`: e-mail is queued in the outbox (answered: its id, to
 * deliver after the commit), other transports are recorded; the invitation becomes sent and
 * the lead invited.
 */
async function sendStored(tx: Queryable, mailer: Mailer, invitation: StoredInvitation, now: Date): Promise<number | null> {
  let mailId: number | null = null;
  if (invitation.transport === INVITE_TRANSPORT.email) {
    mailId = await mailer.queue(tx, {
      to: invitation.email ?? '',
      subject: invitation.subject,
      html: invitation.html,
      kind: 'lead_invitation',
      userId: null,
      from: invitation.mail_from ?? undefined,
      cc: invitation.mail_cc,
      bcc: invitation.mail_bcc,
      schoolId: invitation.school_id,
      about: { type: 'lead', id: invitation.lead_id, senderId: invitation.created_by },
    });
  }
  await tx.query('UPDATE lead_invitations SET status = $2, sent_at = $3, outbox_id = $4 WHERE id = $1', [
    invitation.id,
    INVITATION_STATUS.sent,
    now,
    mailId,
  ]);
  await markLeadInvited(tx, invitation, now);
  return mailId;
}

/**
 * The invitation's text as the invite screen shows it: the template filled for the lead with
 * the chosen appointments (400 {error: 77} for one that is not offered; unknown placeholders
 * are left in and listed).
 */
export async function draftInvitation(
  tx: Queryable,
  input: { leadId: number; type: AppointmentType; template: number | string; events: number[]; userId: number; now: Date },
): Promise<{ subject: string; content: string; unknown: string[] }> {
  const lead = await tx.query<{ school_id: number }>('SELECT school_id FROM leads WHERE id = $1', [input.leadId]);
  if (!lead.rows[0]) throw notFound();
  const appointments = await chosenAppointments(tx, lead.rows[0].school_id, input.type, input.events, input.now);
  const extra = appointmentValues(appointments.map((a) => appointmentText(a.ds, a.de)));
  const filled = await fillTemplateDraft(
    tx,
    { userId: input.userId, now: input.now },
    { ...templateRef(input.template), targetType: TEMPLATE_TARGET.lead, entityId: input.leadId, extra },
  );
  return { subject: filled.subject, content: filled.content, unknown: filled.unknown };
}

export interface InviteInput {
  leadId: number;
  type: AppointmentType;
  form: InvitationForm;
  userId: number;
  now: Date;
  /** The sending user (from address and signature when the school's configuration says so). */
  sender: MailSenderUser;
  /** The server's MAIL_FROM. */
  fallbackFrom: string;
}

/**
 * Creates an invitation in the request's scoped transaction (404: lead not in view; 400:
 * template, appointments, placeholders). Answers the wire answer and the outbox id of a mail
 * sent now (deliver it after the commit).
 */
export async function createInvitation(tx: Queryable, mailer: Mailer, input: InviteInput): Promise<{ answer: InvitationAnswer; mailId: number | null }> {
  const { form, now } = input;
  const lead = await lockLead(tx, input.leadId);
  if (!lead) throw notFound();
  const appointments = await chosenAppointments(tx, lead.school_id, input.type, form.events, now);
  const email = form.email.trim();
  if (form.update_email && email && email !== lead.email) {
    await tx.query('UPDATE leads SET email = $2, updated_at = $3, version = version + 1 WHERE id = $1', [lead.id, email, now]);
  }
  const sender = { userId: input.userId, now };
  const extra = appointmentValues(appointments.map((a) => appointmentText(a.ds, a.de)));
  // The template must be one the caller sees, for the lead's school and of type lead (404 / 400).
  const ref = templateRef(form.template);
  await fillTemplateDraft(tx, sender, { ...ref, targetType: TEMPLATE_TARGET.lead, entityId: lead.id, extra });
  const filled = await fillEditedTextForEntity(tx, sender, {
    subject: form.subject,
    content: form.content,
    targetType: TEMPLATE_TARGET.lead,
    entityId: lead.id,
    extra,
  });
  let mail: { from: string; cc: string[]; bcc: string[]; html: string } | null = null;
  if (form.invite_tr === INVITE_TRANSPORT.email) {
    const config: MailConfigValues = await readConfigValues(tx, lead.school_id, ['mail_from', 'mail_cc', 'mail_bcc', 'mail_sig']);
    const resolved = resolveSender(config, input.sender, input.fallbackFrom);
    mail = { from: resolved.from, cc: resolved.cc, bcc: resolved.bcc, html: withSignature(filled.html, resolved.signatureHtml) };
  }
  const sendAt = form.date_delivery ? new Date(form.date_delivery) : now;
  const scheduled = sendAt.getTime() > now.getTime();
  const inserted = await tx.query<StoredInvitation>(
    `INSERT INTO lead_invitations (school_id, lead_id, type, transport, appointment_ids, first_ds, notes, email, template,
                                   subject, html, mail_from, mail_cc, mail_bcc, send_at, status, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5::int[], $6, $7, $8, $9, $10, $11, $12, $13::text[], $14::text[], $15, 1, $16, $17)
     RETURNING id, school_id, lead_id, type, transport, appointment_ids, first_ds, email, subject, html, mail_from, mail_cc, mail_bcc, created_by`,
    [
      lead.school_id, lead.id, input.type, form.invite_tr, appointments.map((a) => a.id), appointments[0]?.ds ?? null, form.notes,
      email || null, String(form.template), filled.subject, mail ? mail.html : filled.html, mail?.from ?? null, mail?.cc ?? [],
      mail?.bcc ?? [], scheduled ? sendAt : now, input.userId, now,
    ],
  );
  const invitation = inserted.rows[0]!;
  const mailId = scheduled ? null : await sendStored(tx, mailer, invitation, now);
  return {
    answer: {
      success: true,
      invitation: invitation.id,
      status: scheduled ? INVITATION_STATUS.scheduled : INVITATION_STATUS.sent,
      pdf: form.invite_tr === INVITE_TRANSPORT.letter ? `/api-lead/invitation-pdf?id=${invitation.id}` : null,
    },
    mailId,
  };
}

/**
 * Sends the scheduled invitations that are due, at most `limit`, in `tx` (a system
 * transaction of the scheduler). `FOR UPDATE SKIP LOCKED`: several API processes running
 * this at once each take other invitations, so every one is sent once. Answers the outbox
 * ids to deliver after the commit.
 */
export async function sendDueInvitations(tx: Queryable, mailer: Mailer, now: Date, limit = 20): Promise<number[]> {
  const due = await tx.query<StoredInvitation>(
    `SELECT id, school_id, lead_id, type, transport, appointment_ids, first_ds, email, subject, html, mail_from, mail_cc, mail_bcc, created_by
       FROM lead_invitations
      WHERE status = 1 AND send_at <= $1
      ORDER BY send_at, id
      LIMIT $2
      FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  const mails: number[] = [];
  for (const invitation of due.rows) {
    const mailId = await sendStored(tx, mailer, invitation, now);
    if (mailId !== null) mails.push(mailId);
  }
  return mails;
}

/** The stored letter of an invitation (null: not there or not visible). */
export async function getInvitationLetter(
  tx: Queryable,
  id: number,
): Promise<{ lead_id: number; school_id: number; subject: string; html: string; created_at: Date } | null> {
  const result = await tx.query<{ lead_id: number; school_id: number; subject: string; html: string; created_at: Date }>(
    'SELECT lead_id, school_id, subject, html, created_at FROM lead_invitations WHERE id = $1',
    [id],
  );
  return result.rows[0] ?? null;
}
