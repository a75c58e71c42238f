import type { JobStatus } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import type { JobDefinition } from '../../jobs/runner.js';

interface StatusRow {
  name: string;
  next_run: Date | null;
  running: boolean;
  last_started: Date | null;
  last_finished: Date | null;
  last_ok: boolean | null;
  last_worker: string | null;
  failures: number;
  given_up: number;
  last_error: string | null;
  last_error_at: Date | null;
  runs: number;
  queued: number;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The state of each job in `definitions` (in their order), as the superadmin's screen shows it. */
export async function listJobStatus(q: Queryable, definitions: readonly JobDefinition[], now: Date): Promise<JobStatus[]> {
  const res = await q.query<StatusRow>(
    `SELECT n.name,
            (SELECT min(run_at) FROM jobs WHERE name = n.name AND state = 'pending') AS next_run,
            EXISTS (SELECT 1 FROM jobs WHERE name = n.name AND locked_until > $2) AS running,
            r.started_at AS last_started, r.finished_at AS last_finished, r.ok AS last_ok, r.worker AS last_worker,
            (SELECT coalesce(max(attempts), 0)::int FROM jobs WHERE name = n.name AND state = 'pending') AS failures,
            (SELECT count(*)::int FROM jobs WHERE name = n.name AND state = 'failed') AS given_up,
            e.error AS last_error, e.started_at AS last_error_at,
            (SELECT count(*)::int FROM job_runs WHERE name = n.name AND ok) AS runs,
            (SELECT count(*)::int FROM jobs WHERE name = n.name AND key <> '' AND state = 'pending') AS queued
       FROM unnest($1::text[]) WITH ORDINALITY AS n(name, ord)
       LEFT JOIN LATERAL (SELECT started_at, finished_at, ok, worker FROM job_runs WHERE name = n.name
                           ORDER BY started_at DESC, id DESC LIMIT 1) r ON true
       LEFT JOIN LATERAL (SELECT error, started_at FROM job_runs WHERE name = n.name AND ok = false
                           ORDER BY started_at DESC, id DESC LIMIT 1) e ON true
      ORDER BY n.ord`,
    [definitions.map((d) => d.name), now],
  );
  return res.rows.map((row, i) => {
    const schedule = definitions[i]!.schedule;
    return {
      ...row,
      every_ms: schedule && 'everyMs' in schedule ? schedule.everyMs : null,
      daily_at: schedule && 'dailyAt' in schedule ? schedule.dailyAt : null,
      next_run: iso(row.next_run),
      last_started: iso(row.last_started),
      last_finished: iso(row.last_finished),
      last_error_at: iso(row.last_error_at),
    };
  });
}
