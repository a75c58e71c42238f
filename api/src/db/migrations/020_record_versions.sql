-- 020_record_versions (issue 10 items 7 and 14): the foundations every editable record and
-- every sorted list builds on.
--
-- 1. Record versions (no lost updates). Every row users edit carries a counter. A read of
--    one record answers it; a PUT sends it back and the repository updates with
--    `SET ..., version = version + 1 WHERE id = $1 AND version = $n` (api/src/lib/record-version.ts):
--    zero rows while the row is still there means someone saved meanwhile -> 409 {error: 9},
--    nothing changed. Tables of later issues add the same column. students has two:
--    `version` (personal data) and `address_version` (main address), because the detail
--    page edits them in separate forms and saving one must not make the other stale.
-- 2. idempotency_keys: the first answer of a money-writing POST per (user, Idempotency-Key),
--    stored in the write's own transaction (api/src/lib/idempotency.ts).
-- 3. sbo_sort_key(text): the DIN 5007 (variant 1) sort key of German lists, identical on
--    PGlite (no ICU) and a PostgreSQL server whatever its locale.

ALTER TABLE schools ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE roles ADD COLUMN version integer NOT NULL DEFAULT 1;
-- users.version: the user record (PUT /api-user/data); settings_version: the user's own
-- settings (PUT /api-user/settings), saved by the user, independent of the admin's edits.
ALTER TABLE users
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN settings_version integer NOT NULL DEFAULT 1;
ALTER TABLE accounts ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE contract_templates ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE students
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN address_version integer NOT NULL DEFAULT 1;
ALTER TABLE student_addresses ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE student_contracts ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE payments ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE student_notes ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE student_documents ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE leads ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE reminders ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE income ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE expense ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE news ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE association_news ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE tickets ADD COLUMN version integer NOT NULL DEFAULT 1;

-- sbo_app reads user rows through a column grant (001): the version is no secret.
GRANT SELECT (version) ON users TO sbo_app;

-- The first answer of an idempotent POST. key: the client's Idempotency-Key header;
-- request_hash: SHA-256 of method, route, query and body (the same key with another request
-- is refused with 422 {error: 10}); response: the answer's body, replayed for a repeat.
-- Rows older than a day are removed by the next idempotent write of the same user (and at
-- start), so the table stays small without a scheduler.
CREATE TABLE idempotency_keys (
  user_id       int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  status        smallint NOT NULL,
  response      jsonb NOT NULL,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
-- Written inside scoped transactions (role sbo_app): each user sees only his own keys.
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY own_keys ON idempotency_keys AS PERMISSIVE FOR ALL TO sbo_app
  USING (user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int))
  WITH CHECK (user_id = (SELECT NULLIF(current_setting('app.user_id', true), '')::int));
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_all ON idempotency_keys AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO sbo_app;

/**
 * DIN 5007 variant 1 ("dictionary order") sort key: case folded, ä/ö/ü -> a/o/u, ß -> ss,
 * and the accents of the names German schools meet folded to their base letter (é, è, á,
 * à, ç, č, š, ž, ć, đ, ñ, ø, å, ł, ...); combining accents (decomposed input) dropped.
 * Spelled out with translate() instead of lower()/unaccent: lower() under the C locale
 * leaves non-ASCII letters alone, PGlite has no ICU and unaccent is an extension. The last
 * lower() sees only ASCII letters (COLLATE "C"), so the key is the same on every server
 * and locale: IMMUTABLE, usable in STORED generated columns and indexes. Letters it does
 * not know (other scripts) stay as they are and sort after the Latin ones.
 * Every character maps on its own, so the key of a prefix is a prefix of the key: a
 * prefix filter may compare keys (starts_with(key, sbo_sort_key('Bö')) finds Böhm).
 */
CREATE OR REPLACE FUNCTION sbo_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(
    replace(replace(replace(replace(replace(replace(replace(replace(
      translate(value,
        'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐÐďđðÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠȘśŝşšșŢŤŦȚţťŧțÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž' || U&'\0300\0301\0302\0303\0304\0305\0306\0307\0308\0309\030A\030B\030C\030D\030E\030F\0310\0311\0312\0313\0314\0315\0316\0317\0318\0319\031A\031B\031C\031D\031E\031F\0320\0321\0322\0323\0324\0325\0326\0327\0328\0329\032A\032B\032C\032D\032E\032F\0330\0331\0332\0333\0334\0335\0336\0337\0338\0339\033A\033B\033C\033D\033E\033F\0340\0341\0342\0343\0344\0345\0346\0347\0348\0349\034A\034B\034C\034D\034E\034F\0350\0351\0352\0353\0354\0355\0356\0357\0358\0359\035A\035B\035C\035D\035E\035F\0360\0361\0362\0363\0364\0365\0366\0367\0368\0369\036A\036B\036C\036D\036E\036F',
        'aaaaaaaaaaaaaaaaaaccccccccccddddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'),
      'ß', 'ss'), 'ẞ', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'Þ', 'th'), 'þ', 'th')
    COLLATE "C")
$$;
