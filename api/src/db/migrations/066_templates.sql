-- 066_templates (issue 11; spec 001 §3 "Templates", 002 §2.11, §3): custom templates of one
-- or more schools, and the per-school overrides of the system templates (their defaults are
-- shipped in code: api/src/domains/templates/system-templates.ts).

-- Custom templates (/m-template/base). type: 1 lead, 2 student, 3 student contract.
-- content is sanitised rich text (the news allow-list). No school_id: a template belongs to
-- the schools in template_schools, and is seen by a user who sees one of them.
CREATE TABLE templates (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  type        smallint NOT NULL CHECK (type IN (1, 2, 3)),
  subject     text NOT NULL,
  content     text NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL DEFAULT 1
);
ALTER TABLE templates ADD COLUMN name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(name)) STORED;
CREATE INDEX templates_created_idx ON templates (created_at DESC, id DESC);

CREATE TABLE template_schools (
  template_id  int NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
  school_id    int NOT NULL REFERENCES schools(id),
  PRIMARY KEY (template_id, school_id)
);
CREATE INDEX template_schools_school_idx ON template_schools (school_id, template_id);

-- Row-level security: template_schools as every school-owned table; a template is visible
-- (and changeable) when one of its schools rows is (the sub-select runs under the same
-- policy). Inserting needs no visible school yet: the route checks the schools it links.
SELECT sbo_enable_school_rls('template_schools');
ALTER TABLE templates ENABLE ROW LEVEL SECURITY;
ALTER TABLE templates FORCE ROW LEVEL SECURITY;
CREATE POLICY template_scope ON templates AS PERMISSIVE FOR ALL TO sbo_app
  USING (EXISTS (SELECT 1 FROM template_schools ts WHERE ts.template_id = templates.id))
  WITH CHECK (true);
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_all ON templates AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON templates TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE templates_id_seq TO sbo_app;

-- Overrides of the system templates: school_id NULL = for all schools. A row whose subject
-- and content are NULL was reset to the default (kept so its version keeps counting: an
-- editor holding an older version still gets 409).
CREATE TABLE system_templates (
  id          serial PRIMARY KEY,
  key         text NOT NULL CHECK (key ~ '^[a-z][a-z0-9_]{0,39}$'),
  school_id   int REFERENCES schools(id),
  subject     text,
  content     text,
  updated_by  int REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL DEFAULT 1,
  CHECK ((subject IS NULL) = (content IS NULL))
);
CREATE UNIQUE INDEX system_templates_key_school_idx ON system_templates (key, (COALESCE(school_id, 0)));

-- As config_values (062): a school's rows by the school scope, the all-schools rows read by
-- everyone and written only by all-schools users.
SELECT sbo_enable_school_rls('system_templates');
CREATE POLICY all_schools_read ON system_templates AS PERMISSIVE FOR SELECT TO sbo_app USING (school_id IS NULL);
CREATE POLICY all_schools_write ON system_templates AS PERMISSIVE FOR ALL TO sbo_app
  USING (school_id IS NULL AND (SELECT sbo_user_has_all_schools())) WITH CHECK (school_id IS NULL AND (SELECT sbo_user_has_all_schools()));
GRANT USAGE, SELECT ON SEQUENCE system_templates_id_seq TO sbo_app;
