-- 106 (issue 14, direct-debit runs): a run collects the selected open receipts of one
-- creditor account by SEPA Core direct debit. It stores the generated pain.008 files (file
-- store keys; served unchanged on every download) and one sepa_debits row per receipt.
--
-- * A receipt is "in collection" while it has a debit with status 'pending' (file made, not
--   yet booked by the bank) or 'paid' (the bank statement showed it). The partial unique
--   index below makes a second run for the same receipt fail in the database, whatever path
--   writes; a 'returned' debit (R-transaction) frees the receipt for a later run.
-- * end_to_end_id is the debit's EndToEndId in the file (unique, at most 35 SEPA characters);
--   bank statement imports (CAMT) match entries on it and set status paid / returned.
-- * sequence_type: FRST for the first collection under a mandate, RCUR for later ones
--   (SEPA Core). mandate_id / mandate_date: MndtId and DtOfSgntr as written into the file.
-- * debtor_*: the debtor data as written into the file (the contract may change later).
-- * pain_version: the version of the 'ebics' file (the account's setting at run time); the
--   'fints' file is always pain.008.003.02.

-- The pain.008 version an account's EBICS file is made in (some banks still require .02).
ALTER TABLE accounts
  ADD COLUMN sepa_pain_version text NOT NULL DEFAULT 'pain.008.001.08'
  CHECK (sepa_pain_version IN ('pain.008.001.08', 'pain.008.001.02'));

CREATE TABLE sepa_runs (
  id               serial PRIMARY KEY,
  school_id        int NOT NULL REFERENCES schools(id),
  account_id       int NOT NULL REFERENCES accounts(id),
  message_id       text NOT NULL UNIQUE CHECK (length(message_id) BETWEEN 1 AND 35),
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       int REFERENCES users(id) ON DELETE SET NULL,
  year             smallint NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  month            smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  collection_date  date NOT NULL,
  pain_version     text NOT NULL CHECK (pain_version IN ('pain.008.001.08', 'pain.008.001.02')),
  cnt              int NOT NULL CHECK (cnt > 0),
  amount           bigint NOT NULL CHECK (amount > 0),
  currency         char(3) NOT NULL DEFAULT 'EUR',
  creditor_iban    text NOT NULL,
  ebics_file_key   text NOT NULL UNIQUE,
  fints_file_key   text NOT NULL UNIQUE
);
CREATE INDEX sepa_runs_school_period_idx ON sepa_runs (school_id, year, month);
SELECT sbo_enable_school_rls('sepa_runs');

CREATE TABLE sepa_debits (
  id             bigserial PRIMARY KEY,
  run_id         int NOT NULL REFERENCES sepa_runs(id) ON DELETE CASCADE,
  school_id      int NOT NULL REFERENCES schools(id),
  receipt_id     bigint NOT NULL REFERENCES receipts(rno) ON DELETE CASCADE,
  student_id     int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  end_to_end_id  text NOT NULL UNIQUE CHECK (length(end_to_end_id) BETWEEN 1 AND 35),
  mandate_id     text NOT NULL,
  mandate_date   date NOT NULL,
  sequence_type  text NOT NULL CHECK (sequence_type IN ('FRST', 'RCUR')),
  amount         bigint NOT NULL CHECK (amount > 0),
  currency       char(3) NOT NULL DEFAULT 'EUR',
  debtor_name    text NOT NULL,
  debtor_iban    text NOT NULL,
  debtor_bic     text,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'returned')),
  status_at      timestamptz
);
CREATE INDEX sepa_debits_run_idx ON sepa_debits (run_id);
CREATE INDEX sepa_debits_school_idx ON sepa_debits (school_id);
CREATE INDEX sepa_debits_student_idx ON sepa_debits (student_id);
-- A receipt is at most once in collection (pending or paid debit).
CREATE UNIQUE INDEX sepa_debits_receipt_in_collection_key ON sepa_debits (receipt_id)
  WHERE status IN ('pending', 'paid');
SELECT sbo_enable_school_rls('sepa_debits');

GRANT USAGE, SELECT ON SEQUENCE sepa_runs_id_seq, sepa_debits_id_seq TO sbo_app;
