import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONCLUSION_PRODUCTS,
  ERROR,
  MSG,
  conclusionSchema,
  normaliseConclusion,
  type ConclusionData,
  type ConclusionDataResponse,
  type ConclusionForm,
  type PagedListRequest,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { answeredBefore, idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import {
  CONCLUSION_LIST,
  contractNumberTaken,
  contractOptions,
  deleteConclusion,
  emptyConclusion,
  existingStudent,
  formReferences,
  getConclusion,
  insertConclusion,
  leadPrefill,
  listConclusions,
  mandateRefUsedByContract,
  markLeadSigned,
  networkContractOptions,
  studentPrefill,
  updateConclusion,
} from './repository.js';
import { conclusionBodySchema, conclusionDataResponseSchema, conclusionRowSchema, createdSchema, dataQuerySchema } from './schemas.js';

/*
 * /api-conclusion (spec 000 §2-8): the list, one conclusion (or a new one prefilled from a
 * student or a lead), its writes by the regular form (/data) and the paper form (/legacy),
 * and delete. Activation, the pre-student and the PDFs are further plugins of this domain.
 *
 * Atoms (spec 001 §6): conclusion_r lists and reads, conclusion_w creates and changes,
 * conclusion_d deletes. A conclusion of another school is 404; a body naming a school that is
 * not the user's (or an account, template or lead of another school) is 400 with the field.
 *
 * Refusals of a save (nothing written): 400 {error: 4, fields} (the form's rules,
 * conclusionSchema with the installation's country), 400 {error: 1006} contract number used
 * (in any school), 400 {error: 1005} the person is a student of the school already (unless
 * the body says confirm_existing: true), 400 {error: 61} mandate reference used with the
 * account, 400 {error: 60} the conclusion is activated (also for DELETE), 409 {error: 9} stale
 * version. Saving with a lead sets the lead to status 6 (contract signed) and notes it in the
 * lead's timeline, in the same transaction. A conclusion opened for a student (student_id of
 * GET /data?sid, a student of the school) keeps that student: no 1005 for its own person, and
 * its activation adds the contract to that student instead of making a new one.
 */

const scopedId = { in: 'query', name: 'id', resource: 'conclusion' } as const;

const activated = () => new HttpError(400, { error: ERROR.conclusionActivated });
const contractNumberInUse = () => new HttpError(400, { error: ERROR.contractNumberInUse, fields: { contract_no: MSG.invalid } });
const mandateRefInUse = () => new HttpError(400, { error: ERROR.mandateRefInUse, fields: { sepa_mandate_ref: MSG.invalid } });

/** A unique index of migration 084 refused the write: the same answers as the checks before it. */
function uniqueRefusal(error: unknown): unknown {
  const { code, message, constraint } = error as { code?: string; message?: string; constraint?: string };
  if (code !== '23505') return error;
  const name = constraint ?? message ?? '';
  if (name.includes('conclusions_contract_no_key')) return contractNumberInUse();
  if (name.includes('conclusions_mandate_ref_key')) return mandateRefInUse();
  return error;
}

type SaveBody = ConclusionForm & { confirm_existing?: boolean };

export default async function conclusionRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-conclusion'];
  const country = app.config.country;

  /**
   * The body as the form's schema casts it, for the user's school, with switched-off blocks
   * emptied; `student_id` stays in the form for the scope check (formReferences).
   */
  function formOf(request: FastifyRequest, body: unknown, paper: boolean): { form: ConclusionForm; confirmed: boolean } {
    const { confirm_existing: confirmed, ...form } = validate(conclusionSchema({ country, paper }), body) as SaveBody;
    if (!request.scope.schoolIds.includes(form.school_id)) throw badRequest({ school_id: MSG.invalid });
    return { form: normaliseConclusion(form, country), confirmed: confirmed === true };
  }

  /** 1006 before the write: the number of another school's conclusion counts too. */
  async function checkContractNumber(form: ConclusionForm, exceptConclusion: number | null): Promise<void> {
    if (form.contract_no && (await contractNumberTaken(app.db, form.contract_no, exceptConclusion))) throw contractNumberInUse();
  }

  /** The checks that need the user's rows: references of the school, mandate reference, existing student. */
  async function checkInScope(tx: Queryable, form: ConclusionForm, confirmed: boolean, studentId: number | null): Promise<void> {
    const refs = await formReferences(tx, form);
    const fields: Record<string, string> = {};
    if (refs.accountSchool !== form.school_id) fields.account_id = MSG.invalid;
    if (refs.templateSchool !== form.school_id) fields.c_contract_id = MSG.invalid;
    // The network's contracts of the school's country only (spec 000 §4).
    if (refs.networkCountry === null || refs.networkCountry !== refs.schoolCountry) fields.ec_contract_id = MSG.invalid;
    if (form.lead_id !== null && refs.lead?.school_id !== form.school_id) fields.lead_id = MSG.invalid;
    // The student a conclusion is opened for is one of the school's (RLS hides the others).
    if (form.student_id != null && refs.studentSchool !== form.school_id) fields.student_id = MSG.invalid;
    if (Object.keys(fields).length) throw badRequest(fields);
    if (form.sepa_mandate_ref && (await mandateRefUsedByContract(tx, form.account_id, form.sepa_mandate_ref))) throw mandateRefInUse();
    if (!confirmed && (await existingStudent(tx, form, studentId))) throw new HttpError(400, { error: ERROR.studentExists });
  }

  async function noteLead(tx: Queryable, request: FastifyRequest, form: ConclusionForm): Promise<void> {
    if (form.lead_id === null) return;
    const number = form.contract_no ? ` (Vertragsnummer ${form.contract_no})` : '';
    await markLeadSigned(tx, {
      leadId: form.lead_id,
      schoolId: form.school_id,
      authorId: request.session!.user.id,
      text: `Vertrag abgeschlossen: Anmeldung für ${form.firstname} ${form.lastname}${number} gespeichert.`,
    });
  }

  app.post(
    '/list',
    {
      config: { access: { atoms: ['conclusion_r'] } },
      schema: {
        summary: 'Conclusions of the request\'s schools, paged, newest first (filters: fn, ln prefix; sid; po; act)',
        tags,
        body: pagedListBodySchema(CONCLUSION_LIST),
        response: { ...errorResponses, 200: pagedListResponseSchema(conclusionRowSchema) },
      },
    },
    async (request) => request.scoped((tx) => listConclusions(tx, request.body as PagedListRequest)),
  );

  app.get(
    '/data',
    {
      config: { access: { atoms: ['conclusion_r'], scopedId } },
      schema: {
        summary:
          'A conclusion (id, with its version) or a new form prefilled from a student (sid) and/or a lead (lid); with the ' +
          'school contract templates, the products and the network contracts the form offers',
        tags,
        querystring: dataQuerySchema,
        response: { ...errorResponses, 200: conclusionDataResponseSchema },
      },
    },
    async (request): Promise<ConclusionDataResponse> => {
      const { id, sid, lid } = request.query as { id?: number; sid?: number; lid?: number };
      return request.scoped(async (tx) => {
        let data: ConclusionData;
        if (id !== undefined) {
          const found = await getConclusion(tx, id);
          if (!found) throw notFound();
          data = found;
        } else {
          data = { ...emptyConclusion(), country_iso: country };
          if (lid !== undefined) {
            const lead = await leadPrefill(tx, lid);
            if (!lead) throw notFound();
            data = { ...data, ...lead };
          }
          if (sid !== undefined) {
            const student = await studentPrefill(tx, sid);
            if (!student) throw notFound();
            // The student's own data wins; what it lacks keeps the lead's value.
            for (const [key, value] of Object.entries(student)) if (value !== null) (data as Record<string, unknown>)[key] = value;
          }
        }
        const [contracts, networkContracts] = [await contractOptions(tx), await networkContractOptions(tx)];
        return { data, contracts, products: [...CONCLUSION_PRODUCTS], network_contracts: networkContracts, country };
      });
    },
  );

  /** POST /data and /legacy: a new conclusion by the regular or the paper form. */
  function registerCreate(path: string, paper: boolean): void {
    app.post(
      path,
      {
        config: { access: { atoms: ['conclusion_w'] } },
        schema: {
          summary: `Create a conclusion (${paper ? 'paper form: contract number required, po set' : 'regular form'}); idempotent with an Idempotency-Key`,
          tags,
          body: conclusionBodySchema,
          response: { ...errorResponses, ...idempotencyResponses, 200: createdSchema },
        },
      },
      async (request) => {
        const { form, confirmed } = formOf(request, request.body, paper);
        request.audit.entity = 'conclusion';
        request.audit.schoolId = form.school_id;
        try {
          await checkContractNumber(form, null);
        } catch (error) {
          // A repeat of a saved request (same Idempotency-Key) finds its own number: it answers
          // the first answer (a key used for another request: 422).
          const replay = await answeredBefore(request);
          if (replay) return replay;
          throw error;
        }
        const user = request.session!.user;
        const createdByName = `${user.firstname} ${user.lastname}`.trim() || user.username;
        const answer = await idempotentWrite(request, async (tx) => {
          // Opened for a student (GET /data?sid): that student is the person, not a duplicate (1005).
          const studentId = form.student_id ?? null;
          await checkInScope(tx, form, confirmed, studentId);
          const saved = await insertConclusion(tx, form, { paper, createdBy: user.id, createdByName, studentId }).catch((error: unknown) => {
            throw uniqueRefusal(error);
          });
          await noteLead(tx, request, form);
          return { success: true as const, id: saved.id, version: saved.version };
        });
        request.audit.entityId = answer.id;
        return answer;
      },
    );
  }

  /** PUT /data?id and /legacy?id: a conclusion that is not activated, read with `version`. */
  function registerUpdate(path: string, paper: boolean): void {
    app.put(
      path,
      {
        config: { access: { atoms: ['conclusion_w'], scopedId } },
        schema: {
          summary: `Update a conclusion by the ${paper ? 'paper' : 'regular'} form; sent with the \`version\` read (409 {error: 9} when stale); 400 {error: 60} once activated`,
          tags,
          querystring: idQuerySchema,
          body: withVersionBody(conclusionBodySchema),
          response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
        },
      },
      async (request) => {
        const { id } = request.query as { id: number };
        request.audit.entity = 'conclusion';
        request.audit.entityId = id;
        // Another school's conclusion is 404 whatever the body says.
        if (!(await request.scoped((tx) => getConclusion(tx, id)))) throw notFound();
        const { version: read, ...body } = request.body as { version: number };
        const { form, confirmed } = formOf(request, body, paper);
        request.audit.schoolId = form.school_id;
        await checkContractNumber(form, id);
        return request.scoped(async (tx) => {
          const current = await getConclusion(tx, id, true);
          if (!current) throw notFound();
          if (current.activated_at) throw activated();
          // The student it was opened for stays (activation adds the contract to that one).
          if (form.student_id !== undefined && form.student_id !== current.student_id) throw badRequest({ student_id: MSG.invalid });
          await checkInScope(tx, form, confirmed, current.student_id);
          const version = await updateConclusion(tx, id, form, read).catch((error: unknown) => {
            throw uniqueRefusal(error);
          });
          if (form.lead_id !== null && form.lead_id !== current.lead_id) await noteLead(tx, request, form);
          return { success: true as const, version };
        });
      },
    );
  }

  registerCreate('/data', false);
  registerUpdate('/data', false);
  registerCreate('/legacy', true);
  registerUpdate('/legacy', true);

  app.delete(
    '/data',
    {
      config: { access: { atoms: ['conclusion_d'], scopedId } },
      schema: {
        summary: 'Delete a conclusion that is not activated (400 {error: 60} once activated)',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'conclusion';
      request.audit.entityId = id;
      return request.scoped(async (tx) => {
        const current = await getConclusion(tx, id, true);
        if (!current) throw notFound();
        if (current.activated_at) throw activated();
        request.audit.schoolId = current.school_id ?? undefined;
        await deleteConclusion(tx, id);
        return { success: true as const };
      });
    },
  );
}
