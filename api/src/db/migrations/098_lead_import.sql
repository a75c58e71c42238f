-- 098_lead_import (issue 15, spec 002 §2.12): the legacy lead import stages the rows of an
-- uploaded export per user and school until staff pick the rows that become leads. A new
-- upload replaces the user's staged rows; imported and skipped rows leave the stage.

CREATE TABLE lead_import_batches (
  id         serial PRIMARY KEY,
  -- The school chosen on upload (rows whose file names another of the user's schools go there).
  school_id  int NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  user_id    int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_name  text NOT NULL,
  -- The file's columns and what they were mapped to: [{header, field}].
  columns    jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_import_batches_user_idx ON lead_import_batches (user_id);

CREATE TABLE lead_import_rows (
  id           serial PRIMARY KEY,
  batch_id     int NOT NULL REFERENCES lead_import_batches(id) ON DELETE CASCADE,
  school_id    int NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  user_id      int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  row_no       int NOT NULL,
  date_created date,
  firstname    text NOT NULL DEFAULT '',
  lastname     text NOT NULL DEFAULT '',
  zip          text NOT NULL DEFAULT '',
  city         text NOT NULL DEFAULT '',
  email        text NOT NULL DEFAULT '',
  phone        text NOT NULL DEFAULT '',
  mobile       text NOT NULL DEFAULT '',
  annotation   text NOT NULL DEFAULT '',
  -- Prefix filters compare lower-case keys; the names sort in German order (023).
  firstname_key text COLLATE "C" GENERATED ALWAYS AS (lower(firstname)) STORED,
  lastname_key  text COLLATE "C" GENERATED ALWAYS AS (lower(lastname)) STORED,
  city_key      text COLLATE "C" GENERATED ALWAYS AS (lower(city)) STORED,
  email_key     text COLLATE "C" GENERATED ALWAYS AS (lower(email)) STORED,
  firstname_sk  text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(firstname)) STORED,
  lastname_sk   text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(lastname)) STORED,
  city_sk       text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(city)) STORED
);
CREATE INDEX lead_import_rows_user_idx ON lead_import_rows (user_id, row_no);
CREATE INDEX lead_import_rows_batch_idx ON lead_import_rows (batch_id);

-- School scope as every school-owned table, and only the uploading user's own rows.
SELECT sbo_enable_school_rls('lead_import_batches');
SELECT sbo_enable_school_rls('lead_import_rows');
CREATE POLICY own_rows ON lead_import_batches AS RESTRICTIVE FOR ALL TO sbo_app
  USING (user_id = nullif(current_setting('app.user_id', true), '')::int)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::int);
CREATE POLICY own_rows ON lead_import_rows AS RESTRICTIVE FOR ALL TO sbo_app
  USING (user_id = nullif(current_setting('app.user_id', true), '')::int)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::int);
GRANT USAGE, SELECT ON SEQUENCE lead_import_batches_id_seq, lead_import_rows_id_seq TO sbo_app;
