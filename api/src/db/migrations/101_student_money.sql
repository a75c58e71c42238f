-- 101_student_money (issue 13): the money model of a student as database rules, so no code
-- path (routes, jobs, imports, seeding, a psql session) can break it. See api/README.md
-- "The money model".
--
-- * receipts.paid and payments.assigned are sums of payment_assignments, kept by triggers;
--   writers cannot set them (a direct write keeps the old value).
-- * receipts.credited is the sum of the receipt's credit notes (kind 'CN' sub-receipts,
--   rrno = the credited receipt, negative amount), kept by a trigger.
-- * CHECKs: assignment amount > 0; payment 0 <= assigned <= amount; receipt
--   paid + credited <= amount; an archived (type 2) top-level receipt is settled
--   (paid + credited = amount; checked at commit, so a transaction may archive first and
--   assign after).
-- * students.balance = sum(amount - paid) over all receipts of the student (credit notes
--   count with their negative amount) = receipts − credit notes − assigned payments.
-- * One invoice per contract and period: UNIQUE (student_contract_id, period_start) of kind
--   'IR'; a skipped period (student_contract_skips) gets none.

-- ---- columns ---------------------------------------------------------------------------
ALTER TABLE receipts
  ADD COLUMN credited bigint NOT NULL DEFAULT 0,
  ADD COLUMN tax bigint NOT NULL DEFAULT 0,
  ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE dunnings ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Existing rows brought in line before the rules apply: derived sums recomputed.
UPDATE receipts r SET paid = COALESCE((SELECT sum(a.amount) FROM payment_assignments a WHERE a.rno = r.rno), 0);
UPDATE receipts r SET credited = COALESCE((SELECT -sum(c.amount) FROM receipts c WHERE c.rrno = r.rno AND c.kind = 'CN'), 0)
 WHERE r.rrno IS NULL;
UPDATE payments p SET assigned = COALESCE((SELECT sum(a.amount) FROM payment_assignments a WHERE a.payment_id = p.id), 0);

-- ---- constraints -----------------------------------------------------------------------
ALTER TABLE payment_assignments
  ADD CONSTRAINT payment_assignments_amount_positive CHECK (amount > 0),
  ADD CONSTRAINT payment_assignments_once UNIQUE (payment_id, rno);
ALTER TABLE payments
  ADD CONSTRAINT payments_amount_positive CHECK (amount > 0),
  ADD CONSTRAINT payments_assigned_within CHECK (assigned >= 0 AND assigned <= amount);
ALTER TABLE receipts
  -- Credit notes and only they are sub-receipts.
  ADD CONSTRAINT receipts_cn_is_sub CHECK ((kind = 'CN') = (rrno IS NOT NULL)),
  -- A credit note is negative and is neither paid nor credited itself.
  ADD CONSTRAINT receipts_cn_negative CHECK (kind <> 'CN' OR (amount < 0 AND paid = 0 AND credited = 0)),
  ADD CONSTRAINT receipts_amount_nonnegative CHECK (kind = 'CN' OR amount >= 0),
  ADD CONSTRAINT receipts_paid_within CHECK (paid >= 0 AND credited >= 0 AND paid + credited <= GREATEST(amount, 0)),
  ADD CONSTRAINT receipts_tax_within CHECK (abs(tax) <= abs(amount));

-- No period billed twice (ON CONFLICT target of invoice generation).
CREATE UNIQUE INDEX receipts_contract_period_key ON receipts (student_contract_id, period_start)
  WHERE kind = 'IR' AND student_contract_id IS NOT NULL;
CREATE INDEX payment_assignments_school_idx ON payment_assignments (school_id);

-- ---- skipped periods -------------------------------------------------------------------
-- A contract period that is not billed ("skip fee", written by PUT/POST /api-student/skip).
-- period_start: the start of the skipped period as invoice generation computes it
-- (contract_start + k * pay_interval months).
CREATE TABLE student_contract_skips (
  id                   serial PRIMARY KEY,
  school_id            int NOT NULL REFERENCES schools(id),
  student_contract_id  int NOT NULL REFERENCES student_contracts(id) ON DELETE CASCADE,
  period_start         date NOT NULL,
  created_by           int REFERENCES users(id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (student_contract_id, period_start)
);
CREATE INDEX student_contract_skips_school_idx ON student_contract_skips (school_id);
SELECT sbo_enable_school_rls('student_contract_skips');
GRANT USAGE, SELECT ON SEQUENCE student_contract_skips_id_seq TO sbo_app;

-- ---- triggers --------------------------------------------------------------------------

-- Derived columns are written by the triggers below only (nested trigger depth > 1); a
-- direct INSERT starts them at 0, a direct UPDATE keeps them.
CREATE OR REPLACE FUNCTION sbo_receipts_derived() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.paid := 0;
    NEW.credited := 0;
  ELSIF pg_trigger_depth() = 1 THEN
    NEW.paid := OLD.paid;
    NEW.credited := OLD.credited;
  END IF;
  -- A credit note's parent: a top-level receipt of the same student and currency; the note
  -- follows its type (open/archived).
  IF NEW.kind = 'CN' AND (TG_OP = 'INSERT' OR NEW.rrno IS DISTINCT FROM OLD.rrno OR NEW.amount <> OLD.amount) THEN
    PERFORM 1 FROM receipts p
      WHERE p.rno = NEW.rrno AND p.rrno IS NULL AND p.kind <> 'CN' AND p.student_id = NEW.student_id AND p.currency = NEW.currency;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'credit note % must reference a top-level receipt of its student', NEW.rno
        USING ERRCODE = 'check_violation', CONSTRAINT = 'receipts_cn_parent';
    END IF;
  END IF;
  -- A skipped contract period is never billed.
  IF TG_OP = 'INSERT' AND NEW.kind = 'IR' AND NEW.student_contract_id IS NOT NULL THEN
    PERFORM 1 FROM student_contract_skips s
      WHERE s.student_contract_id = NEW.student_contract_id AND s.period_start = NEW.period_start;
    IF FOUND THEN
      RAISE EXCEPTION 'period % of contract % is skipped', NEW.period_start, NEW.student_contract_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'receipts_period_skipped';
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER receipts_derived BEFORE INSERT OR UPDATE ON receipts
  FOR EACH ROW EXECUTE FUNCTION sbo_receipts_derived();

CREATE OR REPLACE FUNCTION sbo_payments_derived() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.assigned := 0;
  ELSIF pg_trigger_depth() = 1 THEN
    NEW.assigned := OLD.assigned;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payments_derived BEFORE INSERT OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION sbo_payments_derived();

-- An assignment joins a payment and a top-level, non-credit-note receipt of the same student
-- and currency.
CREATE OR REPLACE FUNCTION sbo_assignments_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM payments p JOIN receipts r ON r.rno = NEW.rno
    WHERE p.id = NEW.payment_id AND r.student_id = p.student_id AND r.rrno IS NULL AND r.kind <> 'CN';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'payment % cannot be assigned to receipt %', NEW.payment_id, NEW.rno
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_assignments_target';
  END IF;
  PERFORM 1 FROM payments p JOIN receipts r ON r.rno = NEW.rno WHERE p.id = NEW.payment_id AND r.currency = p.currency;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'payment % and receipt % differ in currency', NEW.payment_id, NEW.rno
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_assignments_currency';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payment_assignments_check BEFORE INSERT OR UPDATE OF payment_id, rno ON payment_assignments
  FOR EACH ROW EXECUTE FUNCTION sbo_assignments_check();

-- receipts.paid and payments.assigned follow every assignment change.
CREATE OR REPLACE FUNCTION sbo_assignments_keep_sums() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE receipts SET paid = paid - OLD.amount WHERE rno = OLD.rno;
    UPDATE payments SET assigned = assigned - OLD.amount WHERE id = OLD.payment_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE receipts SET paid = paid + NEW.amount WHERE rno = NEW.rno;
    UPDATE payments SET assigned = assigned + NEW.amount WHERE id = NEW.payment_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER payment_assignments_keep_sums AFTER INSERT OR DELETE OR UPDATE OF amount, rno, payment_id ON payment_assignments
  FOR EACH ROW EXECUTE FUNCTION sbo_assignments_keep_sums();

-- receipts.credited of the parent follows its credit notes; a parent's type passes to its
-- credit notes.
CREATE OR REPLACE FUNCTION sbo_credit_notes_keep_credited() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.kind = 'CN' THEN
    UPDATE receipts SET credited = credited + OLD.amount WHERE rno = OLD.rrno;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.kind = 'CN' THEN
    UPDATE receipts SET credited = credited - NEW.amount WHERE rno = NEW.rrno;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.rrno IS NULL AND NEW.type <> OLD.type THEN
    UPDATE receipts SET type = NEW.type WHERE rrno = NEW.rno AND type <> NEW.type;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER receipts_keep_credited AFTER INSERT OR DELETE OR UPDATE OF kind, rrno, amount, type ON receipts
  FOR EACH ROW EXECUTE FUNCTION sbo_credit_notes_keep_credited();

-- Archived = settled, checked when the transaction commits (SET CONSTRAINTS ... IMMEDIATE
-- checks it at once).
CREATE OR REPLACE FUNCTION sbo_receipts_archived_settled() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM receipts r WHERE r.rno = NEW.rno AND r.type = 2 AND r.rrno IS NULL AND r.paid + r.credited <> r.amount;
  IF FOUND THEN
    RAISE EXCEPTION 'receipt % is archived but not settled', NEW.rno
      USING ERRCODE = 'check_violation', CONSTRAINT = 'receipts_archived_settled';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER receipts_archived_settled AFTER INSERT OR UPDATE ON receipts
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.type = 2 AND NEW.rrno IS NULL)
  EXECUTE FUNCTION sbo_receipts_archived_settled();

-- The balance (005) counted open receipts only; now every receipt counts amount - paid:
-- an archived receipt is settled, so it and its credit notes add up to 0.
CREATE OR REPLACE FUNCTION sbo_receipts_keep_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.student_id = NEW.student_id THEN
    IF (NEW.amount - NEW.paid) <> (OLD.amount - OLD.paid) THEN
      UPDATE students SET balance = balance + (NEW.amount - NEW.paid) - (OLD.amount - OLD.paid) WHERE id = NEW.student_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.amount <> OLD.paid THEN
    UPDATE students SET balance = balance - (OLD.amount - OLD.paid) WHERE id = OLD.student_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.amount <> NEW.paid THEN
    UPDATE students SET balance = balance + (NEW.amount - NEW.paid) WHERE id = NEW.student_id;
  END IF;
  RETURN NULL;
END $$;

-- Balances recomputed under the new rule.
UPDATE students s SET balance = COALESCE((SELECT sum(r.amount - r.paid) FROM receipts r WHERE r.student_id = s.id), 0)
 WHERE balance IS DISTINCT FROM COALESCE((SELECT sum(r.amount - r.paid) FROM receipts r WHERE r.student_id = s.id), 0);
