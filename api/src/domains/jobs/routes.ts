import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JobRunAnswer } from 'shared-kernel/contracts';
import { enqueueJob } from '../../jobs/runner.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { listJobStatus } from './repository.js';
import { JOBS, jobsOf } from './registry.js';

const SUPERADMIN = { maxLevel: 1 as const };
const dateTime = { type: ['string', 'null'], format: 'date-time' };

/**
 * /api-base/jobs: the job runner's state for the superadmin (last run, next run, failures and
 * the last error of each job) and "run now". Register with
 * `app.register(jobRoutes, { prefix: '/api-base' })`.
 */
export default async function jobRoutes(app: FastifyInstance) {
  app.get(
    '/jobs',
    {
      config: { access: SUPERADMIN },
      schema: {
        summary: 'The jobs this installation runs: schedule, next run, last run (which process, outcome), failures in a row and the last error (superadmin)',
        tags: ['jobs'],
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                every_ms: { type: ['integer', 'null'] },
                daily_at: { type: ['string', 'null'] },
                next_run: dateTime,
                running: { type: 'boolean' },
                last_started: dateTime,
                last_finished: dateTime,
                last_ok: { type: ['boolean', 'null'] },
                last_worker: { type: ['string', 'null'] },
                failures: { type: 'integer' },
                given_up: { type: 'integer' },
                last_error: { type: ['string', 'null'] },
                last_error_at: dateTime,
                runs: { type: 'integer' },
                queued: { type: 'integer' },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async () => listJobStatus(app.db, jobsOf(app), app.now()),
  );

  app.post(
    '/jobs/run',
    {
      config: { access: SUPERADMIN },
      schema: {
        summary:
          'Runs a job now in one of the processes (superadmin). The same Idempotency-Key again (also at once on another process) enqueues nothing more: queued false',
        tags: ['jobs'],
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', enum: JOBS.map((job) => job.name) } },
          additionalProperties: false,
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, queued: { type: 'boolean' } } },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<JobRunAnswer> => {
      const { name } = request.body as { name: string };
      // A job this installation does not run (db.vacuum on a PostgreSQL server).
      if (!jobsOf(app).some((job) => job.name === name)) throw notFound();
      // The run's key: the client's Idempotency-Key (per user), so a repeated or doubled
      // request is one run; without one every request is a run of its own.
      const clientKey = idempotencyKeyOf(request);
      const key = clientKey ? `manual:${request.session!.user.id}:${clientKey}` : `manual:${randomUUID()}`;
      const queued = await app.db.transaction((tx) => enqueueJob(tx, name, { key, now: app.now() }));
      return { success: true, queued };
    },
  );
}
