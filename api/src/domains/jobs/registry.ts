import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.js';
import { EMBEDDED_ANALYZE_INTERVAL_MS, refreshStatistics } from '../../db/maintenance.js';
import { purgeJobHistory, type JobDefinition } from '../../jobs/runner.js';
import { deleteDeadSessions } from '../auth/sessions-repository.js';
import { invitationJob } from '../leads/invitation-scheduler.js';
import { generateAllInvoices } from '../student-money/invoice-job.js';
import { sweepFileIntents } from '../../files/file-intents.js';

/**
 * Every job of the product: one line each. The runner (jobs/runner.ts) of every process runs
 * them; each due run happens in one process. A new job is a line here, e.g. issue 13's
 *   { name: 'invoices.daily', schedule: { dailyAt: '02:00' }, run: ({ app, now }) => generateInvoices(app.db, now) },
 * and one German/English label in mf-management's jobs screen.
 */
export const JOBS: readonly JobDefinition[] = [
  // Ended sessions are kept a day for the audit trail, then removed.
  { name: 'sessions.sweep', schedule: { everyMs: 3_600_000, atStart: true }, run: ({ app, now }) => deleteDeadSessions(app.db, now) },
  invitationJob,
  // Issue 13: the due invoices of every student (idempotent per contract period).
  { name: 'invoices.daily', schedule: { dailyAt: '02:00' }, run: ({ app, now }) => generateAllInvoices(app, now) },
  // The run history and finished deferred runs are kept 30 days.
  { name: 'jobs.cleanup', schedule: { dailyAt: '03:30' }, run: ({ app, now }) => purgeJobHistory(app.db, now) },
  // Files put before a transaction that never committed (a crash between put and commit):
  // their write intents are older than an hour; the files and then the intents go.
  { name: 'files.sweep', schedule: { everyMs: 3_600_000 }, run: async ({ app, now }) => void (await sweepFileIntents(app, now)) },
  // PGlite has no autovacuum: without fresh statistics the planner picks slow plans as the
  // tables grow, and dead rows (sessions touched every minute, edits) are never reclaimed.
  // A PostgreSQL server does this itself. Runs outside a transaction (VACUUM must).
  { name: 'db.vacuum', schedule: { everyMs: EMBEDDED_ANALYZE_INTERVAL_MS }, run: ({ app }) => refreshStatistics(app.db, { vacuum: true }) },
];

/** Jobs that only make sense on one kind of database. */
const ONLY_ON: Record<string, Db['kind']> = { 'db.vacuum': 'pglite' };

/** The jobs this installation runs. */
export function jobsOf(app: Pick<FastifyInstance, 'db'>): JobDefinition[] {
  return JOBS.filter((job) => !ONLY_ON[job.name] || ONLY_ON[job.name] === app.db.kind);
}
