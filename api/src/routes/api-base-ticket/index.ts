import type { FastifyInstance } from 'fastify';
import { ticketQuerySchema } from 'shared-kernel/contracts';
import { notFound } from '../../lib/http-error.js';
import { getTicket, listTickets } from '../../repositories/tickets.js';
import { validate } from '../../lib/validate.js';
import { errorResponses } from '../schemas.js';

const instant = { type: 'string', format: 'date-time' } as const;

const ticketListRowSchema = {
  type: 'object',
  required: ['id', 'dc', 'tsid', 'type', 'subject', 'school_id', 'sender', 'dlm'],
  properties: {
    id: { type: 'integer' },
    dc: instant,
    tsid: { type: 'integer' },
    type: { type: 'integer' },
    cat: { type: ['string', 'null'] },
    subject: { type: 'string' },
    school_id: { type: 'integer' },
    sender: { type: 'string' },
    dlm: instant,
  },
} as const;

const ticketDetailSchema = {
  type: 'object',
  required: ['id', 'dc', 'tsid', 'm', 'type', 'school_id', 'sender', 'pay', 'messages'],
  properties: {
    id: { type: 'integer' },
    dc: instant,
    tsid: { type: 'integer' },
    m: { type: 'integer' },
    type: { type: 'integer' },
    cat: { type: ['string', 'null'] },
    school_id: { type: 'integer' },
    sender: { type: 'string' },
    pay: { type: 'object', required: ['subject'], properties: { subject: { type: 'string' } } },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'dc', 'spay', 'pay'],
        properties: {
          id: { type: 'integer' },
          dc: instant,
          spay: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          pay: {
            type: 'object',
            required: ['message', 'files'],
            properties: {
              message: { type: 'string', description: 'As sent; sanitise before rendering as HTML' },
              files: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'size'],
                  properties: { id: { type: 'integer' }, name: { type: 'string' }, size: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

/**
 * GET /api-base/ticket (spec 002 §7): association tickets of the request's schools; without
 * `id` the list of mode `m`, with `id` one ticket and its thread. Lives apart from the core's
 * api-base plugin; register with `app.register(ticketRoutes, { prefix: '/api-base' })`.
 */
export default async function ticketRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/ticket',
    {
      config: { access: { atoms: ['e_ticket_r'], scopedId: { in: 'query', name: 'id', resource: 'ticket' } } },
      schema: {
        summary: 'Tickets of mode m (1 support request, 2 technical feedback); with id: one ticket with its messages',
        tags: ['api-base'],
        querystring: {
          type: 'object',
          required: ['m'],
          additionalProperties: false,
          properties: {
            m: { type: 'integer', enum: [1, 2] },
            id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          },
        },
        response: {
          ...errorResponses,
          200: { anyOf: [{ type: 'array', items: ticketListRowSchema }, ticketDetailSchema] },
        },
      },
    },
    async (request) => {
      const query = validate(ticketQuerySchema, request.query);
      const mode = query.m as 1 | 2;
      if (query.id === undefined) {
        return request.scoped((tx) => listTickets(tx, mode));
      }
      const ticket = await request.scoped((tx) => getTicket(tx, query.id!, mode));
      if (!ticket) throw notFound();
      return ticket;
    },
  );
}
