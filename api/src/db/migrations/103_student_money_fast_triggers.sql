-- 103_student_money_fast_triggers (issue 13): the same rules as 101, cheaper for statements
-- that write many receipts (the daily invoice run: 100k rows in one INSERT ... SELECT).
--
-- 1. students.balance is kept per statement instead of per row: one UPDATE of the students
--    touched (grouped), so the student_counts statement trigger of 005 runs once per
--    statement instead of once per receipt. Same rule: balance += sum(amount - paid) of the
--    new rows - sum(amount - paid) of the old rows.
-- 2. The credit-note trigger fires only where it has work (WHEN, evaluated without calling
--    the function): inserted or deleted credit notes, updates of a credit note or of a
--    receipt's type.
DROP TRIGGER receipts_keep_balance ON receipts;

CREATE OR REPLACE FUNCTION sbo_receipts_keep_balance_stmt() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE students s SET balance = s.balance + d.delta
      FROM (SELECT student_id, sum(amount - paid) AS delta FROM new_rows GROUP BY student_id) d
     WHERE s.id = d.student_id AND d.delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE students s SET balance = s.balance - d.delta
      FROM (SELECT student_id, sum(amount - paid) AS delta FROM old_rows GROUP BY student_id) d
     WHERE s.id = d.student_id AND d.delta <> 0;
  ELSE
    UPDATE students s SET balance = s.balance + d.delta
      FROM (SELECT student_id, sum(delta) AS delta FROM (
              SELECT student_id, amount - paid AS delta FROM new_rows
              UNION ALL
              SELECT student_id, -(amount - paid) FROM old_rows) changed
             GROUP BY student_id) d
     WHERE s.id = d.student_id AND d.delta <> 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER receipts_balance_insert AFTER INSERT ON receipts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sbo_receipts_keep_balance_stmt();
CREATE TRIGGER receipts_balance_delete AFTER DELETE ON receipts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sbo_receipts_keep_balance_stmt();
CREATE TRIGGER receipts_balance_update AFTER UPDATE ON receipts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sbo_receipts_keep_balance_stmt();

DROP TRIGGER receipts_keep_credited ON receipts;
CREATE TRIGGER receipts_keep_credited_insert AFTER INSERT ON receipts
  FOR EACH ROW WHEN (NEW.kind = 'CN') EXECUTE FUNCTION sbo_credit_notes_keep_credited();
CREATE TRIGGER receipts_keep_credited_delete AFTER DELETE ON receipts
  FOR EACH ROW WHEN (OLD.kind = 'CN') EXECUTE FUNCTION sbo_credit_notes_keep_credited();
CREATE TRIGGER receipts_keep_credited_update AFTER UPDATE OF kind, rrno, amount, type ON receipts
  FOR EACH ROW WHEN (OLD.kind = 'CN' OR NEW.kind = 'CN' OR (NEW.rrno IS NULL AND OLD.type IS DISTINCT FROM NEW.type))
  EXECUTE FUNCTION sbo_credit_notes_keep_credited();
