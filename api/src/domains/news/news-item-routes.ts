import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MSG,
  NEWS_BODY_MAX,
  NEWS_FILE_MAX_BYTES,
  NEWS_MAX_FILES,
  NEWS_VISIBILITIES,
  newsFormSchema,
  type NewsItem,
} from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import type { Queryable } from '../../db/index.js';
import { DOCUMENT_KINDS, IMAGE_KINDS, contentDisposition, readUploads, sendStoredFile } from '../../files/index.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import { assignedSchools, uploadSchool } from './assigned-content.js';
import {
  deleteNews,
  getNewsFile,
  getNewsItem,
  insertNews,
  insertNewsFile,
  lockOwnNews,
  setNewsFiles,
  filesOfOtherNews,
  updateNews,
  type NewsValues,
} from './news-items-repository.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';

/*
 * Microsite news items (spec 002 §2.18, §5, §6). Atoms: c_news_r reads, c_news_w creates
 * (a copy is a create) and updates, c_news_d deletes.
 *
 * Schools: the owner school (school_id) must be one the request looks at (the user's school
 * filter; else 400 {fields: {school_id}}); the schools of visibility 3 may be any school the
 * user may see (else 400 {fields: {schools}}). Only news owned by a school the request looks
 * at may be changed or deleted: news of another school shown here (visibility 3 or 4) are
 * read-only, PUT and DELETE answer 404 as for any unseen row. The body is sanitised with the
 * server's allow-list before it is stored.
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const instantOrNull = { type: ['string', 'null'], maxLength: 40 } as const;

const newsBody = {
  type: 'object',
  required: ['title', 'visibility', 'school_id'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    teaser: { type: 'string', maxLength: 1000 },
    body: { type: 'string', maxLength: NEWS_BODY_MAX },
    date_published: instantOrNull,
    date_expired: instantOrNull,
    active: { type: 'boolean' },
    visibility: { type: 'integer', enum: [...NEWS_VISIBILITIES] },
    schools: { type: 'array', maxItems: 500, items: id },
    school_id: id,
    files: { type: 'array', maxItems: NEWS_MAX_FILES, items: id },
  },
} as const;

const newsFileSchema = {
  type: 'object',
  required: ['id', 'name', 'size', 'mime', 'image'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, size: { type: 'integer' }, mime: { type: 'string' }, image: { type: 'boolean' } },
} as const;

const newsItemSchema = {
  type: 'object',
  required: [
    'content_id', 'title', 'teaser', 'body', 'date_published', 'date_expired', 'active', 'visibility', 'schools', 'school_id',
    'files', 'editable', 'created_at', 'updated_at', 'version',
  ],
  properties: {
    content_id: { type: 'integer' },
    title: { type: 'string' },
    teaser: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML (allow-list)' },
    date_published: { type: ['string', 'null'], format: 'date-time' },
    date_expired: { type: ['string', 'null'], format: 'date-time' },
    active: { type: 'boolean' },
    visibility: { type: 'integer' },
    schools: { type: 'array', items: { type: 'integer' } },
    school_id: { type: 'integer' },
    files: { type: 'array', items: newsFileSchema },
    editable: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    version: { type: 'integer' },
  },
} as const;

const savedSchema = {
  type: 'object',
  required: ['success', 'id'],
  properties: { success: { type: 'boolean' }, id: { type: 'integer' } },
} as const;

/** Bodies up to NEWS_BODY_MAX characters (multi-byte, JSON-escaped) plus the other fields. */
const NEWS_BODY_LIMIT = NEWS_BODY_MAX * 6 + 64 * 1024;

/**
 * Runs `fn` in a scoped transaction over every school the user may see: assignments of
 * visibility 3 may name schools outside the current school filter. Which items a request
 * may read or change is still decided by the filter (the `viewIds` the repository takes).
 */
function userScoped<T>(request: FastifyRequest, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const session = request.session!;
  return request.server.db.scoped({ userId: session.user.id, schoolIds: session.schoolIds }, fn);
}

/** The validated and sanitised form (`body`: the request's, without a PUT's version), with the school rules checked. */
function newsValues(request: FastifyRequest, body: unknown = request.body): NewsValues {
  const form = validate(newsFormSchema, body);
  return { ...form, schools: assignedSchools(request, form), body: sanitizeRichText(form.body), files: [...new Set(form.files)] };
}

export async function newsItemRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-content'];

  app.get(
    '/news',
    {
      config: { access: { atoms: ['c_news_r'], scopedId: { in: 'query', name: 'id', resource: 'news' } } },
      schema: {
        summary: 'One news item with its schools and files; editable = owned by a school in view and c_news_w',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: newsItemSchema },
      },
    },
    async (request): Promise<NewsItem> => {
      const { id: newsId } = request.query as { id: number };
      const item = await userScoped(request, (tx) => getNewsItem(tx, newsId, request.scope.schoolIds));
      if (!item) throw notFound();
      const editable = request.scope.schoolIds.includes(item.school_id) && request.session!.atoms.includes('c_news_w');
      return { ...item, editable };
    },
  );

  app.post(
    '/news',
    {
      config: { access: { atoms: ['c_news_w'] } },
      bodyLimit: NEWS_BODY_LIMIT,
      schema: {
        summary: 'Create a news item (also "copy"); body sanitised; files = ids of own uploads (POST /news-file)',
        tags,
        body: newsBody,
        response: { ...errorResponses, 200: savedSchema },
      },
    },
    async (request) => {
      const values = newsValues(request);
      const userId = request.session!.user.id;
      request.audit.entity = 'news';
      request.audit.schoolId = values.school_id;
      // A copy lists the original's files: those get their own bytes (new keys), so deleting
      // either item never takes the other's images and attachments with it.
      const originals = await userScoped(request, (tx) => filesOfOtherNews(tx, values.files));
      const copiedKeys: string[] = [];
      let newsId: number;
      try {
        const copies = new Map<number, string>();
        for (const file of originals) {
          const key = await putPending(app, await app.files.read(file.key));
          copiedKeys.push(key);
          copies.set(file.id, key);
        }
        newsId = await userScoped(request, async (tx) => {
          await confirmFiles(tx, copiedKeys);
          const fileIds: number[] = [];
          for (const id of values.files) {
            const copyKey = copies.get(id);
            const original = originals.find((file) => file.id === id);
            if (copyKey && original) {
              const copy = await insertNewsFile(tx, { ...original, schoolId: values.school_id, key: copyKey }, userId);
              fileIds.push(copy.id);
            } else fileIds.push(id);
          }
          const created = await insertNews(tx, values, userId);
          if (!(await setNewsFiles(tx, created, values.school_id, fileIds, userId))) throw badRequest({ files: MSG.invalid });
          return created;
        });
      } catch (error) {
        await app.files.removeQuietly(copiedKeys);
        throw error;
      }
      request.audit.entityId = newsId;
      return { success: true, id: newsId };
    },
  );

  app.put(
    '/news',
    {
      config: { access: { atoms: ['c_news_w'], scopedId: { in: 'query', name: 'id', resource: 'news' } } },
      bodyLimit: NEWS_BODY_LIMIT,
      schema: {
        summary:
          'Update a news item owned by a school in view (others: 404), read with `version`; answers the next version, 409 {error: 9} when someone saved it meanwhile',
        tags,
        querystring: idQuerySchema,
        body: withVersionBody(newsBody),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id: newsId } = request.query as { id: number };
      const userId = request.session!.user.id;
      request.audit.entity = 'news';
      const { version: read, ...body } = request.body as { version: number };
      const { removedKeys, version } = await userScoped(request, async (tx) => {
        // Ownership first: another school's item is 404 whatever the body says.
        if ((await lockOwnNews(tx, newsId, request.scope.schoolIds)) === null) throw notFound();
        const values = newsValues(request, body);
        request.audit.schoolId = values.school_id;
        const next = await updateNews(tx, newsId, values, read);
        const files = await setNewsFiles(tx, newsId, values.school_id, values.files, userId);
        if (!files) throw badRequest({ files: MSG.invalid });
        return { removedKeys: files.removedKeys, version: next };
      });
      await app.files.removeQuietly(removedKeys);
      return { success: true, version };
    },
  );

  app.delete(
    '/news',
    {
      config: { access: { atoms: ['c_news_d'], scopedId: { in: 'query', name: 'id', resource: 'news' } } },
      schema: {
        summary: 'Delete a news item owned by a school in view, with its files (others: 404)',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id: newsId } = request.query as { id: number };
      request.audit.entity = 'news';
      const removedKeys = await userScoped(request, async (tx) => {
        const owner = await lockOwnNews(tx, newsId, request.scope.schoolIds);
        if (owner === null) throw notFound();
        request.audit.schoolId = owner;
        return deleteNews(tx, newsId);
      });
      await app.files.removeQuietly(removedKeys);
      return { success: true };
    },
  );

  app.post(
    '/news-file',
    {
      config: { access: { atoms: ['c_news_w'] } },
      schema: {
        summary:
          'Upload one news file (multipart field `file`: picture (re-encoded), PDF, office document or text; at most 10 MB). sid = the school (default: the first in view). Reference it in the news form\'s files.',
        tags,
        consumes: ['multipart/form-data'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { sid: id },
        },
        response: { ...errorResponses, 200: newsFileSchema },
      },
    },
    async (request) => {
      const schoolId = uploadSchool(request, (request.query as { sid?: number }).sid);
      const { files } = await readUploads(request, {
        maxFiles: 1,
        maxFileBytes: NEWS_FILE_MAX_BYTES,
        allowed: DOCUMENT_KINDS,
        // Pictures for the web: no need for more than this on the longer side.
        maxImageSide: 2400,
      });
      const file = files[0]!;
      if (file.field !== 'file') throw badRequest({ file: MSG.required });
      const key = await putPending(app, file.data);
      const userId = request.session!.user.id;
      request.audit.entity = 'news_file';
      request.audit.schoolId = schoolId;
      try {
        const saved = await request.scoped(async (tx) => {
          await confirmFiles(tx, [key]);
          return insertNewsFile(
            tx,
            { schoolId, name: file.name, ext: file.ext, mime: file.mime, size: file.size, image: IMAGE_KINDS.includes(file.kind), key },
            userId,
          );
        });
        request.audit.entityId = saved.id;
        return saved;
      } catch (error) {
        await app.files.removeQuietly([key]);
        throw error;
      }
    },
  );

  app.get(
    '/news-file',
    {
      config: { access: { atoms: ['c_news_r'], scopedId: { in: 'query', name: 'id', resource: 'news_file' } } },
      schema: {
        summary: 'A news file: pictures inline (for the body), other files as attachment; nosniff',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: { type: 'string', format: 'binary' } },
      },
    },
    async (request, reply) => {
      const { id: fileId } = request.query as { id: number };
      const file = await request.scoped((tx) => getNewsFile(tx, fileId));
      if (!file) throw notFound();
      if (!file.image) return sendStoredFile(reply, app.files, file);
      // Pictures were re-encoded on upload (JPEG/PNG/WebP only): safe to show inline, with the
      // recorded type and no sniffing.
      const opened = await app.files.open(file.key);
      if (!opened) throw notFound();
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(opened.size))
        .header('content-disposition', contentDisposition(file.name, 'inline'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(opened.stream);
    },
  );
}
