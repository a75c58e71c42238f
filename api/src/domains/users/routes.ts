import type { FastifyInstance } from 'fastify';
import {
  ERROR,
  MSG,
  USERNAME_PATTERN,
  accountLinkSchema,
  passwordChangeSchema,
  userCreateSchema,
  userSettingsSchema,
  userUpdateSchema,
  withVersion,
  type UserCreateForm,
  type UserUpdateForm,
} from 'shared-kernel/contracts';
import { isCommonPassword } from '../../auth/common-passwords.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { canDeleteUser, canManageUser, managedUserOf, managerOf, mayAssignSchools } from './user-policy.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import { listRoles, roleExists } from './roles-repository.js';
import { revokeUserSessions } from '../auth/sessions-repository.js';
import { claimSessionPasswordCheck, sessionPasswordCheckPassed } from '../auth/session-password-checks.js';
import {
  deleteUser,
  existingSchoolIds,
  getPasswordHash,
  getSettings,
  getUser,
  insertUser,
  listUsers,
  lockUserForUpdate,
  memberBirthDate,
  memberNumberOwner,
  saveSettings,
  setMemberNumber,
  setPasswordHash,
  updateUser,
  usernameTaken,
  type UserWrite,
} from './repository.js';
import type { Queryable } from '../../db/index.js';
import type { RequestSession } from '../../types.js';
import { errorResponses, idQuerySchema, optionalIdQuerySchema, successSchema } from '../../lib/route-schemas.js';

const ADMIN = { maxLevel: 2 as const };
/** Admin routes acting on the user `?id`. */
const ADMIN_ON_USER = { maxLevel: 2 as const, managedTarget: { in: 'query' as const, name: 'id', kind: 'user' as const } };

const userRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    un: { type: 'string' },
    fn: { type: 'string' },
    ln: { type: 'string' },
    l: { type: 'integer' },
    email: { type: 'string' },
    role_id: { type: ['integer', 'null'] },
    role_name: { type: ['string', 'null'] },
    status: { type: 'integer' },
    schools: { type: 'array', items: { type: 'integer' } },
    disabled: { type: 'boolean' },
  },
} as const;

const userDetailSchema = {
  type: 'object',
  properties: {
    ...userRowSchema.properties,
    salutation_id: { type: 'integer' },
    dob: { type: ['string', 'null'] },
    mno: { type: ['string', 'null'] },
    version: { type: 'integer' },
  },
} as const;

const roleOptionSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, role_name: { type: 'string' } },
} as const;

const userFormBody = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 100 },
    salutation_id: { type: 'integer' },
    firstname: { type: 'string', maxLength: 200 },
    lastname: { type: 'string', maxLength: 200 },
    email: { type: 'string', maxLength: 300 },
    dob: { type: ['string', 'null'], maxLength: 10 },
    role_id: { type: ['integer', 'null'] },
    admin: { type: 'boolean' },
    status: { type: 'integer', enum: [1, 2] },
    schools: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
    disabled: { type: 'boolean' },
    pw1: { type: 'string', maxLength: 200 },
    pw2: { type: 'string', maxLength: 200 },
  },
  required: ['username', 'salutation_id', 'firstname', 'lastname', 'email', 'status'],
} as const;

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/**
 * The user `id` if the caller may manage them (user-policy.ts), else 404: a user he may not
 * manage does not exist for him, like another school's row.
 */
async function manageableUser(app: FastifyInstance, session: RequestSession, id: number) {
  const user = await getUser(app.db, id);
  if (!user || !canManageUser(managerOf(session), managedUserOf(user))) throw notFound();
  return user;
}

/**
 * Inside a write's transaction: locks the user's row and checks the rule again on what is
 * stored now, so a concurrent change of the user's schools or level cannot slip through.
 */
async function lockManageableUser(tx: Queryable, session: RequestSession, id: number): Promise<void> {
  const locked = await lockUserForUpdate(tx, id);
  if (!locked || !canManageUser(managerOf(session), managedUserOf(locked))) throw notFound();
}

/**
 * Turns a validated user form into the row to write, enforcing spec 001 §6: only a
 * superadmin grants the admin flag; 'all schools' only by someone who has it; schools only
 * among the actor's; level-3 users need an existing role. `current` = the user being edited.
 */
async function toUserWrite(
  app: FastifyInstance,
  session: RequestSession,
  form: UserCreateForm | UserUpdateForm,
  current: { id: number; level: number } | null,
): Promise<UserWrite> {
  const actor = session.user;
  let level: 1 | 2 | 3;
  if (current?.level === 1) level = 1; // the superadmin stays superadmin
  else if (actor.level === 1) level = form.admin ? 2 : 3;
  else if (current && current.id === actor.id) level = actor.level; // an admin editing themself
  else {
    if (form.admin) throw forbidden();
    level = 3;
  }
  const status = form.status as 1 | 2;
  const schools = status === 2 ? [...new Set(form.schools ?? [])] : [];
  const assignable = mayAssignSchools(managerOf(session), status, schools);
  if (!assignable.ok) throw badRequest({ [assignable.field]: MSG.invalid });
  if (status === 2 && (await existingSchoolIds(app.db, schools)).length !== schools.length) throw badRequest({ schools: MSG.invalid });
  let roleId = form.role_id ?? null;
  if (level === 3) {
    if (!roleId) throw badRequest({ role_id: MSG.required });
    if (!(await roleExists(app.db, roleId))) throw badRequest({ role_id: MSG.invalid });
  } else {
    roleId = null;
  }
  if (current?.id === actor.id && form.disabled) throw badRequest({ disabled: MSG.invalid });
  return {
    username: form.username,
    salutation_id: form.salutation_id,
    firstname: form.firstname,
    lastname: form.lastname,
    email: form.email,
    dob: form.dob ? form.dob : null,
    level,
    role_id: roleId,
    school_access: status,
    schools,
    disabled: form.disabled ?? false,
  };
}

/**
 * /api-user: users (spec 001 §6), username check, password change, own settings and the
 * link of the account to a federation membership number.
 */
export default async function userRoutes(app: FastifyInstance) {
  app.get(
    '/data',
    {
      config: { access: ADMIN_ON_USER },
      schema: {
        summary:
          'Users the caller may manage and himself (list), or one of them with the role list (?id; 404 for a user he may not manage: another admin, the superadmin, users with schools outside his own)',
        tags: ['users'],
        querystring: optionalIdQuerySchema,
        response: {
          200: {
            anyOf: [
              { type: 'array', items: userRowSchema },
              { type: 'object', properties: { data: userDetailSchema, roles: { type: 'array', items: roleOptionSchema } } },
            ],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const session = request.session!;
      const { id } = request.query as { id?: number };
      if (id === undefined) {
        const actor = managerOf(session);
        return (await listUsers(app.db)).filter((user) => canManageUser(actor, managedUserOf(user)));
      }
      const user = await manageableUser(app, session, id);
      const { settings: _settings, ...data } = user;
      const roles = (await listRoles(app.db)).map((r) => ({ id: r.id, role_name: r.role_name }));
      return { data, roles };
    },
  );

  app.post(
    '/data',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Create a user',
        tags: ['users'],
        body: { ...userFormBody, required: [...userFormBody.required, 'pw1', 'pw2'] },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, id: { type: 'integer' } } }, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const session = request.session!;
      const form = validate(userCreateSchema, request.body);
      if (isCommonPassword(form.pw1, form.username)) throw badRequest({ pw1: MSG.passwordCommon });
      const write = await toUserWrite(app, session, form, null);
      if (await usernameTaken(app.db, write.username)) throw badRequest({ username: 'form.username_taken' });
      const hash = await hashPassword(form.pw1);
      const id = await app.db.transaction((tx) => insertUser(tx, write, hash, app.now()));
      request.audit.entity = 'user';
      request.audit.entityId = id;
      return { success: true, id };
    },
  );

  app.put(
    '/data',
    {
      config: { access: ADMIN_ON_USER },
      schema: {
        summary:
          'Update a user he may manage (404 otherwise), read with `version` (GET ?id); answers the next version, 409 {error: 9} when someone saved the user meanwhile. The password is changed with /api-user/cpw',
        tags: ['users'],
        querystring: idQuerySchema,
        body: withVersionBody(userFormBody),
        response: { 200: savedWithVersionSchema, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const session = request.session!;
      const { id } = request.query as { id: number };
      request.audit.entity = 'user';
      const target = await manageableUser(app, session, id);
      const { version: read, ...form } = validate(withVersion(userUpdateSchema), request.body);
      const write = await toUserWrite(app, session, form, { id: target.id, level: target.l });
      if (await usernameTaken(app.db, write.username, id)) throw badRequest({ username: 'form.username_taken' });
      const version = await app.db.transaction(async (tx) => {
        await lockManageableUser(tx, session, id);
        const next = await updateUser(tx, id, write, read);
        // Disabling ends every session at once.
        if (write.disabled) await revokeUserSessions(tx, id, app.now());
        return next;
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/data',
    {
      config: { access: { ...ADMIN_ON_USER, maxLevel: 1 } },
      schema: { summary: 'Delete a user (superadmin only, not oneself)', tags: ['users'], querystring: idQuerySchema, response: { 200: successSchema, 409: errorResponses[400], ...errorResponses } },
    },
    async (request) => {
      const session = request.session!;
      const { id } = request.query as { id: number };
      request.audit.entity = 'user';
      const target = await manageableUser(app, session, id);
      if (!canDeleteUser(managerOf(session), managedUserOf(target))) throw forbidden();
      await app.db.transaction((tx) => deleteUser(tx, id));
      return { success: true };
    },
  );

  app.get(
    '/check',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Check a username: pattern valid and not taken',
        tags: ['users'],
        querystring: {
          type: 'object',
          properties: { u: { type: 'string', maxLength: 100 }, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
          required: ['u'],
          additionalProperties: false,
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, valid: { type: 'boolean' }, available: { type: 'boolean' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { u, id } = request.query as { u: string; id?: number };
      const valid = USERNAME_PATTERN.test(u);
      const available = valid && !(await usernameTaken(app.db, u, id));
      return { success: true, valid, available };
    },
  );

  app.put(
    '/cpw',
    {
      // Any signed-in user (for his own password); another user only by the user rule.
      config: { access: { managedTarget: { in: 'query', name: 'id', kind: 'user' } } },
      schema: {
        summary:
          "Change the caller's own password, or that of a user he may manage (the rules of PUT /api-user/data; 404 otherwise). `current` is the caller's own password (re-authentication): 428 {error: 5} when wrong; wrong ones count against the caller's account like logins, 429 {error: 11} with Retry-After once blocked",
        tags: ['users'],
        querystring: idQuerySchema,
        body: {
          type: 'object',
          properties: { current: { type: 'string', maxLength: 200 }, pw: { type: 'string', maxLength: 200 }, pwc: { type: 'string', maxLength: 200 } },
          required: ['current', 'pw', 'pwc'],
        },
        response: { 200: successSchema, 428: errorResponses[400], 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const session = request.session!;
      const { id } = request.query as { id: number };
      request.audit.action = 'password_change';
      request.audit.entity = 'user';
      const self = id === session.user.id;
      // The same rule as PUT /api-user/data: another user only if the caller manages them.
      const targetName = self ? session.user.username : (await manageableUser(app, session, id)).un;
      const body = validate(passwordChangeSchema, request.body);
      if (isCommonPassword(body.pw, targetName)) throw badRequest({ pw: MSG.passwordCommon });
      const now = app.now();
      await claimSessionPasswordCheck(app.db, session.user.username, now);
      const ownHash = await getPasswordHash(app.db, session.user.id);
      if (!ownHash || !(await verifyPassword(ownHash, body.current))) {
        throw new HttpError(428, { error: ERROR.wrongCurrentPassword });
      }
      await sessionPasswordCheckPassed(app.db, session.user.username);
      const hash = await hashPassword(body.pw);
      await app.db.transaction(async (tx) => {
        if (!self) await lockManageableUser(tx, session, id);
        await setPasswordHash(tx, id, hash, now);
        // The caller keeps the session they are using; every other session of the account ends.
        await revokeUserSessions(tx, id, now, self ? session.tokenHash : undefined);
      });
      return { success: true };
    },
  );

  const settingsSchema = {
    type: 'object',
    properties: {
      o_ovr_mail_from: { type: 'boolean' },
      o_custom_signature: { type: 'boolean' },
      o_signature: { type: 'string', maxLength: 5000 },
    },
  } as const;
  const settingsReadSchema = {
    ...settingsSchema,
    properties: { ...settingsSchema.properties, version: { type: 'integer' } },
  } as const;

  app.get(
    '/settings',
    {
      config: { access: 'session' },
      schema: { summary: "The caller's own settings with their version", tags: ['users'], response: { 200: settingsReadSchema, ...errorResponses } },
    },
    async (request) => {
      const { settings: stored, version } = await getSettings(app.db, request.session!.user.id);
      const settings = userSettingsSchema.cast(
        {
          o_ovr_mail_from: stored.o_ovr_mail_from ?? false,
          o_custom_signature: stored.o_custom_signature ?? false,
          o_signature: stored.o_signature ?? '',
        },
        { stripUnknown: true },
      );
      return { ...settings, version };
    },
  );

  app.put(
    '/settings',
    {
      config: { access: 'session' },
      schema: {
        summary: "Save the caller's own settings read with `version`; answers the next version, 409 {error: 9} when they were saved meanwhile (another tab)",
        tags: ['users'],
        body: withVersionBody(settingsSchema),
        response: { 200: savedWithVersionSchema, ...versionConflictResponses, ...errorResponses },
      },
    },
    async (request) => {
      const { version: read, ...settings } = validate(withVersion(userSettingsSchema), request.body);
      request.audit.entity = 'user_settings';
      request.audit.entityId = request.session!.user.id;
      const version = await saveSettings(app.db, request.session!.user.id, settings, read);
      return { success: true, version };
    },
  );

  app.post(
    '/link',
    {
      config: { access: 'session' },
      schema: {
        summary:
          "Link the caller's account to a federation membership number. Proof: the member's birth date as the network's register holds it for that number (dob, ISO) and the caller's own password; a wrong or unknown number, birth date or password answers 401 {error: 2} and counts against the account like a failed login (429 {error: 11} with Retry-After once blocked). A number is linked to one account at a time: 409 {error: 12} when another account holds it",
        tags: ['users'],
        body: {
          type: 'object',
          properties: {
            mno: { type: 'string', maxLength: 30 },
            dob: { type: 'string', maxLength: 10, description: 'birth date of the member, YYYY-MM-DD' },
            password: { type: 'string', maxLength: 200 },
          },
          required: ['mno', 'dob', 'password'],
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, mno: { type: 'string' } } },
          409: errorResponses[400],
          429: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const session = request.session!;
      const body = validate(accountLinkSchema, request.body);
      const mno = body.mno.toUpperCase();
      const now = app.now();
      request.audit.entity = 'user';
      request.audit.entityId = session.user.id;
      request.audit.detail = { mno };
      await claimSessionPasswordCheck(app.db, session.user.username, now);
      // Both proofs are always looked at, so the answer's timing tells nothing about which failed.
      const hash = await getPasswordHash(app.db, session.user.id);
      const passwordRight = !!hash && (await verifyPassword(hash, body.password));
      const registeredBirthDate = await memberBirthDate(app.db, mno);
      if (!passwordRight || registeredBirthDate === null || registeredBirthDate !== body.dob) {
        throw new HttpError(401, { error: ERROR.badLogin });
      }
      await sessionPasswordCheckPassed(app.db, session.user.username);
      const taken = () => new HttpError(409, { error: ERROR.memberNumberTaken });
      const owner = await memberNumberOwner(app.db, mno);
      if (owner !== null && owner !== session.user.id) throw taken();
      // Two accounts linking the same number at once: the unique index lets one win.
      await setMemberNumber(app.db, session.user.id, mno).catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
      return { success: true, mno };
    },
  );

  // The spec lists POST and DELETE for link/unlink; unlink accepts both.
  app.route({
    method: ['POST', 'DELETE'],
    url: '/unlink',
    config: { access: 'session' },
    schema: { summary: "Remove the link of the caller's account to a membership number", tags: ['users'], response: { 200: successSchema, ...errorResponses } },
    handler: async (request) => {
      const session = request.session!;
      request.audit.entity = 'user';
      request.audit.entityId = session.user.id;
      await setMemberNumber(app.db, session.user.id, null);
      return { success: true };
    },
  });
}
