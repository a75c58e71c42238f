import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  UPCOMING_REMINDER_DAYS,
  UPCOMING_REMINDER_LIMIT,
  reminderSchema,
  withVersion,
  type PagedListRequest,
  type ReminderForm,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import {
  REMINDER_LIST,
  deleteReminder,
  getReminder,
  insertReminder,
  leadSchool,
  listReminders,
  listUpcomingReminders,
  maySeeSchool,
  updateReminder,
  type ReminderWrite,
} from './repository.js';
import { studentSchool } from '../students/repository.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';

const upcomingReminderSchema = {
  type: 'object',
  required: ['reminder_id', 'date_created', 'date_deadline', 'subject', 'notes', 'username', 'school_id'],
  properties: {
    reminder_id: { type: 'integer' },
    date_created: { type: 'string', format: 'date-time' },
    date_deadline: { type: 'string', format: 'date' },
    subject: { type: 'string' },
    notes: { type: 'string' },
    username: { type: 'string' },
    student_id: { type: ['integer', 'null'] },
    lead_id: { type: ['integer', 'null'] },
    delegated_to: { type: ['integer', 'null'] },
    delegated_username: { type: ['string', 'null'] },
    ref_name: { type: ['string', 'null'] },
    school_id: { type: 'integer' },
  },
} as const;

const reminderRowSchema = {
  type: 'object',
  required: ['reminder_id', 'date_created', 'date_deadline', 'subject', 'notes', 'username', 'date_done', 'user_done', 'school_id'],
  properties: {
    ...upcomingReminderSchema.properties,
    date_done: { type: ['string', 'null'], format: 'date-time' },
    user_done: { type: ['string', 'null'] },
    version: { type: 'integer' },
  },
} as const;

const optionalId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

const reminderBodySchema = {
  type: 'object',
  required: ['date_deadline', 'subject'],
  additionalProperties: false,
  properties: {
    date_deadline: { type: 'string', format: 'near-date' },
    subject: { type: 'string', maxLength: 1000 },
    notes: { type: 'string', maxLength: 20_000 },
    student_id: optionalId,
    lead_id: optionalId,
    school_id: optionalId,
    delegated_to: optionalId,
    done: { type: 'boolean' },
  },
} as const;

const REMINDER_BY_ID = { in: 'query' as const, name: 'id', resource: 'reminder' };

/**
 * The school a reminder belongs to: the student's or the lead's (which must be visible), else
 * the given school (which must be one the request may touch). Attaching a student needs
 * student_r, a lead lead_r (403). Delegates must be enabled users
 * who see that school.
 * Bad references answer 400 naming the field.
 */
async function reminderWrite(tx: Queryable, request: FastifyRequest, form: ReminderForm): Promise<ReminderWrite> {
  // A reminder on a student or a lead is part of that record: only who may read it may attach one.
  const atoms = request.session!.atoms;
  if ((form.student_id && !atoms.includes('student_r')) || (form.lead_id && !atoms.includes('lead_r'))) throw forbidden();
  let schoolId: number | null = null;
  if (form.student_id) {
    schoolId = await studentSchool(tx, form.student_id);
    if (schoolId === null) throw badRequest({ student_id: 'form.invalid' });
  }
  if (form.lead_id) {
    const leadSchoolId = await leadSchool(tx, form.lead_id);
    if (leadSchoolId === null || (schoolId !== null && leadSchoolId !== schoolId)) throw badRequest({ lead_id: 'form.invalid' });
    schoolId = leadSchoolId;
  }
  if (schoolId === null) {
    if (!form.school_id || !request.scope.schoolIds.includes(form.school_id)) throw badRequest({ school_id: 'form.invalid' });
    schoolId = form.school_id;
  }
  if (form.delegated_to && !(await maySeeSchool(tx, form.delegated_to, schoolId))) throw badRequest({ delegated_to: 'form.invalid' });
  return {
    schoolId,
    dateDeadline: form.date_deadline,
    subject: form.subject,
    notes: form.notes ?? '',
    studentId: form.student_id ?? null,
    leadId: form.lead_id ?? null,
    delegatedTo: form.delegated_to ?? null,
  };
}

/**
 * A reminder's student or lead name is part of that record: users without student_r / lead_r
 * see the reminder (it is theirs to do) but not whose it is beyond the reference id.
 */
function withVisibleReference<T extends { student_id: number | null; lead_id: number | null; ref_name: string | null }>(request: FastifyRequest, row: T): T {
  const atoms = request.session!.atoms;
  if ((row.student_id && !atoms.includes('student_r')) || (!row.student_id && row.lead_id && !atoms.includes('lead_r'))) return { ...row, ref_name: null };
  return row;
}

/**
 * /api-reminder (spec 001 §7): reminders of the request's schools. Register with
 * `app.register(reminderRoutes, { prefix: '/api-reminder' })`.
 */
export default async function reminderRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/upcoming',
    {
      config: { access: { atoms: ['reminder_r'] } },
      schema: {
        summary: `Open reminders due within ${UPCOMING_REMINDER_DAYS} days or overdue, most urgent first (at most ${UPCOMING_REMINDER_LIMIT})`,
        tags: ['api-reminder'],
        response: { ...errorResponses, 200: { type: 'array', items: upcomingReminderSchema } },
      },
    },
    async (request) => {
      const now = request.server.now();
      const rows = await request.scoped((tx) => listUpcomingReminders(tx, now));
      return rows.map((row) => withVisibleReference(request, row));
    },
  );
  app.post(
    '/list',
    {
      config: { access: { atoms: ['reminder_r'] } },
      schema: {
        summary: 'Reminders, paged (done: false open only, true done only, omitted all; filters student_id, lead_id, subject prefix)',
        tags: ['api-reminder'],
        body: pagedListBodySchema(REMINDER_LIST, { done: { type: 'boolean' } }),
        response: { ...errorResponses, 200: pagedListResponseSchema(reminderRowSchema) },
      },
    },
    async (request) => {
      const { done, ...paging } = request.body as PagedListRequest & { done?: boolean };
      const page = await request.scoped((tx) => listReminders(tx, paging, done));
      return { ...page, rows: page.rows.map((row) => withVisibleReference(request, row)) };
    },
  );

  app.get(
    '/data',
    {
      config: { access: { atoms: ['reminder_r'], scopedId: REMINDER_BY_ID } },
      schema: {
        summary: 'One reminder',
        tags: ['api-reminder'],
        querystring: idQuerySchema,
        response: { ...errorResponses, 200: reminderRowSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const reminder = await request.scoped((tx) => getReminder(tx, id));
      if (!reminder) throw notFound();
      return withVisibleReference(request, reminder);
    },
  );

  app.post(
    '/data',
    {
      config: { access: { atoms: ['reminder_w'] } },
      schema: {
        summary: 'Creates a reminder (for a student, a lead or a school). Idempotent (Idempotency-Key: a double click makes one)',
        tags: ['api-reminder'],
        body: reminderBodySchema,
        response: { ...errorResponses, ...idempotencyResponses, 200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const form = validate(reminderSchema, request.body);
      request.audit.entity = 'reminder';
      const answer = await idempotentWrite(request, async (tx) => {
        const write = await reminderWrite(tx, request, form);
        request.audit.schoolId = write.schoolId;
        return { id: await insertReminder(tx, write, request.session!.user.id, form.done === true) };
      });
      request.audit.entityId = answer.id;
      return answer;
    },
  );

  app.put(
    '/data',
    {
      config: { access: { atoms: ['reminder_w'], scopedId: REMINDER_BY_ID } },
      schema: {
        summary:
          'Changes a reminder read with `version` (done: true marks it done now, false reopens it); answers the next version, 409 {error: 9} when someone saved it meanwhile',
        tags: ['api-reminder'],
        querystring: idQuerySchema,
        body: withVersionBody(reminderBodySchema),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'reminder';
      const version = await request.scoped(async (tx) => {
        if (!(await getReminder(tx, id))) throw notFound();
        const { version: read, ...form } = validate(withVersion(reminderSchema), request.body);
        const write = await reminderWrite(tx, request, form);
        request.audit.schoolId = write.schoolId;
        return updateReminder(tx, id, write, request.session!.user.id, form.done === true, read);
      });
      return { success: true, version };
    },
  );

  app.delete(
    '/data',
    {
      config: { access: { atoms: ['reminder_d'], scopedId: REMINDER_BY_ID } },
      schema: { summary: 'Deletes a reminder', tags: ['api-reminder'], querystring: idQuerySchema, response: { ...errorResponses, 200: successSchema } },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'reminder';
      const found = await request.scoped(async (tx) => {
        request.audit.schoolId = (await getReminder(tx, id))?.school_id ?? undefined;
        return deleteReminder(tx, id);
      });
      if (!found) throw notFound();
      return { success: true };
    },
  );
}
