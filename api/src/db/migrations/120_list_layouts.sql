-- 120 (issue 26, lists staff arrange): a user's saved column layout of one list (hidden
-- columns, widths, pins, order), per user and list name (shared-kernel/contracts
-- list-layout.ts LIST_LAYOUT_NAMES), with a record version. The user's own preference, no
-- school data: no school column; row-level security lets a scoped transaction (role sbo_app)
-- see and write only the calling user's own rows.
CREATE TABLE user_list_layouts (
  user_id     int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list        text NOT NULL CHECK (list ~ '^[a-z][a-z0-9-]{0,39}$'),
  columns     jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'array' AND jsonb_array_length(columns) <= 100),
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, list)
);
ALTER TABLE user_list_layouts ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_list_layouts FORCE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON user_list_layouts AS PERMISSIVE FOR ALL TO sbo_app
  USING (user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int))
  WITH CHECK (user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int));
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_all ON user_list_layouts AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON user_list_layouts TO sbo_app;
