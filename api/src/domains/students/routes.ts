import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADDRESS_TYPE,
  EXPORT_MAX_ROWS,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_PIXELS,
  STUDENT_IMAGE_SIZES,
  STUDENT_PICKER_LIMIT,
  invoiceAddressSchema,
  mainAddressSchema,
  noteSchema,
  personalDataSchema,
  withVersion,
  type PagedListRequest,
  type PictureSaveResponse,
  type StudentListResponse,
} from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { variantKey } from '../../files/file-store.js';
import { IMAGE_KINDS, readUploads } from '../../files/uploads.js';
import { exportDay, exportTarget, sendExport, type ExportColumn, type ExportFormat } from '../../lib/export.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { pagedListBodySchema, pagedListResponseSchema, runPagedList } from '../../lib/paged-list.js';
import { savedWithVersionSchema, versionConflictResponses } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import { saveStudentPicture } from './files-repository.js';
import {
  STUDENT_LIST,
  countStudentsByStatus,
  deleteInvoiceAddress,
  deleteNote,
  getInvoiceAddress,
  getMainAddress,
  getNote,
  getPersonalData,
  getStudentData,
  getTimeline,
  insertNote,
  listStudentsForExport,
  lockStudent,
  pickStudents,
  saveInvoiceAddress,
  studentListSelect,
  studentSchool,
  updateMainAddress,
  updateNote,
  updatePersonalData,
  type StudentExportRow,
} from './repository.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import {
  addressBodySchema,
  addressQuerySchema,
  addressSchemaOut,
  exportQuerySchema,
  noteBodySchema,
  noteQuerySchema,
  noteSchemaOut,
  noteUpdateBodySchema,
  personalDataBodySchema,
  personalDataSchemaOut,
  pickerRowSchema,
  selectQuerySchema,
  stidQuerySchema,
  studentDataSchema,
  studentListRowSchema,
  timelineEntrySchema,
} from './schemas.js';

const READ = { atoms: ['student_r' as const] };
const WRITE = { atoms: ['student_w' as const] };
const STUDENT_BY_ID = { in: 'query' as const, name: 'id', resource: 'student' };
const STUDENT_BY_STID = { in: 'query' as const, name: 'stid', resource: 'student' };
const NOTE_BY_ID = { in: 'query' as const, name: 'id', resource: 'student_note' };

/** Longest side a stored student picture keeps (the largest size shown is 400 px wide). */
const PICTURE_MAX_SIDE = 1200;

/** Balances are finance data (000 §6): only users with finance_r see them. */
function seesBalance(request: FastifyRequest): boolean {
  return request.session?.atoms.includes('finance_r') ?? false;
}

/** Keys of a picture and of its resized variants (removed together). */
export function pictureFileKeys(key: string): string[] {
  return [key, ...STUDENT_IMAGE_SIZES.map((size) => variantKey(key, size))];
}

const STUDENT_STATUS_DE: Record<number, string> = {
  1: 'Vorläufig', 2: 'Aktiv', 3: 'Kündigung läuft', 4: 'Gekündigt', 5: 'Inaktiv', 6: 'Ohne Vertrag',
};
const MEMBER_STATUS_DE: Record<number, string> = {
  1: 'Aktiv', 2: 'Gekündigt', 3: 'Gesperrt', 6: 'Archiviert', 7: 'Kündigung läuft', 8: 'Ausgeschlossen',
  9: 'Verzogen, unbekannt (Storno)', 10: 'Ausschluss droht',
};

/** The export's columns (German, the product's default language). */
function exportColumns(brand: string, withBalance: boolean): ExportColumn<StudentExportRow>[] {
  return [
    { header: 'ID', value: (r) => r.id, type: 'int', width: 8 },
    { header: 'Vorname', value: (r) => r.fn, width: 18 },
    { header: 'Nachname', value: (r) => r.ln, width: 20 },
    ...(withBalance ? [{ header: 'Saldo', value: (r: StudentExportRow) => r.b, type: 'money' as const, width: 12 }] : []),
    { header: 'Status', value: (r) => STUDENT_STATUS_DE[r.sst] ?? r.sst, width: 16 },
    { header: `${brand}-Status`, value: (r) => (r.ms === null ? null : (MEMBER_STATUS_DE[r.ms] ?? r.ms)), width: 18 },
    { header: 'Sparten', value: (r) => r.p.join(', '), width: 12 },
    { header: `${brand}-Eintritt`, value: (r) => r.ed, type: 'date', width: 14 },
    { header: `${brand}-Austritt`, value: (r) => r.edtc, type: 'date', width: 14 },
    { header: 'Geburtsdatum', value: (r) => r.dob, type: 'date', width: 14 },
    { header: 'Mitgliedsnummer', value: (r) => r.mno, width: 16 },
    { header: 'Straße', value: (r) => r.street, width: 24 },
    { header: 'Hausnummer', value: (r) => r.house_no, width: 10 },
    { header: 'PLZ', value: (r) => r.z, width: 8 },
    { header: 'Ort', value: (r) => r.c, width: 18 },
    { header: 'Schule', value: (r) => r.sn, width: 24 },
    { header: 'E-Mail', value: (r) => r.email, width: 28 },
    { header: 'Telefon', value: (r) => r.phone_regular, width: 16 },
    { header: 'Mobil', value: (r) => r.phone_cellphone, width: 16 },
    { header: 'Offene Wiedervorlagen', value: (r) => r.remc, type: 'int', width: 10 },
  ];
}

/**
 * /api-student (spec 000 §7, 001 §7): students of the request's schools. Register with
 * `app.register(studentRoutes, { prefix: '/api-student' })`. Reads need student_r, writes
 * student_w; a student of another school answers 404 like a missing one.
 */
export default async function studentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/status-counts',
    {
      config: { access: READ },
      schema: {
        summary: 'Number of students per status 1..6 (dashboard student block)',
        tags: ['api-student'],
        response: {
          ...errorResponses,
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['status', 'count'],
              properties: { status: { type: 'integer', minimum: 1, maximum: 6 }, count: { type: 'integer' } },
            },
          },
        },
      },
    },
    async (request) => request.scoped((tx) => countStudentsByStatus(tx)),
  );

  // ---- list, export, picker --------------------------------------------------------------

  app.post(
    '/list',
    {
      config: { access: READ },
      schema: {
        summary: 'Students, paged, sorted and filtered in SQL (fn, ln, mno, z, c prefix; sst, ms one or a list; p division; sid school; q name/number search)',
        tags: ['api-student'],
        body: pagedListBodySchema(STUDENT_LIST),
        response: { ...errorResponses, 200: pagedListResponseSchema(studentListRowSchema) },
      },
    },
    async (request): Promise<StudentListResponse> => {
      const body = request.body as PagedListRequest;
      const withBalance = seesBalance(request);
      if (!withBalance && body.sorted?.some((entry) => entry.id === 'b')) throw forbidden();
      return request.scoped((tx) =>
        runPagedList(tx, STUDENT_LIST, body, (bind) => studentListSelect(bind, app.config.currency, withBalance)),
      );
    },
  );

  app.get(
    '/export-sel',
    {
      config: { access: READ },
      schema: {
        summary: `Export students as CSV or XLSX: the selected ids, or (without ids) all the list's filters find; at most ${EXPORT_MAX_ROWS} rows`,
        tags: ['api-student'],
        querystring: exportQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query as { format: ExportFormat; ids?: string; filtered?: string; sorted?: string };
      const target = exportTarget(query);
      const withBalance = seesBalance(request);
      if (!withBalance && 'sorted' in target && target.sorted.some((entry) => entry.id === 'b')) throw forbidden();
      const rows = await request.scoped((tx) => listStudentsForExport(tx, target, app.config.currency, withBalance, EXPORT_MAX_ROWS));
      if (rows.length > EXPORT_MAX_ROWS) throw badRequest({ selection: 'form.too_long' });
      request.audit.action = 'export';
      request.audit.entity = 'student';
      request.audit.detail = { format: query.format, rows: rows.length };
      return sendExport(reply, query.format, `schueler-${exportDay(app.now())}`, exportColumns(app.config.networkBrand, withBalance), rows);
    },
  );

  app.get(
    '/select',
    {
      config: { access: READ },
      schema: {
        summary: `Student picker: names starting with each word of s (at least 2 characters), or the student id; at most ${STUDENT_PICKER_LIMIT}`,
        tags: ['api-student'],
        querystring: selectQuerySchema,
        response: { ...errorResponses, 200: { type: 'array', items: pickerRowSchema } },
      },
    },
    async (request) => {
      const query = request.query as { type?: 1 | 2; s?: string; id?: number };
      const search = query.s?.trim();
      if (query.id === undefined && (search === undefined || search.length < 2)) throw badRequest({ s: 'form.required' });
      return request.scoped((tx) =>
        pickStudents(tx, { search: search || undefined, id: query.id, currentOnly: query.type === 2 }, STUDENT_PICKER_LIMIT),
      );
    },
  );

  // ---- detail --------------------------------------------------------------------------------

  app.get(
    '/data',
    {
      config: { access: { ...READ, scopedId: STUDENT_BY_ID } },
      schema: {
        summary: "A student's header, card and map data (balance only with finance_r)",
        tags: ['api-student'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: studentDataSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const data = await request.scoped((tx) => getStudentData(tx, id, app.config.currency, seesBalance(request)));
      if (!data) throw notFound();
      return data;
    },
  );

  app.get(
    '/timeline',
    {
      config: { access: { ...READ, scopedId: STUDENT_BY_ID } },
      schema: {
        summary: 'Notes (types 1-4) and done reminders of a student, newest first',
        tags: ['api-student'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: { type: 'array', items: timelineEntrySchema } },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      return request.scoped(async (tx) => {
        if ((await studentSchool(tx, id)) === null) throw notFound();
        return getTimeline(tx, id);
      });
    },
  );

  app.get(
    '/pd',
    {
      config: { access: { ...READ, scopedId: STUDENT_BY_STID } },
      schema: { summary: 'Personal data of a student', tags: ['api-student'], querystring: stidQuerySchema, response: { ...errorResponses, 200: personalDataSchemaOut } },
    },
    async (request) => {
      const { stid } = request.query as { stid: number };
      const data = await request.scoped((tx) => getPersonalData(tx, stid));
      if (!data) throw notFound();
      return data;
    },
  );

  app.put(
    '/pd',
    {
      config: { access: { ...WRITE, scopedId: STUDENT_BY_STID } },
      schema: {
        summary: 'Saves the personal data (personalDataSchema) read with `version`; answers the next version, 409 {error: 9} when someone saved them meanwhile',
        tags: ['api-student'],
        querystring: stidQuerySchema,
        body: personalDataBodySchema,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { stid } = request.query as { stid: number };
      request.audit.entity = 'student';
      request.audit.entityId = stid;
      const version = await request.scoped(async (tx) => {
        const schoolId = await studentSchool(tx, stid);
        if (schoolId === null) throw notFound();
        request.audit.schoolId = schoolId;
        const { version: read, ...data } = validate(withVersion(personalDataSchema), request.body);
        return updatePersonalData(tx, stid, data, read);
      });
      return { success: true, version };
    },
  );

  // ---- addresses -----------------------------------------------------------------------------

  app.get(
    '/address',
    {
      config: { access: { ...READ, scopedId: STUDENT_BY_STID } },
      schema: {
        summary: 'The main (type 1) or invoice (type 2) address; null when the student has no invoice address',
        tags: ['api-student'],
        querystring: addressQuerySchema,
        response: { ...errorResponses, 200: addressSchemaOut },
      },
    },
    async (request) => {
      const { stid, type } = request.query as { stid: number; type: 1 | 2 };
      return request.scoped(async (tx) => {
        if (type === ADDRESS_TYPE.main) {
          const address = await getMainAddress(tx, stid);
          if (!address) throw notFound();
          return address;
        }
        if ((await studentSchool(tx, stid)) === null) throw notFound();
        return getInvoiceAddress(tx, stid);
      });
    },
  );

  app.put(
    '/address',
    {
      config: { access: { ...WRITE, scopedId: STUDENT_BY_STID } },
      schema: {
        summary:
          'Saves the main address (type 1) or creates/replaces the invoice address (type 2), read with `version` (0: the student had no invoice address); answers the next version, 409 {error: 9} when someone saved it meanwhile',
        tags: ['api-student'],
        querystring: addressQuerySchema,
        body: addressBodySchema,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { stid, type } = request.query as { stid: number; type: 1 | 2 };
      request.audit.entity = type === ADDRESS_TYPE.main ? 'student_address' : 'student_invoice_address';
      request.audit.entityId = stid;
      const { version: read, ...body } = request.body as { version: number };
      const version = await request.scoped(async (tx) => {
        // Another school's student is a 404 before the body is looked at.
        const schoolId = await lockStudent(tx, stid);
        if (schoolId === null) throw notFound();
        request.audit.schoolId = schoolId;
        if (type === ADDRESS_TYPE.main) return updateMainAddress(tx, stid, validate(mainAddressSchema, body), read);
        return saveInvoiceAddress(tx, stid, schoolId, validate(invoiceAddressSchema, body), read);
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/address',
    {
      config: { access: { ...WRITE, scopedId: STUDENT_BY_STID } },
      schema: {
        summary: 'Deletes the invoice address (type 2; the main address cannot be deleted)',
        tags: ['api-student'],
        querystring: addressQuerySchema,
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { stid, type } = request.query as { stid: number; type: 1 | 2 };
      request.audit.entity = 'student_invoice_address';
      request.audit.entityId = stid;
      await request.scoped(async (tx) => {
        const schoolId = await studentSchool(tx, stid);
        if (schoolId === null) throw notFound();
        request.audit.schoolId = schoolId;
        if (type !== ADDRESS_TYPE.invoice) throw badRequest({ type: 'form.invalid' });
        if (!(await deleteInvoiceAddress(tx, stid))) throw notFound();
      });
      return { success: true };
    },
  );

  // ---- picture -------------------------------------------------------------------------------

  app.put(
    '/pic-save',
    {
      config: { access: { ...WRITE, scopedId: STUDENT_BY_ID } },
      schema: {
        summary: 'Replaces the picture (multipart, one `file`: JPEG, PNG or WebP, re-encoded without EXIF/GPS); answers the new picture hash',
        tags: ['api-student'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: { type: 'object', required: ['sifh'], properties: { sifh: { type: 'string' } } } },
      },
    },
    async (request): Promise<PictureSaveResponse> => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'student_picture';
      request.audit.entityId = id;
      // Before reading the upload: another school's student is a 404 whatever is sent.
      const pictureSchoolId = await request.scoped((tx) => studentSchool(tx, id));
      if (pictureSchoolId === null) throw notFound();
      request.audit.schoolId = pictureSchoolId;
      const { files } = await readUploads(request, {
        maxFiles: 1,
        maxFileBytes: PICTURE_MAX_BYTES,
        allowed: IMAGE_KINDS,
        maxPixels: PICTURE_MAX_PIXELS,
        maxImageSide: PICTURE_MAX_SIDE,
      });
      const picture = files[0];
      const hash = createHash('sha256').update(picture.data).digest('hex');
      const key = await putPending(app, picture.data);
      let replaced: string | null;
      try {
        replaced = await request.scoped(async (tx) => {
          const schoolId = await lockStudent(tx, id);
          if (schoolId === null) throw notFound();
          await confirmFiles(tx, [key]);
          return saveStudentPicture(tx, {
            studentId: id, schoolId, hash, fileKey: key, mime: picture.mime,
            width: picture.width ?? 0, height: picture.height ?? 0, size: picture.size, userId: request.session!.user.id,
          });
        });
      } catch (error) {
        await app.files.removeQuietly([key]);
        throw error;
      }
      if (replaced) await app.files.removeQuietly(pictureFileKeys(replaced));
      return { sifh: hash };
    },
  );

  // ---- notes -----------------------------------------------------------------------------------

  app.get(
    '/note',
    {
      config: { access: { ...READ, scopedId: NOTE_BY_ID } },
      schema: { summary: 'One note of a student', tags: ['api-student'], querystring: noteQuerySchema, response: { ...errorResponses, 200: noteSchemaOut } },
    },
    async (request) => {
      const { id, stid } = request.query as { id: number; stid: number };
      const note = await request.scoped((tx) => getNote(tx, id, stid));
      if (!note) throw notFound();
      return note;
    },
  );

  app.post(
    '/note',
    {
      config: { access: { ...WRITE, scopedId: STUDENT_BY_STID } },
      schema: {
        summary: 'Adds a note (types 1-4) to the timeline',
        tags: ['api-student'],
        querystring: stidQuerySchema,
        body: noteBodySchema,
        response: { ...errorResponses, 200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { stid } = request.query as { stid: number };
      request.audit.entity = 'student_note';
      const id = await request.scoped(async (tx) => {
        const schoolId = await studentSchool(tx, stid);
        if (schoolId === null) throw notFound();
        request.audit.schoolId = schoolId;
        const note = validate(noteSchema, request.body);
        return insertNote(tx, { schoolId, studentId: stid, type: note.type, text: note.text, authorId: request.session!.user.id });
      });
      request.audit.entityId = id;
      return { id };
    },
  );

  app.put(
    '/note',
    {
      config: { access: { ...WRITE, scopedId: NOTE_BY_ID } },
      schema: {
        summary: 'Changes a note read with `version`; answers the next version, 409 {error: 9} when someone saved it meanwhile',
        tags: ['api-student'],
        querystring: noteQuerySchema,
        body: noteUpdateBodySchema,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id, stid } = request.query as { id: number; stid: number };
      request.audit.entity = 'student_note';
      const version = await request.scoped(async (tx) => {
        if (!(await getNote(tx, id, stid))) throw notFound();
        request.audit.schoolId = (await studentSchool(tx, stid)) ?? undefined;
        const { version: read, ...note } = validate(withVersion(noteSchema), request.body);
        return updateNote(tx, id, stid, note, read);
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/note',
    {
      config: { access: { ...WRITE, scopedId: NOTE_BY_ID } },
      schema: { summary: 'Deletes a note', tags: ['api-student'], querystring: noteQuerySchema, response: { ...errorResponses, 200: successSchema } },
    },
    async (request) => {
      const { id, stid } = request.query as { id: number; stid: number };
      request.audit.entity = 'student_note';
      const found = await request.scoped(async (tx) => {
        request.audit.schoolId = (await studentSchool(tx, stid)) ?? undefined;
        return deleteNote(tx, id, stid);
      });
      if (!found) throw notFound();
      return { success: true };
    },
  );
}
