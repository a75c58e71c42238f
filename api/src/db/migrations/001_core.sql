-- Core schema: schools, users, roles, sessions, password links, login throttling, outbox,
-- audit log; the application role sbo_app and the row-level-security helper every
-- school-owned business table uses (migration 002 and later).

-- sbo_app is cluster-wide. Several databases on one server may migrate at the same moment
-- (tests, parallel deploys), so a concurrent creation or grant is not an error; the check
-- after the two blocks fails the migration if the role is really missing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sbo_app') THEN
    CREATE ROLE sbo_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN OTHERS THEN
  NULL;
END $$;

-- The owner must be a member of sbo_app to SET ROLE to it in Db.scoped().
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'sbo_app', 'MEMBER') THEN
    EXECUTE format('GRANT sbo_app TO %I', current_user);
  END IF;
EXCEPTION WHEN OTHERS THEN
  NULL;
END $$;

DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'sbo_app', 'MEMBER') THEN
    RAISE EXCEPTION 'role sbo_app is missing or % is not a member of it', current_user;
  END IF;
END $$;

GRANT USAGE ON SCHEMA public TO sbo_app;

/**
 * Turns on row-level security for a school-owned table (it must have a school_id column):
 * the application role sbo_app sees and writes only rows whose school_id is in the
 * transaction setting app.school_ids (comma list), which Db.scoped() sets. FORCE makes the
 * owner subject to policies too; the owner keeps full access through its own policy, so
 * migrations, seeding and system work (Db.transaction) are not limited.
 */
CREATE OR REPLACE FUNCTION sbo_enable_school_rls(tbl regclass) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format('DROP POLICY IF EXISTS system_all ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY school_scope ON %s AS PERMISSIVE FOR ALL TO sbo_app '
    'USING (school_id = ANY (string_to_array(current_setting(''app.school_ids'', true), '','')::int[])) '
    'WITH CHECK (school_id = ANY (string_to_array(current_setting(''app.school_ids'', true), '','')::int[]))',
    tbl);
  EXECUTE format('CREATE POLICY system_all ON %s AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)',
    tbl, current_user);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO sbo_app', tbl);
END $$;

CREATE TABLE schools (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  country     text NOT NULL CHECK (country IN ('at', 'de')),
  street      text NOT NULL DEFAULT '',
  house_no    text NOT NULL DEFAULT '',
  zip         text NOT NULL DEFAULT '',
  city        text NOT NULL DEFAULT '',
  lat         double precision,
  long        double precision,
  email       text NOT NULL DEFAULT '',
  phone       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id         serial PRIMARY KEY,
  role_name  text NOT NULL,
  atoms      text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_key ON roles (lower(role_name));

CREATE TABLE users (
  id                  serial PRIMARY KEY,
  username            text NOT NULL,
  password_hash       text NOT NULL,
  salutation_id       smallint NOT NULL DEFAULT 1 CHECK (salutation_id BETWEEN 1 AND 5),
  firstname           text NOT NULL DEFAULT '',
  lastname            text NOT NULL DEFAULT '',
  email               text NOT NULL DEFAULT '',
  dob                 date,
  level               smallint NOT NULL CHECK (level IN (1, 2, 3)),
  role_id             int REFERENCES roles (id) ON DELETE RESTRICT,
  school_access       smallint NOT NULL DEFAULT 2 CHECK (school_access IN (1, 2)),
  mno                 text,
  disabled            boolean NOT NULL DEFAULT false,
  settings            jsonb NOT NULL DEFAULT '{}'::jsonb,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_role_idx ON users (role_id);

CREATE TABLE user_schools (
  user_id   int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id int NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, school_id)
);
CREATE INDEX user_schools_school_idx ON user_schools (school_id);

-- The schools a user currently looks at; empty = all the user may see.
CREATE TABLE user_filters (
  user_id    int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  school_ids int[] NOT NULL DEFAULT '{}'
);

CREATE TABLE sessions (
  token_hash          bytea PRIMARY KEY,
  user_id             int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at          timestamptz NOT NULL,
  last_seen_at        timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at          timestamptz,
  ip                  text NOT NULL DEFAULT '',
  user_agent          text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_expiry_idx ON sessions (absolute_expires_at);

CREATE TABLE password_links (
  token_hash bytea PRIMARY KEY,
  user_id    int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_links_user_idx ON password_links (user_id);

-- Failed logins per key ('ip:<address>' or 'user:<username>'), shared by all processes.
CREATE TABLE login_throttle (
  key           text PRIMARY KEY,
  failures      int NOT NULL DEFAULT 0,
  window_start  timestamptz NOT NULL,
  blocked_until timestamptz
);

-- Mails: sent through SMTP when configured (sent_at / error record the outcome), readable
-- by admins either way. user_id = the account the mail is about (password links), so
-- admins see only mails of accounts they manage.
CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  recipient  text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  kind       text NOT NULL DEFAULT 'mail',
  user_id    int REFERENCES users (id) ON DELETE SET NULL,
  sent_at    timestamptz,
  error      text
);
CREATE INDEX outbox_created_idx ON outbox (created_at DESC);

-- Who did what, when, where. No foreign keys: the trail outlives deleted users and schools.
CREATE TABLE audit_log (
  id        bigserial PRIMARY KEY,
  at        timestamptz NOT NULL DEFAULT now(),
  user_id   int,
  action    text NOT NULL,
  method    text NOT NULL DEFAULT '',
  route     text NOT NULL DEFAULT '',
  status    int NOT NULL DEFAULT 0,
  school_id int,
  entity    text,
  entity_id text,
  ip        text NOT NULL DEFAULT '',
  detail    jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, at DESC);

-- sbo_app (scoped business transactions) may read school names and the display names of
-- users (creator of a reminder, sender of a ticket message), never hashes, sessions or tokens.
GRANT SELECT ON schools TO sbo_app;
GRANT SELECT (id, username, salutation_id, firstname, lastname, email, level, mno, disabled) ON users TO sbo_app;

ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sbo_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO sbo_app;
