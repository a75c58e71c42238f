import type { FastifyInstance } from 'fastify';
import { MSG, filterSchema } from 'shared-kernel/contracts';
import { badRequest } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { saveFilter } from './principals-repository.js';

/**
 * /api-base/filter: the caller's school filter (stored with the user). Register with
 * `app.register(schoolFilterRoutes, { prefix: '/api-base' })`.
 */
export default async function schoolFilterRoutes(app: FastifyInstance) {
  app.post(
    '/filter',
    {
      config: { access: 'session' },
      schema: {
        summary: "Save the caller's school filter: {name: 'schools', value: [ids]}; empty = all schools",
        tags: ['session'],
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', enum: ['schools'] },
            value: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
          },
          required: ['name', 'value'],
        },
        response: { 200: { type: 'object', properties: { filter: { type: 'array', items: { type: 'integer' } } } }, ...errorResponses },
      },
    },
    async (request) => {
      const session = request.session!;
      const body = validate(filterSchema, request.body);
      const allowed = new Set(session.schoolIds);
      const ids = [...new Set(body.value)];
      if (ids.some((id) => !allowed.has(id))) throw badRequest({ value: MSG.invalid });
      // Choosing every school is the same as no filter: new schools then appear by themselves.
      const filter = ids.length === allowed.size ? [] : ids.sort((a, b) => a - b);
      await saveFilter(app.db, session.user.id, filter);
      request.audit.entity = 'filter';
      request.audit.entityId = session.user.id;
      return { filter };
    },
  );
}
