import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  STUDENT_DOCUMENT_TYPE_LETTER,
  TEMPLATE_TARGET,
  cancellationLetterSchema,
  cancellationRequestSchema,
  studentContractSchema,
  withVersion,
  type Atom,
  type CancellationAnswer,
  type CancellationFormData,
  type CancellationLetterAnswer,
  type CancellationProposal,
  type StudentContractCreated,
  type StudentContractList,
  type StudentContractOptions,
  type StudentContractSingle,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { confirmFiles, reserveFileKeys } from '../../files/file-intents.js';
import { contentDisposition } from '../../files/index.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { assertVersion, savedWithVersionSchema, versionConflictResponses } from '../../lib/record-version.js';
import { errorResponses, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { SYSTEM_TEMPLATES } from '../templates/system-templates.js';
import { widgetTemplates } from '../templates/repository.js';
import { insertStudentDocument } from '../students/files-repository.js';
import { cancellationLetter, isoDay } from './letters.js';
import {
  applyCancellation,
  contractOptions,
  deleteContract,
  getContract,
  insertContract,
  isCancellable,
  listContracts,
  lockContract,
  lockStudentForContracts,
  proposalFor,
  readStudent,
  screenDate,
  updateContract,
  withdrawCancellation,
} from './repository.js';
import {
  cancelQuery,
  cancellationBody,
  cancellationLetterBody,
  cancellationOut,
  contractBody,
  contractOut,
  contractRowOut,
  contractUpdateBody,
  cpQuery,
  proposalOut,
  proposalQuery,
  skipInfoOut,
  stidIdQuery,
  stidOptionalIdQuery,
  stidQuery,
  versionBody,
} from './schemas.js';
import { readSkipInfo } from './skip.js';

/** Permissions of spec 000 §6. */
const READ = { atoms: ['finance_r'] as Atom[] };
const CONTRACT_WRITE = { atoms: ['student_w', 'finance_w'] as Atom[] };
const CANCEL = { atoms: ['student_w'] as Atom[] };
const REMOVE = { atoms: ['finance_d'] as Atom[] };

const STUDENT_BY_STID = { in: 'query' as const, name: 'stid', resource: 'student' };
const CONTRACT_BY_ID = { in: 'query' as const, name: 'id', resource: 'student_contract' };
const CONTRACT_BY_STCID = { in: 'query' as const, name: 'stcid', resource: 'student_contract' };

type StudentRef = { id: number; schoolId: number };

/**
 * The student contracts of the student detail's contracts tab and the cancellation letter
 * (spec 000 §2-4, §6-7; 001 §3, §5; 002 §2.1; issue 13). Register with
 * `app.register(studentContractRoutes, { prefix: '/api-student' })`. Another school's student
 * or contract answers 404 like a missing one; writes are versioned (409 {error: 9}) and the
 * POSTs idempotent (Idempotency-Key).
 */
export default async function studentContractRoutes(app: FastifyInstance): Promise<void> {
  const userId = (request: FastifyRequest) => request.session!.user.id;

  /** The student (locked), or 404; sets the audit's school. */
  const lockStudent = async (tx: Queryable, request: FastifyRequest, stid: number) => {
    const student = await lockStudentForContracts(tx, stid);
    if (!student) throw notFound();
    request.audit.schoolId = student.school_id;
    return { ref: { id: stid, schoolId: student.school_id } as StudentRef, student };
  };

  app.get<{ Querystring: { stid: number } }>(
    '/contracts',
    {
      config: { access: { ...READ, scopedId: STUDENT_BY_STID } },
      schema: {
        summary: "The lists of the contract form for the student's school: school contract templates, bank accounts, the network's contracts of the school's country, products",
        tags: ['api-student'],
        querystring: stidQuery,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['contracts', 'accounts', 'network_contracts', 'products'],
            properties: {
              contracts: { type: 'array', items: { type: 'object', additionalProperties: true } },
              accounts: { type: 'array', items: { type: 'object', additionalProperties: true } },
              network_contracts: { type: 'array', items: { type: 'object', additionalProperties: true } },
              products: { type: 'array', items: { type: 'integer' } },
            },
          },
        },
      },
    },
    async (request): Promise<StudentContractOptions> =>
      request.scoped(async (tx) => {
        const student = await readStudent(tx, request.query.stid);
        if (!student) throw notFound();
        return contractOptions(tx, student.school_id);
      }),
  );

  app.get<{ Querystring: { stid: number; id?: number } }>(
    '/sc',
    {
      config: { access: { ...READ, scopedId: STUDENT_BY_STID } },
      schema: {
        summary:
          "Without id: the student's contracts (data: rows, newest start first; skip: whether skip-fee is offered, false for member statuses in DISABLED_MEMBER_STATUSES). With id: one contract as the form edits it with its version (data) and its next skippable period (skip)",
        tags: ['api-student'],
        querystring: stidOptionalIdQuery,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['data', 'skip'],
            properties: { data: { anyOf: [{ type: 'array', items: contractRowOut }, contractOut] }, skip: { anyOf: [{ type: 'boolean' }, skipInfoOut] } },
          },
        },
      },
    },
    async (request): Promise<StudentContractList | StudentContractSingle> => {
      const { stid, id } = request.query;
      return request.scoped(async (tx) => {
        const student = await readStudent(tx, stid);
        if (!student) throw notFound();
        const disabled = student.e_member_status_id !== null && app.config.disabledMemberStatuses.includes(student.e_member_status_id);
        if (id === undefined) return { data: await listContracts(tx, stid), skip: !disabled };
        const contract = await getContract(tx, stid, id);
        if (!contract) throw notFound();
        return { data: contract, skip: await readSkipInfo(tx, contract, disabled) };
      });
    },
  );

  app.post<{ Querystring: { stid: number } }>(
    '/sc',
    {
      config: { access: { ...CONTRACT_WRITE, scopedId: STUDENT_BY_STID } },
      schema: {
        summary:
          'Add a contract to the student (the form; SEPA data required with payment method 1; template and account of the student\'s school). Idempotent (Idempotency-Key). 409 {error: 61} mandate reference used on the account',
        tags: ['api-student'],
        querystring: stidQuery,
        body: contractBody,
        response: {
          ...errorResponses,
          ...idempotencyResponses,
          409: errorResponses[400],
          200: { type: 'object', required: ['success', 'id', 'version'], properties: { success: { type: 'boolean', enum: [true] }, id: { type: 'integer' }, version: { type: 'integer' } } },
        },
      },
    },
    async (request): Promise<StudentContractCreated> => {
      request.audit.entity = 'student_contract';
      const created = await idempotentWrite(request, async (tx) => {
        // Another school's student is 404 whatever the body holds.
        const { ref } = await lockStudent(tx, request, request.query.stid);
        const form = validate(studentContractSchema, request.body);
        // Payments are always in the installation's currency: receipts in another could never
        // be paid, and the balance would add them to it.
        if (form.currency !== app.config.currency) throw badRequest({ currency: 'form.invalid' });
        const row = await insertContract(tx, ref, form, userId(request));
        return { success: true as const, id: row.id, version: row.version };
      });
      request.audit.entityId = created.id;
      return created;
    },
  );

  app.put<{ Querystring: { stid: number; id: number }; Body: { version: number } }>(
    '/sc',
    {
      config: { access: { ...CONTRACT_WRITE, scopedId: CONTRACT_BY_ID } },
      schema: {
        summary: 'Change a contract (the form fields; the cancellation has its own calls). 409 {error: 9} stale version, {error: 61} mandate reference used',
        tags: ['api-student'],
        querystring: stidIdQuery,
        body: contractUpdateBody,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      request.audit.entity = 'student_contract';
      request.audit.entityId = request.query.id;
      const next = await request.scoped(async (tx) => {
        // Another school's student or contract is 404 whatever the body holds.
        const { ref } = await lockStudent(tx, request, request.query.stid);
        const current = await getContract(tx, request.query.stid, request.query.id);
        if (!current) throw notFound();
        const { version, ...form } = validate(withVersion(studentContractSchema), request.body);
        // Another currency than the installation's only as the contract already has it (imported).
        if (form.currency !== app.config.currency && form.currency !== current.currency) throw badRequest({ currency: 'form.invalid' });
        return updateContract(tx, ref, request.query.id, form, version);
      });
      return { success: true, version: next };
    },
  );

  app.delete<{ Querystring: { stid: number; id: number } }>(
    '/sc',
    {
      config: { access: { ...REMOVE, scopedId: CONTRACT_BY_ID } },
      schema: {
        summary:
          'Delete a contract (finance_d). Refused with 409 {error: 75} once receipts were made for it: the receipts are the books and keep their contract; cancel it or set it inactive instead',
        tags: ['api-student'],
        querystring: stidIdQuery,
        response: { ...errorResponses, 409: errorResponses[400], 200: successSchema },
      },
    },
    async (request) => {
      request.audit.entity = 'student_contract';
      request.audit.entityId = request.query.id;
      await request.scoped(async (tx) => {
        const { ref } = await lockStudent(tx, request, request.query.stid);
        await deleteContract(tx, ref, request.query.id, userId(request));
      });
      return { success: true };
    },
  );

  // ---- cancellation ---------------------------------------------------------------------------

  app.get<{ Querystring: { stid: number; stcid: number; dc?: string } }>(
    '/cancel',
    {
      config: { access: { anyAtom: ['finance_r', 'student_w'], scopedId: CONTRACT_BY_STCID } },
      schema: {
        summary:
          "The cancellation proposal: for a cancellation received on dc (default today) the effective date from the contract's terms (minimum term and its cancellation period, then the follow-up terms and theirs, from the start); dce null with error 70 when the terms are missing or faulty",
        tags: ['api-student'],
        querystring: proposalQuery,
        response: { ...errorResponses, 200: proposalOut },
      },
    },
    async (request): Promise<CancellationProposal> => {
      const { stid, stcid } = request.query;
      const dc = request.query.dc ?? isoDay(app.now());
      return request.scoped(async (tx) => {
        const contract = await getContract(tx, stid, stcid);
        if (!contract) throw notFound();
        const proposal = proposalFor(contract, dc);
        return {
          stcid, dc, dce: proposal?.dce ?? null, deadline: proposal?.deadline ?? null,
          error: proposal ? null : 70, version: contract.version,
        };
      });
    },
  );

  app.post<{ Querystring: { stid: number; stcid: number } }>(
    '/cancel',
    {
      config: { access: { ...CANCEL, scopedId: CONTRACT_BY_STCID } },
      schema: {
        summary:
          'Cancel a contract (student_w): cancellation date dc, effective date dce (omitted or null: the proposal from the terms, 400 {error: 70} when none can be made); the contract ends on dce (status 3), the student goes from active to cancellation pending, a type-4 note. 409 {error: 69} not cancellable (only cs 1 without a cancellation date), {error: 9} stale version. Idempotent (Idempotency-Key)',
        tags: ['api-student'],
        querystring: cancelQuery,
        body: cancellationBody,
        response: { ...errorResponses, ...versionConflictResponses, ...idempotencyResponses, 200: cancellationOut },
      },
    },
    async (request): Promise<CancellationAnswer> => {
      const body = validate(cancellationRequestSchema, request.body);
      request.audit.entity = 'student_contract';
      request.audit.entityId = request.query.stcid;
      request.audit.action = 'cancel';
      return idempotentWrite(request, async (tx) => {
        const { ref } = await lockStudent(tx, request, request.query.stid);
        const contract = await lockContract(tx, ref.id, request.query.stcid, body.version);
        const done = await applyCancellation(tx, ref, contract, { dc: body.dc, dce: body.dce, userId: userId(request) });
        return { success: true as const, version: done.version, cd: done.cd, dce: done.dce };
      });
    },
  );

  app.put<{ Querystring: { stid: number; id: number }; Body: { version: number } }>(
    '/swd',
    {
      config: { access: { ...CANCEL, scopedId: CONTRACT_BY_ID } },
      schema: {
        summary:
          'Withdraw the cancellation (student_w): cancellation date and contract end reset, the contract active again, the student back from cancellation pending, a type-4 note. 409 {error: 71} when the contract is not cancelled, {error: 9} stale version',
        tags: ['api-student'],
        querystring: stidIdQuery,
        body: versionBody,
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      request.audit.entity = 'student_contract';
      request.audit.entityId = request.query.id;
      request.audit.action = 'withdraw_cancellation';
      const version = await request.scoped(async (tx) => {
        const { ref } = await lockStudent(tx, request, request.query.stid);
        return withdrawCancellation(tx, ref, request.query.id, request.body.version, userId(request));
      });
      return { success: true, version };
    },
  );

  app.post<{ Querystring: { scid: number; id: number } }>(
    '/cp',
    {
      config: { access: { ...CONTRACT_WRITE, scopedId: CONTRACT_BY_ID } },
      schema: {
        summary:
          "Print the cancellation confirmation (scid: the student, id: the contract) as PDF: the system template rep_memb_canc filled for the contract on the school's letterhead, to the invoice address when there is one. 409 {error: 71} when the contract is not cancelled",
        tags: ['api-student'],
        querystring: cpQuery,
        response: { ...errorResponses, 409: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const { scid, id } = request.query;
      request.audit.entity = 'student_contract';
      request.audit.entityId = id;
      request.audit.action = 'print';
      const letter = await request.scoped(async (tx) => {
        const contract = await getContract(tx, scid, id);
        if (!contract) throw notFound();
        request.audit.schoolId = contract.school_id;
        if (contract.cancel_date === null) throw new HttpError(409, { error: 71 });
        // The resolver's address: the invoice address when there is one (address type 1).
        return cancellationLetter(tx, app.files, { studentId: scid, contractId: id, userId: userId(request), now: app.now(), sati: 1 });
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(letter.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(letter.pdf);
    },
  );

  // ---- the cancellation letter form (/m-student/cancellation/{stid}) --------------------------

  app.get<{ Querystring: { stid: number } }>(
    '/cancellation',
    {
      config: { access: { anyAtom: ['finance_r', 'student_w'], scopedId: STUDENT_BY_STID } },
      schema: {
        summary: "What the cancellation letter form offers: the student's cancellable contracts (cs 1 without a cancellation date) and the templates (rep_memb_canc and the school's templates for students and student contracts)",
        tags: ['api-student'],
        querystring: stidQuery,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['stid', 'firstname', 'lastname', 'contracts', 'templates'],
            properties: {
              stid: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' },
              contracts: { type: 'array', items: contractRowOut },
              templates: { type: 'array', items: { type: 'object', required: ['key', 'name'], properties: { key: { type: 'string' }, name: { type: 'string' } } } },
            },
          },
        },
      },
    },
    async (request): Promise<CancellationFormData> =>
      request.scoped(async (tx) => {
        const student = await readStudent(tx, request.query.stid);
        if (!student) throw notFound();
        const rows = await listContracts(tx, request.query.stid);
        const custom = [
          ...(await widgetTemplates(tx, TEMPLATE_TARGET.studentContract, student.school_id)),
          ...(await widgetTemplates(tx, TEMPLATE_TARGET.student, student.school_id)),
        ];
        return {
          stid: request.query.stid,
          firstname: student.firstname,
          lastname: student.lastname,
          contracts: rows.filter((row) => isCancellable({ status: row.cs, cancel_date: row.cd })),
          templates: [
            { key: 'rep_memb_canc', name: SYSTEM_TEMPLATES.rep_memb_canc.name.de },
            ...custom.map((t) => ({ key: String(t.base), name: t.n })),
          ],
        };
      }),
  );

  app.post<{ Querystring: { stid: number } }>(
    '/cancellation',
    {
      config: { access: { ...CANCEL, scopedId: STUDENT_BY_STID } },
      schema: {
        summary:
          "Save the cancellation letter form (student_w): cancels the contract sc (dc, dce), renders the confirmation letter with the template tmpl (default rep_memb_canc) to the address type sati (default 4, the main address), stores it in the student's documents (tid 2) and records a type-4 note, in one transaction. 409 {error: 69} not cancellable, {error: 9} stale version; 400 {error: 50} placeholders the resolver does not know. Idempotent (Idempotency-Key)",
        tags: ['api-student'],
        querystring: stidQuery,
        body: cancellationLetterBody,
        response: {
          ...errorResponses,
          ...versionConflictResponses,
          ...idempotencyResponses,
          200: {
            type: 'object',
            required: ['success', 'version', 'cd', 'dce', 'document', 'note_id'],
            properties: {
              success: { type: 'boolean', enum: [true] }, version: { type: 'integer' }, cd: { type: 'string' }, dce: { type: 'string' },
              document: { type: 'object', required: ['id', 'tid', 'n'], properties: { id: { type: 'integer' }, tid: { type: 'integer' }, n: { type: 'string' } } },
              note_id: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request): Promise<CancellationLetterAnswer> => {
      const form = validate(cancellationLetterSchema, request.body);
      const stid = request.query.stid;
      request.audit.entity = 'student_contract';
      request.audit.entityId = form.sc;
      request.audit.action = 'cancel';
      let storedKey: string | null = null;
      let storedDocument: number | null = null;
      // The letter is rendered inside the transaction, but its write intent must be committed
      // before it (app.db inside waits forever on PGlite): the key is reserved up front.
      const [letterKey] = await reserveFileKeys(app, 1);
      try {
        const answer = await idempotentWrite(request, async (tx) => {
          const { ref } = await lockStudent(tx, request, stid);
          const contract = await lockContract(tx, stid, form.sc);
          assertVersion(contract.version, form.version);
          const done = await applyCancellation(tx, ref, contract, {
            dc: form.dc,
            dce: form.dce,
            userId: userId(request),
            note: `Kündigung${contract.contract_no ? ` des Vertrags ${contract.contract_no}` : ''} am ${screenDate(form.dc)} zum ${screenDate(form.dce)}; Kündigungsbestätigung erstellt (Dokumente)`,
          });
          const letter = await cancellationLetter(tx, app.files, { studentId: stid, contractId: form.sc, userId: userId(request), now: app.now(), tmpl: form.tmpl, sati: form.sati });
          // A repeated attempt writes the same key again (the put overwrites).
          storedKey = await app.files.put(letter.pdf, letterKey!);
          await confirmFiles(tx, [storedKey]);
          const document = await insertStudentDocument(tx, {
            schoolId: ref.schoolId, studentId: stid, tid: STUDENT_DOCUMENT_TYPE_LETTER, name: letter.fileName, ext: 'pdf',
            mime: 'application/pdf', size: letter.pdf.length, fileKey: storedKey, receivedAt: isoDay(app.now()), userId: userId(request),
          });
          storedDocument = document.id;
          return { success: true as const, version: done.version, cd: done.cd, dce: done.dce, document: { id: document.id, tid: document.tid, n: document.n }, note_id: done.noteId };
        });
        // A repeat answered the first request's letter: the one made meanwhile was rolled back.
        if (answer.document.id !== storedDocument) await app.files.removeQuietly([storedKey]);
        return answer;
      } catch (error) {
        await app.files.removeQuietly([storedKey]);
        throw error;
      }
    },
  );
}
