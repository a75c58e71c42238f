import type { FastifyInstance } from 'fastify';
import { MSG, SHIPPING_COUNTRIES, contractRequestSchema, trainerRequestSchema, type ContractRequestOverview } from 'shared-kernel/contracts';
import { badRequest } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { senderOf } from '../tickets/sender.js';
import { createContractRequest, createTrainerRequest, listOpenContractRequests, shippingAddresses } from './requests-repository.js';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const addressProperties = {
  firstname: text(100),
  lastname: text(100),
  supplement: text(200),
  street: text(200),
  house_no: text(30),
  zip: text(10),
  city: text(100),
  supplement_location: text(200),
  country_iso: { type: 'string', enum: [...SHIPPING_COUNTRIES] },
} as const;

const addressSchema = {
  type: 'object',
  required: Object.keys(addressProperties),
  properties: addressProperties,
} as const;

const overviewSchema = {
  type: 'object',
  required: ['rows', 'shipping'],
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'tid', 'dc', 'user', 'school_id', 'school', 'amount', 'kid_cert_amount', 'tsid'],
        properties: {
          id: { type: 'integer' },
          tid: { type: 'integer' },
          dc: { type: 'string', format: 'date-time' },
          user: { type: 'string' },
          school_id: { type: 'integer' },
          school: { type: 'string' },
          amount: { type: 'integer' },
          kid_cert_amount: { type: 'integer' },
          tsid: { type: 'integer' },
        },
      },
    },
    shipping: { type: 'object', additionalProperties: addressSchema },
  },
} as const;

const createdSchema = {
  type: 'object',
  required: ['id', 'tid'],
  properties: { id: { type: 'integer' }, tid: { type: 'integer' } },
} as const;

/**
 * /api-request (spec 002 §7 `/api-request/rc`, §2.15, §2.17): contract requests and the
 * trainer activation request. Both become tickets of mode 1 in the request's school, so the
 * association answers them in the thread shown on /e-dash. Register with
 * `app.register(requestRoutes, { prefix: '/api-request' })`.
 */
export default async function requestRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/rc',
    {
      config: { access: { atoms: ['e_ticket_r'] } },
      schema: {
        summary: "Open contract requests of the request's schools (newest first) and each school's saved shipping address",
        tags: ['api-request'],
        response: { ...errorResponses, 200: overviewSchema },
      },
    },
    async (request): Promise<ContractRequestOverview> =>
      request.scoped(async (tx) => ({ rows: await listOpenContractRequests(tx), shipping: await shippingAddresses(tx) })),
  );

  app.post(
    '/rc',
    {
      config: { access: { atoms: ['e_ticket_s'] } },
      schema: {
        summary:
          'Request contracts (amount = packs of 20, kid_cert_amount, school, shipping address; save_shipping stores it as the school default). Becomes a ticket of type 5. Idempotent with the Idempotency-Key header',
        tags: ['api-request'],
        body: {
          type: 'object',
          required: ['amount', 'kid_cert_amount', 'school', 'firstname', 'lastname', 'street', 'house_no', 'zip', 'city', 'country_iso'],
          additionalProperties: false,
          properties: {
            ...addressProperties,
            amount: { type: 'integer', minimum: 1, maximum: 100 },
            kid_cert_amount: { type: 'integer', minimum: 0, maximum: 2000 },
            school: { type: 'integer', minimum: 1, maximum: 2147483647 },
            save_shipping: { type: 'boolean' },
          },
        },
        response: { ...errorResponses, ...idempotencyResponses, 200: createdSchema },
      },
    },
    async (request) => {
      const form = validate(contractRequestSchema, request.body);
      if (!request.scope.schoolIds.includes(form.school)) throw badRequest({ school: MSG.invalid });
      request.audit.entity = 'contract_request';
      request.audit.schoolId = form.school;
      const created = await idempotentWrite(request, (tx) => createContractRequest(tx, form, senderOf(request)));
      request.audit.entityId = created.id;
      return created;
    },
  );

  app.post(
    '/trainer',
    {
      config: { access: { atoms: ['e_ticket_s'] } },
      schema: {
        summary: 'Request the activation of a trainer (first name, last name, membership number, annotation; school of the ticket). Becomes a ticket of type 9. Idempotent with the Idempotency-Key header',
        tags: ['api-request'],
        body: {
          type: 'object',
          required: ['sid', 'firstname', 'lastname', 'mno', 'annotation'],
          additionalProperties: false,
          properties: {
            sid: { type: 'integer', minimum: 1, maximum: 2147483647 },
            firstname: text(100),
            lastname: text(100),
            mno: text(30),
            annotation: text(5000),
          },
        },
        response: { ...errorResponses, ...idempotencyResponses, 200: { type: 'object', required: ['tid'], properties: { tid: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const form = validate(trainerRequestSchema, request.body);
      if (!request.scope.schoolIds.includes(form.sid)) throw badRequest({ sid: MSG.invalid });
      request.audit.entity = 'trainer_request';
      request.audit.schoolId = form.sid;
      const created = await idempotentWrite(request, async (tx) => ({ tid: await createTrainerRequest(tx, form, senderOf(request)) }));
      request.audit.entityId = created.tid;
      return created;
    },
  );
}
