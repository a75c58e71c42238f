import type { FastifyInstance } from 'fastify';
import {
  APPOINTMENT_TYPES,
  ERROR,
  LEAD_STATUS,
  INVITE_TRANSPORTS,
  NO_INTEREST_REASONS,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_SUBJECT_MAX,
  attendanceFormSchema,
  invitationFormSchema,
  noInterestFormSchema,
  type AppointmentType,
  type InvitationAnswer,
  type InvitationForm,
} from 'shared-kernel/contracts';
import { contentDisposition } from '../../files/index.js';
import { renderLetter } from '../../letters/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { savedWithVersionSchema, versionConflictResponses, versionSchema } from '../../lib/record-version.js';
import { errorResponses, errorSchema, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { mailSenderUser } from '../../mail/sender.js';
import { readLetterhead } from '../config/letterhead.js';
import { TARGET_LOADERS } from '../templates/placeholders.js';
import { getSettings } from '../users/repository.js';
import { addLeadNote, getAttendance, getLeadTimeline, leadInView, setAttendance, setNoInterest } from './flow-repository.js';
import { createInvitation, draftInvitation, getInvitationLetter } from './invitations.js';
import { lockLead } from './repository.js';

/*
 * A lead's life after it enquired (issue 15 part G; spec 001 §3, §4, §7): invitations to info
 * events and trials (POST /invite, the letter GET /invitation-pdf), attendance (GET/PUT
 * /attend), no interest (POST /no-interest) and the timeline (GET /timeline). lead_r reads,
 * lead_w writes; a lead outside the caller's schools is 404 (row-level security).
 */

const LEAD_BY_ID = { in: 'query' as const, name: 'id', resource: 'lead' };
const leadId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const typeQuery = {
  type: 'object',
  required: ['id', 'type'],
  additionalProperties: false,
  properties: { id: leadId, type: { type: 'integer', enum: [...APPOINTMENT_TYPES] } },
} as const;

/** No-interest reasons as the timeline note names them (spec 001 §3). */
const NO_INTEREST_TEXT: Record<number, string> = {
  1: 'zu teuer',
  2: 'Produkt gefällt nicht',
  3: 'andere Erwartung',
  4: 'anders entschieden',
  5: 'sonstiger Grund',
};

const inviteBody = {
  type: 'object',
  required: ['invite_tr', 'template', 'subject', 'content'],
  additionalProperties: false,
  properties: {
    invite_tr: { type: 'integer', enum: [...INVITE_TRANSPORTS] },
    notes: { type: 'string', maxLength: 2000 },
    date_delivery: { type: ['string', 'null'], maxLength: 40 },
    events: { type: 'array', maxItems: 20, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    email: { type: 'string', maxLength: 200 },
    update_email: { type: 'boolean' },
    template: { type: ['integer', 'string'], minimum: 1, maximum: 2147483647, maxLength: 40 },
    subject: { type: 'string', maxLength: TEMPLATE_SUBJECT_MAX },
    content: { type: 'string', maxLength: TEMPLATE_CONTENT_MAX },
  },
} as const;

const timelineEntrySchema = {
  type: 'object',
  required: ['id', 'kind', 'type', 'text', 'dc', 'author', 'invitation', 'mail'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['note', 'invitation', 'attendance', 'mail', 'reminder_done'] },
    type: { type: ['integer', 'null'] },
    text: { type: 'string' },
    dc: { type: 'string' },
    author: { type: 'string' },
    invitation: {
      type: ['object', 'null'],
      properties: { transport: { type: 'integer' }, status: { type: 'integer' }, events: { type: 'array', items: { type: 'string' } } },
    },
    mail: { type: ['object', 'null'], properties: { to: { type: 'string' }, status: { type: 'string' } } },
  },
} as const;

export default async function leadFlowRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-lead'];

  app.post(
    '/invite',
    {
      config: { access: { atoms: ['lead_w'], scopedId: LEAD_BY_ID } },
      schema: {
        summary:
          'Invites a lead to an info event (type 1) or a trial (type 2): the template filled (##events1## / ##events1ser## = the chosen appointments), sent by e-mail (transport 2), as a letter (3: the PDF at `pdf`) or recorded (1 phone, 4 personal); a later date_delivery is sent by the scheduler. Idempotent (Idempotency-Key). 400 {error: 77} for an appointment that is not an upcoming one of the school and type, {error: 50} for placeholders left',
        tags,
        querystring: typeQuery,
        body: inviteBody,
        response: {
          ...errorResponses,
          ...idempotencyResponses,
          200: {
            type: 'object',
            required: ['success', 'invitation', 'status', 'pdf'],
            properties: { success: { type: 'boolean' }, invitation: { type: 'integer' }, status: { type: 'integer' }, pdf: { type: ['string', 'null'] } },
          },
        },
      },
    },
    async (request) => {
      const { id, type } = request.query as { id: number; type: AppointmentType };
      // Another school's lead is 404 whatever the body says.
      if (!(await request.scoped((tx) => leadInView(tx, id)))) throw notFound();
      const form = validate(invitationFormSchema(type), request.body) as InvitationForm;
      const session = request.session!;
      request.audit.entity = 'lead';
      request.audit.entityId = id;
      // The user's own settings (own address, signature) are read as the system: not a school row.
      const { settings } = await getSettings(app.db, session.user.id);
      let mailId: number | null = null;
      const answer = await idempotentWrite<InvitationAnswer>(request, async (tx) => {
        const created = await createInvitation(tx, app.mailer, {
          leadId: id,
          type,
          form,
          userId: session.user.id,
          now: app.now(),
          sender: mailSenderUser(session.user, settings),
          fallbackFrom: app.config.mailFrom,
        });
        mailId = created.mailId;
        return created.answer;
      });
      // After the commit; a repeated request answers the first invitation and sends nothing.
      if (mailId !== null) app.mailer.deliver(mailId);
      return answer;
    },
  );

  app.post(
    '/invite-text',
    {
      config: { access: { atoms: ['lead_w'], scopedId: LEAD_BY_ID } },
      schema: {
        summary:
          'The invite screen\'s text: the template (custom id or system key) filled for the lead with the chosen appointments as ##events1## / ##events1ser## (unknown placeholders left in and listed); 400 {error: 77} for an appointment not offered',
        tags,
        querystring: typeQuery,
        body: {
          type: 'object',
          required: ['template', 'events'],
          additionalProperties: false,
          properties: { template: inviteBody.properties.template, events: inviteBody.properties.events },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['subject', 'content', 'unknown'],
            properties: { subject: { type: 'string' }, content: { type: 'string' }, unknown: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
    async (request) => {
      const { id, type } = request.query as { id: number; type: AppointmentType };
      const body = request.body as { template: number | string; events: number[] };
      return request.scoped((tx) =>
        draftInvitation(tx, { leadId: id, type, template: body.template, events: body.events, userId: request.session!.user.id, now: app.now() }),
      );
    },
  );

  app.get(
    '/invitation-pdf',
    {
      config: { access: { atoms: ['lead_r'], scopedId: { in: 'query', name: 'id', resource: 'lead_invitation' } } },
      schema: {
        summary: "The letter of an invitation (as the school's letter, PDF); others' invitations: 404",
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const pdf = await request.scoped(async (tx) => {
        const letter = await getInvitationLetter(tx, id);
        if (!letter) throw notFound();
        const lead = await TARGET_LOADERS[1](tx, letter.lead_id);
        if (!lead) throw notFound();
        const letterhead = await readLetterhead(tx, letter.school_id, app.files);
        return renderLetter({
          letterhead,
          recipient: [lead.recipient.name, ...lead.recipient.address_lines].filter((line) => line.trim() !== '').slice(0, 9),
          date: letter.created_at.toISOString().slice(0, 10),
          subject: letter.subject,
          contentHtml: letter.html,
          meta: { title: letter.subject, author: letterhead.headerLines?.[0] },
        });
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`Einladung-${id}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/attend',
    {
      config: { access: { atoms: ['lead_r'], scopedId: LEAD_BY_ID } },
      schema: {
        summary: "A lead's attendance of the info event (type 1) or trial (type 2), with when it was last invited and the appointment's start",
        tags,
        querystring: typeQuery,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['date', 'invited', 'event', 'version'],
            properties: { date: { type: ['string', 'null'] }, invited: { type: ['string', 'null'] }, event: { type: ['string', 'null'] }, version: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const { id, type } = request.query as { id: number; type: AppointmentType };
      const attendance = await request.scoped((tx) => getAttendance(tx, id, type));
      if (!attendance) throw notFound();
      return attendance;
    },
  );

  app.put(
    '/attend',
    {
      config: { access: { atoms: ['lead_w'], scopedId: LEAD_BY_ID } },
      schema: {
        summary: "Records (date: an instant) or clears (null) a lead's attendance; the lead's version (409 when stale)",
        tags,
        querystring: typeQuery,
        body: {
          type: 'object',
          required: ['date', 'version'],
          additionalProperties: false,
          properties: { date: { type: ['string', 'null'], maxLength: 40 }, version: versionSchema },
        },
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id, type } = request.query as { id: number; type: AppointmentType };
      const { version, ...body } = request.body as { date: string | null; version: number };
      if (!(await request.scoped((tx) => leadInView(tx, id)))) throw notFound();
      const { date } = validate(attendanceFormSchema, body);
      request.audit.entity = 'lead';
      request.audit.entityId = id;
      const next = await request.scoped((tx) => setAttendance(tx, id, type, date === null ? null : new Date(date), version, app.now()));
      return { success: true, version: next };
    },
  );

  app.post(
    '/no-interest',
    {
      config: { access: { atoms: ['lead_w'], scopedId: LEAD_BY_ID } },
      schema: {
        summary:
          'The lead has no interest: status 2 with the reason (1-5), a timeline note (the reason and the notes); a lead already at status 2 stays as it is (a repeat writes nothing); 409 {error: 73} for a signed lead (status 6)',
        tags,
        querystring: { ...idQuerySchema },
        body: {
          type: 'object',
          required: ['reason'],
          additionalProperties: false,
          properties: { reason: { type: 'integer', enum: [...NO_INTEREST_REASONS] }, notes: { type: 'string', maxLength: 2000 } },
        },
        response: {
          ...errorResponses,
          409: errorSchema,
          200: { ...successSchema, required: ['success', 'version'], properties: { ...successSchema.properties, version: { type: 'integer' } } },
        },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      if (!(await request.scoped((tx) => leadInView(tx, id)))) throw notFound();
      const { reason, notes } = validate(noInterestFormSchema, request.body);
      const session = request.session!;
      request.audit.entity = 'lead';
      request.audit.entityId = id;
      const version = await request.scoped(async (tx) => {
        const now = app.now();
        const stored = await lockLead(tx, id);
        if (!stored) throw notFound();
        // Signed is signed: the contract box is done and the button is not offered (409 {error: 73}).
        if (stored.statusId === LEAD_STATUS.contractSigned) throw new HttpError(409, { error: ERROR.leadConcluded });
        // Already without interest: a repeat (double click, two tabs) records nothing a second time.
        if (stored.statusId === LEAD_STATUS.noInterest) return stored.version;
        const lead = await setNoInterest(tx, id, reason, now);
        if (!lead) throw notFound();
        const text = [`Kein Interesse: ${NO_INTEREST_TEXT[reason]}`, notes.trim()].filter(Boolean).join(' – ');
        await addLeadNote(tx, { schoolId: lead.school_id, leadId: id, text, authorId: session.user.id, now });
        return lead.version;
      });
      return { success: true, version };
    },
  );

  app.get(
    '/timeline',
    {
      config: { access: { atoms: ['lead_r'], scopedId: LEAD_BY_ID } },
      schema: {
        summary: "A lead's timeline, newest first: notes, invitations (transport, status, appointments), attendance, mails sent, done reminders",
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: { type: 'array', items: timelineEntrySchema } },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      return request.scoped(async (tx) => {
        if (!(await leadInView(tx, id))) throw notFound();
        return getLeadTimeline(tx, id);
      });
    },
  );
}
