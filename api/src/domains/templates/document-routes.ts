import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_SUBJECT_MAX,
  templateDocumentFormSchema,
  type Atom,
  type SystemTemplateKey,
  type TemplateDocumentBody,
  type TemplateDocumentMailAnswer,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { asciiFileName, contentDisposition } from '../../files/index.js';
import { renderLetter } from '../../letters/index.js';
import { HttpError, badRequest, forbidden } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { MailTooLargeError } from '../../mail/mailer.js';
import { mailSenderUser, resolveSender, withSignature } from '../../mail/sender.js';
import { readLetterhead } from '../config/letterhead.js';
import { readConfigValues } from '../config/repository.js';
import { getSettings } from '../users/repository.js';
import { fillEditedTextForEntity, fillTemplateDraft } from './fill.js';

/** The atom the entity of a target type needs besides template_r: leads lead_r, students and their contracts student_r. */
const ENTITY_ATOM: Record<TemplateDocumentBody['type'], Atom> = { 1: 'lead_r', 2: 'student_r', 3: 'student_r' };
/** sent_mails.entity_type of a target type. */
const ENTITY_TYPE = { 1: 'lead', 2: 'student', 3: 'contract' } as const;

const bodySchema = {
  type: 'object',
  required: ['id', 'oid', 'type', 'subject', 'content'],
  additionalProperties: false,
  properties: {
    id: { type: ['integer', 'string'], minimum: 1, maximum: 2147483647, pattern: '^[a-z0-9_]{1,40}$' },
    oid: { type: 'integer', minimum: 1, maximum: 2147483647 },
    type: { type: 'integer', enum: [1, 2, 3] },
    subject: { type: 'string', maxLength: TEMPLATE_SUBJECT_MAX },
    content: { type: 'string', maxLength: TEMPLATE_CONTENT_MAX },
  },
} as const;

// template_r and the read atom of the entity's type (checked per type by the handler).
const ACCESS = { atoms: ['template_r'] as Atom[], anyAtom: ['lead_r', 'student_r'] as Atom[] };

/** 400 {error: 55}: the entity has no e-mail address to send the document to. */
const recipientWithoutEmail = () => new HttpError(400, { error: ERROR.recipientWithoutEmail, fields: { email: 'form.required' } });

/** The letter's date (the server's day, ISO). */
const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Document from template (/m-template/doc/{templateId}/{entityId}, issue 11; spec 001, 002
 * §2.11): the subject and content the user edited, filled for the entity and laid out as the
 * school's letter (api/src/letters), downloaded as PDF or mailed to the entity with the PDF
 * attached (the one mail sender: from/cc/bcc/signature of the school's configuration or the
 * user's settings; recorded in the entity's timeline). Register with
 * `app.register(templateDocumentRoutes, { prefix: '/api-template' })`.
 */
export default async function templateDocumentRoutes(app: FastifyInstance) {
  /** The body, checked: the atom of the entity's type, a known system key, subject and content given. */
  const readBody = (request: FastifyRequest): TemplateDocumentBody => {
    const body = request.body as TemplateDocumentBody;
    if (!request.session!.atoms.includes(ENTITY_ATOM[body.type])) throw forbidden();
    if (typeof body.id === 'string' && !(SYSTEM_TEMPLATE_KEYS as readonly string[]).includes(body.id)) throw badRequest({ id: 'form.invalid' });
    validate(templateDocumentFormSchema, { subject: body.subject, content: body.content });
    return body;
  };

  /** The letter for the entity in the caller's scoped transaction: 404 out of scope, 400 {error: 50} for placeholders left. */
  const renderDocument = async (tx: Queryable, request: FastifyRequest, body: TemplateDocumentBody) => {
    const sender = { userId: request.session!.user.id, now: app.now() };
    const ref = typeof body.id === 'number' ? { templateId: body.id } : { systemKey: body.id as SystemTemplateKey };
    // The template must be one the caller sees, for the entity's school and type (404/400).
    const template = await fillTemplateDraft(tx, sender, { ...ref, targetType: body.type, entityId: body.oid });
    const filled = await fillEditedTextForEntity(tx, sender, {
      subject: body.subject,
      content: body.content,
      targetType: body.type,
      entityId: body.oid,
    });
    const letterhead = await readLetterhead(tx, filled.schoolId, app.files);
    const pdf = await renderLetter({
      letterhead,
      recipient: [filled.recipient.name, ...filled.recipient.address_lines].filter((line) => line.trim() !== '').slice(0, 9),
      date: isoDay(sender.now),
      subject: filled.subject,
      contentHtml: filled.html,
      meta: { title: filled.subject, author: letterhead.headerLines?.[0] },
    });
    const fileName = `${asciiFileName(template.name).replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'Dokument'}.pdf`;
    return { filled, pdf, fileName };
  };

  app.post(
    '/doc-pdf',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Document from template as PDF: the edited subject and content filled for the entity (type 1 lead, 2 student, 3 student contract) as the school\'s letter. 400 {error: 50} for placeholders left, 404 for an entity or template out of the caller\'s schools',
        tags: ['api-template'],
        body: bodySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply: FastifyReply) => {
      const body = readBody(request);
      request.audit.entity = ENTITY_TYPE[body.type];
      request.audit.entityId = body.oid;
      const { pdf, fileName } = await request.scoped((tx) => renderDocument(tx, request, body));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/doc-mail',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          "Document from template by mail: sent to the entity's e-mail with the PDF attached (from, cc, bcc and signature of the school's configuration or the user's settings), recorded in the entity's timeline. Idempotent (Idempotency-Key: a double click sends one mail). 400 {error: 55} without an e-mail address, {error: 50} for placeholders left, {error: 54} attachments too large",
        tags: ['api-template'],
        body: bodySchema,
        response: {
          ...errorResponses,
          ...idempotencyResponses,
          200: {
            type: 'object',
            required: ['success', 'mail', 'to'],
            properties: { success: { type: 'boolean', enum: [true] }, mail: { type: 'integer' }, to: { type: 'string' } },
          },
        },
      },
    },
    async (request) => {
      const body = readBody(request);
      const session = request.session!;
      request.audit.entity = ENTITY_TYPE[body.type];
      request.audit.entityId = body.oid;
      // The user's own settings (own address, signature) are read as the system: not a school row.
      const { settings } = await getSettings(app.db, session.user.id);
      const user = mailSenderUser(session.user, settings);
      let answer: TemplateDocumentMailAnswer;
      try {
        answer = await idempotentWrite(request, async (tx) => {
          const { filled, pdf, fileName } = await renderDocument(tx, request, body);
          const to = filled.recipient.email.trim();
          if (!to) throw recipientWithoutEmail();
          const config = await readConfigValues(tx, filled.schoolId, ['mail_from', 'mail_cc', 'mail_bcc', 'mail_sig']);
          const sender = resolveSender(config, user, app.config.mailFrom);
          const mail = await app.mailer.queue(tx, {
            to,
            subject: filled.subject,
            html: withSignature(filled.html, sender.signatureHtml),
            kind: 'document',
            userId: null,
            from: sender.from,
            cc: sender.cc,
            bcc: sender.bcc,
            schoolId: filled.schoolId,
            about: { type: ENTITY_TYPE[body.type], id: body.oid, senderId: session.user.id },
            attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
          });
          return { success: true as const, mail, to };
        });
      } catch (error) {
        if (error instanceof MailTooLargeError) throw new HttpError(400, { error: ERROR.mailTooLarge });
        throw error;
      }
      // After the commit; a repeat of the same key answers the first mail, whose delivery is claimed once.
      app.mailer.deliver(answer.mail);
      return answer;
    },
  );
}
