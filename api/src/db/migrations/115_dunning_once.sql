-- 115 (issue 25 defect 2): one dunning letter per receipt and level, whichever path writes it.
-- Before, only a dunning run recorded what it dunned (dunning_run_items, primary key
-- (rno, dunning_level), migration 110); POST /api-invoice-reminder/data (a letter written by
-- hand) wrote a new letter for the same receipt and level on every call. Now every letter
-- claims its receipts at its level in dunning_run_items, by this trigger on dunnings itself:
-- a letter of a run, one written by hand, or any other INSERT into dunnings. The primary key
-- (rno, dunning_level) refuses the second letter (unique violation: the API answers 409
-- {error: 110}). A letter's level changed later (PUT /api-invoice-reminder/data) moves its
-- claims along, and is refused the same way when another letter has the new level.
-- The table keeps its name (the run's queries use it); read it as "dunning items".
CREATE OR REPLACE FUNCTION sbo_dunning_claims() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM dunning_run_items WHERE dunning_id = NEW.id;
  END IF;
  INSERT INTO dunning_run_items (school_id, dunning_id, rno, dunning_level)
  SELECT DISTINCT NEW.school_id, NEW.id, x, NEW.dunning_level FROM unnest(NEW.receipt_nos) AS x;
  RETURN NULL;
END $$;

CREATE TRIGGER dunnings_claim_insert AFTER INSERT ON dunnings
  FOR EACH ROW EXECUTE FUNCTION sbo_dunning_claims();
CREATE TRIGGER dunnings_claim_update AFTER UPDATE OF dunning_level, receipt_nos ON dunnings
  FOR EACH ROW WHEN (OLD.dunning_level IS DISTINCT FROM NEW.dunning_level OR OLD.receipt_nos IS DISTINCT FROM NEW.receipt_nos)
  EXECUTE FUNCTION sbo_dunning_claims();

-- Existing letters written by hand (no claims yet): each receipt and level goes to its
-- earliest letter. A later letter for the same receipt and level (a double submit before
-- this migration) stays as it is, readable and printable, but claims nothing: it is history,
-- and changing its level is refused while the earlier letter holds it. Receipts no longer
-- there are skipped (the letter keeps their numbers).
INSERT INTO dunning_run_items (school_id, dunning_id, rno, dunning_level)
SELECT DISTINCT ON (r.rno, d.dunning_level) d.school_id, d.id, r.rno, d.dunning_level
  FROM dunnings d
  CROSS JOIN LATERAL unnest(d.receipt_nos) AS x(rno)
  JOIN receipts r ON r.rno = x.rno
 WHERE NOT EXISTS (SELECT 1 FROM dunning_run_items i WHERE i.dunning_id = d.id)
 ORDER BY r.rno, d.dunning_level, d.created_at, d.id
ON CONFLICT DO NOTHING;
