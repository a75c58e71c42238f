-- 005_student_list: what the student list (POST /api-student/list, 001 §3) needs to sort,
-- filter and page 100k students in SQL: the balance and the open-reminder count kept on the
-- student row by triggers (so both sort through an index instead of aggregating every
-- student per request), counts per school and status for the total, and indexes matching
-- the list's orders and prefix filters.

-- b (balance, cents): what the student owes = sum of (amount - paid) of the open receipts
-- (type 1). remc: number of open reminders (date_done null) of the student.
ALTER TABLE students ADD COLUMN balance bigint NOT NULL DEFAULT 0;
ALTER TABLE students ADD COLUMN open_reminders int NOT NULL DEFAULT 0;

-- Lower-case sort and search keys of the text columns the list sorts and filters by.
ALTER TABLE students
  ADD COLUMN lastname_key text COLLATE "C" GENERATED ALWAYS AS (lower(lastname)) STORED,
  ADD COLUMN firstname_key text COLLATE "C" GENERATED ALWAYS AS (lower(firstname)) STORED,
  ADD COLUMN mno_key text COLLATE "C" GENERATED ALWAYS AS (lower(mno)) STORED,
  ADD COLUMN zip_key text COLLATE "C" GENERATED ALWAYS AS (lower(zip)) STORED,
  ADD COLUMN city_key text COLLATE "C" GENERATED ALWAYS AS (lower(city)) STORED;

UPDATE students s
   SET balance = r.open
  FROM (SELECT student_id, sum(amount - paid) AS open FROM receipts WHERE type = 1 GROUP BY student_id) r
 WHERE r.student_id = s.id;
UPDATE students s
   SET open_reminders = r.n
  FROM (SELECT student_id, count(*) AS n FROM reminders WHERE date_done IS NULL AND student_id IS NOT NULL GROUP BY student_id) r
 WHERE r.student_id = s.id;

-- Row triggers keep both in step with every write, whoever makes it (routes, seeding,
-- imports). They run with the writer's rights: in a scoped transaction row-level security
-- limits them to the same schools as the write itself.
CREATE OR REPLACE FUNCTION sbo_receipts_keep_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 1 AND OLD.amount <> OLD.paid THEN
    UPDATE students SET balance = balance - (OLD.amount - OLD.paid) WHERE id = OLD.student_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 1 AND NEW.amount <> NEW.paid THEN
    UPDATE students SET balance = balance + (NEW.amount - NEW.paid) WHERE id = NEW.student_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER receipts_keep_balance
  AFTER INSERT OR DELETE OR UPDATE OF type, amount, paid, student_id ON receipts
  FOR EACH ROW EXECUTE FUNCTION sbo_receipts_keep_balance();

CREATE OR REPLACE FUNCTION sbo_reminders_keep_open_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.student_id IS NOT NULL AND OLD.date_done IS NULL THEN
    UPDATE students SET open_reminders = open_reminders - 1 WHERE id = OLD.student_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.student_id IS NOT NULL AND NEW.date_done IS NULL THEN
    UPDATE students SET open_reminders = open_reminders + 1 WHERE id = NEW.student_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER reminders_keep_open_count
  AFTER INSERT OR DELETE OR UPDATE OF student_id, date_done ON reminders
  FOR EACH ROW EXECUTE FUNCTION sbo_reminders_keep_open_count();

-- Totals without counting: students per school, status and network status, kept by
-- statement triggers (one upsert per statement, whatever its size). The list answers its
-- total from here when it filters only by these (and the user's schools, through RLS).
-- member_status 0 = none.
CREATE TABLE student_counts (
  school_id          int NOT NULL REFERENCES schools(id),
  student_status_id  smallint NOT NULL,
  member_status      smallint NOT NULL,
  n                  int NOT NULL,
  PRIMARY KEY (school_id, student_status_id, member_status)
);
INSERT INTO student_counts (school_id, student_status_id, member_status, n)
SELECT school_id, student_status_id, COALESCE(e_member_status_id, 0), count(*) FROM students GROUP BY 1, 2, 3;

CREATE OR REPLACE FUNCTION sbo_students_keep_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Rows in a fixed order: concurrent writers lock count rows in the same order (no deadlock).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO student_counts AS c (school_id, student_status_id, member_status, n)
    SELECT school_id, student_status_id, COALESCE(e_member_status_id, 0), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (school_id, student_status_id, member_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO student_counts AS c (school_id, student_status_id, member_status, n)
    SELECT school_id, student_status_id, COALESCE(e_member_status_id, 0), -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (school_id, student_status_id, member_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO student_counts AS c (school_id, student_status_id, member_status, n)
    SELECT school_id, student_status_id, member_status, sum(d) FROM (
      SELECT school_id, student_status_id, COALESCE(e_member_status_id, 0) AS member_status, 1 AS d FROM new_rows
      UNION ALL
      SELECT school_id, student_status_id, COALESCE(e_member_status_id, 0), -1 FROM old_rows
    ) changed
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (school_id, student_status_id, member_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER students_counts_insert AFTER INSERT ON students
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sbo_students_keep_counts();
CREATE TRIGGER students_counts_delete AFTER DELETE ON students
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sbo_students_keep_counts();
CREATE TRIGGER students_counts_update AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sbo_students_keep_counts();

SELECT sbo_enable_school_rls('student_counts');
GRANT SELECT, INSERT, UPDATE ON student_counts TO sbo_app;

-- List orders, each ending with the id (the list's tiebreak), so a page is one index range.
-- Text columns sort and filter through lower-case key columns with C collation (byte order,
-- the same as the C.UTF-8 databases here): one btree then serves the order and the
-- case-insensitive prefix filter, which the list writes as starts_with(key, 'mü'). That form
-- matters under row-level security: PostgreSQL uses an index for a user's condition only
-- when it is leakproof, which starts_with on a column is and LIKE or lower(..) are not.
-- The name indexes also carry the status columns and the school: the total of a name
-- prefix filtered by status (and limited to the user's schools) is an index-only count.
CREATE INDEX students_list_ln_idx ON students (lastname_key, firstname_key, id) INCLUDE (student_status_id, e_member_status_id, school_id);
CREATE INDEX students_list_fn_idx ON students (firstname_key, lastname_key, id) INCLUDE (student_status_id, e_member_status_id, school_id);
CREATE INDEX students_list_mno_idx ON students (mno_key, id);
CREATE INDEX students_list_zip_idx ON students (zip_key, id);
CREATE INDEX students_list_city_idx ON students (city_key, id);
CREATE INDEX students_list_balance_idx ON students (balance, id);
CREATE INDEX students_list_status_idx ON students (student_status_id, id);
CREATE INDEX students_list_member_status_idx ON students (e_member_status_id, id);
CREATE INDEX students_list_entry_idx ON students (e_entry_date, id);
CREATE INDEX students_list_cancel_idx ON students (e_cancel_date, id);
CREATE INDEX students_list_dob_idx ON students (dob, id);
CREATE INDEX students_list_reminders_idx ON students (open_reminders, id);
-- Divisions filter (students having a division: divisions @> ARRAY[n]).
CREATE INDEX students_divisions_idx ON students USING gin (divisions);
