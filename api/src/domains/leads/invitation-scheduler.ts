import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../jobs/runner.js';
import { sendDueInvitations } from './invitations.js';

/** How often the job looks for due invitations. */
export const INVITATION_JOB_INTERVAL_MS = 60_000;
const BATCH = 20;

/**
 * Sends what is due now (in batches until none is left); answers how many mails it queued.
 * Invitations with a later delivery date (issue 15: "a later date is sent by the server's
 * scheduler"). The job runner runs it once a minute in one of the processes; even when two
 * runs overlap (a run outliving its lease, a test calling it twice at once) each invitation
 * is sent once: sendDueInvitations takes the due rows with FOR UPDATE SKIP LOCKED.
 */
export async function sendDueInvitationsNow(app: FastifyInstance): Promise<number> {
  let queued = 0;
  for (let round = 0; round < 50; round += 1) {
    const now = app.now();
    const result = await app.db.transaction(async (tx) => {
      const mails = await sendDueInvitations(tx, app.mailer, now, BATCH);
      const left = await tx.query('SELECT 1 FROM lead_invitations WHERE status = 1 AND send_at <= $1 LIMIT 1', [now]);
      return { mails, more: left.rows.length > 0 };
    });
    // After the commit: the mails are in the outbox; each is delivered once.
    for (const mail of result.mails) app.mailer.deliver(mail);
    queued += result.mails.length;
    if (!result.more) break;
  }
  return queued;
}

/** The job (registered in domains/jobs.ts). */
export const invitationJob: JobDefinition = {
  name: 'leads.invitations',
  schedule: { everyMs: INVITATION_JOB_INTERVAL_MS, atStart: true },
  run: ({ app }) => sendDueInvitationsNow(app),
};
