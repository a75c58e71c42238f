import type { FastifyInstance } from 'fastify';
import {
  ERROR,
  LEAD_IMPORT_FIELDS,
  LEAD_IMPORT_MAX_BYTES,
  LEAD_IMPORT_MAX_IDS,
  LEAD_ORIGIN,
  LEAD_IMPORT_PAGE_SIZE,
  pagedListSchema,
  type LeadImportField,
  type LeadImportResult,
  type LeadImportSkipReason,
  type LeadImportUploadResponse,
  type PagedListRequest,
} from 'shared-kernel/contracts';
import { readUploads } from '../../files/uploads.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { pagedListResponseSchema } from '../../lib/paged-list.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { insertLead } from '../leads/repository.js';
import { fitToLeadForm } from './fit-to-form.js';
import { parseImport, type ImportRecord } from './parse.js';
import {
  emailKey,
  existingLeadKeys,
  lockSchoolsForImport,
  listStaged,
  namePhoneKey,
  phoneDigits,
  schoolsByName,
  stageBatch,
  stagedRows,
  discardStage,
  unstage,
  type StagedRecord,
  type StagedRow,
} from './repository.js';

const ACCESS = { atoms: ['lead_w' as const] };

const stagedRowSchema = {
  type: 'object',
  required: ['id', 'dc', 'fn', 'ln', 'z', 'c', 'em', 'p1', 'p2', 'sid', 'sn'],
  properties: {
    id: { type: 'integer' },
    dc: { type: ['string', 'null'], format: 'date' },
    fn: { type: 'string' },
    ln: { type: 'string' },
    z: { type: 'string' },
    c: { type: 'string' },
    em: { type: 'string' },
    p1: { type: 'string' },
    p2: { type: 'string' },
    sid: { type: 'integer' },
    sn: { type: 'string' },
  },
} as const;

const columnSchema = {
  type: 'object',
  required: ['header', 'field'],
  properties: { header: { type: 'string' }, field: { type: ['string', 'null'] } },
} as const;

const uploadError = (code: number) => new HttpError(400, { error: code });

/** The user's mapping of columns (JSON {header: field|null}); 400 naming `mapping` when malformed. */
function parseMapping(text: string | undefined): Record<string, LeadImportField | null> {
  if (text === undefined || text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest({ mapping: 'form.invalid' });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest({ mapping: 'form.invalid' });
  const mapping: Record<string, LeadImportField | null> = {};
  for (const [header, field] of Object.entries(value)) {
    if (field !== null && !(LEAD_IMPORT_FIELDS as readonly unknown[]).includes(field)) throw badRequest({ mapping: 'form.invalid' });
    mapping[header] = field as LeadImportField | null;
  }
  return mapping;
}

/** The lead's annotation: the mapped notes, then the columns nobody mapped ("header: value" lines). */
function annotationOf(record: ImportRecord): string {
  const lines = [record.annotation ?? '', ...Object.entries(record.extra).map(([header, value]) => `${header}: ${value}`)].filter(Boolean);
  return lines.join('\n').slice(0, 5000);
}

/**
 * Creates leads (origin 9, legacy import) from staged rows in file order, skipping those
 * without last name and duplicates in their school: the same e-mail address, or the same
 * first and last name with one of the same phone numbers (digits compared), among the
 * existing leads and the rows created before in this import. Values the lead form would refuse
 * are fitted first (fitToLeadForm). Runs in the caller's transaction.
 */
async function importRows(tx: Parameters<typeof insertLead>[0], rows: readonly StagedRow[], userId: number): Promise<LeadImportResult> {
  await lockSchoolsForImport(tx, rows.map((row) => row.school_id));
  const keys = await existingLeadKeys(tx, rows);
  const skipped: LeadImportResult['skipped'] = [];
  let created = 0;
  for (const row of rows) {
    const fitted = fitToLeadForm(row);
    const name = `${fitted.firstname} ${fitted.lastname}`.trim();
    const phones = [phoneDigits(fitted.phone), phoneDigits(fitted.mobile)].filter(Boolean);
    const email = fitted.email;
    let reason: LeadImportSkipReason | null = null;
    if (fitted.lastname === '') reason = 'no_lastname';
    else if (fitted.invalidName) reason = 'invalid';
    else if (email !== '' && keys.emails.has(emailKey(row.school_id, email))) reason = 'email';
    else if (phones.some((phone) => keys.namePhones.has(namePhoneKey(row.school_id, fitted.firstname, fitted.lastname, phone)))) reason = 'name_phone';
    if (reason) {
      skipped.push({ id: row.id, name: name.slice(0, 100) || `#${row.id}`, reason });
      continue;
    }
    await insertLead(
      tx,
      {
        school_id: row.school_id,
        firstname: fitted.firstname,
        lastname: fitted.lastname,
        email: email || null,
        phone_regular: fitted.phone || null,
        phone_cellphone: fitted.mobile || null,
        zip: fitted.zip || null,
        city: fitted.city || null,
        date_created: row.date_created,
        annotation: fitted.annotation,
        lead_origin_id: LEAD_ORIGIN.legacyImport,
      },
      userId,
    );
    created += 1;
    if (email !== '') keys.emails.add(emailKey(row.school_id, email));
    for (const phone of phones) keys.namePhones.add(namePhoneKey(row.school_id, fitted.firstname, fitted.lastname, phone));
  }
  return { success: true, created, skipped };
}

/**
 * /api-import/leglead (spec 002 §2.12, §7): the legacy lead import. Register with
 * `app.register(leadImportRoutes, { prefix: '/api-import' })`.
 */
export default async function leadImportRoutes(app: FastifyInstance) {
  app.post(
    '/leglead/upload',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          "Stages the rows of an export (field file: .csv/.txt in UTF-8 or Windows-1252 with ';' or ',', or .xlsx; field sid: the school of rows that name none of the caller's schools; field mapping: JSON {header: field|null} for columns the server does not know), replacing the caller's staged rows. 400 {error: 80} unreadable file, 81 no known column in the first row, 82 no data rows, 83 too large, 84 not .csv/.txt/.xlsx; nothing staged then",
        tags: ['api-import'],
        consumes: ['multipart/form-data'],
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['staged', 'columns'],
            properties: { staged: { type: 'integer' }, columns: { type: 'array', items: columnSchema } },
          },
        },
      },
    },
    async (request): Promise<LeadImportUploadResponse> => {
      let upload;
      try {
        upload = await readUploads(request, { maxFiles: 1, maxFileBytes: LEAD_IMPORT_MAX_BYTES, allowed: ['csv', 'xlsx'], maxFieldBytes: 10_000 });
      } catch (error) {
        const code = error instanceof HttpError ? (error.body as { error?: number }).error : undefined;
        if (code === ERROR.fileTooLarge) throw uploadError(ERROR.importTooLarge);
        if (code === ERROR.fileTypeRefused) throw uploadError(ERROR.importFileUnreadable);
        throw error;
      }
      const file = upload.files[0]!;
      if (file.field !== 'file') throw badRequest({ file: 'form.required' });
      const ext = /\.([a-z0-9]+)$/i.exec(file.originalName)?.[1]?.toLowerCase() ?? '';
      if (!['csv', 'txt', 'xlsx'].includes(ext)) throw uploadError(ERROR.importFileType);
      if ((ext === 'xlsx') !== (file.kind === 'xlsx')) throw uploadError(ERROR.importFileUnreadable);
      const sid = Number(upload.fields.sid);
      if (!Number.isInteger(sid) || !request.scope.schoolIds.includes(sid)) throw badRequest({ sid: 'form.invalid' });
      const mapping = parseMapping(upload.fields.mapping);
      const parsed = await parseImport(file.data, file.kind === 'xlsx' ? 'xlsx' : 'csv', mapping);
      request.audit.entity = 'lead_import';
      request.audit.schoolId = sid;
      const staged = await request.scoped(async (tx) => {
        const schools = await schoolsByName(tx, request.scope.schoolIds);
        const records: StagedRecord[] = parsed.records.map((record, index) => ({
          schoolId: schools.get((record.school ?? '').trim().toLowerCase()) ?? sid,
          rowNo: index + 1,
          dateCreated: record.date_created || null,
          firstname: record.firstname ?? '',
          lastname: record.lastname ?? '',
          zip: record.zip ?? '',
          city: record.city ?? '',
          email: record.email ?? '',
          phone: record.phone ?? '',
          mobile: record.mobile ?? '',
          annotation: annotationOf(record),
        }));
        return stageBatch(tx, { schoolId: sid, userId: request.session!.user.id, fileName: file.name, columns: parsed.columns }, records);
      });
      return { staged, columns: parsed.columns };
    },
  );

  app.get(
    '/leglead',
    {
      config: { access: ACCESS },
      schema: {
        summary: `The caller's staged rows, paged (default ${LEAD_IMPORT_PAGE_SIZE}); sorted and filtered are JSON arrays of the list contract (prefix filters fn, ln, z, c, em, p1, p2, sn)`,
        tags: ['api-import'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: LEAD_IMPORT_PAGE_SIZE },
            sorted: { type: 'string', maxLength: 2000 },
            filtered: { type: 'string', maxLength: 4000 },
          },
        },
        response: { ...errorResponses, 200: pagedListResponseSchema(stagedRowSchema) },
      },
    },
    async (request) => {
      const query = request.query as { page: number; pageSize: number; sorted?: string; filtered?: string };
      const json = (text: string | undefined, field: string): unknown => {
        if (text === undefined || text === '') return [];
        try {
          return JSON.parse(text);
        } catch {
          throw badRequest({ [field]: 'form.invalid' });
        }
      };
      const paging = validate(pagedListSchema, { page: query.page, pageSize: query.pageSize, sorted: json(query.sorted, 'sorted'), filtered: json(query.filtered, 'filtered') });
      return request.scoped((tx) => listStaged(tx, paging as PagedListRequest));
    },
  );

  app.post(
    '/leglead',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Creates leads (origin 9, legacy import) from the caller\'s staged rows `ids` in one transaction, skipping rows without last name and duplicates in the school (same e-mail, or same name and phone); the rows leave the stage. Answers the report; 404 when a row is not the caller\'s',
        tags: ['api-import'],
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: { ids: { type: 'array', minItems: 1, maxItems: LEAD_IMPORT_MAX_IDS, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['success', 'created', 'skipped'],
            properties: {
              success: { type: 'boolean' },
              created: { type: 'integer' },
              skipped: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'reason'],
                  properties: { id: { type: 'integer' }, name: { type: 'string' }, reason: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    async (request): Promise<LeadImportResult> => {
      const { ids } = request.body as { ids: number[] };
      request.audit.entity = 'lead_import';
      return request.scoped(async (tx) => {
        const rows = await stagedRows(tx, ids);
        if (rows.length !== ids.length) throw notFound();
        const result = await importRows(tx, rows, request.session!.user.id);
        await unstage(tx, ids);
        return result;
      });
    },
  );

  app.delete(
    '/leglead',
    {
      config: { access: ACCESS },
      schema: {
        summary: "Discards the caller's staged rows (the import's cancel): the uploaded personal data does not wait in the stage for the next upload",
        tags: ['api-import'],
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'discarded'], properties: { success: { type: 'boolean' }, discarded: { type: 'integer' } } } },
      },
    },
    async (request) => {
      request.audit.entity = 'lead_import';
      const discarded = await request.scoped((tx) => discardStage(tx, request.session!.user.id));
      return { success: true, discarded };
    },
  );
}
