import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../files/index.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { RequestSession } from '../../types.js';
import { listUsers } from '../users/repository.js';
import { canManageUser, managedUserOf, managerOf } from '../users/user-policy.js';
import { getAttachment, listMails, type MailAudience } from './repository.js';

const ADMIN = { maxLevel: 2 as const };

// The key of a password link in a mail (…/password-reset?k=<key>).
const PASSWORD_LINK_KEY = /(\/password-reset\?k=)[^\s"'<>]+/g;

/** A mail body with the keys of password links replaced: the link no longer opens anything. */
export function maskPasswordLinks(body: string): string {
  return body.replace(PASSWORD_LINK_KEY, '$1********');
}

/**
 * /api-base/outbox: the mails the server sent or queued, for admins. Without SMTP_URL it is
 * the delivery stand-in (an installation without a mail server reads its mails here), not a
 * way around the recipients' mailboxes: an admin sees only mails about accounts he manages
 * (the rule of users/user-policy.ts; mails about no account only with all schools), and the
 * keys of password links are masked for everyone but the superadmin. Register with
 * `app.register(outboxRoutes, { prefix: '/api-base' })`.
 */
export default async function outboxRoutes(app: FastifyInstance) {
  app.get(
    '/outbox',
    {
      config: { access: ADMIN },
      schema: {
        summary:
          'Mails the server sent or queued (newest first): the delivery stand-in of installations without SMTP. Admins see only mails about users they may manage; password-link keys are masked for everyone but the superadmin',
        tags: ['mail'],
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                created_at: { type: 'string', format: 'date-time' },
                recipient: { type: 'string' },
                subject: { type: 'string' },
                body: { type: 'string' },
                kind: { type: 'string' },
                sent_at: { type: ['string', 'null'], format: 'date-time' },
                error: { type: ['string', 'null'] },
                sender: { type: ['string', 'null'] },
                cc: { type: 'array', items: { type: 'string' } },
                bcc: { type: 'array', items: { type: 'string' } },
                html: { type: ['string', 'null'] },
                attachments: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { id: { type: 'integer' }, name: { type: 'string' }, mime: { type: 'string' }, size: { type: 'integer' } },
                  },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { limit } = request.query as { limit?: number };
      const audience = await audienceOf(request.session!);
      if (audience === 'all') return listMails(app.db, 'all', limit ?? 100);
      const mails = await listMails(app.db, audience, limit ?? 100);
      return mails.map((mail) => ({ ...mail, body: maskPasswordLinks(mail.body), html: mail.html && maskPasswordLinks(mail.html) }));
    },
  );

  app.get(
    '/outbox/attachment',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'An attachment of a mail in the outbox as it was sent (a mail the caller may see in the outbox; else 404)',
        tags: ['mail'],
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
          additionalProperties: false,
        },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const attachment = await getAttachment(app.db, await audienceOf(request.session!), id);
      if (!attachment) throw notFound();
      return reply
        .header('content-type', attachment.mime === 'application/pdf' ? 'application/pdf' : 'application/octet-stream')
        .header('content-disposition', contentDisposition(attachment.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(attachment.content);
    },
  );

  /** The superadmin sees every mail; an admin those about users he manages and of his schools. */
  async function audienceOf(session: RequestSession): Promise<MailAudience> {
    const actor = managerOf(session);
    if (actor.level === 1) return 'all';
    const managed = (await listUsers(app.db)).filter((user) => canManageUser(actor, managedUserOf(user)));
    return { userIds: managed.map((user) => user.id), unaddressed: actor.schoolAccess === 1, schoolIds: session.schoolIds };
  }
}
