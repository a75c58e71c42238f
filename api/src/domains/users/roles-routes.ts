import type { FastifyInstance } from 'fastify';
import { ATOMS, roleSchema } from 'shared-kernel/contracts';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { errorResponses, idQuerySchema, optionalIdQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { deleteRole, getRole, insertRole, listRoles, updateRole } from './roles-repository.js';

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
 * /api-base roles (spec 001 §6): named atom sets; a role in use cannot be deleted. Register
 * with `app.register(roleRoutes, { prefix: '/api-base' })`.
 */
export default async function roleRoutes(app: FastifyInstance) {
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
}
