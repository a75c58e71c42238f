import type { FastifyInstance } from 'fastify';
import { UPCOMING_REMINDER_DAYS, UPCOMING_REMINDER_LIMIT } from 'shared-kernel/contracts';
import { listUpcomingReminders } from '../../repositories/reminders.js';
import { errorResponses } from '../schemas.js';

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
      return request.scoped((tx) => listUpcomingReminders(tx, now));
    },
  );
}
