import type { FastifyInstance } from 'fastify';
import { EXPENSE_CATEGORIES, PAYMENT_CATEGORIES, type SingleDataResponse } from 'shared-kernel/contracts';
import { errorResponses } from '../../lib/route-schemas.js';

/** The category lists GET /single-data answers (key -> the ids of spec 002 §3). */
const CATEGORY_LISTS: Record<SingleDataResponse['key'], readonly number[]> = {
  payment_cat: PAYMENT_CATEGORIES,
  expense_cat: EXPENSE_CATEGORIES,
};

/**
 * /api-config (spec 001 §7): configuration data. Register with
 * `app.register(configRoutes, { prefix: '/api-config' })`.
 */
export default async function configRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/single-data',
    {
      config: { access: { anyAtom: ['finance_r', 's_general_r'] } },
      schema: {
        summary: 'Categories of a list (payment_cat 1..5, expense_cat 1..13); name null = the standard name (the screens translate it)',
        tags: ['api-config'],
        querystring: {
          type: 'object',
          required: ['key', 'cat'],
          additionalProperties: false,
          properties: {
            key: { type: 'string', enum: ['payment_cat', 'expense_cat'] },
            cat: { type: 'string', enum: ['general'] },
          },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['key', 'items'],
            properties: {
              key: { type: 'string' },
              items: {
                type: 'array',
                items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: ['string', 'null'] } } },
              },
            },
          },
        },
      },
    },
    async (request): Promise<SingleDataResponse> => {
      const { key } = request.query as { key: SingleDataResponse['key'] };
      // Schools cannot rename categories yet (a later configuration issue): every name is
      // the standard one.
      return { key, items: CATEGORY_LISTS[key].map((id) => ({ id, name: null })) };
    },
  );
}
