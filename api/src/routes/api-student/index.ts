import type { FastifyInstance } from 'fastify';
import { countStudentsByStatus } from '../../repositories/students.js';
import { errorResponses } from '../schemas.js';

/**
 * /api-student (spec 000 §7): students of the request's schools. Register with
 * `app.register(studentRoutes, { prefix: '/api-student' })`.
 */
export default async function studentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/status-counts',
    {
      config: { access: { atoms: ['student_r'] } },
      schema: {
        summary: 'Number of students per status 1..6 (dashboard student block)',
        tags: ['api-student'],
        response: {
          ...errorResponses,
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['status', 'count'],
              properties: { status: { type: 'integer', minimum: 1, maximum: 6 }, count: { type: 'integer' } },
            },
          },
        },
      },
    },
    async (request) => request.scoped((tx) => countStudentsByStatus(tx)),
  );
}
