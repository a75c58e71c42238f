-- 023_german_sort_keys (issue 10 item 14): every sorted list orders names and texts in German
-- dictionary order (DIN 5007 variant 1: Binder, Böhm, Brandt), the same on PGlite (no ICU)
-- and on a PostgreSQL server whatever its locale.
--
-- Each text column a list sorts by gets a stored key column `<column>_sk`, kept by the
-- database from sbo_sort_key (020): every writer (routes, seeding, imports, psql) keeps it
-- right, and a btree on it serves the order. C collation: the key is compared byte by byte
-- (it holds folded lower-case Latin letters, so that is dictionary order), independent of
-- the database's collation. The list contract (api/src/lib/paged-list.ts, `textSort`) maps a
-- sorted text column to its key column; a new sortable text column needs a line here (in
-- its own migration) and nothing else.
--
-- Filters are not affected: prefix filters still compare what the user typed with the
-- lower-case key columns of 005 (students) or lower(column), exactly as before, so `Böh`
-- finds Böhm and `boh` does not (ö is not o when typing).
--
-- Adding the columns rewrites each table once (all its key columns in one ALTER), which also
-- rebuilds the table's indexes. Measured on the shared 2-core test machine: the demo seed in
-- milliseconds; 100,000 students 13 s on PostgreSQL (7 s of it the rewrite with the 22
-- student indexes, 3 s computing 300,000 keys), about 40 s on PGlite. Longer than a request
-- may take: migrations run without PG_STATEMENT_TIMEOUT_MS (api/src/db/index.ts).

ALTER TABLE schools ADD COLUMN name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(name)) STORED;
ALTER TABLE roles ADD COLUMN role_name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(role_name)) STORED;
ALTER TABLE users
  ADD COLUMN lastname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(lastname)) STORED,
  ADD COLUMN firstname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(firstname)) STORED;
-- sbo_app reads user rows through a column grant (001); the keys are derived from names it reads.
GRANT SELECT (lastname_sk, firstname_sk) ON users TO sbo_app;
ALTER TABLE accounts ADD COLUMN name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(name)) STORED;
ALTER TABLE students
  ADD COLUMN lastname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(lastname)) STORED,
  ADD COLUMN firstname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(firstname)) STORED,
  ADD COLUMN city_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(city)) STORED;
ALTER TABLE income ADD COLUMN annotation_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(annotation)) STORED;
ALTER TABLE expense
  ADD COLUMN name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(name)) STORED,
  ADD COLUMN annotation_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(annotation)) STORED;
-- The microsite's team list (network members holding a school role).
ALTER TABLE network_members
  ADD COLUMN lastname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(lastname)) STORED,
  ADD COLUMN firstname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(firstname)) STORED;
ALTER TABLE news ADD COLUMN title_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(title)) STORED;
ALTER TABLE reminders ADD COLUMN subject_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(subject)) STORED;

-- The student list's name and city orders (005) move to the keys, still ending with the id
-- and carrying the status columns and the school (index-only totals). The old indexes on the
-- lower-case keys stay, renamed for what they now do: they serve the prefix filters
-- (starts_with(lastname_key, 'mü'), leakproof, so also under row-level security). A prefix
-- filter sorted by the same column reads the filter's range and sorts the matches (top-N);
-- the planner walks the key index instead when the prefix matches most rows.
ALTER INDEX students_list_ln_idx RENAME TO students_ln_prefix_idx;
ALTER INDEX students_list_fn_idx RENAME TO students_fn_prefix_idx;
ALTER INDEX students_list_city_idx RENAME TO students_city_prefix_idx;
CREATE INDEX students_list_ln_idx ON students (lastname_sk, firstname_sk, id) INCLUDE (student_status_id, e_member_status_id, school_id);
CREATE INDEX students_list_fn_idx ON students (firstname_sk, lastname_sk, id) INCLUDE (student_status_id, e_member_status_id, school_id);
CREATE INDEX students_list_city_idx ON students (city_sk, id);
