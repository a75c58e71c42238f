import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';
import { listUsers } from '../users/repository.js';
import { canManageUser, managedUserOf, managerOf } from '../users/user-policy.js';
import { listMails, type MailAudience } from './repository.js';

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
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { limit } = request.query as { limit?: number };
      const actor = managerOf(request.session!);
      if (actor.level === 1) return listMails(app.db, 'all', limit ?? 100);
      const managed = (await listUsers(app.db)).filter((user) => canManageUser(actor, managedUserOf(user)));
      const audience: MailAudience = { userIds: managed.map((user) => user.id), unaddressed: actor.schoolAccess === 1 };
      const mails = await listMails(app.db, audience, limit ?? 100);
      return mails.map((mail) => ({ ...mail, body: maskPasswordLinks(mail.body) }));
    },
  );
}
