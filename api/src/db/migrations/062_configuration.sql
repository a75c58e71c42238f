-- 062_configuration (issue 11, spec 001 §3 "Configuration items"): per-school settings with a
-- value for all schools (school_id NULL) and defaults in code (shared-kernel contracts/config.ts).

-- Whether the user of the scoped transaction has all schools (users.school_access = 1). The
-- all-schools rows are written only by such users; sbo_app cannot read school_access itself.
CREATE OR REPLACE FUNCTION sbo_user_has_all_schools() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM users
     WHERE id = nullif(current_setting('app.user_id', true), '')::int AND school_access = 1 AND NOT disabled)
$$;

-- One value per key and school; school_id NULL = the value for all schools (the fallback of
-- every school without an own value). value is JSON: its shape follows the key's mode.
CREATE TABLE config_values (
  id          serial PRIMARY KEY,
  school_id   int REFERENCES schools(id),
  key         text NOT NULL CHECK (key ~ '^[a-z][a-z0-9_]{0,39}$'),
  value       jsonb NOT NULL,
  updated_by  int REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX config_values_key_school_idx ON config_values (key, (COALESCE(school_id, 0)));
CREATE INDEX config_values_school_idx ON config_values (school_id);

-- The record version of a form: one per category and school (NULL = all schools). A row
-- appears with the first save; a missing row reads as version 1.
CREATE TABLE config_forms (
  id          serial PRIMARY KEY,
  school_id   int REFERENCES schools(id),
  cat         text NOT NULL CHECK (cat IN ('general', 'comm')),
  version     integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX config_forms_cat_school_idx ON config_forms (cat, (COALESCE(school_id, 0)));

-- Uploaded logo and signature images (mode cimage), re-encoded on upload; the config value
-- holds the id. school_id as the value's: NULL = uploaded for all schools.
CREATE TABLE config_images (
  id          serial PRIMARY KEY,
  school_id   int REFERENCES schools(id),
  key         text NOT NULL,
  mime        text NOT NULL,
  width       int NOT NULL,
  height      int NOT NULL,
  file_key    text NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX config_images_school_idx ON config_images (school_id);

-- Row-level security: a school's rows as every school-owned table; the all-schools rows are
-- read by everyone (they are every school's fallback) and written only by all-schools users.
SELECT sbo_enable_school_rls('config_values');
SELECT sbo_enable_school_rls('config_forms');
SELECT sbo_enable_school_rls('config_images');
CREATE POLICY all_schools_read ON config_values AS PERMISSIVE FOR SELECT TO sbo_app USING (school_id IS NULL);
CREATE POLICY all_schools_read ON config_forms AS PERMISSIVE FOR SELECT TO sbo_app USING (school_id IS NULL);
CREATE POLICY all_schools_read ON config_images AS PERMISSIVE FOR SELECT TO sbo_app USING (school_id IS NULL);
CREATE POLICY all_schools_write ON config_values AS PERMISSIVE FOR ALL TO sbo_app
  USING (school_id IS NULL AND (SELECT sbo_user_has_all_schools())) WITH CHECK (school_id IS NULL AND (SELECT sbo_user_has_all_schools()));
CREATE POLICY all_schools_write ON config_forms AS PERMISSIVE FOR ALL TO sbo_app
  USING (school_id IS NULL AND (SELECT sbo_user_has_all_schools())) WITH CHECK (school_id IS NULL AND (SELECT sbo_user_has_all_schools()));
CREATE POLICY all_schools_write ON config_images AS PERMISSIVE FOR ALL TO sbo_app
  USING (school_id IS NULL AND (SELECT sbo_user_has_all_schools())) WITH CHECK (school_id IS NULL AND (SELECT sbo_user_has_all_schools()));
GRANT USAGE, SELECT ON SEQUENCE config_values_id_seq, config_forms_id_seq, config_images_id_seq TO sbo_app;
