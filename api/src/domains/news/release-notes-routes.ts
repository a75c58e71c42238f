import type { FastifyInstance } from 'fastify';
import { RELEASE_NOTES } from './release-notes.js';
import { errorResponses } from '../../lib/route-schemas.js';

const linesSchema = { type: 'array', items: { type: 'string' } } as const;

/**
 * GET /api-base/release-notes: the product's release notes for the 'last changes' dialog of
 * the association dashboard. Every signed-in user may read them (they describe the software,
 * not any school's data). The audit log of a school's writes stays at /api-base/changes.
 */
export default async function releaseNotesRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/release-notes',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Release notes of the product, newest first (German and English)',
        tags: ['api-base'],
        response: {
          ...errorResponses,
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['version', 'date', 'changes'],
              properties: {
                version: { type: 'string' },
                date: { type: 'string', format: 'date' },
                changes: { type: 'object', required: ['de', 'en'], properties: { de: linesSchema, en: linesSchema } },
              },
            },
          },
        },
      },
    },
    async () => RELEASE_NOTES,
  );
}
