import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';

/**
 * The one job runner (issue 17): scheduled and deferred work on the database, so each job runs
 * once however many API processes share it, is retried with backoff when it fails, and leaves
 * a trace (table job_runs) the superadmin reads. The same code runs on PGlite in the one
 * process and on a PostgreSQL server with any number of processes.
 *
 * Why not pg-boss: its current major needs Node 22 (we run 20), the Node-20 line (10.x) is no
 * longer developed, it brings its own schema and migrations beside ours, and it talks to the
 * database through its own pg pool, so on PGlite (one connection in a worker) it needs an
 * adapter we would have to write and keep. What we need is ~250 lines on one table: claim a due
 * row with FOR UPDATE SKIP LOCKED and a lease, run it outside any transaction, record the
 * outcome. See api/README.md "Jobs".
 *
 * How "once" holds: a process claims a due row in one statement (SKIP LOCKED: two processes
 * never get the same row; the lease `locked_until` keeps it from being claimed again while it
 * runs). A process that dies while running a job leaves the lease behind; when it expires,
 * another process runs the job again (at least once; jobs must be safe to repeat, as
 * invitations are by their own row locks).
 */

/** What a job's run() gets. */
export interface JobContext {
  app: FastifyInstance;
  /** The app's clock when the run started. */
  now: Date;
  /** '' for a run of the schedule, else the key the run was enqueued with. */
  key: string;
  payload: unknown;
  /** 1 for the first attempt, 2 for the first retry ... */
  attempt: number;
}

/** When a job runs by itself. Without one it runs only when enqueued. */
export type JobSchedule =
  /** Every everyMs after the last run ended; atStart: the very first time right away. */
  | { everyMs: number; atStart?: boolean }
  /** Once a day at HH:mm UTC. */
  | { dailyAt: string };

/** A job: registered once in domains/jobs.ts (JOBS), run by every process's runner. */
export interface JobDefinition {
  /** Stable name ('sessions.sweep'): the rows in jobs carry it. */
  name: string;
  schedule?: JobSchedule;
  /** The work. It runs outside any transaction and opens its own. Throwing = a failed attempt. */
  run(ctx: JobContext): Promise<unknown>;
  /** Attempts of a deferred run before it is given up (state failed). Scheduled runs never give up. Default 5. */
  maxAttempts?: number;
  /** Wait before the first retry; doubles with each failure, at most an hour. Default 30 s. */
  backoffMs?: number;
}

/** A claimed job holds its lease this long; a run that takes longer may be run a second time. */
export const JOB_LEASE_MS = 30 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** NOTIFY channel: an enqueued job wakes every process at once instead of at its next poll. */
export const JOB_CHANNEL = 'sbo_jobs';
/** How much of an error message is kept. */
const ERROR_TEXT_MAX = 2000;

const DAILY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Wait before retry `failures` (1 = after the first failure): backoffMs · 2^(failures-1), at most an hour. */
export function backoffDelay(definition: Pick<JobDefinition, 'backoffMs'>, failures: number): number {
  const base = definition.backoffMs ?? 30_000;
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, failures - 1));
}

/** The schedule's next regular time after `now`. */
export function nextScheduled(schedule: JobSchedule, now: Date): Date {
  if ('everyMs' in schedule) return new Date(now.getTime() + schedule.everyMs);
  const match = DAILY.exec(schedule.dailyAt);
  if (!match) throw new Error(`dailyAt must be HH:mm, got "${schedule.dailyAt}"`);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Number(match[1]), Number(match[2])));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Options of {@link enqueueJob}. */
export interface EnqueueOptions {
  /** Identifies the unit of work: enqueued again (also at the same moment elsewhere), it stays one run. */
  key: string;
  /** Not before; default now. */
  runAt?: Date;
  payload?: unknown;
}

/**
 * Schedules one deferred run of a registered job, in the caller's transaction (it runs only if
 * that commits). Answers false when (name, key) was already enqueued: then nothing changes.
 * The NOTIFY wakes the runners of every process when the transaction commits.
 */
export async function enqueueJob(q: Queryable, name: string, options: EnqueueOptions & { now: Date }): Promise<boolean> {
  if (!options.key) throw new Error('a deferred job needs a key (the empty key is the schedule)');
  const res = await q.query(
    `INSERT INTO jobs (name, key, payload, run_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (name, key) DO NOTHING RETURNING id`,
    [name, options.key, options.payload === undefined ? null : JSON.stringify(options.payload), options.runAt ?? options.now],
  );
  if (res.rowCount) await q.query(`SELECT pg_notify('${JOB_CHANNEL}', $1)`, [name]);
  return res.rowCount > 0;
}

interface ClaimedRow {
  id: number;
  name: string;
  key: string;
  payload: unknown;
  attempts: number;
  /** The claim's token: finish() changes the row only while this claim holds it. */
  locked_by: string;
  run_id: number;
}

/** A runner in one process. */
export interface JobRunner {
  readonly definitions: readonly JobDefinition[];
  /** host:pid, written to job_runs.worker. */
  readonly worker: string;
  /** Registers the schedules, listens for enqueued jobs and polls every config.jobPollMs. */
  start(): Promise<void>;
  /** Registers the schedules (start() does it; tests that drive tick() themselves call it). */
  register(): Promise<void>;
  /** Runs what is due now, one job after the other, until nothing is due; answers how many runs it made. */
  tick(): Promise<number>;
  /** Stops polling and waits for the run under way. */
  stop(): Promise<void>;
}

/** Options of {@link createJobRunner}. */
export interface JobRunnerOptions {
  /** Default: config.jobPollMs. */
  pollMs?: number;
  /** Default: host:pid (tests running two runners in one process give each its own). */
  worker?: string;
}

export function createJobRunner(app: FastifyInstance, definitions: readonly JobDefinition[], options: JobRunnerOptions = {}): JobRunner {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  if (byName.size !== definitions.length) throw new Error('two jobs with one name');
  for (const d of definitions) if (d.schedule) nextScheduled(d.schedule, new Date()); // fails early on a bad dailyAt
  const names = [...byName.keys()];
  const worker = options.worker ?? `${hostname()}:${process.pid}`;
  let claims = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let running: Promise<number> | null = null;
  let again = false;

  const register = async () => {
    const now = app.now();
    for (const d of definitions) {
      if (!d.schedule) continue;
      const regular = nextScheduled(d.schedule, now);
      const first = 'everyMs' in d.schedule && d.schedule.atStart ? now : regular;
      // Every process registers at start; the row is made once. A schedule made shorter in
      // code pulls an existing far-off run in; nothing else changes (a process starting
      // does not run the job again).
      await app.db.query(
        `INSERT INTO jobs (name, key, run_at) VALUES ($1, '', $2)
         ON CONFLICT (name, key) DO UPDATE SET run_at = LEAST(jobs.run_at, $3), state = 'pending'`,
        [d.name, first, regular],
      );
    }
  };

  /** Takes one due job (none: null). One statement: claim, lease and the run's row. */
  const claim = async (now: Date): Promise<ClaimedRow | null> => {
    const token = `${worker}#${++claims}-${randomBytes(3).toString('hex')}`;
    const res = await app.db.query<ClaimedRow>(
      `WITH next AS (
         SELECT id FROM jobs
          WHERE state = 'pending' AND name = ANY($1::text[]) AND run_at <= $2
            AND (locked_until IS NULL OR locked_until <= $2)
          ORDER BY run_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE jobs j SET locked_by = $3, locked_until = $2::timestamptz + $4 * interval '1 millisecond'
           FROM next WHERE j.id = next.id
         RETURNING j.id, j.name, j.key, j.payload, j.attempts, j.locked_by
       ), run AS (
         INSERT INTO job_runs (job_id, name, key, worker, started_at)
         SELECT id, name, key, $5, $2 FROM claimed
         RETURNING id
       )
       SELECT claimed.*, run.id AS run_id FROM claimed, run`,
      [names, now, token, JOB_LEASE_MS, worker],
    );
    return res.rows[0] ?? null;
  };

  const finish = async (row: ClaimedRow, error: unknown) => {
    const d = byName.get(row.name)!;
    const now = app.now();
    const recurring = row.key === '' && d.schedule !== undefined;
    let state = 'pending';
    let runAt: Date | null = null;
    let attempts = 0;
    let message: string | null = null;
    if (error === undefined) {
      if (recurring) runAt = nextScheduled(d.schedule!, now);
      else state = 'done';
    } else {
      attempts = row.attempts + 1;
      message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX) || 'failed';
      const retry = new Date(now.getTime() + backoffDelay(d, attempts));
      if (recurring) {
        // A scheduled job retries sooner than its next regular run, never later, and never gives up.
        const regular = nextScheduled(d.schedule!, now);
        runAt = retry < regular ? retry : regular;
      } else if (attempts >= (d.maxAttempts ?? 5)) {
        state = 'failed';
      } else {
        runAt = retry;
      }
    }
    await app.db.query(
      `WITH run AS (UPDATE job_runs SET finished_at = $2, ok = $3, error = $4 WHERE id = $5)
       UPDATE jobs SET locked_by = NULL, locked_until = NULL, state = $6, attempts = $7,
              last_error = COALESCE($4, CASE WHEN $7 = 0 THEN NULL ELSE last_error END), run_at = COALESCE($8, run_at)
        WHERE id = $1 AND locked_by = $9`,
      [row.id, now, error === undefined, message, row.run_id, state, attempts, runAt, row.locked_by],
    );
  };

  const runDue = async (): Promise<number> => {
    let count = 0;
    do {
      again = false;
      while (!stopped && count < 1000) {
        const row = await claim(app.now());
        if (!row) break;
        count += 1;
        let failure: unknown = undefined;
        try {
          await byName.get(row.name)!.run({ app, now: app.now(), key: row.key, payload: row.payload, attempt: row.attempts + 1 });
        } catch (error) {
          failure = error ?? new Error('failed');
          app.log.warn({ err: error, job: row.name, key: row.key }, 'job failed');
        }
        await finish(row, failure);
      }
    } while (again && !stopped);
    return count;
  };

  const tick = (): Promise<number> => {
    if (running) {
      // A run is under way: it looks again before it ends.
      again = true;
      return running;
    }
    running = runDue()
      .catch((error: unknown) => {
        // The database was away (claim or finish failed): the next poll tries again.
        app.log.warn({ err: error }, 'job runner: looking for due jobs failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    definitions,
    worker,
    register,
    tick,
    start: async () => {
      await register();
      unlisten = await app.db.listen(JOB_CHANNEL, { notify: () => void tick(), state: () => undefined });
      timer = setInterval(() => void tick(), options.pollMs ?? app.config.jobPollMs);
      timer.unref();
      void tick();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await unlisten?.().catch(() => undefined);
      if (running) await running;
    },
  };
}

/** Removes finished deferred runs and the run history older than `days` (the cleanup job). */
export async function purgeJobHistory(q: Queryable, now: Date, days = 30): Promise<void> {
  await q.query(`DELETE FROM job_runs WHERE started_at < $1::timestamptz - $2 * interval '1 day'`, [now, days]);
  await q.query(`DELETE FROM jobs WHERE key <> '' AND state <> 'pending' AND run_at < $1::timestamptz - $2 * interval '1 day'`, [now, days]);
}
