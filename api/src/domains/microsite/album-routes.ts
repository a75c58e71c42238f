import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ALBUM_FILE_MAX_BYTES,
  ALBUM_MAX_FILES,
  ALBUM_VISIBILITIES,
  MSG,
  albumFormSchema,
  type Album,
} from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { IMAGE_KINDS, readUploads } from '../../files/index.js';
import { assignedSchools, uploadSchool } from '../news/assigned-content.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { savedWithVersionSchema, versionConflictResponses, versionSchema, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import {
  deleteAlbum,
  getAlbum,
  imagesOfOtherAlbums,
  insertAlbum,
  insertAlbumFile,
  listAlbums,
  lockAlbum,
  setAlbumFiles,
  updateAlbum,
  type AlbumValues,
} from './album-repository.js';

/*
 * Microsite albums (spec 002 §2.18, §3, §5, §6). Atoms: c_gallery_r reads, c_gallery_w
 * creates (a copy is a create) and updates, c_gallery_d deletes. An album belongs to one
 * school (school_id, one the request looks at); visibility 3 names the schools whose
 * microsites show it (any school the user may see). Images are uploaded first
 * (POST /album-file, re-encoded), then listed in gallery order in `files`: re-ordering,
 * replacing at an index and removing are all "send the new list".
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const instantOrNull = { type: ['string', 'null'], maxLength: 40 } as const;

const albumBody = {
  type: 'object',
  required: ['title', 'visibility', 'school_id', 'files'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    date_published: instantOrNull,
    date_expired: instantOrNull,
    active: { type: 'boolean' },
    visibility: { type: 'integer', enum: [...ALBUM_VISIBILITIES] },
    schools: { type: 'array', maxItems: 500, items: id },
    school_id: id,
    files: { type: 'array', minItems: 1, maxItems: ALBUM_MAX_FILES, items: id },
  },
} as const;

const albumFileSchema = {
  type: 'object',
  required: ['id', 'name', 'size', 'width', 'height'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, size: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' } },
} as const;

const instantSchema = { type: ['string', 'null'], format: 'date-time' } as const;

const albumSchema = {
  type: 'object',
  required: ['content_id', 'title', 'date_published', 'date_expired', 'active', 'visibility', 'schools', 'school_id', 'files', 'version'],
  properties: {
    content_id: { type: 'integer' },
    title: { type: 'string' },
    date_published: instantSchema,
    date_expired: instantSchema,
    active: { type: 'boolean' },
    visibility: { type: 'integer' },
    schools: { type: 'array', items: { type: 'integer' } },
    school_id: { type: 'integer' },
    files: { type: 'array', items: albumFileSchema },
    version: versionSchema,
  },
} as const;

const albumRowSchema = {
  type: 'object',
  required: ['content_id', 'cover', 'school_id', 'schools', 'visibility', 'title', 'active', 'date_published', 'date_expired', 'images'],
  properties: {
    content_id: { type: 'integer' },
    cover: { type: ['integer', 'null'], description: 'Image id of the cover: GET /api-cubic/image/{cover}-0x200' },
    school_id: { type: 'integer' },
    schools: { type: 'array', items: { type: 'string' } },
    visibility: { type: 'integer' },
    title: { type: 'string' },
    active: { type: 'boolean' },
    date_published: instantSchema,
    date_expired: instantSchema,
    images: { type: 'integer' },
  },
} as const;

/** The validated form with the school rules checked. */
function albumValues(request: FastifyRequest, body: unknown): AlbumValues {
  const form = validate(albumFormSchema, body);
  return { ...form, schools: assignedSchools(request, form) };
}

export default async function albumRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-content'];

  app.get(
    '/album-list',
    {
      config: { access: { atoms: ['c_gallery_r'] } },
      schema: {
        summary: 'Albums of the schools in view (cover image id, shown-on schools, dates), newest first',
        tags,
        response: { ...errorResponses, 200: { type: 'object', required: ['rows'], properties: { rows: { type: 'array', items: albumRowSchema } } } },
      },
    },
    async (request) => ({ rows: await request.scoped((tx) => listAlbums(tx)) }),
  );

  app.get(
    '/album',
    {
      config: { access: { atoms: ['c_gallery_r'], scopedId: { in: 'query', name: 'id', resource: 'album' } } },
      schema: {
        summary: 'One album with its schools and images in gallery order, and its version',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: albumSchema },
      },
    },
    async (request): Promise<Album> => {
      const { id: albumId } = request.query as { id: number };
      const album = await request.scoped((tx) => getAlbum(tx, albumId));
      if (!album) throw notFound();
      return album;
    },
  );

  app.post(
    '/album',
    {
      config: { access: { atoms: ['c_gallery_w'] } },
      schema: {
        summary: "Create an album (also 'copy': the original's images get their own copies); files = image ids in gallery order",
        tags,
        body: albumBody,
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const values = albumValues(request, request.body);
      const userId = request.session!.user.id;
      request.audit.entity = 'album';
      request.audit.schoolId = values.school_id;
      const originals = await request.scoped((tx) => imagesOfOtherAlbums(tx, values.files));
      const copiedKeys: string[] = [];
      try {
        const copies = new Map<number, string>();
        for (const file of originals) {
          const key = await putPending(app, await app.files.read(file.key));
          copiedKeys.push(key);
          copies.set(file.id, key);
        }
        const albumId = await request.scoped(async (tx) => {
          await confirmFiles(tx, copiedKeys);
          const fileIds: number[] = [];
          for (const fileId of values.files) {
            const original = originals.find((file) => file.id === fileId);
            const copyKey = copies.get(fileId);
            if (original && copyKey) {
              fileIds.push((await insertAlbumFile(tx, { ...original, schoolId: values.school_id, key: copyKey }, userId)).id);
            } else fileIds.push(fileId);
          }
          const created = await insertAlbum(tx, values, userId);
          if (!(await setAlbumFiles(tx, created, values.school_id, fileIds, userId))) throw badRequest({ files: MSG.invalid });
          return created;
        });
        request.audit.entityId = albumId;
        return { success: true, id: albumId };
      } catch (error) {
        await app.files.removeQuietly(copiedKeys);
        throw error;
      }
    },
  );

  app.put(
    '/album',
    {
      config: { access: { atoms: ['c_gallery_w'], scopedId: { in: 'query', name: 'id', resource: 'album' } } },
      schema: {
        summary: 'Update an album in view (others: 404); files = the new gallery order (re-order, replace, remove); stale version: 409',
        tags,
        querystring: idQuerySchema,
        body: withVersionBody(albumBody),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id: albumId } = request.query as { id: number };
      const { version, ...body } = request.body as Record<string, unknown> & { version: number };
      const userId = request.session!.user.id;
      request.audit.entity = 'album';
      request.audit.entityId = albumId;
      const { removedKeys, next } = await request.scoped(async (tx) => {
        // Ownership first: another school's album is 404 whatever the body says.
        if ((await lockAlbum(tx, albumId)) === null) throw notFound();
        const values = albumValues(request, body);
        request.audit.schoolId = values.school_id;
        const saved = await updateAlbum(tx, albumId, values, version);
        const files = await setAlbumFiles(tx, albumId, values.school_id, values.files, userId);
        if (!files) throw badRequest({ files: MSG.invalid });
        return { removedKeys: files.removedKeys, next: saved };
      });
      await app.files.removeQuietly(removedKeys);
      return { success: true, version: next };
    },
  );

  app.delete(
    '/album',
    {
      config: { access: { atoms: ['c_gallery_d'], scopedId: { in: 'query', name: 'id', resource: 'album' } } },
      schema: {
        summary: 'Delete an album in view with its images (others: 404)',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id: albumId } = request.query as { id: number };
      request.audit.entity = 'album';
      request.audit.entityId = albumId;
      const removedKeys = await request.scoped(async (tx) => {
        const owner = await lockAlbum(tx, albumId);
        if (owner === null) throw notFound();
        request.audit.schoolId = owner;
        return deleteAlbum(tx, albumId);
      });
      await app.files.removeQuietly(removedKeys);
      return { success: true };
    },
  );

  app.post(
    '/album-file',
    {
      config: { access: { atoms: ['c_gallery_w'] } },
      schema: {
        summary:
          'Upload one album image (multipart field `file`: JPG, PNG or WebP, re-encoded without metadata, at most 15 MB). sid = the school (default: the first in view). List its id in the album form\'s files.',
        tags,
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', additionalProperties: false, properties: { sid: id } },
        response: { ...errorResponses, 200: albumFileSchema },
      },
    },
    async (request) => {
      const schoolId = uploadSchool(request, (request.query as { sid?: number }).sid);
      const { files } = await readUploads(request, { maxFiles: 1, maxFileBytes: ALBUM_FILE_MAX_BYTES, allowed: IMAGE_KINDS, maxImageSide: 3200 });
      const file = files[0]!;
      if (file.field !== 'file') throw badRequest({ file: MSG.required });
      const key = await putPending(app, file.data);
      request.audit.entity = 'album_file';
      request.audit.schoolId = schoolId;
      try {
        const saved = await request.scoped(async (tx) => {
          await confirmFiles(tx, [key]);
          return insertAlbumFile(
            tx,
            { schoolId, name: file.name, mime: file.mime, size: file.size, width: file.width!, height: file.height!, key },
            request.session!.user.id,
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
}
