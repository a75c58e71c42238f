-- 102_student_money_skips (issue 13): "skipped periods produce no receipt" both ways. 101
-- refuses a receipt for a skipped period; this refuses a skip for a period that already has
-- its receipt (the skip call picks the next unbilled period; credit or delete the receipt
-- before skipping a billed one). Invoice generation takes a lock that makes a concurrent
-- skip wait (see api/README.md "The money model"), so neither side can miss the other.
CREATE OR REPLACE FUNCTION sbo_contract_skips_unbilled() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM receipts r
    WHERE r.student_contract_id = NEW.student_contract_id AND r.period_start = NEW.period_start AND r.kind = 'IR';
  IF FOUND THEN
    RAISE EXCEPTION 'period % of contract % is already billed', NEW.period_start, NEW.student_contract_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'student_contract_skips_billed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER student_contract_skips_unbilled BEFORE INSERT OR UPDATE OF student_contract_id, period_start ON student_contract_skips
  FOR EACH ROW EXECUTE FUNCTION sbo_contract_skips_unbilled();
