import type { FastifyInstance } from 'fastify';
import { ATOMS, ERROR, roleSchema, withVersion, type RoleRow } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.js';
import { errorResponses, idQuerySchema, optionalIdQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import type { RequestSession } from '../../types.js';
import { deleteRole, getRole, insertRole, listRoleHolders, listRoles, lockRole, updateRole, type RoleHolder, type StoredRole } from './roles-repository.js';
import { managerOf, roleReadOnlyReason, type Manager } from './user-policy.js';

const ADMIN = { maxLevel: 2 as const };
/** Admin routes acting on the role `?id`. */
const ADMIN_ON_ROLE = { maxLevel: 2 as const, managedTarget: { in: 'query' as const, name: 'id', kind: 'role' as const } };

const roleRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    role_name: { type: 'string' },
    atoms: { type: 'array', items: { type: 'string' } },
    uc: { type: 'integer' },
    ro: { type: 'boolean' },
    ro_reason: { type: ['string', 'null'] },
    version: { type: 'integer' },
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

function holderFacts(holder: RoleHolder) {
  return { id: holder.id, level: holder.level, schoolAccess: holder.school_access, schools: holder.schools };
}

/** The wire row: the stored role plus whether the caller may edit it and why not. */
function withEditability(actor: Manager, role: StoredRole, holders: RoleHolder[]): RoleRow {
  const reason = roleReadOnlyReason(actor, holders.filter((h) => h.role_id === role.id).map(holderFacts));
  return { ...role, ro: reason !== null, ro_reason: reason };
}

/**
 * Inside a write's transaction: locks the role (404 when missing) and refuses (403
 * {error: 13}) when users the caller does not manage hold it.
 */
async function lockEditableRole(tx: Queryable, session: RequestSession, id: number): Promise<void> {
  if (!(await lockRole(tx, id))) throw notFound();
  const reason = roleReadOnlyReason(managerOf(session), (await listRoleHolders(tx, id)).map(holderFacts));
  if (reason) throw new HttpError(403, { error: ERROR.roleUsedOutsideSchools });
}

/**
 * /api-base roles (spec 001 §6): named atom sets; a role in use cannot be deleted. Register
 * with `app.register(roleRoutes, { prefix: '/api-base' })`.
 */
export default async function roleRoutes(app: FastifyInstance) {
  app.get(
    '/role',
    {
      config: { access: ADMIN_ON_ROLE },
      schema: {
        summary:
          'Roles with use count (list), or one role (?id); `ro` true when the caller may not edit or delete it, `ro_reason` why (used_outside_schools: users outside his schools hold it)',
        tags: ['roles'],
        querystring: optionalIdQuerySchema,
        response: { 200: { anyOf: [{ type: 'array', items: roleRowSchema }, roleRowSchema] }, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.query as { id?: number };
      const actor = managerOf(request.session!);
      if (id === undefined) {
        const [roles, holders] = await Promise.all([listRoles(app.db), listRoleHolders(app.db, null)]);
        return roles.map((role) => withEditability(actor, role, holders));
      }
      const role = await getRole(app.db, id);
      if (!role) throw notFound();
      return withEditability(actor, role, await listRoleHolders(app.db, id));
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
      config: { access: ADMIN_ON_ROLE },
      schema: {
        summary:
          "Update a role read with `version`; answers the next version, 409 {error: 9} when someone saved it meanwhile; 403 {error: 13} when users outside the caller's schools hold it (only the superadmin and admins with all schools change it)",
        tags: ['roles'],
        querystring: idQuerySchema,
        body: withVersionBody(roleBody),
        response: { 200: savedWithVersionSchema, ...versionConflictResponses, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const { version: read, ...form } = validate(withVersion(roleSchema), request.body);
      request.audit.entity = 'role';
      const version = await app.db
        .transaction(async (tx) => {
          await lockEditableRole(tx, request.session!, id);
          return updateRole(tx, id, form.role_name, [...new Set(form.atoms)], read);
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      return { success: true, version };
    },
  );

  app.delete(
    '/role',
    {
      config: { access: ADMIN_ON_ROLE },
      schema: {
        summary: "Delete a role; 409 {error: 3} while users hold it, 403 {error: 13} when users outside the caller's schools hold it",
        tags: ['roles'],
        querystring: idQuerySchema,
        response: { 200: successSchema, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'role';
      const outcome = await app.db.transaction(async (tx) => {
        await lockEditableRole(tx, request.session!, id);
        return deleteRole(tx, id);
      });
      if (outcome === 'missing') throw notFound();
      if (outcome === 'in-use') throw conflict();
      return { success: true };
    },
  );
}
