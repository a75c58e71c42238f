-- 114 (issue 14, no orphan files after a crash): a file-store write intent. Routes that put
-- bytes before their transaction commits first record the key here, committed in its own
-- short transaction; the business transaction deletes the row together with writing the rows
-- that reference the file. A row that outlives its request (the process died between the put
-- and the commit, or the route's cleanup failed) names an unreferenced file: the hourly job
-- files.sweep removes the file and then the row once it is older than an hour.
CREATE TABLE file_intents (
  key text PRIMARY KEY,
  created_at timestamptz NOT NULL
);

-- No school column (keys are random 128 bits and name no school), so no row-level security:
-- the request's scoped transaction (role sbo_app) only ever deletes the keys it was given.
GRANT SELECT, DELETE ON file_intents TO sbo_app;
