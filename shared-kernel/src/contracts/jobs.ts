/**
 * The job runner's state for the superadmin (issue 17): GET /api-base/jobs answers one row per
 * job the installation runs; POST /api-base/jobs/run {name} enqueues a run now.
 */
export interface JobStatus {
  /** Stable name, e.g. 'sessions.sweep' (the screen shows a label for it). */
  name: string;
  /** Runs every so many milliseconds (null: not on an interval). */
  every_ms: number | null;
  /** Runs daily at HH:mm UTC (null: not daily). Both null: only when enqueued. */
  daily_at: string | null;
  /** The earliest pending run (ISO), null when none is pending. */
  next_run: string | null;
  /** A process is running it now. */
  running: boolean;
  /** The last attempt: start and end (ISO; end null while it runs), outcome, which process (host:pid). */
  last_started: string | null;
  last_finished: string | null;
  last_ok: boolean | null;
  last_worker: string | null;
  /** Failed attempts in a row not yet followed by a success (each retried with backoff). */
  failures: number;
  /** Deferred runs given up after their last attempt. */
  given_up: number;
  /** The latest failed attempt's error and when it started. */
  last_error: string | null;
  last_error_at: string | null;
  /** Successful runs in the kept history (30 days). */
  runs: number;
  /** Deferred runs waiting (enqueued, e.g. by "run now"). */
  queued: number;
}

/** POST /api-base/jobs/run: queued false = this Idempotency-Key already enqueued that run. */
export interface JobRunAnswer {
  success: true;
  queued: boolean;
}
