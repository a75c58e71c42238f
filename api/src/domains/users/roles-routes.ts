import type { FastifyInstance } from 'fastify';
import { ATOMS, MSG, filterSchema, roleSchema } from 'shared-kernel/contracts';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { validate } from '../../lib/validate.js';
import { listChanges } from '../audit/repository.js';
import { listMails } from '../outbox/repository.js';
import { saveFilter } from './principals-repository.js';
import { deleteRole, getRole, insertRole, listRoles, updateRole } from './roles-repository.js';
import { errorResponses, idQuerySchema, optionalIdQuerySchema, successSchema } from '../../lib/route-schemas.js';

const ADMIN = { maxLevel: 2 as const };

const roleRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    role_name: { type: 'string' },
    atoms: { type: 'array', items: { type: 'string' } },
    uc: { type: 'integer' },
  },
} as const;

const roleBody = {
  type: 'object',
  properties: {
    role_name: { type: 'string', maxLength: 200 },
    atoms: { type: 'array', items: { type: 'string', enum: [...ATOMS] }, maxItems: ATOMS.length },
  },
  required: ['role_name', 'atoms'],
} as const;

/**
 * /api-base: the school filter, roles (spec 001 §6; named atom sets, a role in use cannot
 * be deleted), the outbox and the recent changes. (Tickets live in ../api-base-ticket.)
 */
export default async function baseRoutes(app: FastifyInstance) {
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

  app.get(
    '/role',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Roles with use count (list), or one role (?id)',
        tags: ['roles'],
        querystring: optionalIdQuerySchema,
        response: { 200: { anyOf: [{ type: 'array', items: roleRowSchema }, roleRowSchema] }, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.query as { id?: number };
      if (id === undefined) return listRoles(app.db);
      const role = await getRole(app.db, id);
      if (!role) throw notFound();
      return role;
    },
  );

  app.get(
    '/role-list',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Role choices for the user form',
        tags: ['roles'],
        response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, role_name: { type: 'string' } } } }, ...errorResponses },
      },
    },
    async () => (await listRoles(app.db)).map((r) => ({ id: r.id, role_name: r.role_name })),
  );

  const nameTaken = () => badRequest({ role_name: 'form.name_taken' });
  const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

  app.post(
    '/role',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Create a role',
        tags: ['roles'],
        body: roleBody,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, id: { type: 'integer' } } }, ...errorResponses },
      },
    },
    async (request) => {
      const form = validate(roleSchema, request.body);
      request.audit.entity = 'role';
      const id = await app.db
        .transaction((tx) => insertRole(tx, form.role_name, [...new Set(form.atoms)]))
        .catch((error) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      request.audit.entityId = id;
      return { success: true, id };
    },
  );

  app.put(
    '/role',
    {
      config: { access: ADMIN },
      schema: { summary: 'Update a role', tags: ['roles'], querystring: idQuerySchema, body: roleBody, response: { 200: successSchema, ...errorResponses } },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const form = validate(roleSchema, request.body);
      request.audit.entity = 'role';
      const updated = await app.db
        .transaction((tx) => updateRole(tx, id, form.role_name, [...new Set(form.atoms)]))
        .catch((error) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      if (!updated) throw notFound();
      return { success: true };
    },
  );

  app.delete(
    '/role',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Delete a role; 409 {error: 3} while users hold it',
        tags: ['roles'],
        querystring: idQuerySchema,
        response: { 200: successSchema, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'role';
      const outcome = await app.db.transaction((tx) => deleteRole(tx, id));
      if (outcome === 'missing') throw notFound();
      if (outcome === 'in-use') throw conflict();
      return { success: true };
    },
  );

  app.get(
    '/outbox',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Mails the server sent or queued (newest first); admins do not see mails about other admins',
        tags: ['mail'],
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                created_at: { type: 'string', format: 'date-time' },
                recipient: { type: 'string' },
                subject: { type: 'string' },
                body: { type: 'string' },
                kind: { type: 'string' },
                sent_at: { type: ['string', 'null'], format: 'date-time' },
                error: { type: ['string', 'null'] },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { limit } = request.query as { limit?: number };
      const user = request.session!.user;
      return listMails(app.db, { id: user.id, level: user.level }, limit ?? 100);
    },
  );

  app.get(
    '/changes',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Recent changes (successful writes) in the schools the caller looks at, newest first',
        tags: ['audit'],
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 200 },
            before: { type: 'integer', minimum: 1 },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                at: { type: 'string', format: 'date-time' },
                user_id: { type: ['integer', 'null'] },
                username: { type: ['string', 'null'] },
                action: { type: 'string' },
                method: { type: 'string' },
                route: { type: 'string' },
                status: { type: 'integer' },
                school_id: { type: ['integer', 'null'] },
                entity: { type: ['string', 'null'] },
                entity_id: { type: ['string', 'null'] },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { limit, before } = request.query as { limit?: number; before?: number };
      return listChanges(app.db, request.scope.schoolIds, limit ?? 50, before ?? null);
    },
  );
}
