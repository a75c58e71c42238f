import type { FastifyInstance } from 'fastify';
import type { PagedListRequest } from 'shared-kernel/contracts';
import { badRequest } from '../../lib/http-error.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { HUMAN_LIST, listHumans } from './humans-repository.js';

const humanRowSchema = {
  type: 'object',
  required: ['id', 'un', 'fn', 'ln'],
  properties: { id: { type: 'integer' }, un: { type: 'string' }, fn: { type: 'string' }, ln: { type: 'string' } },
} as const;

/**
 * /api-human (spec 001 §7): the users of the caller's schools for pickers (a reminder's
 * delegate). Register with `app.register(humanRoutes, { prefix: '/api-human' })`.
 */
export default async function humanRoutes(app: FastifyInstance) {
  app.post(
    '/list',
    {
      // Who may pick a colleague: those who read or write reminders or leads.
      config: { access: { anyAtom: ['reminder_r', 'reminder_w', 'lead_r', 'lead_w'] } },
      schema: {
        summary:
          "Enabled users who see one of the caller's schools (sid: only those who see that school, one of the caller's), paged; sorts ln, fn; prefix filters ln, fn, un",
        tags: ['users'],
        body: pagedListBodySchema(HUMAN_LIST, { sid: { type: 'integer', minimum: 1, maximum: 2147483647 } }),
        response: { ...errorResponses, 200: pagedListResponseSchema(humanRowSchema) },
      },
    },
    async (request) => {
      const { sid, ...paging } = request.body as PagedListRequest & { sid?: number };
      if (sid !== undefined && !request.scope.schoolIds.includes(sid)) throw badRequest({ sid: 'form.invalid' });
      const schoolIds = sid === undefined ? request.scope.schoolIds : [sid];
      return request.scoped((tx) => listHumans(tx, paging, schoolIds));
    },
  );
}
