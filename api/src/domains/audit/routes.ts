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
        summary: 'Recent changes (successful writes) the caller may see, newest first: rows of the schools he looks at, rows about accounts he may manage, other rows without a school only for the superadmin and admins with all schools',
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
      const session = request.session!;
      const viewer = {
        userId: session.user.id,
        global: session.user.level === 1 || session.user.schoolAccess === 1,
        schoolIds: session.schoolIds,
        scope: request.scope.schoolIds,
      };
      return listChanges(app.db, viewer, limit ?? 50, before ?? null);
    },
  );
}
