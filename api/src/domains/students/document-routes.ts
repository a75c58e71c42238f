import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  MSG,
  PICTURE_MAX_PIXELS,
  isoDate,
  type StudentDocumentList,
  type StudentDocumentUploadResponse,
} from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { sendStoredFile } from '../../files/send.js';
import { DOCUMENT_KINDS, readUploads } from '../../files/uploads.js';
import { notFound } from '../../lib/http-error.js';
import { pagedListResponseSchema } from '../../lib/paged-list.js';
import { validate } from '../../lib/validate.js';
import {
  deleteStudentDocument,
  getStudentDocument,
  insertStudentDocument,
  listStudentDocuments,
} from './files-repository.js';
import { lockStudent, studentSchool } from './repository.js';
import { errorResponses, successSchema } from '../../lib/route-schemas.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const tid = { type: 'integer', minimum: 1, maximum: 99 } as const;

const documentSchema = {
  type: 'object',
  required: ['id', 'tid', 'ext', 'n', 's', 'dr', 'lc'],
  properties: {
    id: { type: 'integer' },
    tid: { type: 'integer' },
    ext: { type: 'string' },
    n: { type: 'string' },
    s: { type: 'integer' },
    dr: { type: 'string' },
    lc: { type: 'string', format: 'date-time' },
  },
} as const;

/** The plain fields of a document upload: document type and receipt date. */
const uploadFieldsSchema = yup
  .object({
    tid: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(99, MSG.invalid).default(1),
    dr: isoDate().nullable().default(null),
  })
  .noUnknown();

/** Pictures among the documents are re-encoded like student pictures, but keep their size. */
const DOCUMENT_IMAGE_MAX_SIDE = 6000;

/**
 * /api-document (spec 000 §7, 001 §7): the documents tab of a student. Register with
 * `app.register(documentRoutes, { prefix: '/api-document' })`. Reading needs student_r,
 * uploading and deleting student_w; files are checked by content and stored under
 * server-made names; downloads are attachments with nosniff.
 */
export default async function documentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/doc-student',
    {
      config: { access: { atoms: ['student_r'], scopedId: { in: 'query', name: 'stid', resource: 'student' } } },
      schema: {
        summary: "A page (10) of a student's documents, newest receipt date first",
        tags: ['api-document'],
        querystring: {
          type: 'object',
          required: ['stid'],
          additionalProperties: false,
          properties: { stid: id, page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 } },
        },
        response: { ...errorResponses, 200: pagedListResponseSchema(documentSchema) },
      },
    },
    async (request): Promise<StudentDocumentList> => {
      const { stid, page } = request.query as { stid: number; page: number };
      return request.scoped(async (tx) => {
        if ((await studentSchool(tx, stid)) === null) throw notFound();
        return listStudentDocuments(tx, stid, page);
      });
    },
  );

  app.post(
    '/doc-student',
    {
      config: { access: { atoms: ['student_w'], scopedId: { in: 'query', name: 'stid', resource: 'student' } } },
      schema: {
        summary: `Uploads documents (multipart: up to ${DOCUMENT_MAX_FILES} \`file\` parts of PDF, JPEG/PNG/WebP, DOCX/XLSX/PPTX/ODT/ODS or plain text, checked by content; fields tid, dr)`,
        tags: ['api-document'],
        querystring: { type: 'object', required: ['stid'], additionalProperties: false, properties: { stid: id } },
        response: { ...errorResponses, 200: { type: 'object', required: ['documents'], properties: { documents: { type: 'array', items: documentSchema } } } },
      },
    },
    async (request): Promise<StudentDocumentUploadResponse> => {
      const { stid } = request.query as { stid: number };
      request.audit.entity = 'student_document';
      request.audit.entityId = stid;
      // Before reading the upload: another school's student is a 404 whatever is sent.
      const uploadSchoolId = await request.scoped((tx) => studentSchool(tx, stid));
      if (uploadSchoolId === null) throw notFound();
      request.audit.schoolId = uploadSchoolId;
      const { files, fields } = await readUploads(request, {
        maxFiles: DOCUMENT_MAX_FILES,
        maxFileBytes: DOCUMENT_MAX_BYTES,
        allowed: DOCUMENT_KINDS,
        maxPixels: PICTURE_MAX_PIXELS,
        maxImageSide: DOCUMENT_IMAGE_MAX_SIDE,
      });
      const meta = validate(uploadFieldsSchema, fields);
      const keys: string[] = [];
      try {
        for (const file of files) keys.push(await putPending(app, file.data));
        const documents = await request.scoped(async (tx) => {
          const schoolId = await lockStudent(tx, stid);
          if (schoolId === null) throw notFound();
          await confirmFiles(tx, keys);
          const created = [];
          for (const [index, file] of files.entries()) {
            created.push(
              await insertStudentDocument(tx, {
                schoolId, studentId: stid, tid: meta.tid, name: file.name, ext: file.ext, mime: file.mime, size: file.size,
                fileKey: keys[index], receivedAt: meta.dr ?? null, userId: request.session!.user.id,
              }),
            );
          }
          return created;
        });
        request.audit.detail = { documents: documents.map((d) => d.id) };
        return { documents };
      } catch (error) {
        await app.files.removeQuietly(keys);
        throw error;
      }
    },
  );

  app.delete(
    '/doc-student',
    {
      config: { access: { atoms: ['student_w'], scopedId: { in: 'query', name: 'id', resource: 'student_document' } } },
      schema: {
        summary: 'Deletes a document of a student (row and file)',
        tags: ['api-document'],
        querystring: { type: 'object', required: ['id', 'stid'], additionalProperties: false, properties: { id, stid: id } },
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id: documentId, stid } = request.query as { id: number; stid: number };
      request.audit.entity = 'student_document';
      const key = await request.scoped(async (tx) => {
        request.audit.schoolId = (await studentSchool(tx, stid)) ?? undefined;
        return deleteStudentDocument(tx, documentId, stid);
      });
      if (!key) throw notFound();
      // After the commit: a failed delete above keeps the file with its row.
      await app.files.removeQuietly([key]);
      return { success: true };
    },
  );

  app.get(
    '/sddl',
    {
      config: { access: { atoms: ['student_r'], scopedId: { in: 'query', name: 'id', resource: 'student_document' } } },
      schema: {
        summary: 'Downloads a student document (attachment, the type checked on upload, nosniff)',
        tags: ['api-document'],
        querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id, tid } },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id: documentId, tid: type } = request.query as { id: number; tid?: number };
      const document = await request.scoped((tx) => getStudentDocument(tx, documentId, type));
      if (!document) throw notFound();
      return sendStoredFile(reply, app.files, { key: document.file_key, name: document.name, mime: document.mime });
    },
  );
}
