import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR, contractTemplateSchema, withVersion, type ContractTemplateForm } from 'shared-kernel/contracts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import {
  deleteContractTemplate,
  getContractTemplate,
  insertContractTemplate,
  listContractTemplateOptions,
  listContractTemplates,
  updateContractTemplate,
} from './repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const months = { type: 'integer' } as const;

/** The form's fields on the wire (the body; the reads answer them too). */
const formProperties = {
  school_id: id,
  name: { type: 'string', maxLength: 1000 },
  notes: { type: 'string', maxLength: 10_000 },
  pay_interval: { type: 'integer' },
  c_country_iso: { type: 'string', maxLength: 2 },
  amount_gross: { type: 'integer' },
  activation_gross: { type: 'integer' },
  tax_percent: { type: 'number' },
  c_interval_start: months,
  c_cperiod_start: months,
  c_interval_follow: months,
  c_cperiod_follow: months,
  currency: { type: 'string', maxLength: 3 },
} as const;
const REQUIRED_FORM_FIELDS = [
  'school_id', 'name', 'pay_interval', 'c_country_iso', 'amount_gross', 'tax_percent',
  'c_interval_start', 'c_cperiod_start', 'c_interval_follow', 'c_cperiod_follow', 'currency',
];

/** The wire body; the contract's yup schema checks bounds and lists again (with field messages). */
const templateBodySchema = { type: 'object', additionalProperties: false, required: REQUIRED_FORM_FIELDS, properties: formProperties } as const;

/** One template as read (GET ?id): the form, its id, version and use count. */
const templateSchema = {
  type: 'object',
  required: [...REQUIRED_FORM_FIELDS, 'id', 'notes', 'activation_gross', 'version'],
  properties: { ...formProperties, id: { type: 'integer' }, version: { type: 'integer' }, uc: { type: 'integer' } },
} as const;

/** A row of the list: plus the school's name; `uc` always there. */
const templateRowSchema = {
  ...templateSchema,
  required: [...templateSchema.required, 'school', 'uc'],
  properties: { ...templateSchema.properties, school: { type: 'string' } },
} as const;

/** A picker row (GET /sel). */
const optionSchema = {
  type: 'object',
  required: ['id', 'name', 'school_id', 'pay_interval', 'amount_gross', 'activation_gross', 'currency'],
  properties: {
    id: { type: 'integer' },
    name: formProperties.name,
    school_id: formProperties.school_id,
    pay_interval: formProperties.pay_interval,
    amount_gross: formProperties.amount_gross,
    activation_gross: formProperties.activation_gross,
    currency: formProperties.currency,
  },
} as const;

const TEMPLATE_BY_ID = { in: 'query' as const, name: 'id', resource: 'contract_template' };

const isForeignKeyViolation = (error: unknown) => (error as { code?: string })?.code === '23503';

/** The form's school must be one of the request's (a field of the form: 400, not 404). */
function assertOwnSchool(request: FastifyRequest, form: ContractTemplateForm): void {
  if (!request.scope.schoolIds.includes(form.school_id)) throw badRequest({ school_id: 'form.invalid' });
}

/**
 * /api-contract (spec 001 §3, §5, §7): school contract templates of the request's schools.
 * Register with `app.register(contractTemplateRoutes, { prefix: '/api-contract' })`.
 * (/api-contract/check is the conclusions domain's.)
 */
export default async function contractTemplateRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/data',
    {
      config: { access: { atoms: ['s_contract_r'], scopedId: TEMPLATE_BY_ID } },
      schema: {
        summary:
          "The contract templates of the request's schools (by school, then name; `uc` = student contracts made from it), or one (?id, with `version`)",
        tags: ['api-contract'],
        querystring: { type: 'object', additionalProperties: false, properties: { id } },
        response: { ...errorResponses, 200: { anyOf: [{ type: 'array', items: templateRowSchema }, templateSchema] } },
      },
    },
    async (request) => {
      const { id: templateId } = request.query as { id?: number };
      if (templateId === undefined) return request.scoped((tx) => listContractTemplates(tx));
      const template = await request.scoped((tx) => getContractTemplate(tx, templateId));
      if (!template) throw notFound();
      return template;
    },
  );

  app.get(
    '/sel',
    {
      // The conclusion form picks its contract from these.
      config: { access: { anyAtom: ['s_contract_r', 'conclusion_r', 'conclusion_w'] } },
      schema: {
        summary: 'The contract templates of one school for pickers (by name); 404 for a school outside the request',
        tags: ['api-contract'],
        querystring: { type: 'object', additionalProperties: false, required: ['school'], properties: { school: id } },
        response: { ...errorResponses, 200: { type: 'array', items: optionSchema } },
      },
    },
    async (request) => {
      const { school } = request.query as { school: number };
      if (!request.scope.schoolIds.includes(school)) throw notFound();
      return request.scoped((tx) => listContractTemplateOptions(tx, school));
    },
  );

  app.post(
    '/data',
    {
      config: { access: { atoms: ['s_contract_w'] } },
      schema: {
        summary: 'Creates a contract template (a copy is a create with the source fields); idempotent with an Idempotency-Key',
        tags: ['api-contract'],
        body: templateBodySchema,
        response: {
          ...errorResponses,
          ...idempotencyResponses,
          200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } },
        },
      },
    },
    async (request) => {
      const form = validate(contractTemplateSchema, request.body);
      assertOwnSchool(request, form);
      request.audit.entity = 'contract_template';
      request.audit.schoolId = form.school_id;
      // A double click or a retry after a lost answer (same Idempotency-Key) saves one template.
      const answer = await idempotentWrite(request, async (tx) => ({ success: true as const, id: await insertContractTemplate(tx, form) }));
      request.audit.entityId = answer.id;
      return answer;
    },
  );

  app.put(
    '/data',
    {
      config: { access: { atoms: ['s_contract_w'], scopedId: TEMPLATE_BY_ID } },
      schema: {
        summary:
          'Changes a contract template read with `version`; answers the next version, 409 {error: 9} when someone saved it meanwhile, 400 {error: 59} when contracts use it and the school changes',
        tags: ['api-contract'],
        querystring: idQuerySchema,
        body: withVersionBody(templateBodySchema),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id: templateId } = request.query as { id: number };
      request.audit.entity = 'contract_template';
      const version = await request.scoped(async (tx) => {
        const current = await getContractTemplate(tx, templateId, true);
        if (!current) throw notFound();
        const { version: read, ...form } = validate(withVersion(contractTemplateSchema), request.body);
        assertOwnSchool(request, form);
        request.audit.schoolId = current.school_id;
        // Student contracts carry the template's school: moving it would leave them behind.
        if (current.uc > 0 && current.school_id !== form.school_id) throw new HttpError(400, { error: ERROR.contractTemplateSchoolFixed });
        return updateContractTemplate(tx, templateId, form, read);
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/data',
    {
      config: { access: { atoms: ['s_contract_d'], scopedId: TEMPLATE_BY_ID } },
      schema: {
        summary: 'Deletes a contract template; 400 {error: 58} while student contracts or conclusions use it',
        tags: ['api-contract'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id: templateId } = request.query as { id: number };
      request.audit.entity = 'contract_template';
      const inUse = () => new HttpError(400, { error: ERROR.contractTemplateInUse });
      await request
        .scoped(async (tx) => {
          const current = await getContractTemplate(tx, templateId, true);
          if (!current) throw notFound();
          request.audit.schoolId = current.school_id;
          if (current.uc > 0) throw inUse();
          await deleteContractTemplate(tx, templateId);
        })
        .catch((error: unknown) => {
          // Other rows that reference templates (conclusions) refuse the delete in the database.
          throw isForeignKeyViolation(error) ? inUse() : error;
        });
      return { success: true };
    },
  );
}
