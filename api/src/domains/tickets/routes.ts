import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MSG,
  TICKET_MAX_FILE_BYTES,
  TICKET_MAX_FILES,
  supportTicketSchema,
  technicalTicketSchema,
  ticketQuerySchema,
  ticketReplySchema,
} from 'shared-kernel/contracts';
import { DOCUMENT_KINDS, readUploads, sendStoredFile } from '../../files/index.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { createTicket, getTicket, getTicketFile, listTickets, replyToTicket, type TicketAttachment } from './repository.js';
import { validate } from '../../lib/validate.js';
import { senderOf } from './sender.js';
import { errorResponses, idQuerySchema } from '../../lib/route-schemas.js';

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

/** Longest `data` field of a ticket upload: the JSON of the form (message up to 20,000 characters). */
const MAX_DATA_BYTES = 128 * 1024;

/**
 * The form and the attachments of a ticket multipart request: field `data` (JSON of the
 * form) and files under `files` (checked by content: PDF, pictures, office documents, text).
 * Upload refusals answer 400 {error: 1100..1103}; a missing or bad `data` 400 {error: 4}.
 */
async function readTicketRequest(request: FastifyRequest): Promise<{ data: unknown; files: TicketAttachment[]; store: () => Promise<void>; discard: () => Promise<void> }> {
  const upload = await readUploads(request, {
    maxFiles: TICKET_MAX_FILES,
    maxFileBytes: TICKET_MAX_FILE_BYTES,
    allowed: DOCUMENT_KINDS,
    minFiles: 0,
    maxFieldBytes: MAX_DATA_BYTES,
  });
  if (upload.files.some((file) => file.field !== 'files')) throw badRequest({ files: MSG.invalid });
  const text = upload.fields.data;
  if (text === undefined) throw badRequest({ data: MSG.required });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest({ data: MSG.invalid });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw badRequest({ data: MSG.invalid });
  const store = request.server.files;
  const files: TicketAttachment[] = upload.files.map((file) => ({ key: '', name: file.name, size: file.size, mime: file.mime }));
  return {
    data,
    files,
    // Bytes go to the store right before the database transaction; discard() removes them
    // again when the transaction fails, so no file is left without its row.
    store: async () => {
      for (const [index, file] of upload.files.entries()) files[index]!.key = await store.put(file.data);
    },
    discard: () => store.removeQuietly(files.map((file) => file.key)),
  };
}

const savedSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

/**
 * GET /api-base/ticket (spec 002 §7): association tickets of the request's schools; without
 * `id` the list of mode `m`, with `id` one ticket and its thread. One of several plugins
 * under /api-base; register with `app.register(ticketRoutes, { prefix: '/api-base' })`.
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

  app.post(
    '/ticket',
    {
      config: { access: { atoms: ['e_ticket_s'] } },
      schema: {
        summary:
          'Send a request (m=1 support: sid, subject, message; m=2 technical: plus cat). Multipart: field data = JSON of the form, files = attachments (at most 5, 10 MB each, checked by content)',
        tags: ['api-base'],
        consumes: ['multipart/form-data'],
        querystring: {
          type: 'object',
          required: ['m'],
          additionalProperties: false,
          properties: { m: { type: 'integer', enum: [1, 2] } },
        },
        response: { ...errorResponses, 200: savedSchema },
      },
    },
    async (request) => {
      const mode = (request.query as { m: 1 | 2 }).m;
      const upload = await readTicketRequest(request);
      const form: { sid: number; subject: string; message: string; cat?: string } =
        mode === 1 ? validate(supportTicketSchema, upload.data) : validate(technicalTicketSchema, upload.data);
      if (!request.scope.schoolIds.includes(form.sid)) throw badRequest({ sid: MSG.invalid });
      request.audit.entity = 'ticket';
      request.audit.schoolId = form.sid;
      await upload.store();
      try {
        const id = await request.scoped((tx) =>
          createTicket(
            tx,
            { schoolId: form.sid, mode, category: form.cat ?? null, subject: form.subject, message: form.message },
            senderOf(request),
            upload.files,
          ),
        );
        request.audit.entityId = id;
        return { id };
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  app.post(
    '/ticket-reply',
    {
      config: { access: { atoms: ['e_ticket_s'], scopedId: { in: 'query', name: 'id', resource: 'ticket' } } },
      schema: {
        summary: 'Reply to a ticket of mode m (message required). Multipart: field data = {"message": ...}, files = attachments',
        tags: ['api-base'],
        consumes: ['multipart/form-data'],
        querystring: {
          type: 'object',
          required: ['id', 'm'],
          additionalProperties: false,
          properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, m: { type: 'integer', enum: [1, 2] } },
        },
        response: { ...errorResponses, 200: savedSchema },
      },
    },
    async (request) => {
      const { id, m } = request.query as { id: number; m: 1 | 2 };
      // An unseen ticket is 404 before anything is read or stored.
      const exists = await request.scoped(async (tx) => (await tx.query('SELECT 1 FROM tickets WHERE id = $1 AND mode = $2', [id, m])).rowCount > 0);
      if (!exists) throw notFound();
      const upload = await readTicketRequest(request);
      const form = validate(ticketReplySchema, upload.data);
      request.audit.entity = 'ticket';
      await upload.store();
      try {
        const replied = await request.scoped((tx) => replyToTicket(tx, id, m, senderOf(request), form.message, upload.files));
        if (!replied) throw notFound();
        request.audit.schoolId = replied.schoolId;
        return { id };
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  app.get(
    '/ticket-file',
    {
      config: { access: { atoms: ['e_ticket_r'], scopedId: { in: 'query', name: 'id', resource: 'ticket_file' } } },
      schema: {
        summary: 'Download a ticket attachment (always as attachment, nosniff)',
        tags: ['api-base'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: { type: 'string', format: 'binary' } },
      },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const file = await request.scoped((tx) => getTicketFile(tx, id));
      if (!file) throw notFound();
      return sendStoredFile(reply, request.server.files, file);
    },
  );
}
