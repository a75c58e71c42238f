import type { FastifyInstance } from 'fastify';
import { sendDueInvitations } from './invitations.js';

/**
 * Sends the invitations whose delivery date has come (issue 15: "a later date is sent by the
 * server's scheduler"). A timer in the server process (server.ts starts it after listen and
 * stops it before closing; tests start it themselves or call runOnce). Several API processes
 * may run it at once: sendDueInvitations takes the due rows with FOR UPDATE SKIP LOCKED, so
 * each invitation is sent by one of them, once. The job runner of a later issue replaces the
 * timer; runOnce is the job.
 */
export interface InvitationScheduler {
  /** Sends what is due now (in batches until none is left); answers how many mails it queued. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** How often the timer looks for due invitations. */
export const INVITATION_SCHEDULER_INTERVAL_MS = 60_000;
const BATCH = 20;

export function startInvitationScheduler(app: FastifyInstance, options: { intervalMs?: number; timer?: boolean } = {}): InvitationScheduler {
  let running: Promise<number> | null = null;
  const runOnce = async (): Promise<number> => {
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
  };
  const tick = () => {
    if (running) return;
    running = runOnce()
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'invitation scheduler run failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = options.timer === false ? null : setInterval(tick, options.intervalMs ?? INVITATION_SCHEDULER_INTERVAL_MS);
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      if (timer) clearInterval(timer);
      if (running) await running;
    },
  };
}
