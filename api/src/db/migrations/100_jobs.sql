-- 100_jobs (issue 17): the one job runner (api/src/jobs/runner.ts). Scheduled and deferred
-- work lives in the database, so each job runs once however many API processes share it:
-- a process claims a due row with FOR UPDATE SKIP LOCKED and a lease (locked_until), runs
-- the job outside any transaction (VACUUM cannot run inside one), then records the outcome.
--
-- One row per unit of work: key '' is a job's recurring schedule (one row per job name,
-- registered by every process at start, inserted once); any other key is one deferred run
-- (enqueue(name, {key})): the same (name, key) enqueued twice, even at the same moment by
-- two processes, is one row and runs once. Finished deferred runs stay (state done/failed)
-- so a repeat of the key stays a no-op, until the cleanup job removes them after 30 days.
CREATE TABLE jobs (
  id           bigserial PRIMARY KEY,
  name         text NOT NULL,
  key          text NOT NULL DEFAULT '',
  payload      jsonb,
  run_at       timestamptz NOT NULL,
  state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  -- Failed attempts in a row (reset by a success): the backoff's exponent and what the
  -- superadmin sees as "failures".
  attempts     int NOT NULL DEFAULT 0,
  last_error   text,
  locked_by    text,
  locked_until timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (name, key)
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state = 'pending';

-- Every attempt: who ran it (host:pid), when, the outcome. The superadmin's last run, and
-- the proof that a job ran once.
CREATE TABLE job_runs (
  id          bigserial PRIMARY KEY,
  job_id      bigint NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  name        text NOT NULL,
  key         text NOT NULL,
  worker      text NOT NULL,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz,
  ok          boolean,
  error       text
);
CREATE INDEX job_runs_name_idx ON job_runs (name, started_at DESC);
CREATE INDEX job_runs_job_idx ON job_runs (job_id);

-- System tables: only the server (owner) touches them, never a school-scoped request.
REVOKE ALL ON jobs, job_runs FROM sbo_app;
