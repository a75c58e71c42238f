import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APPOINTMENT_STATUS,
  APPOINTMENT_TYPES,
  ERROR,
  MSG,
  appointmentFormSchema,
  type AppointmentForm,
  type AppointmentType,
} from 'shared-kernel/contracts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import {
  PAST_APPOINTMENT_DAYS,
  deleteAppointment,
  getAppointment,
  insertAppointment,
  listAppointments,
  lockAppointmentForDelete,
  updateAppointment,
} from './appointments-repository.js';

/*
 * The appointments staff maintain (info events type 1, trials type 2; spec 001 §3
 * "Appointment event"), listed per school and type on /m-lead/appointments and from the
 * invite screen. They serve the lead invitations, so they go with the lead atoms: lead_r
 * reads, lead_w creates, changes and deletes (the microsite calendar shows them read-only).
 * An appointment invitations name is deleted only when marked "can be removed" (status 2):
 * 409 {error: 76} otherwise.
 */

const sid = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const instant = { type: 'string', format: 'date-time', maxLength: 40 } as const;

const rowSchema = {
  type: 'object',
  required: ['id', 'sid', 'type', 'ds', 'de', 'status', 'version', 'invited'],
  properties: {
    id: { type: 'integer' }, sid: { type: 'integer' }, type: { type: 'integer' }, ds: { type: 'string' }, de: { type: 'string' },
    status: { type: 'integer' }, version: { type: 'integer' }, invited: { type: 'integer' },
  },
} as const;

const formBody = {
  type: 'object',
  required: ['sid', 'type', 'ds', 'de', 'status'],
  additionalProperties: false,
  properties: { sid, type: { type: 'integer', enum: [...APPOINTMENT_TYPES] }, ds: instant, de: instant, status: { type: 'integer', enum: [1, 2] } },
} as const;

const BY_ID = { in: 'query' as const, name: 'id', resource: 'appointment' };

/** The form checked with the contract's schema; its school must be one of the caller's (400 otherwise). */
function readForm(request: FastifyRequest, body: unknown): AppointmentForm {
  const form = validate(appointmentFormSchema, body) as AppointmentForm;
  if (!request.scope.schoolIds.includes(form.sid)) throw badRequest({ sid: MSG.invalid });
  return form;
}

export default async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-content'];

  app.get(
    '/appointment',
    {
      config: { access: { anyAtom: ['lead_r', 'lead_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: `A school's appointments of a type (1 info event, 2 trial) not yet over, soonest first (past=1: also those of the last ${PAST_APPOINTMENT_DAYS} days), with the number of invitations naming each`,
        tags,
        querystring: {
          type: 'object',
          required: ['sid', 'type'],
          additionalProperties: false,
          properties: { sid, type: { type: 'integer', enum: [...APPOINTMENT_TYPES] }, past: { type: 'integer', enum: [0, 1] } },
        },
        response: { ...errorResponses, 200: { type: 'object', required: ['rows'], properties: { rows: { type: 'array', items: rowSchema } } } },
      },
    },
    async (request) => {
      const query = request.query as { sid: number; type: AppointmentType; past?: 0 | 1 };
      if (!request.scope.schoolIds.includes(query.sid)) throw notFound();
      const now = app.now();
      const from = query.past === 1 ? new Date(now.getTime() - PAST_APPOINTMENT_DAYS * 24 * 3600 * 1000) : now;
      return { rows: await request.scoped((tx) => listAppointments(tx, query.sid, query.type, from)) };
    },
  );

  app.post(
    '/appointment',
    {
      config: { access: { atoms: ['lead_w'] } },
      schema: {
        summary: 'Creates an appointment of one of the caller\'s schools (400 {fields: {sid}} for another school)',
        tags,
        body: formBody,
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const form = readForm(request, request.body);
      request.audit.entity = 'appointment';
      request.audit.schoolId = form.sid;
      const id = await request.scoped((tx) => insertAppointment(tx, form, request.session!.user.id));
      request.audit.entityId = id;
      return { success: true, id };
    },
  );

  app.put(
    '/appointment',
    {
      config: { access: { atoms: ['lead_w'], scopedId: BY_ID } },
      schema: {
        summary: 'Changes start, end and status of an appointment in view (others: 404); school and type stay as created; stale version: 409',
        tags,
        querystring: idQuerySchema,
        body: withVersionBody(formBody),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const { version, ...body } = request.body as AppointmentForm & { version: number };
      request.audit.entity = 'appointment';
      request.audit.entityId = id;
      const next = await request.scoped(async (tx) => {
        const current = await getAppointment(tx, id);
        if (!current) throw notFound();
        const form = readForm(request, body);
        if (form.sid !== current.sid) throw badRequest({ sid: MSG.invalid });
        if (form.type !== current.type) throw badRequest({ type: MSG.invalid });
        request.audit.schoolId = current.sid;
        return updateAppointment(tx, id, form, version);
      });
      return { success: true, version: next };
    },
  );

  app.delete(
    '/appointment',
    {
      config: { access: { atoms: ['lead_w'], scopedId: BY_ID } },
      schema: {
        summary: 'Deletes an appointment in view (others: 404); one that invitations name only when marked "can be removed" (status 2), else 409 {error: 76}',
        tags,
        querystring: idQuerySchema,
        response: { ...errorResponses, ...versionConflictResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'appointment';
      request.audit.entityId = id;
      await request.scoped(async (tx) => {
        const current = await lockAppointmentForDelete(tx, id);
        if (!current) throw notFound();
        if (current.invited > 0 && current.status !== APPOINTMENT_STATUS.removable) {
          throw new HttpError(409, { error: ERROR.appointmentInUse });
        }
        await deleteAppointment(tx, id);
      });
      return { success: true };
    },
  );
}
