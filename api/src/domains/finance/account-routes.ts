import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_BANK_MAX,
  ACCOUNT_CREDITOR_MAX,
  ACCOUNT_NAME_MAX,
  ERROR,
  accountSchema,
  withVersion,
  type AccountForm,
  type PagedListRequest,
  PAIN_VERSIONS,
} from 'shared-kernel/contracts';
import {
  ACCOUNT_LIST,
  accountInUse,
  deleteAccount,
  getAccount,
  insertAccount,
  listAccountOptions,
  listAccounts,
  updateAccount,
} from './accounts-repository.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { savedWithVersionSchema, staleVersion, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';

const tags = ['api-account'];

const accountOptionSchema = {
  type: 'object',
  required: ['id', 'name', 'school_id', 'sepa_iban', 'is_main', 'currency'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    school_id: { type: 'integer' },
    sepa_iban: { type: 'string' },
    is_main: { type: 'boolean' },
    currency: { type: 'string' },
  },
} as const;

const accountFields = {
  name: { type: 'string' },
  sepa_name: { type: 'string' },
  sepa_ci: { type: 'string' },
  sepa_iban: { type: 'string' },
  sepa_bic: { type: 'string' },
  sepa_bank: { type: 'string' },
  is_main: { type: 'boolean' },
  sepa_pain_version: { type: 'string' },
  school_id: { type: 'integer' },
  currency: { type: 'string' },
} as const;

const accountRowSchema = {
  type: 'object',
  required: ['id', 'school_id', 'sn', 'name', 'sepa_name', 'sepa_ci', 'sepa_iban', 'sepa_bic', 'sepa_bank', 'is_main', 'currency', 'in_use'],
  properties: { id: { type: 'integer' }, sn: { type: 'string' }, ...accountFields, in_use: { type: 'boolean' } },
} as const;

const accountDataSchema = {
  type: 'object',
  required: ['id', 'school_id', 'name', 'sepa_name', 'sepa_ci', 'sepa_iban', 'sepa_bic', 'sepa_bank', 'is_main', 'currency', 'version'],
  properties: { id: { type: 'integer' }, version: { type: 'integer' }, ...accountFields },
} as const;

// The JSON schema bounds the input; the contract's yup schema (the form's) gives the field messages.
const accountBody = {
  type: 'object',
  required: ['school_id', 'name', 'sepa_name', 'sepa_iban', 'sepa_bic', 'sepa_bank'],
  additionalProperties: false,
  properties: {
    school_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    name: { type: 'string', maxLength: ACCOUNT_NAME_MAX + 50 },
    sepa_name: { type: 'string', maxLength: ACCOUNT_CREDITOR_MAX + 50 },
    sepa_ci: { type: ['string', 'null'], maxLength: 60 },
    sepa_iban: { type: 'string', maxLength: 60 },
    sepa_bic: { type: 'string', maxLength: 30 },
    sepa_bank: { type: 'string', maxLength: ACCOUNT_BANK_MAX + 50 },
    is_main: { type: 'boolean' },
    sepa_pain_version: { type: 'string', enum: [...PAIN_VERSIONS] },
  },
} as const;

const ACCOUNT_BY_ID = { in: 'query' as const, name: 'id', resource: 'account' };

const isViolation = (error: unknown, code: string) => (error as { code?: string })?.code === code;

/** The form as written: the contract's checks, and a school the request may touch. */
function accountForm(request: FastifyRequest, body: unknown): AccountForm {
  const form = validate(accountSchema, { ...(body as object), sepa_ci: (body as { sepa_ci?: string | null }).sepa_ci ?? '' });
  if (!request.scope.schoolIds.includes(form.school_id)) throw badRequest({ school_id: 'form.invalid' });
  return form;
}

/**
 * Runs a write; two saves setting a school's main account at once meet the one-main index
 * (the later one lost the race, like a stale version): 409 {error: 9}.
 */
async function mainFlagRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolation(error, '23505')) throw staleVersion();
    throw error;
  }
}

/**
 * /api-account (spec 001 §3, §6, §7): bank accounts of the request's schools. Register with
 * `app.register(accountRoutes, { prefix: '/api-account' })`.
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sel',
    {
      // Pickers of the finance forms and of the account settings.
      config: { access: { anyAtom: ['finance_r', 's_account_r', 'conclusion_r', 'conclusion_w'] } },
      schema: {
        summary: "Accounts of the request's schools for pickers (main account of each school first)",
        tags,
        response: { ...errorResponses, 200: { type: 'array', items: accountOptionSchema } },
      },
    },
    async (request) => request.scoped((tx) => listAccountOptions(tx)),
  );

  app.post(
    '/list',
    {
      config: { access: { atoms: ['s_account_r'] } },
      schema: {
        summary: "Accounts of the request's schools, paged (sort name, sn, is_main; filters name prefix, school_id)",
        tags,
        body: pagedListBodySchema(ACCOUNT_LIST),
        response: { ...errorResponses, 200: pagedListResponseSchema(accountRowSchema) },
      },
    },
    async (request) => request.scoped((tx) => listAccounts(tx, request.body as PagedListRequest)),
  );

  app.get(
    '/data',
    {
      config: { access: { atoms: ['s_account_r'], scopedId: ACCOUNT_BY_ID } },
      schema: { summary: 'One account with its record version', tags, querystring: idQuerySchema, response: { ...errorResponses, 200: accountDataSchema } },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const account = await request.scoped((tx) => getAccount(tx, id));
      if (!account) throw notFound();
      return account;
    },
  );

  app.post(
    '/data',
    {
      config: { access: { atoms: ['s_account_w'] } },
      schema: {
        summary:
          'Creates an account; a main account (is_main) takes the flag from the school’s old main account; idempotent with an Idempotency-Key',
        tags,
        body: accountBody,
        response: { ...errorResponses, ...versionConflictResponses, ...idempotencyResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const form = accountForm(request, request.body);
      request.audit.entity = 'account';
      request.audit.schoolId = form.school_id;
      // A double click or a retry after a lost answer (same Idempotency-Key) saves one account
      // and answers the first answer.
      const answer = await mainFlagRace(() =>
        idempotentWrite(request, async (tx) => ({ success: true as const, id: await insertAccount(tx, form) })),
      );
      request.audit.entityId = answer.id;
      return answer;
    },
  );

  app.put(
    '/data',
    {
      config: { access: { atoms: ['s_account_w'], scopedId: ACCOUNT_BY_ID } },
      schema: {
        summary: 'Changes an account read with `version` (its school stays); answers the next version, 409 {error: 9} when someone saved it meanwhile',
        tags,
        querystring: idQuerySchema,
        body: withVersionBody(accountBody),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const { version, ...body } = request.body as { version: number };
      request.audit.entity = 'account';
      request.audit.entityId = id;
      const next = await mainFlagRace(() =>
        request.scoped(async (tx) => {
          const current = await getAccount(tx, id);
          if (!current) throw notFound();
          const { version: read, ...form } = validate(withVersion(accountSchema), { ...body, version, sepa_ci: (body as { sepa_ci?: string | null }).sepa_ci ?? '' });
          if (form.school_id !== current.school_id) throw badRequest({ school_id: 'form.invalid' });
          request.audit.schoolId = current.school_id;
          return updateAccount(tx, id, current.school_id, form, read);
        }),
      );
      return { success: true, version: next };
    },
  );

  app.delete(
    '/data',
    {
      config: { access: { atoms: ['s_account_d'], scopedId: ACCOUNT_BY_ID } },
      schema: {
        summary: 'Deletes an account that nothing uses (student contracts, payments, income, conclusions: 400 {error: 56})',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'account';
      request.audit.entityId = id;
      const inUse = new HttpError(400, { error: ERROR.accountInUse });
      try {
        await request.scoped(async (tx) => {
          const account = await getAccount(tx, id);
          if (!account) throw notFound();
          request.audit.schoolId = account.school_id;
          if (await accountInUse(tx, id)) throw inUse;
          await deleteAccount(tx, id);
        });
      } catch (error) {
        // A reference the check does not know yet (a newer table) still keeps the account.
        if (isViolation(error, '23503')) throw inUse;
        throw error;
      }
      return { success: true };
    },
  );
}
