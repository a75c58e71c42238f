import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ERROR,
  EXPORT_MAX_ROWS,
  LEAD_ORIGIN,
  LEAD_ORIGINS_MANUAL,
  LEAD_STATUS,
  LEAD_STATUSES_OFFERED,
  LEAD_SUGGESTIONS,
  TEMPLATE_TARGET,
  leadEditSchema,
  leadFormSchema,
  withVersion,
  type LeadCreated,
  type LeadDataResponse,
  type LeadListResponse,
  type PagedListRequest,
} from 'shared-kernel/contracts';
import { exportDay, exportTarget, sendExport, type ExportColumn, type ExportFormat } from '../../lib/export.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { savedWithVersionSchema, versionConflictResponses } from '../../lib/record-version.js';
import { errorResponses, errorSchema, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { exportQuerySchema } from '../students/schemas.js';
import { resolveEntity } from '../templates/placeholders.js';
import {
  LEAD_LIST,
  deleteLead,
  getLead,
  insertLead,
  leadMemberInfo,
  listLeads,
  listLeadsForExport,
  lockLead,
  moveLeadChildren,
  updateLead,
  type LeadExportRow,
} from './repository.js';
import {
  leadCreateBodySchema,
  leadCreatedSchema,
  leadDataResponseSchema,
  leadListRowSchema,
  leadUpdateBodySchema,
  suggestionCountsSchema,
} from './schemas.js';

const READ = { atoms: ['lead_r' as const] };
const WRITE = { atoms: ['lead_w' as const] };
const DELETE = { atoms: ['lead_d' as const] };
const LEAD_BY_ID = { in: 'query' as const, name: 'id', resource: 'lead' };

/** A school in a body must be one of the caller's (else 400, nothing written). */
function assertOwnSchool(request: FastifyRequest, schoolId: number): void {
  if (!request.scope.schoolIds.includes(schoolId)) throw badRequest({ school_id: 'form.invalid' });
}

/**
 * Lead statuses staff may set (spec 001 §3): 1, 7, 2 and 6 (LEAD_STATUSES_OFFERED). The legacy
 * statuses 3-5 came from the previous system: a lead keeps the one it has, none gets one anew
 * (400 naming lead_status_id). "No interest" with its reason and "contract signed" by a
 * conclusion have their own calls; the form may still set them (the office corrects by hand),
 * but a signed lead a conclusion or student was made from stays at 6 (400).
 */
function assertStatusAllowed(next: number | null | undefined, stored: number | null, converted = false): void {
  if (next === null || next === undefined || next === stored) return;
  if (!(LEAD_STATUSES_OFFERED as readonly number[]).includes(next)) throw badRequest({ lead_status_id: 'form.invalid' });
  // Signed with a conclusion or a student made from it: the contract stands, the status stays 6.
  if (stored === LEAD_STATUS.contractSigned && converted) throw badRequest({ lead_status_id: 'form.invalid' });
}

const STATUS_DE: Record<number, string> = {
  1: 'Erstkontakt', 2: 'Kein Interesse', 3: 'Wartet auf Termin', 4: 'Überprüfung', 5: 'Termin', 6: 'Vertrag abgeschlossen', 7: 'In Bearbeitung',
};
const SUGGESTION_DE: Record<number, string> = {
  1: 'Zu Infoabend oder Probetraining einladen', 2: 'Zum Probetraining einladen', 3: 'Zum Infoabend eingeladen',
  4: 'Infoabend vorbei: Teilnahme erfassen oder neu einladen', 5: 'Zum Probetraining eingeladen',
  6: 'Probetraining vorbei: Teilnahme erfassen oder neu einladen', 7: 'Wartet auf Vertrag', 8: 'Vertrag abgeschlossen',
  9: 'Probetraining einladen oder Teilnahme erfassen', 10: 'Sonstiges',
};
const STEP_DE = ['', 'eingeladen', 'vorbei', 'teilgenommen'];

/** The export's columns (German, the product's default language). */
const EXPORT_COLUMNS: ExportColumn<LeadExportRow>[] = [
  { header: 'ID', value: (r) => r.lid, type: 'int', width: 8 },
  { header: 'Erstkontakt', value: (r) => r.fc, type: 'date', width: 14 },
  { header: 'Vorname', value: (r) => r.fn, width: 18 },
  { header: 'Nachname', value: (r) => r.ln, width: 20 },
  { header: 'Firma', value: (r) => r.company, width: 20 },
  { header: 'E-Mail', value: (r) => r.em, width: 28 },
  { header: 'Telefon', value: (r) => r.p1, width: 16 },
  { header: 'Mobil', value: (r) => r.p2, width: 16 },
  { header: 'Straße', value: (r) => r.street, width: 24 },
  { header: 'Hausnummer', value: (r) => r.house_no, width: 10 },
  { header: 'PLZ', value: (r) => r.zip, width: 8 },
  { header: 'Ort', value: (r) => r.city, width: 18 },
  { header: 'Schule', value: (r) => r.sn, width: 24 },
  { header: 'Status', value: (r) => STATUS_DE[r.ls] ?? r.ls, width: 20 },
  { header: 'Vorschlag', value: (r) => SUGGESTION_DE[r.x] ?? r.x, width: 40 },
  { header: 'Infoabend', value: (r) => STEP_DE[r.ie] ?? '', width: 12 },
  { header: 'Probetraining', value: (r) => STEP_DE[r.tr] ?? '', width: 12 },
  { header: 'Quelle', value: (r) => r.lead_source ?? r.lead_source_id, width: 16 },
  { header: 'Offene Wiedervorlagen', value: (r) => r.remc, type: 'int', width: 10 },
  { header: 'Anmerkung', value: (r) => r.annotation, width: 40 },
];

/**
 * /api-lead (spec 001 §7): leads of the request's schools, their list with the suggestion
 * code and counters, the form's reads and writes, the export. Register with
 * `app.register(leadRoutes, { prefix: '/api-lead' })`. Reads need lead_r, writes lead_w,
 * deleting lead_d; a lead of another school answers 404 like a missing one. The flow calls
 * (invite, attend, no-interest, timeline) are in this domain's flow routes.
 */
export default async function leadRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/list',
    {
      config: { access: READ },
      schema: {
        summary:
          'Leads, paged, sorted and filtered in SQL (sid school, fc first-contact range, ln/fn/em prefix, q search, ls status, x suggestion code; or x beside the filters as spec 001 §7 has it); sug = counts per suggestion code for the filters without x',
        tags: ['api-lead'],
        // x beside the filters as spec 001 §7 names it (one code, or null for all).
        body: pagedListBodySchema(LEAD_LIST, { x: { type: ['integer', 'null'], enum: [...LEAD_SUGGESTIONS, null] } }),
        response: {
          ...errorResponses,
          200: {
            ...pagedListResponseSchema(leadListRowSchema),
            required: ['rows', 'pages', 'total', 'sug'],
            properties: { ...pagedListResponseSchema(leadListRowSchema).properties, sug: suggestionCountsSchema },
          },
        },
      },
    },
    async (request): Promise<LeadListResponse> => {
      const { x, ...body } = request.body as PagedListRequest & { x?: number | null };
      // The top-level x is the same filter as {id: 'x'} in filtered, and wins over it.
      const filtered = x == null ? body.filtered : [...(body.filtered ?? []).filter((f) => f.id !== 'x'), { id: 'x', value: [x] }];
      return request.scoped((tx) => listLeads(tx, { ...body, filtered }, app.now()));
    },
  );

  app.get(
    '/export-sel',
    {
      config: { access: READ },
      schema: {
        summary: `Export leads as CSV or XLSX: the selected ids, or (without ids) all the list's filters find; at most ${EXPORT_MAX_ROWS} rows`,
        tags: ['api-lead'],
        querystring: exportQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query as { format: ExportFormat; ids?: string; filtered?: string; sorted?: string };
      const target = exportTarget(query);
      const rows = await request.scoped((tx) => listLeadsForExport(tx, target, app.now(), EXPORT_MAX_ROWS));
      if (rows.length > EXPORT_MAX_ROWS) throw badRequest({ selection: 'form.too_long' });
      request.audit.action = 'export';
      request.audit.entity = 'lead';
      request.audit.detail = { format: query.format, rows: rows.length };
      return sendExport(reply, query.format, `interessenten-${exportDay(app.now())}`, EXPORT_COLUMNS, rows);
    },
  );

  app.get(
    '/data',
    {
      config: { access: { ...READ, scopedId: LEAD_BY_ID } },
      schema: {
        summary: "A lead's form fields with version, suggestion code and flow dates; its placeholder values; mi = the student it became",
        tags: ['api-lead'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: leadDataResponseSchema },
      },
    },
    async (request): Promise<LeadDataResponse> => {
      const { id } = request.query as { id: number };
      const now = app.now();
      return request.scoped(async (tx) => {
        const data = await getLead(tx, id, now);
        if (!data) throw notFound();
        const resolved = await resolveEntity(tx, { type: TEMPLATE_TARGET.lead, entityId: id, userId: request.session!.user.id, now });
        return { data, placeholders: resolved?.values ?? {}, mi: await leadMemberInfo(tx, id) };
      });
    },
  );

  app.post(
    '/data',
    {
      config: { access: WRITE },
      schema: {
        summary: 'Creates a lead (LeadForm: status 1 unless given, never a legacy 3-5; origin one a user may choose, 1 personal unless given). Idempotent (Idempotency-Key)',
        tags: ['api-lead'],
        body: leadCreateBodySchema,
        response: { ...errorResponses, ...idempotencyResponses, 200: leadCreatedSchema },
      },
    },
    async (request): Promise<LeadCreated> => {
      const form = validate(leadFormSchema, request.body);
      assertOwnSchool(request, form.school_id);
      assertStatusAllowed(form.lead_status_id, null);
      // The microsite, the network's sites and the import set their origins themselves.
      const origin = form.lead_origin_id ?? LEAD_ORIGIN.personal;
      if (!(LEAD_ORIGINS_MANUAL as readonly number[]).includes(origin)) throw badRequest({ lead_origin_id: 'form.invalid' });
      request.audit.entity = 'lead';
      request.audit.schoolId = form.school_id;
      // A double click (the same Idempotency-Key) creates one lead and answers it twice.
      const answer = await idempotentWrite<LeadCreated>(request, async (tx) => ({
        success: true,
        id: await insertLead(tx, { ...form, lead_origin_id: origin, lead_status_id: form.lead_status_id ?? LEAD_STATUS.firstContact }, request.session!.user.id),
      }));
      request.audit.entityId = answer.id;
      return answer;
    },
  );

  app.put(
    '/data',
    {
      config: { access: { ...WRITE, scopedId: LEAD_BY_ID } },
      schema: {
        summary: "Saves the lead form read with `version` (the origin stays as created; a new school takes the lead's reminders, notes, invitations and sent mails along); answers the next version, 409 {error: 9} when someone saved it meanwhile",
        tags: ['api-lead'],
        querystring: idQuerySchema,
        body: leadUpdateBodySchema,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'lead';
      request.audit.entityId = id;
      const version = await request.scoped(async (tx) => {
        // Another school's lead is a 404 before the body is looked at.
        const stored = await lockLead(tx, id);
        if (stored === null) throw notFound();
        request.audit.schoolId = stored.schoolId;
        // The origin is read-only: the stored one decides whether the first contact is required.
        const body = { ...(request.body as object), lead_origin_id: stored.originId };
        const { version: read, ...form } = validate(withVersion(leadEditSchema), body);
        assertOwnSchool(request, form.school_id);
        assertStatusAllowed(form.lead_status_id, stored.statusId, stored.converted);
        const next = await updateLead(tx, id, form, read);
        if (form.school_id !== stored.schoolId) await moveLeadChildren(tx, id, form.school_id);
        return next;
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/data',
    {
      config: { access: { ...DELETE, scopedId: LEAD_BY_ID } },
      schema: {
        summary: 'Deletes a lead with its reminders and notes; 409 {error: 72} when it became a student (status 6 or a student refers to it)',
        tags: ['api-lead'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 409: errorSchema, 200: successSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'lead';
      request.audit.entityId = id;
      const outcome = await request.scoped((tx) => deleteLead(tx, id));
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'referenced') throw new HttpError(409, { error: ERROR.leadConverted });
      return { success: true };
    },
  );
}
