import type { FastifyInstance } from 'fastify';
import { CONTRACT_NO_PATTERN, ERROR, type ContractNumberCheck } from 'shared-kernel/contracts';
import { errorResponses } from '../../lib/route-schemas.js';
import { contractNumberTaken, getConclusion } from './repository.js';

/*
 * GET /api-contract/check?cno[&id] (spec 000 §5 "contract number check"): the conclusion
 * forms ask while the number is typed. valid = the number has our format (CONTRACT_NO_PATTERN:
 * 3-20 of A-Z, 0-9, '-', '/', compared without case) and no other conclusion or student
 * contract of any school uses it; a used number answers {valid: false, error: 1006}. `id`: the
 * conclusion being edited, whose own number does not count (only when the user sees it).
 * Only yes or no leaves the server about another school's numbers.
 */
export default async function contractNumberRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/check',
    {
      config: { access: { atoms: ['conclusion_w'] } },
      schema: {
        summary: 'Check a contract number of a conclusion form: {valid} or {valid: false, error: 1006} when used',
        tags: ['api-contract'],
        querystring: {
          type: 'object',
          required: ['cno'],
          additionalProperties: false,
          properties: { cno: { type: 'string', maxLength: 40 }, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        response: {
          ...errorResponses,
          200: { type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' }, error: { type: 'integer' } } },
        },
      },
    },
    async (request): Promise<ContractNumberCheck> => {
      const { cno, id } = request.query as { cno: string; id?: number };
      const number = cno.trim().toUpperCase();
      if (!CONTRACT_NO_PATTERN.test(number)) return { valid: false };
      const own = id !== undefined && (await request.scoped((tx) => getConclusion(tx, id))) ? id : null;
      if (await contractNumberTaken(app.db, number, own)) return { valid: false, error: ERROR.contractNumberInUse };
      return { valid: true };
    },
  );
}
