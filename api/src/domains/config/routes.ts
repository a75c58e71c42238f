import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONFIG_IMAGE_MAX_BYTES,
  CONFIG_KEYS,
  EXPENSE_CATEGORIES,
  MSG,
  PAYMENT_CATEGORIES,
  checkConfigValue,
  normaliseBic,
  normaliseCreditorId,
  normaliseIban,
  type Atom,
  type ConfigCat,
  type ConfigChange,
  type ConfigForm,
  type ConfigKeyDef,
  type ConfigValue,
  type RichTextSwitch,
  type SingleDataResponse,
} from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { readUploads } from '../../files/index.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { errorResponses } from '../../lib/route-schemas.js';
import {
  bumpConfigVersion,
  dropConfigValue,
  getConfigImage,
  insertConfigImage,
  readConfigItems,
  readConfigValues,
  readConfigVersion,
  readOwnValues,
  writeConfigValue,
  type ConfigScope,
} from './repository.js';

/** The category lists GET /single-data answers (key -> the ids of spec 002 §3). */
const CATEGORY_LISTS: Record<SingleDataResponse['key'], readonly number[]> = {
  payment_cat: PAYMENT_CATEGORIES,
  expense_cat: EXPENSE_CATEGORIES,
};

/** The atoms that read and write each category. */
const CAT_ATOMS: Record<ConfigCat, { read: Atom[]; write: Atom }> = {
  general: { read: ['s_general_r', 's_general_w'], write: 's_general_w' },
  comm: { read: ['s_comm_r', 's_comm_w'], write: 's_comm_w' },
};

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const cat = { type: 'string', enum: ['general', 'comm'] } as const;
const keyName = { type: 'string', pattern: '^[a-z][a-z0-9_]{0,39}$' } as const;

/**
 * A value on the wire: its shape follows the key's mode (checked by checkConfigValue), so the
 * schema only bounds sizes: text, integers, booleans, null, lists of text, {on, html}.
 */
const valueSchema = {
  // 'number', not 'integer': the strict coercion would wrap a number into the list otherwise.
  type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
  maxLength: 20000,
  items: { type: 'string', maxLength: 500 },
  maxItems: 50,
  additionalProperties: false,
  properties: { on: { type: 'boolean' }, html: { type: 'string', maxLength: 20000 } },
} as const;

const itemSchema = {
  type: 'object',
  required: ['k', 't', 'm', 'v', 'd', 'o'],
  properties: {
    k: { type: 'string' },
    t: { type: 'string' },
    m: { type: 'string' },
    v: {},
    d: {},
    o: { type: 'boolean' },
    s: { type: 'array', items: { type: 'object', required: ['v', 't'], properties: { v: { type: ['string', 'integer'] }, t: { type: 'string' } } } },
    r: {
      type: 'object',
      properties: { min: { type: 'integer' }, max: { type: 'integer' }, len: { type: 'integer' }, items: { type: 'integer' } },
    },
  },
} as const;

const formQuery = {
  type: 'object',
  required: ['cat'],
  additionalProperties: false,
  properties: { cat, key: keyName, school: id },
} as const;

const saveQuery = {
  type: 'object',
  required: ['cat'],
  additionalProperties: false,
  properties: { cat, school: id },
} as const;

const saveBody = withVersionBody({
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      maxItems: 100,
      items: { type: 'object', required: ['k', 'v', 'd'], additionalProperties: false, properties: { k: keyName, v: valueSchema, d: { type: 'boolean' } } },
    },
  },
} as const);

/**
 * The scope a request names: a school it may see, or all schools (no `school`), which only a
 * user with all schools has. Anything else answers 404, as a row of another school does.
 */
function scopeOf(request: FastifyRequest, school: number | undefined): ConfigScope {
  if (school === undefined) {
    if (request.session!.user.schoolAccess !== 1) throw notFound();
    return null;
  }
  if (!request.scope.schoolIds.includes(school)) throw notFound();
  return school;
}

function requireAtom(request: FastifyRequest, atoms: readonly Atom[]): void {
  if (!atoms.some((atom) => request.session!.atoms.includes(atom))) throw forbidden();
}

/** The value as stored: IBAN, BIC and creditor id normalised, rich text through the allow-list. */
function storedValue(def: ConfigKeyDef, value: ConfigValue): ConfigValue {
  switch (def.mode) {
    case 'sepa_iban':
      return normaliseIban(value as string);
    case 'sepa_bic':
      return normaliseBic(value as string);
    case 'sepa_ci':
      return normaliseCreditorId(value as string);
    case 'rte':
      return sanitizeRichText(value as string);
    case 'rtesw':
      return { on: (value as RichTextSwitch).on, html: sanitizeRichText((value as RichTextSwitch).html) };
    case 'emaillist':
      return (value as string[]).map((entry) => entry.trim());
    default:
      return value;
  }
}

/**
 * /api-config (spec 001 §7): configuration forms and data. Register with
 * `app.register(configRoutes, { prefix: '/api-config' })`.
 */
export default async function configRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-config'];

  app.get(
    '/single-data',
    {
      config: { access: { anyAtom: ['finance_r', 's_general_r'], scopedId: { in: 'query', name: 'school', resource: 'school' } } },
      schema: {
        summary:
          "Categories of a list (payment_cat 1..5, expense_cat 1..13) with the school's names (configuration key of the same name); name null = the standard name (the screens translate it). school: default the only school in view, else the all-schools names",
        tags,
        querystring: {
          type: 'object',
          required: ['key', 'cat'],
          additionalProperties: false,
          properties: {
            key: { type: 'string', enum: ['payment_cat', 'expense_cat'] },
            cat: { type: 'string', enum: ['general'] },
            school: id,
          },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['key', 'items'],
            properties: {
              key: { type: 'string' },
              items: {
                type: 'array',
                items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: ['string', 'null'] } } },
              },
            },
          },
        },
      },
    },
    async (request): Promise<SingleDataResponse> => {
      const { key, school } = request.query as { key: SingleDataResponse['key']; school?: number };
      if (school !== undefined && !request.scope.schoolIds.includes(school)) throw notFound();
      const schoolId = school ?? (request.scope.schoolIds.length === 1 ? request.scope.schoolIds[0]! : null);
      const names = (await request.scoped((tx) => readConfigValues(tx, schoolId, [key])))[key];
      return { key, items: CATEGORY_LISTS[key].map((categoryId, index) => ({ id: categoryId, name: names[index] || null })) };
    },
  );

  app.get(
    '/form',
    {
      config: {
        access: { anyAtom: [...CAT_ATOMS.general.read, ...CAT_ATOMS.comm.read], scopedId: { in: 'query', name: 'school', resource: 'school' } },
      },
      schema: {
        summary:
          'The items of a configuration category (general: s_general_r, comm: s_comm_r) for a school, or for all schools without `school` (users with all schools only): t title key, m mode, v value in force, d value without an own one, o own value, s options, r limits; version of (cat, school)',
        tags,
        querystring: formQuery,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['cat', 'school', 'version', 'items'],
            properties: { cat: { type: 'string' }, school: { type: ['integer', 'null'] }, version: { type: 'integer' }, items: { type: 'array', items: itemSchema } },
          },
        },
      },
    },
    async (request): Promise<ConfigForm> => {
      const query = request.query as { cat: ConfigCat; key?: string; school?: number };
      requireAtom(request, CAT_ATOMS[query.cat].read);
      const schoolId = scopeOf(request, query.school);
      return request.scoped(async (tx) => {
        const items = await readConfigItems(tx, query.cat, schoolId, query.key);
        if (query.key && !items.length) throw notFound();
        return { cat: query.cat, school: schoolId, version: await readConfigVersion(tx, query.cat, schoolId), items };
      });
    },
  );

  app.put(
    '/form',
    {
      config: { access: { anyAtom: [CAT_ATOMS.general.write, CAT_ATOMS.comm.write], scopedId: { in: 'query', name: 'school', resource: 'school' } } },
      schema: {
        summary:
          'Save the changed items of a category (value; d = true drops the own value) in one transaction; every item checked by its mode (invalid: 400 {error: 4, fields: {key: message}}, nothing saved); stale version: 409 {error: 9}',
        tags,
        querystring: saveQuery,
        body: saveBody,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const query = request.query as { cat: ConfigCat; school?: number };
      const body = request.body as { items: ConfigChange[]; version: number };
      requireAtom(request, [CAT_ATOMS[query.cat].write]);
      const schoolId = scopeOf(request, query.school);

      // Every item checked before anything is written: one bad item, nothing saved.
      const fields: Record<string, string> = {};
      const seen = new Set<string>();
      for (const item of body.items) {
        const def = (CONFIG_KEYS as Record<string, ConfigKeyDef>)[item.k];
        if (!def || def.cat !== query.cat || seen.has(item.k)) {
          fields[item.k] = MSG.invalid;
          continue;
        }
        seen.add(item.k);
        if (item.d) continue;
        const message = checkConfigValue({ m: def.mode, s: def.options, r: def.rules }, item.v);
        if (message) fields[item.k] = message;
      }
      if (Object.keys(fields).length) throw badRequest(fields);

      request.audit.entity = `config_${query.cat}`;
      request.audit.entityId = schoolId ?? 'all';
      if (schoolId !== null) request.audit.schoolId = schoolId;
      const userId = request.session!.user.id;
      const version = await request.scoped(async (tx) => {
        // An image value must be an upload for this key at this scope.
        for (const item of body.items) {
          const def = (CONFIG_KEYS as Record<string, ConfigKeyDef>)[item.k]!;
          if (def.mode !== 'cimage' || item.d || item.v === null) continue;
          const image = await getConfigImage(tx, item.v as number);
          if (!image || image.key !== item.k || image.school_id !== schoolId) fields[item.k] = MSG.invalid;
        }
        if (Object.keys(fields).length) throw badRequest(fields);

        const next = await bumpConfigVersion(tx, query.cat, schoolId, body.version);
        const own = await readOwnValues(tx, schoolId, body.items.map((item) => item.k));
        const written: string[] = [];
        for (const item of body.items) {
          const def = (CONFIG_KEYS as Record<string, ConfigKeyDef>)[item.k]!;
          if (item.d) {
            if (!own.has(item.k)) continue;
            await dropConfigValue(tx, schoolId, item.k);
          } else {
            const value = storedValue(def, item.v);
            if (own.has(item.k) && JSON.stringify(own.get(item.k)) === JSON.stringify(value)) continue;
            await writeConfigValue(tx, schoolId, item.k, value, userId);
          }
          written.push(item.k);
        }
        request.audit.detail = { keys: written };
        return next;
      });
      return { success: true, version };
    },
  );

  const imageQuery = {
    type: 'object',
    required: ['key'],
    additionalProperties: false,
    properties: { key: { type: 'string', enum: ['pr_logo', 'pr_sig'] }, school: id },
  } as const;

  app.post(
    '/image',
    {
      config: { access: { atoms: ['s_general_w'], scopedId: { in: 'query', name: 'school', resource: 'school' } } },
      schema: {
        summary:
          'Upload a logo or signature (multipart field `file`, JPG or PNG, else 400 {error: 1100}); re-encoded without metadata, at most 1200 pixels a side; answers its id, which a PUT of /form then saves as the value',
        tags,
        consumes: ['multipart/form-data'],
        querystring: imageQuery,
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const query = request.query as { key: 'pr_logo' | 'pr_sig'; school?: number };
      const schoolId = scopeOf(request, query.school);
      const upload = (await readUploads(request, { maxFiles: 1, maxFileBytes: CONFIG_IMAGE_MAX_BYTES, allowed: ['jpeg', 'png'], maxImageSide: 1200 }))
        .files[0]!;
      const fileKey = await putPending(app, upload.data);
      request.audit.entity = 'config_image';
      if (schoolId !== null) request.audit.schoolId = schoolId;
      try {
        const imageId = await request.scoped(async (tx) => {
          await confirmFiles(tx, [fileKey]);
          return insertConfigImage(tx, schoolId, query.key, { mime: upload.mime, width: upload.width!, height: upload.height!, fileKey }, request.session!.user.id);
        });
        return { success: true, id: imageId };
      } catch (error) {
        await app.files.removeQuietly([fileKey]);
        throw error;
      }
    },
  );

  app.get(
    '/image',
    {
      config: { access: { anyAtom: ['s_general_r', 's_general_w'], scopedId: { in: 'query', name: 'id', resource: 'config_image' } } },
      schema: {
        summary: 'A logo or signature image (of a school in view or of all schools)',
        tags,
        querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id } },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id: imageId } = request.query as { id: number };
      const image = await request.scoped((tx) => getConfigImage(tx, imageId));
      if (!image) throw notFound();
      // Bytes gone from the store (a restore without them): 404 like a missing row, not a 500.
      const opened = await app.files.open(image.file_key);
      if (!opened) throw notFound();
      return reply
        .header('content-type', image.mime)
        .header('content-length', String(opened.size))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(opened.stream);
    },
  );
}
