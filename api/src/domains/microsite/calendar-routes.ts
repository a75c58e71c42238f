import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APPOINTMENT_TYPES, CALENDAR_MAX_DAYS, MSG, type AppointmentType, type SchoolCalendar } from 'shared-kernel/contracts';
import { badRequest, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { appointmentsBetween, newsPublishedBetween, upcomingAppointments } from './calendar-repository.js';
import { listTimetable } from './settings-repository.js';

/*
 * The school calendar (/c-calendar, spec 002 §2.21: read only) and the next appointments of a
 * school (spec 001 §7 /api-content/ie-next). The calendar is part of the microsite settings
 * (c_settings_r): timetable, appointments, and the news publish dates when the user may read
 * news (c_news_r). The next appointments serve the lead invitations (lead_r / lead_w).
 */

const sid = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const instant = { type: 'string', format: 'date-time', maxLength: 40 } as const;

const appointmentSchema = {
  type: 'object',
  required: ['id', 'sid', 'type', 'ds', 'de', 'status'],
  properties: {
    id: { type: 'integer' }, sid: { type: 'integer' }, type: { type: 'integer' },
    ds: { type: 'string' }, de: { type: 'string' }, status: { type: 'integer' },
  },
} as const;

const timetableSchema = {
  type: 'object',
  required: ['id', 'pid', 'n', 'ts', 'te', 'wd', 'url'],
  properties: {
    id: { type: 'integer' }, pid: { type: 'integer' }, n: { type: 'string' }, ts: { type: 'string' }, te: { type: 'string' },
    wd: { type: 'integer' }, url: { type: 'string' },
  },
} as const;

function schoolInView(request: FastifyRequest, schoolId: number): void {
  if (!request.scope.schoolIds.includes(schoolId)) throw notFound();
}

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-content'];

  app.get(
    '/ie-next',
    {
      config: { access: { anyAtom: ['lead_r', 'lead_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: "A school's appointments of a type (1 info event, 2 trial) that have not started yet, soonest first",
        tags,
        querystring: {
          type: 'object',
          required: ['sid', 'type'],
          additionalProperties: false,
          properties: { sid, type: { type: 'integer', enum: [...APPOINTMENT_TYPES] } },
        },
        response: { ...errorResponses, 200: { type: 'object', required: ['rows'], properties: { rows: { type: 'array', items: appointmentSchema } } } },
      },
    },
    async (request) => {
      const { sid: schoolId, type } = request.query as { sid: number; type: AppointmentType };
      schoolInView(request, schoolId);
      return { rows: await request.scoped((tx) => upcomingAppointments(tx, schoolId, type, app.now())) };
    },
  );

  app.get(
    '/calendar',
    {
      config: { access: { anyAtom: ['c_settings_r', 'c_settings_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: `The school calendar from \`from\` to \`to\` (instants, at most ${CALENDAR_MAX_DAYS} days): weekly timetable, appointments, news publish dates (null without c_news_r)`,
        tags,
        querystring: {
          type: 'object',
          required: ['sid', 'from', 'to'],
          additionalProperties: false,
          properties: { sid, from: instant, to: instant },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['timetable', 'appointments', 'news'],
            properties: {
              timetable: { type: 'array', items: timetableSchema },
              appointments: { type: 'array', items: appointmentSchema },
              news: {
                type: ['array', 'null'],
                items: {
                  type: 'object',
                  required: ['content_id', 'title', 'date_published'],
                  properties: { content_id: { type: 'integer' }, title: { type: 'string' }, date_published: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    async (request): Promise<SchoolCalendar> => {
      const query = request.query as { sid: number; from: string; to: string };
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (to < from) throw badRequest({ to: MSG.invalid });
      if (to.getTime() - from.getTime() > CALENDAR_MAX_DAYS * 24 * 3600 * 1000) throw badRequest({ to: MSG.invalid });
      schoolInView(request, query.sid);
      const withNews = request.session!.atoms.includes('c_news_r');
      return request.scoped(async (tx) => ({
        timetable: (await listTimetable(tx, query.sid)).map(({ k: _k, ...event }) => event),
        appointments: await appointmentsBetween(tx, query.sid, from, to),
        news: withNews ? await newsPublishedBetween(tx, query.sid, from, to) : null,
      }));
    },
  );
}
