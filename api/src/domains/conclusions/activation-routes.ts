import type { FastifyInstance } from 'fastify';
import { activationFormSchema, type ActivationAnswer, type ActivationBody, type PreStudentAnswer } from 'shared-kernel/contracts';
import { versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, idQuerySchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { activateConclusion, requestPreStudent } from './activation.js';

/** The conclusion named by ?id (another school's: 404), for the generated authorization matrix. */
const scopedId = { in: 'query', name: 'id', resource: 'conclusion' } as const;

const activationBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { date_withdrawal: { type: ['string', 'null'], format: 'near-date' } },
} as const;

const activationAnswerSchema = {
  type: 'object',
  required: ['success', 'stu', 'scid', 'version', 'created'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    stu: { type: 'integer' },
    scid: { type: ['integer', 'null'] },
    version: { type: 'integer' },
    created: { type: 'boolean' },
  },
} as const;

/**
 * /api-conclusion/actcon and /prestud (spec 000 §4, issue 12): activating a conclusion (one
 * transaction: student, contract, SEPA mandate, invoice address, timeline; the row lock makes
 * a second or parallel activation answer the first one's result) and the pre-student (the
 * network outbox). conclusion_w activates; the pre-student needs student_w (spec 000 §6).
 * One of the plugins under /api-conclusion; register with
 * `app.register(activationRoutes, { prefix: '/api-conclusion' })`.
 */
export default async function activationRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Querystring: { id: number }; Body: ActivationBody }>(
    '/actcon',
    {
      config: { access: { atoms: ['conclusion_w'], scopedId } },
      schema: {
        summary:
          'Activate a conclusion (optional withdrawal date): creates the provisional student, the contract from the school contract template with the SEPA mandate, the invoice address (iva) and a timeline entry in one transaction; already activated: the same answer with created false. 400 {error: 68} template or account gone, 409 {error: 61} mandate reference in use, 409 {error: 9} stale version',
        tags: ['api-conclusion'],
        querystring: idQuerySchema,
        body: withVersionBody(activationBodySchema),
        response: { ...errorResponses, ...versionConflictResponses, 200: activationAnswerSchema },
      },
    },
    async (request): Promise<ActivationAnswer> => {
      const { version, ...form } = request.body;
      const { date_withdrawal } = validate(activationFormSchema, form);
      request.audit.entity = 'conclusion';
      request.audit.entityId = request.query.id;
      return request.scoped((tx) =>
        activateConclusion(tx, { conclusionId: request.query.id, version, dateWithdrawal: date_withdrawal ?? null, userId: request.session!.user.id }),
      );
    },
  );

  app.put<{ Querystring: { id: number } }>(
    '/prestud',
    {
      config: { access: { atoms: ['student_w'], scopedId } },
      schema: {
        summary:
          "Create the pre-student of an activated conclusion: the request to pre-register its student with the membership network, recorded in the network outbox (network_requests); requested before: the same answer with created false. 400 {error: 66} not activated, no student or a membership number already",
        tags: ['api-conclusion'],
        querystring: idQuerySchema,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['success', 'id', 'created'],
            properties: { success: { type: 'boolean', enum: [true] }, id: { type: 'integer' }, created: { type: 'boolean' } },
          },
        },
      },
    },
    async (request): Promise<PreStudentAnswer> => {
      request.audit.entity = 'conclusion';
      request.audit.entityId = request.query.id;
      return request.scoped((tx) => requestPreStudent(tx, request.query.id, request.session!.user.id));
    },
  );
}
