-- 110 (issue 14, dunning runs /m-student/dun/{level}; api/README.md "Dunning levels"):
-- 1. dunning_runs: one run of POST /api-receipt/dunning: its level, the schools of its
--    letters, the letters PDF in the file store (file_key) and what was sent. A run may hold
--    letters of several schools of the user, so it is visible only to a user who sees ALL of
--    them (its own policy instead of sbo_enable_school_rls's school_id rule).
-- 2. dunning_run_items: which receipt was dunned at which level by a run. The primary key
--    (rno, dunning_level) is the rule "a receipt is dunned at a level at most once": two runs
--    at the same moment cannot both dun it (the second one's INSERT fails or, having waited
--    on the receipt's row lock, no longer selects it).
-- 3. dunnings.run_id and what was mailed for the letter (outbox id and address).
CREATE TABLE dunning_runs (
  id             serial PRIMARY KEY,
  dunning_level  smallint NOT NULL CHECK (dunning_level BETWEEN 1 AND 3),
  school_ids     int[] NOT NULL CHECK (cardinality(school_ids) > 0),
  file_key       text,
  dunnings       int NOT NULL DEFAULT 0 CHECK (dunnings >= 0),
  mails          int NOT NULL DEFAULT 0 CHECK (mails >= 0),
  created_by     int REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE dunning_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE dunning_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON dunning_runs AS PERMISSIVE FOR ALL TO sbo_app
  USING (school_ids <@ string_to_array(current_setting('app.school_ids', true), ',')::int[])
  WITH CHECK (school_ids <@ string_to_array(current_setting('app.school_ids', true), ',')::int[]);
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_all ON dunning_runs AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON dunning_runs TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE dunning_runs_id_seq TO sbo_app;

ALTER TABLE dunnings
  ADD COLUMN run_id int REFERENCES dunning_runs(id) ON DELETE SET NULL,
  ADD COLUMN mailed_to text,
  ADD COLUMN outbox_id int;
CREATE INDEX dunnings_run_idx ON dunnings (run_id) WHERE run_id IS NOT NULL;

CREATE TABLE dunning_run_items (
  school_id      int NOT NULL REFERENCES schools(id),
  dunning_id     int NOT NULL REFERENCES dunnings(id) ON DELETE CASCADE,
  rno            bigint NOT NULL REFERENCES receipts(rno) ON DELETE CASCADE,
  dunning_level  smallint NOT NULL CHECK (dunning_level BETWEEN 1 AND 3),
  PRIMARY KEY (rno, dunning_level)
);
CREATE INDEX dunning_run_items_dunning_idx ON dunning_run_items (dunning_id);
SELECT sbo_enable_school_rls('dunning_run_items');
