import type { FastifyInstance } from 'fastify';
import { IBAN_INPUT_MAX_LENGTH } from 'shared-kernel/contracts';
import { errorResponses } from '../../lib/route-schemas.js';
import { bankDirectories, lookupIban } from './iban-lookup.js';

const ibanLookupSchema = {
  type: 'object',
  required: ['valid', 'bic', 'bank'],
  properties: { valid: { type: 'boolean' }, bic: { type: 'string' }, bank: { type: 'string' } },
} as const;

/**
 * GET /api-conclusion/iban (spec 000 §4, §7): the IBAN lookup of the conclusion form and the
 * bank account settings. The finance domain owns bank data; the rest of /api-conclusion is the
 * conclusions domain's. Register with `app.register(ibanRoutes, { prefix: '/api-conclusion' })`.
 */
export default async function ibanRoutes(app: FastifyInstance): Promise<void> {
  const directories = bankDirectories();
  app.get(
    '/iban',
    {
      // Everyone who fills an IBAN in: conclusions, bank account settings, finance.
      config: { access: { anyAtom: ['conclusion_r', 'conclusion_w', 's_account_r', 's_account_w', 'finance_r'] } },
      schema: {
        summary: 'Checks an IBAN and finds the BIC and bank name of its bank code (AT and DE; no call leaves the server)',
        description:
          `Bank directories: bankdata-germany ${directories.germanyPackage} (Bundesbank file; the next one from ` +
          `${directories.germanyNextFileFrom}), iban-to-bic ${directories.austriaPackage} (AT, and German BICs the Bundesbank file lacks; no bank names).`,
        tags: ['api-conclusion'],
        querystring: {
          type: 'object',
          required: ['v'],
          properties: { v: { type: 'string', maxLength: IBAN_INPUT_MAX_LENGTH } },
          additionalProperties: false,
        },
        response: { ...errorResponses, 200: ibanLookupSchema },
      },
    },
    async (request) => lookupIban((request.query as { v: string }).v, app.now()),
  );
}
