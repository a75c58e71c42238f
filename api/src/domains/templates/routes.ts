import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MSG,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATE_TARGET_TYPES,
  systemTemplateFormSchema,
  templateFormSchema,
  templatePreviewSchema,
  type PagedListRequest,
  type SystemTemplateData,
  type SystemTemplateKey,
  type SystemTemplateRow,
  type TemplateBaseData,
  type TemplateData,
  type TemplateFilled,
  type TemplateTargetType,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { entityReadAtom, fillTemplateDraft } from './fill.js';
import { fillText, placeholderCatalogue, sampleValues, type PlaceholderValues } from './placeholders.js';
import {
  TEMPLATE_LIST,
  deleteTemplate,
  effectiveSystemTemplate,
  getTemplate,
  insertTemplate,
  isSystemTemplateKey,
  listTemplates,
  overriddenKeys,
  saveSystemTemplate,
  updateTemplate,
  widgetTemplates,
  type TemplateValues,
} from './repository.js';
import { SYSTEM_TEMPLATES } from './system-templates.js';

/*
 * Templates (spec 001 §3, 002 §2.11, §5, §7; issue 11). Custom templates: template_r reads,
 * template_w creates (a copy is a create), updates, template_d deletes; a template is seen by
 * a user who sees one of its schools (others: 404) and may be given only schools the user
 * sees. System templates (/m-conf/template): s_template_r reads, s_template_w saves and
 * resets an override for a school in view (sid) or, by an all-schools user, for all schools.
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const targetType = { type: 'integer', enum: [...TEMPLATE_TARGET_TYPES] } as const;
const text = { type: 'string' } as const;
const names = { type: 'object', required: ['de', 'en'], properties: { de: text, en: text } } as const;
const CONTENT_LIMIT = TEMPLATE_CONTENT_MAX * 6 + 64 * 1024;

const templateBody = {
  type: 'object',
  required: ['name', 'schools', 'type', 'subject', 'content'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: TEMPLATE_NAME_MAX },
    schools: { type: 'array', maxItems: 500, items: id },
    type: targetType,
    subject: { type: 'string', maxLength: TEMPLATE_SUBJECT_MAX },
    content: { type: 'string', maxLength: TEMPLATE_CONTENT_MAX },
  },
} as const;

const templateDataProperties = {
  id: { type: 'integer' },
  name: text,
  schools: { type: 'array', items: { type: 'integer' } },
  type: { type: 'integer' },
  subject: text,
  content: { type: 'string', description: 'Sanitised HTML (allow-list)' },
  created_at: { type: 'string', format: 'date-time' },
  created_by: text,
  version: { type: 'integer' },
} as const;
const recipientSchema = {
  type: 'object',
  required: ['name', 'address_lines', 'email'],
  properties: { name: text, address_lines: { type: 'array', items: text }, email: text },
} as const;
const templateDataSchema = {
  type: 'object',
  required: Object.keys(templateDataProperties),
  properties: {
    ...templateDataProperties,
    oid: { type: 'integer' },
    school_id: { type: 'integer' },
    recipient: recipientSchema,
    unknown: { type: 'array', items: text },
  },
} as const;

const rowSchema = {
  type: 'object',
  required: ['id', 'dc', 'sid', 'n', 'type'],
  properties: { id: { type: 'integer' }, dc: { type: 'string', format: 'date-time' }, sid: { type: 'array', items: { type: 'integer' } }, n: text, type: { type: 'integer' } },
} as const;

const systemKeyQuery = {
  type: 'object',
  required: ['key'],
  additionalProperties: false,
  properties: { key: { type: 'string', enum: [...SYSTEM_TEMPLATE_KEYS] }, sid: id },
} as const;

const systemDataSchema = {
  type: 'object',
  required: ['key', 'name', 'type', 'school_id', 'subject', 'content', 'source', 'default_subject', 'default_content', 'version'],
  properties: {
    key: text,
    name: names,
    type: { type: 'integer' },
    school_id: { type: ['integer', 'null'] },
    subject: text,
    content: text,
    source: { type: 'string', enum: ['school', 'all', 'default'] },
    default_subject: text,
    default_content: text,
    version: { type: 'integer' },
  },
} as const;

/** The validated form with the school rule: every school one the user may see. */
function templateValues(request: FastifyRequest, body: unknown): TemplateValues {
  const form = validate(templateFormSchema, body);
  const mayUse = new Set(request.session!.schoolIds);
  const schools = [...new Set(form.schools)];
  if (schools.some((school) => !mayUse.has(school))) throw badRequest({ schools: MSG.invalid });
  const content = sanitizeRichText(form.content);
  if (!content.trim()) throw badRequest({ content: MSG.required });
  return { name: form.name, schools, type: form.type as TemplateTargetType, subject: form.subject, content };
}

/** A scoped transaction over every school the user may see (a template may name schools outside the filter). */
function userScoped<T>(request: FastifyRequest, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const session = request.session!;
  return request.server.db.scoped({ userId: session.user.id, schoolIds: session.schoolIds }, fn);
}

/** 403 unless the user may read entities of the type (a filled text shows their name and address). */
function requireEntityAtom(request: FastifyRequest, type: TemplateTargetType): void {
  if (!request.session!.atoms.includes(entityReadAtom(type))) throw forbidden();
}

/** The level of a system template call: a school in view, or null (all schools; all-schools users only). */
function systemLevel(request: FastifyRequest, sid: number | undefined, writing: boolean): number | null {
  if (sid === undefined) {
    if (writing && request.session!.user.schoolAccess !== 1) throw notFound();
    return null;
  }
  if (!request.scope.schoolIds.includes(sid)) throw notFound();
  return sid;
}

export default async function templateRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-template'];

  app.post(
    '/list',
    {
      config: { access: { atoms: ['template_r'] } },
      schema: {
        summary: 'Custom templates of the schools in view, paged (sort dc, n, type; filters n contains, type, sid)',
        tags,
        body: pagedListBodySchema(TEMPLATE_LIST),
        response: { ...errorResponses, 200: pagedListResponseSchema(rowSchema) },
      },
    },
    async (request) => request.scoped((tx) => listTemplates(tx, request.body as PagedListRequest)),
  );

  app.get(
    '/data',
    {
      config: { access: { atoms: ['template_r'], scopedId: { in: 'query', name: 'id', resource: 'template' } } },
      schema: {
        summary: 'One custom template; with oid: filled for that lead / student / student contract (unknown placeholders listed; needs lead_r or student_r)',
        tags,
        querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id, oid: id } },
        response: { ...errorResponses, 200: templateDataSchema },
      },
    },
    async (request): Promise<TemplateData | TemplateFilled> => {
      const { id: templateId, oid } = request.query as { id: number; oid?: number };
      return request.scoped(async (tx) => {
        const template = await getTemplate(tx, templateId);
        if (!template) throw notFound();
        if (oid === undefined) return template;
        requireEntityAtom(request, template.type);
        const filled = await fillTemplateDraft(tx, { userId: request.session!.user.id, now: app.now() }, {
          templateId, targetType: template.type, entityId: oid,
        });
        return { ...template, subject: filled.subject, content: filled.content, oid, school_id: filled.schoolId, recipient: filled.recipient, unknown: filled.unknown };
      });
    },
  );

  app.post(
    '/data',
    {
      config: { access: { atoms: ['template_w'] } },
      bodyLimit: CONTENT_LIMIT,
      schema: {
        summary: 'Create a custom template (also "copy": the source\'s fields); content sanitised',
        tags,
        body: templateBody,
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const values = templateValues(request, request.body);
      request.audit.entity = 'template';
      request.audit.schoolId = values.schools[0];
      const templateId = await userScoped<number>(request, (tx) => insertTemplate(tx, values, request.session!.user.id));
      request.audit.entityId = templateId;
      return { success: true, id: templateId };
    },
  );

  app.put(
    '/data',
    {
      config: { access: { atoms: ['template_w'], scopedId: { in: 'query', name: 'id', resource: 'template' } } },
      bodyLimit: CONTENT_LIMIT,
      schema: {
        summary: 'Update a custom template seen through one of its schools (others: 404); 409 {error: 9} when stale',
        tags,
        querystring: idQuerySchema,
        body: withVersionBody(templateBody),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id: templateId } = request.query as { id: number };
      const { version: read, ...body } = request.body as { version: number };
      request.audit.entity = 'template';
      request.audit.entityId = templateId;
      const version = await request.scoped(async (tx) => {
        if (!(await getTemplate(tx, templateId))) throw notFound();
        const values = templateValues(request, body);
        request.audit.schoolId = values.schools[0];
        return updateTemplate(tx, templateId, values, read, request.session!.schoolIds);
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/data',
    {
      config: { access: { atoms: ['template_d'], scopedId: { in: 'query', name: 'id', resource: 'template' } } },
      schema: { summary: 'Delete a custom template seen through one of its schools (others: 404)', tags, querystring: idQuerySchema, response: { ...errorResponses, 200: successSchema } },
    },
    async (request) => {
      const { id: templateId } = request.query as { id: number };
      request.audit.entity = 'template';
      request.audit.entityId = templateId;
      const deleted = await request.scoped((tx) => deleteTemplate(tx, templateId));
      if (!deleted) throw notFound();
      return { success: true };
    },
  );

  app.get(
    '/widget',
    {
      config: { access: { anyAtom: ['template_r', 'lead_r', 'student_r'] } },
      schema: {
        summary: 'Templates a picker offers for a target type (custom ones of the school sid or of the schools in view, then the system ones)',
        tags,
        querystring: { type: 'object', required: ['type'], additionalProperties: false, properties: { type: targetType, sid: id } },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['rows'],
            properties: {
              rows: {
                type: 'array',
                items: { type: 'object', required: ['base', 'n', 'system'], properties: { base: { type: ['integer', 'string'] }, n: text, system: { type: 'boolean' } } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { type, sid } = request.query as { type: TemplateTargetType; sid?: number };
      if (sid !== undefined && !request.scope.schoolIds.includes(sid)) throw notFound();
      const custom = await request.scoped((tx) => widgetTemplates(tx, type, sid ?? null));
      const system = SYSTEM_TEMPLATE_KEYS.filter((key) => SYSTEM_TEMPLATES[key].type === type).map((key) => ({
        base: key,
        n: SYSTEM_TEMPLATES[key].name.de,
        system: true,
      }));
      return { rows: [...custom, ...system] };
    },
  );

  app.post(
    '/select',
    {
      config: { access: { anyAtom: ['lead_r', 'student_r'] } },
      schema: {
        summary: 'A template (base: custom id or system key) filled for the entity id of type (lead: lead_r, student or student contract: student_r); sid = the entity\'s school',
        tags,
        body: {
          type: 'object',
          required: ['base', 'id', 'type'],
          additionalProperties: false,
          properties: { base: { anyOf: [id, { type: 'string', enum: [...SYSTEM_TEMPLATE_KEYS] }] }, id, sid: id, type: targetType },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['success', 'subject', 'content', 'unknown'],
            properties: { success: { type: 'boolean' }, subject: text, content: text, unknown: { type: 'array', items: text } },
          },
        },
      },
    },
    async (request) => {
      const body = request.body as { base: number | string; id: number; sid?: number; type: TemplateTargetType };
      requireEntityAtom(request, body.type);
      const ref = isSystemTemplateKey(body.base) ? { systemKey: body.base } : { templateId: body.base as number };
      const filled = await request.scoped((tx) =>
        fillTemplateDraft(tx, { userId: request.session!.user.id, now: app.now() }, { ...ref, targetType: body.type, entityId: body.id, schoolId: body.sid }),
      );
      return { success: true, subject: filled.subject, content: filled.content, unknown: filled.unknown };
    },
  );

  app.post(
    '/preview',
    {
      config: { access: { anyAtom: ['template_r', 's_template_r', 'lead_r', 'student_r'] } },
      bodyLimit: CONTENT_LIMIT,
      schema: {
        summary: 'Subject and content rendered (content sanitised) with the given values, else the samples; key = unknown placeholders',
        tags,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            subject: { type: 'string', maxLength: TEMPLATE_SUBJECT_MAX },
            content: { type: 'string', maxLength: TEMPLATE_CONTENT_MAX },
            placeholders: { type: 'object', maxProperties: 100, additionalProperties: { type: 'string', maxLength: 10000 } },
            type: targetType,
          },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['data', 'key'],
            properties: {
              data: { type: 'object', required: ['subject', 'content'], properties: { subject: text, content: text } },
              key: { type: 'array', items: text },
            },
          },
        },
      },
    },
    async (request) => {
      const body = validate(templatePreviewSchema, request.body);
      const values: PlaceholderValues = { ...sampleValues(), ...(body.placeholders as Record<string, string>) };
      const filled = fillText(body.subject, sanitizeRichText(body.content), values, body.type as TemplateTargetType | undefined);
      return { data: { subject: filled.subject, content: filled.content }, key: filled.unknown };
    },
  );

  // ---- system templates (/m-conf/template) ----

  app.get(
    '/system',
    {
      config: { access: { atoms: ['s_template_r'] } },
      schema: {
        summary: 'The system templates (q: search in name and key, at least 2 characters) with whether the level (sid, or all schools) overrides them',
        tags,
        querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string', maxLength: 100 }, sid: id } },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['rows'],
            properties: {
              rows: {
                type: 'array',
                items: { type: 'object', required: ['key', 'name', 'type', 'overridden'], properties: { key: text, name: names, type: { type: 'integer' }, overridden: { type: 'boolean' } } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { q, sid } = request.query as { q?: string; sid?: number };
      const level = systemLevel(request, sid, false);
      const search = (q ?? '').trim().toLocaleLowerCase('de');
      if (search.length === 1) throw badRequest({ q: MSG.invalid });
      const overridden = await request.scoped((tx) => overriddenKeys(tx, level));
      const rows: SystemTemplateRow[] = SYSTEM_TEMPLATE_KEYS.filter((key) => {
        const def = SYSTEM_TEMPLATES[key];
        return !search || [key, def.name.de, def.name.en].some((value) => value.toLocaleLowerCase('de').includes(search));
      }).map((key) => ({ key, name: SYSTEM_TEMPLATES[key].name, type: SYSTEM_TEMPLATES[key].type, overridden: overridden.has(key) }));
      return { rows };
    },
  );

  async function readSystem(request: FastifyRequest, key: SystemTemplateKey, level: number | null): Promise<SystemTemplateData> {
    const def = SYSTEM_TEMPLATES[key];
    const effective = await request.scoped((tx) => effectiveSystemTemplate(tx, key, level));
    return {
      key, name: def.name, type: def.type, school_id: level, subject: effective.subject, content: effective.content, source: effective.source,
      default_subject: def.subject, default_content: def.content, version: effective.version,
    };
  }

  app.get(
    '/system-data',
    {
      config: { access: { atoms: ['s_template_r'] } },
      schema: {
        summary: 'A system template at a level (sid = a school in view; none = all schools): the text in force, its source, the default, the version',
        tags,
        querystring: systemKeyQuery,
        response: { ...errorResponses, 200: systemDataSchema },
      },
    },
    async (request) => {
      const { key, sid } = request.query as { key: SystemTemplateKey; sid?: number };
      return readSystem(request, key, systemLevel(request, sid, false));
    },
  );

  app.put(
    '/system-data',
    {
      config: { access: { atoms: ['s_template_w'] } },
      bodyLimit: CONTENT_LIMIT,
      schema: {
        summary: 'Save the override of a system template for a school in view (sid) or all schools (all-schools users); 409 {error: 9} when stale',
        tags,
        querystring: systemKeyQuery,
        body: withVersionBody({
          type: 'object',
          required: ['subject', 'content'],
          additionalProperties: false,
          properties: { subject: { type: 'string', maxLength: TEMPLATE_SUBJECT_MAX }, content: { type: 'string', maxLength: TEMPLATE_CONTENT_MAX } },
        }),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { key, sid } = request.query as { key: SystemTemplateKey; sid?: number };
      const level = systemLevel(request, sid, true);
      const { version: read, ...body } = request.body as { version: number };
      const form = validate(systemTemplateFormSchema, body);
      const content = sanitizeRichText(form.content);
      if (!content.trim()) throw badRequest({ content: MSG.required });
      request.audit.entity = 'system_template';
      request.audit.entityId = key;
      if (level !== null) request.audit.schoolId = level;
      const version = await request.scoped((tx) => saveSystemTemplate(tx, key, level, { subject: form.subject, content }, read, request.session!.user.id));
      return { success: true, version };
    },
  );

  app.delete(
    '/system-data',
    {
      config: { access: { atoms: ['s_template_w'] } },
      schema: {
        summary: 'Reset a system template of a level to what applies without it (the all-schools text or the default); answers the version',
        tags,
        querystring: systemKeyQuery,
        response: { ...errorResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { key, sid } = request.query as { key: SystemTemplateKey; sid?: number };
      const level = systemLevel(request, sid, true);
      request.audit.entity = 'system_template';
      request.audit.entityId = key;
      if (level !== null) request.audit.schoolId = level;
      const version = await request.scoped(async (tx) => {
        const current = await effectiveSystemTemplate(tx, key, level);
        return saveSystemTemplate(tx, key, level, null, current.version, request.session!.user.id);
      });
      return { success: true, version };
    },
  );
}

/** GET /api-base/core-bd: base data of the template screens (placeholders, target types, system templates). */
export async function templateBaseRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/core-bd',
    {
      config: { access: { anyAtom: ['template_r', 's_template_r', 'lead_r', 'student_r'] } },
      schema: {
        summary: 'Base data of the template screens: the placeholder catalogue (help), the target types and the system templates',
        tags: ['api-base'],
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['placeholders', 'types', 'system'],
            properties: {
              placeholders: {
                type: 'array',
                items: { type: 'object', required: ['name', 'description', 'types'], properties: { name: text, description: names, types: { type: 'array', items: { type: 'integer' } } } },
              },
              types: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: names } } },
              system: { type: 'array', items: { type: 'object', required: ['key', 'name', 'type'], properties: { key: text, name: names, type: { type: 'integer' } } } },
            },
          },
        },
      },
    },
    async (): Promise<TemplateBaseData> => ({
      placeholders: placeholderCatalogue(),
      types: [
        { id: 1, name: { de: 'Interessent', en: 'Lead' } },
        { id: 2, name: { de: 'Schüler', en: 'Student' } },
        { id: 3, name: { de: 'Schülervertrag', en: 'Student contract' } },
      ],
      system: SYSTEM_TEMPLATE_KEYS.map((key) => ({ key, name: SYSTEM_TEMPLATES[key].name, type: SYSTEM_TEMPLATES[key].type })),
    }),
  );
}
