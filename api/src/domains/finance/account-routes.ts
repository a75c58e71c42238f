import type { FastifyInstance } from 'fastify';
import { listAccountOptions } from './accounts-repository.js';
import { errorResponses } from '../../lib/route-schemas.js';

const accountOptionSchema = {
  type: 'object',
  required: ['id', 'name', 'school_id', 'sepa_iban', 'is_main', 'currency'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    school_id: { type: 'integer' },
    sepa_iban: { type: 'string' },
    is_main: { type: 'boolean' },
    currency: { type: 'string' },
  },
} as const;

/**
 * /api-account (spec 001 §7): bank accounts of the request's schools. Register with
 * `app.register(accountRoutes, { prefix: '/api-account' })`.
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sel',
    {
      // Pickers of the finance forms and of the account settings.
      config: { access: { anyAtom: ['finance_r', 's_account_r'] } },
      schema: {
        summary: "Accounts of the request's schools for pickers (main account of each school first)",
        tags: ['api-account'],
        response: { ...errorResponses, 200: { type: 'array', items: accountOptionSchema } },
      },
    },
    async (request) => request.scoped((tx) => listAccountOptions(tx)),
  );
}
