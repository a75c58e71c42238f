-- 108 (issue 14, part 2): bank statements (CAMT imports) and bank movements.
--
-- * bank_imports: one row per imported file (an XML statement, or a zip of several); the
--   same file (its SHA-256) is imported once per school (UNIQUE), so a repeated upload, also
--   two at the same moment, writes nothing twice.
-- * bank_movements: what the bank booked on one of the school's accounts (an entry, or one
--   transaction of a batch booking), or a movement entered by hand (import_id NULL). An
--   imported movement carries its stable key (the bank's AcctSvcrRef, else a hash of its
--   fields): UNIQUE (account_id, entry_key), so an entry reported again (an overlapping
--   statement, a camt.054 then the camt.053) is never written twice.
-- * A movement with a student is done (assigned: student_id, and payment_id when a payment
--   was made from it). Amounts are integer cents, positive; `credit` says the direction.

CREATE TABLE bank_imports (
  id                serial PRIMARY KEY,
  school_id         int NOT NULL REFERENCES schools(id),
  file_name         text NOT NULL,
  content_hash      text NOT NULL,
  message           text NOT NULL,
  -- [{id, iban, account_id, currency, from, to, opening, closing, entries}] per statement
  statements        jsonb NOT NULL DEFAULT '[]',
  entries_imported  int NOT NULL DEFAULT 0 CHECK (entries_imported >= 0),
  entries_skipped   int NOT NULL DEFAULT 0 CHECK (entries_skipped >= 0),
  returns_found     int NOT NULL DEFAULT 0 CHECK (returns_found >= 0),
  created_by        int REFERENCES users(id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (school_id, content_hash)
);
CREATE INDEX bank_imports_school_idx ON bank_imports (school_id, created_at);
SELECT sbo_enable_school_rls('bank_imports');
GRANT USAGE, SELECT ON SEQUENCE bank_imports_id_seq TO sbo_app;

CREATE TABLE bank_movements (
  id                 serial PRIMARY KEY,
  school_id          int NOT NULL REFERENCES schools(id),
  account_id         int NOT NULL REFERENCES accounts(id),
  import_id          int REFERENCES bank_imports(id) ON DELETE SET NULL,
  statement_id       text,
  entry_key          text,
  booking_date       date NOT NULL,
  value_date         date,
  amount             bigint NOT NULL CHECK (amount > 0),
  credit             boolean NOT NULL,
  currency           char(3) NOT NULL,
  counterparty_name  text NOT NULL DEFAULT '',
  counterparty_iban  text NOT NULL DEFAULT '',
  mandate_id         text,
  end_to_end_id      text,
  remittance         text NOT NULL DEFAULT '',
  bank_tx_code       text,
  return_reason      text,
  charges            bigint NOT NULL DEFAULT 0 CHECK (charges >= 0),
  student_id         int REFERENCES students(id) ON DELETE SET NULL,
  payment_id         int REFERENCES payments(id) ON DELETE SET NULL,
  -- Why the student was attached (the matching rule, or 'manual').
  assigned_by_rule   text,
  assigned_at        timestamptz,
  version            integer NOT NULL DEFAULT 1,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((import_id IS NULL AND entry_key IS NULL) OR entry_key IS NOT NULL),
  CHECK (payment_id IS NULL OR student_id IS NOT NULL)
);
CREATE UNIQUE INDEX bank_movements_entry_key ON bank_movements (account_id, entry_key) WHERE entry_key IS NOT NULL;
-- One payment is made from one movement at most.
CREATE UNIQUE INDEX bank_movements_payment_key ON bank_movements (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX bank_movements_school_idx ON bank_movements (school_id, booking_date, id);
CREATE INDEX bank_movements_open_credits_idx ON bank_movements (school_id, booking_date, id) WHERE credit AND student_id IS NULL;
CREATE INDEX bank_movements_import_idx ON bank_movements (import_id);
CREATE INDEX bank_movements_e2e_idx ON bank_movements (end_to_end_id) WHERE end_to_end_id IS NOT NULL;
SELECT sbo_enable_school_rls('bank_movements');
GRANT USAGE, SELECT ON SEQUENCE bank_movements_id_seq TO sbo_app;

-- The list sorts sender and purpose in German order (src/domains/README.md "Sorted lists").
ALTER TABLE bank_movements
  ADD COLUMN counterparty_name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(counterparty_name)) STORED,
  ADD COLUMN remittance_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(left(remittance, 200))) STORED;
