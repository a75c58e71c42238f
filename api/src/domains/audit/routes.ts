import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';
import { listChanges } from './repository.js';

const ADMIN = { maxLevel: 2 as const };

/**
 * /api-base/changes: the recent changes (audited successful writes), for admins. Register
 * with `app.register(changesRoutes, { prefix: '/api-base' })`.
 */
export default async function changesRoutes(app: FastifyInstance) {
  app.get(
    '/changes',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Recent changes (successful writes) in the schools the caller looks at, newest first',
        tags: ['audit'],
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 200 },
            before: { type: 'integer', minimum: 1 },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                at: { type: 'string', format: 'date-time' },
                user_id: { type: ['integer', 'null'] },
                username: { type: ['string', 'null'] },
                action: { type: 'string' },
                method: { type: 'string' },
                route: { type: 'string' },
                status: { type: 'integer' },
                school_id: { type: ['integer', 'null'] },
                entity: { type: ['string', 'null'] },
                entity_id: { type: ['string', 'null'] },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { limit, before } = request.query as { limit?: number; before?: number };
      return listChanges(app.db, request.scope.schoolIds, limit ?? 50, before ?? null);
    },
  );
}
