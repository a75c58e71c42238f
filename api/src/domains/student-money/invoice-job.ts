import type { FastifyInstance } from 'fastify';
import { generateInvoices } from './repository.js';

/** Statement timeout of the daily run (the requests' PG_STATEMENT_TIMEOUT_MS is far shorter). */
export const JOB_STATEMENT_TIMEOUT = '15min';

/**
 * The daily job 'invoices.daily' (jobs/registry.ts): the due invoices of every student in one
 * set-based statement (system transaction, all schools), students with a member status in
 * DISABLED_MEMBER_STATUSES left out. Idempotent per contract period (unique key), so a rerun
 * or a run meeting a user's /gi creates nothing twice. Answers the number created.
 */
export async function generateAllInvoices(app: Pick<FastifyInstance, 'db' | 'config'>, now: Date): Promise<{ created: number }> {
  const today = now.toISOString().slice(0, 10);
  const created = await app.db.transaction(async (tx) => {
    // One statement for every student: longer than a request may take (PG_STATEMENT_TIMEOUT_MS).
    await tx.query(`SET LOCAL statement_timeout = '${JOB_STATEMENT_TIMEOUT}'`);
    return generateInvoices(tx, { studentId: null, today, disabledStatuses: app.config.disabledMemberStatuses });
  });
  return { created };
}
