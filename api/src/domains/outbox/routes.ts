import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';
import { listMails } from './repository.js';

const ADMIN = { maxLevel: 2 as const };

/**
 * /api-base/outbox: the mails the server sent or queued, for admins. Register with
 * `app.register(outboxRoutes, { prefix: '/api-base' })`.
 */
export default async function outboxRoutes(app: FastifyInstance) {
  app.get(
    '/outbox',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Mails the server sent or queued (newest first); admins do not see mails about other admins',
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
      const user = request.session!.user;
      return listMails(app.db, { id: user.id, level: user.level }, limit ?? 100);
    },
  );
}
