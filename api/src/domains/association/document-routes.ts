import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ASSOCIATION_DOCUMENT_MAX_BYTES,
  ASSOCIATION_DOCUMENT_MAX_FILES,
  DOCUMENT_SEARCH_MIN,
  ERROR,
  MSG,
  documentEntryUpdateSchema,
  documentFolderSchema,
  type AssociationDocumentList,
} from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { DOCUMENT_KINDS, readUploads, sendStoredFile } from '../../files/index.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import {
  deleteTree,
  documentFile,
  folderPath,
  hasChildren,
  insertFile,
  insertFolder,
  isFolder,
  isSelfOrBelow,
  listFolder,
  lockEntry,
  searchDocuments,
  updateEntry,
} from './documents-repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const entrySchema = {
  type: 'object',
  required: ['id', 'p', 'folder', 'n', 'ext', 's', 'dc', 'h', 'version'],
  properties: {
    id: { type: 'integer' },
    p: { type: ['integer', 'null'] },
    folder: { type: 'boolean' },
    n: { type: 'string' },
    ext: { type: 'string' },
    s: { type: 'integer' },
    dc: { type: 'string', format: 'date-time' },
    h: { type: 'boolean' },
    version: { type: 'integer' },
  },
} as const;

const listSchema = {
  type: 'object',
  required: ['folder', 'path', 'rows', 'manage'],
  properties: {
    folder: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['id', 'n', 'p', 'h'],
          properties: { id: { type: 'integer' }, n: { type: 'string' }, p: { type: ['integer', 'null'] }, h: { type: 'boolean' } },
        },
      ],
    },
    path: { type: 'array', items: { type: 'object', required: ['id', 'n'], properties: { id: { type: 'integer' }, n: { type: 'string' } } } },
    rows: { type: 'array', items: entrySchema },
    manage: { type: 'boolean' },
  },
} as const;

const savedSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

/** 403 {error: 30}: the association's documents are for accounts linked with a membership number. */
function requireLinkedMember(request: FastifyRequest): void {
  if (!request.session!.user.mno) throw new HttpError(403, { error: ERROR.memberNumberNotLinked });
}

/** The superadmin maintains the documents and is the only one who sees hidden entries. */
const maintains = (request: FastifyRequest) => request.session!.user.level === 1;

/**
 * /api-document (spec 002 §2.14, 000 §7 `GET /api-document/list?f=|s=`): the association's
 * document folders. Served next to the students' documents tab (students/document-routes.ts)
 * under the same base path; register with `app.register(associationDocumentRoutes, { prefix:
 * '/api-document' })`. Reading needs e_document_r and a linked membership number; the
 * superadmin uploads, creates folders, renames, moves, hides and deletes.
 */
export default async function associationDocumentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/list',
    {
      config: { access: { atoms: ['e_document_r'] } },
      schema: {
        summary:
          "A folder of the association's documents (f = 'root' or a folder id) with its path, or the entries whose name contains s (at least 2 characters) in any folder. Hidden entries only for the superadmin. Not linked with a membership number: 403 {error: 30}",
        tags: ['api-document'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            f: { type: 'string', pattern: '^(root|[1-9][0-9]{0,9})$', default: 'root' },
            s: { type: 'string', maxLength: 100 },
          },
        },
        response: { ...errorResponses, 200: listSchema },
      },
    },
    async (request): Promise<AssociationDocumentList> => {
      requireLinkedMember(request);
      const { f, s } = request.query as { f: string; s?: string };
      const withHidden = maintains(request);
      if (s !== undefined) {
        const search = s.trim();
        if (search.length < DOCUMENT_SEARCH_MIN) throw badRequest({ s: MSG.invalid });
        const rows = await request.scoped((tx) => searchDocuments(tx, search, withHidden));
        return { folder: null, path: [], rows, manage: withHidden };
      }
      const folderId = f === 'root' ? null : Number(f);
      if (folderId !== null && folderId > 2147483647) throw notFound();
      return request.scoped(async (tx) => {
        if (folderId === null) return { folder: null, path: [], rows: await listFolder(tx, null, withHidden), manage: withHidden };
        const path = await folderPath(tx, folderId, withHidden);
        if (!path) throw notFound();
        const folder = path[path.length - 1]!;
        return {
          folder,
          path: path.slice(0, -1).map((item) => ({ id: item.id, n: item.n })),
          rows: await listFolder(tx, folderId, withHidden),
          manage: withHidden,
        };
      });
    },
  );

  app.get(
    '/file',
    {
      config: { access: { atoms: ['e_document_r'] } },
      schema: {
        summary: "Download one of the association's documents (attachment, the type checked on upload, nosniff)",
        tags: ['api-document'],
        querystring: idQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      requireLinkedMember(request);
      const { id: documentId } = request.query as { id: number };
      const file = await request.scoped((tx) => documentFile(tx, documentId, maintains(request)));
      if (!file) throw notFound();
      return sendStoredFile(reply, app.files, file);
    },
  );

  app.post(
    '/folder',
    {
      config: { access: { maxLevel: 1 } },
      schema: {
        summary: 'Create a folder (n) in folder p (null or absent = root); superadmin',
        tags: ['api-document'],
        body: {
          type: 'object',
          required: ['n'],
          additionalProperties: false,
          properties: { p: { anyOf: [{ type: 'null' }, id] }, n: { type: 'string', minLength: 1, maxLength: 400 } },
        },
        response: { ...errorResponses, 200: savedSchema },
      },
    },
    async (request) => {
      const form = validate(documentFolderSchema, request.body);
      request.audit.entity = 'association_document';
      const created = await request.scoped(async (tx) => {
        if (form.p !== null && !(await isFolder(tx, form.p))) throw badRequest({ p: MSG.invalid });
        return insertFolder(tx, form.p, form.n, request.session!.user.id);
      });
      request.audit.entityId = created;
      return { id: created };
    },
  );

  app.post(
    '/upload',
    {
      config: { access: { maxLevel: 1 } },
      schema: {
        summary: `Upload files (field files, at most ${ASSOCIATION_DOCUMENT_MAX_FILES}, checked by content) into folder p (absent = root); superadmin`,
        tags: ['api-document'],
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', additionalProperties: false, properties: { p: id } },
        response: {
          ...errorResponses,
          200: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' } } } },
        },
      },
    },
    async (request) => {
      const parentId = (request.query as { p?: number }).p ?? null;
      if (parentId !== null && !(await request.scoped((tx) => isFolder(tx, parentId)))) throw badRequest({ p: MSG.invalid });
      const upload = await readUploads(request, {
        maxFiles: ASSOCIATION_DOCUMENT_MAX_FILES,
        maxFileBytes: ASSOCIATION_DOCUMENT_MAX_BYTES,
        allowed: DOCUMENT_KINDS,
      });
      if (upload.files.some((file) => file.field !== 'files')) throw badRequest({ files: MSG.invalid });
      request.audit.entity = 'association_document';
      const keys: string[] = [];
      try {
        for (const file of upload.files) keys.push(await putPending(app, file.data));
        const ids = await request.scoped(async (tx) => {
          if (parentId !== null && !(await isFolder(tx, parentId))) throw badRequest({ p: MSG.invalid });
          await confirmFiles(tx, keys);
          const created: number[] = [];
          for (const [index, file] of upload.files.entries()) {
            created.push(await insertFile(tx, parentId, { key: keys[index]!, name: file.name, mime: file.mime, size: file.size }, request.session!.user.id));
          }
          return created;
        });
        return { ids };
      } catch (error) {
        await app.files.removeQuietly(keys);
        throw error;
      }
    },
  );

  app.put(
    '/entry',
    {
      config: { access: { maxLevel: 1 } },
      schema: {
        summary: 'Rename (n), move (p: folder id or null = root) and/or hide (h) an entry of the version read (stale: 409 {error: 9}); a folder cannot move into itself or below (400 {error: 32}); superadmin',
        tags: ['api-document'],
        querystring: idQuerySchema,
        body: withVersionBody({
          type: 'object',
          additionalProperties: false,
          properties: { n: { type: 'string', minLength: 1, maxLength: 400 }, p: { anyOf: [{ type: 'null' }, id] }, h: { type: 'boolean' } },
        }),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id: entryId } = request.query as { id: number };
      const change = validate(documentEntryUpdateSchema, request.body ?? {});
      request.audit.entity = 'association_document';
      request.audit.entityId = entryId;
      const version = await request.scoped(async (tx) => {
        const entry = await lockEntry(tx, entryId);
        if (!entry) throw notFound();
        if (change.p !== undefined && change.p !== null) {
          if (!(await isFolder(tx, change.p))) throw badRequest({ p: MSG.invalid });
          if (entry.is_folder && (await isSelfOrBelow(tx, change.p, entryId))) throw new HttpError(400, { error: ERROR.folderMoveCycle, fields: { p: MSG.invalid } });
        }
        return updateEntry(tx, entryId, { n: change.n, p: change.p, h: change.h }, change.version);
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/entry',
    {
      config: { access: { maxLevel: 1 } },
      schema: {
        summary: 'Delete a file, an empty folder, or (recursive=true) a folder with everything in it; a non-empty folder without recursive: 409 {error: 31}; superadmin',
        tags: ['api-document'],
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id, recursive: { type: 'boolean', default: false } },
        },
        response: { ...errorResponses, 200: successSchema, 409: errorResponses[400] },
      },
    },
    async (request) => {
      const { id: entryId, recursive } = request.query as { id: number; recursive: boolean };
      request.audit.entity = 'association_document';
      request.audit.entityId = entryId;
      const keys = await request.scoped(async (tx) => {
        const entry = await lockEntry(tx, entryId);
        if (!entry) throw notFound();
        if (entry.is_folder && !recursive && (await hasChildren(tx, entryId))) throw new HttpError(409, { error: ERROR.folderNotEmpty });
        return deleteTree(tx, entryId);
      });
      // After the commit: a failed delete keeps the files with their rows.
      await app.files.removeQuietly(keys);
      return { success: true };
    },
  );
}
