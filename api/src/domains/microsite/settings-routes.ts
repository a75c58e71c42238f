import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR, MSG, SCHOOL_IMAGE_SIZES, schoolSettingsSchema, type SchoolSettings } from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { imageVariant, readUploads } from '../../files/index.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { savedWithVersionSchema, versionConflictResponses } from '../../lib/record-version.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { getSchoolImage, getSettings, listSettingsSchools, saveSettings, setSchoolImage } from './settings-repository.js';

/*
 * Microsite settings of a school (spec 002 §2.19, §3-§5, §7): c_settings_r reads, c_settings_w
 * saves (settings, timetable, school image). A school not in view answers 404.
 */

/** School image rules (spec 002 §5, §9): at least 1050x350 pixels, ratio 3:1, JPG or PNG. */
export const SCHOOL_IMAGE_MIN = { width: 1050, height: 350 } as const;
/** How far from exactly 3:1 an image may be (1 %: a few pixels of a cropped photo). */
const RATIO_TOLERANCE = 0.01;

/** 400 {error: 35 | 36} when the image breaks a rule; the pixel sizes are the stored image's. */
export function checkSchoolImage(width: number, height: number): void {
  if (width < SCHOOL_IMAGE_MIN.width || height < SCHOOL_IMAGE_MIN.height) throw new HttpError(400, { error: ERROR.schoolImageTooSmall });
  if (Math.abs(width / height / 3 - 1) > RATIO_TOLERANCE) throw new HttpError(400, { error: ERROR.schoolImageRatio });
}

const sid = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const sidQuery = { type: 'object', required: ['sid'], additionalProperties: false, properties: { sid } } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const eventSchema = {
  type: 'object',
  required: ['k', 'pid', 'n', 'ts', 'te', 'wd'],
  additionalProperties: false,
  properties: {
    id: sid,
    k: { type: 'integer', enum: [1, 4, 5, 6] },
    pid: { type: 'integer', minimum: 1, maximum: 12 },
    n: text(120),
    ts: text(8),
    te: text(8),
    wd: { type: 'integer', minimum: 1, maximum: 7 },
    url: text(500),
  },
} as const;
const settingsFields = {
  slug: text(63),
  microsite_on: { type: 'boolean' },
  highlight_text: text(2000),
  hidden_gmaps: { type: 'boolean' },
  facebook_type: { type: 'string', enum: ['', 'likebox', 'button'] },
  facebook_url: text(500),
  twitter_type: { type: 'string', enum: ['', 'timeline', 'button'] },
  twitter_id: text(60),
  twitter_url: text(500),
  business_companies: text(2000),
  contact_form_on: { type: 'boolean' },
  contact_email: text(200),
} as const;
const settingsBody = {
  type: 'object',
  required: ['slug', 'version'],
  additionalProperties: false,
  properties: { ...settingsFields, tt: { type: 'array', maxItems: 300, items: eventSchema }, version: sid },
} as const;
const settingsSchema = {
  type: 'object',
  required: [...Object.keys(settingsFields), 'version', 'school_setting_id', 'cfh_school_image', 'tt', 'products', 'address'],
  properties: {
    ...settingsFields,
    version: { type: 'integer' },
    school_setting_id: { type: 'integer' },
    cfh_school_image: { type: ['integer', 'null'] },
    tt: { type: 'array', items: { ...eventSchema, required: ['id', 'k', 'pid', 'n', 'ts', 'te', 'wd', 'url'] } },
    products: { type: 'array', items: { type: 'integer' } },
    address: {
      type: 'object',
      required: ['n', 'as', 'ah', 'az', 'ac', 'c', 'msu', 'cs'],
      properties: {
        n: { type: 'string' }, as: { type: 'string' }, ah: { type: 'string' }, az: { type: 'string' }, ac: { type: 'string' },
        c: { type: 'string' }, msu: { type: 'string' }, cs: { type: 'boolean' },
      },
    },
  },
} as const;

function schoolInView(request: FastifyRequest, schoolId: number): void {
  if (!request.scope.schoolIds.includes(schoolId)) throw notFound();
}

const isSlugTaken = (error: unknown) =>
  (error as { code?: string })?.code === '23505' && String((error as { constraint?: string }).constraint ?? (error as Error).message).includes('slug');

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-config'];
  const address = { publicUrl: app.config.publicUrl, micrositeUrl: app.config.micrositeUrl };

  app.get(
    '/school-list',
    {
      config: { access: { anyAtom: ['c_settings_r', 'c_settings_w'] } },
      schema: {
        summary: 'The schools in view with their microsite address (slug, msu), on/off state and whether the address is complete',
        tags,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['rows'],
            properties: {
              rows: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['sid', 'n', 'slug', 'microsite_on', 'msu', 'address_complete'],
                  properties: {
                    sid: { type: 'integer' }, n: { type: 'string' }, slug: { type: 'string' }, microsite_on: { type: 'boolean' },
                    msu: { type: 'string' }, address_complete: { type: 'boolean' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => ({ rows: await request.scoped((tx) => listSettingsSchools(tx, request.scope.schoolIds, address)) }),
  );

  app.get(
    '/school',
    {
      config: { access: { anyAtom: ['c_settings_r', 'c_settings_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: "A school's microsite settings, timetable (kind 1), products 1-12, address (msu, cs) and version",
        tags,
        querystring: sidQuery,
        response: { ...errorResponses, 200: settingsSchema },
      },
    },
    async (request): Promise<SchoolSettings> => {
      const { sid: schoolId } = request.query as { sid: number };
      schoolInView(request, schoolId);
      const settings = await request.scoped((tx) => getSettings(tx, schoolId, address));
      if (!settings) throw notFound();
      return settings;
    },
  );

  app.post(
    '/school',
    {
      config: { access: { atoms: ['c_settings_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: 'Save the settings and the timetable (events marked 6 new, 5 changed, 4 deleted, 1 unchanged); stale version: 409; slug in use: 400 {error: 38}',
        tags,
        querystring: sidQuery,
        body: settingsBody,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { sid: schoolId } = request.query as { sid: number };
      schoolInView(request, schoolId);
      const form = validate(schoolSettingsSchema, request.body);
      request.audit.entity = 'school_settings';
      request.audit.entityId = schoolId;
      request.audit.schoolId = schoolId;
      try {
        const version = await request.scoped(async (tx) => {
          const saved = await saveSettings(tx, schoolId, form);
          if (saved === false) throw badRequest({ tt: MSG.invalid });
          return saved;
        });
        return { success: true, version };
      } catch (error) {
        // The transaction is rolled back: nothing was saved.
        if (isSlugTaken(error)) throw new HttpError(400, { error: ERROR.slugTaken, fields: { slug: MSG.invalid } });
        throw error;
      }
    },
  );

  app.post(
    '/school-image',
    {
      config: { access: { atoms: ['c_settings_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary:
          'Upload the school image (multipart field `file`): JPG or PNG (else 400 {error: 1104}), at least 1050x350 (35), ratio 3:1 (36); re-encoded without metadata',
        tags,
        consumes: ['multipart/form-data'],
        querystring: sidQuery,
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { sid: schoolId } = request.query as { sid: number };
      schoolInView(request, schoolId);
      let upload;
      try {
        upload = (await readUploads(request, { maxFiles: 1, maxFileBytes: 15 * 1024 * 1024, allowed: ['jpeg', 'png'] })).files[0]!;
      } catch (error) {
        if (error instanceof HttpError && error.body.error === ERROR.fileTypeRefused) throw new HttpError(400, { error: ERROR.schoolImageFormat });
        throw error;
      }
      checkSchoolImage(upload.width!, upload.height!);
      const key = await putPending(app, upload.data);
      request.audit.entity = 'school_image';
      request.audit.schoolId = schoolId;
      try {
        const saved = await request.scoped(async (tx) => {
          await confirmFiles(tx, [key]);
          return setSchoolImage(tx, schoolId, { mime: upload.mime, width: upload.width!, height: upload.height!, key }, request.session!.user.id);
        });
        await app.files.removeQuietly([saved.replacedKey]);
        return { success: true, id: saved.id };
      } catch (error) {
        await app.files.removeQuietly([key]);
        throw error;
      }
    },
  );

  app.get(
    '/school-image',
    {
      config: { access: { anyAtom: ['c_settings_r', 'c_settings_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: `The school image in a size (${SCHOOL_IMAGE_SIZES.join(', ')}); \`v\` (the image id) only makes a new image a new address`,
        tags,
        querystring: {
          type: 'object',
          required: ['sid', 'size'],
          additionalProperties: false,
          properties: { sid, size: { type: 'string', enum: [...SCHOOL_IMAGE_SIZES] }, v: sid },
        },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { sid: schoolId, size } = request.query as { sid: number; size: string };
      schoolInView(request, schoolId);
      const image = await request.scoped((tx) => getSchoolImage(tx, schoolId));
      if (!image) throw notFound();
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(await imageVariant(app.files, image.key, size));
    },
  );
}
