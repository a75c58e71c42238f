-- 116 (issue 25, one debit per mandate): a direct-debit run's file carries one transaction
-- (DrctDbtTxInf) per mandate and collection date, not one per receipt. Two open receipts of one
-- new contract in one run used to become two FRST transactions with the same mandate, debtor
-- and date; the bank sees one first collection under a mandate, so they are one transaction now:
-- the receipts' amounts summed, the remittance naming every receipt.
--
-- * sepa_transactions: a transaction as written into the file: its EndToEndId (unique: the
--   bank statement import maps it back to the transaction and so to all of its receipts),
--   mandate, sequence type, debtor, amount (the sum of its receipts' debits, cents) and the
--   remittance text (Ustrd, at most 140 characters; NULL for transactions of runs made before
--   this migration, whose files have it). One student's receipts under one mandate.
-- * sepa_debits stays a row per receipt (its amount is the receipt's part), with the status
--   and the partial unique index of 106 (a receipt is in at most one pending or paid debit),
--   and names its transaction. What the file says about the transaction moved there: the
--   columns end_to_end_id (and its unique constraint), mandate_id, mandate_date,
--   sequence_type, debtor_name, debtor_iban, debtor_bic are dropped from sepa_debits.
-- * A debit belongs to its transaction's run, school and student: a foreign key over all four
--   columns keeps that in the database, whatever path writes.
-- * Existing debits become one transaction each (the files already written say exactly that).

CREATE TABLE sepa_transactions (
  id             bigserial PRIMARY KEY,
  run_id         int NOT NULL REFERENCES sepa_runs(id) ON DELETE CASCADE,
  school_id      int NOT NULL REFERENCES schools(id),
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
  remittance     text CHECK (length(remittance) BETWEEN 1 AND 140),
  UNIQUE (id, run_id, school_id, student_id)
);
CREATE INDEX sepa_transactions_run_idx ON sepa_transactions (run_id);
CREATE INDEX sepa_transactions_school_idx ON sepa_transactions (school_id);
CREATE INDEX sepa_transactions_student_idx ON sepa_transactions (student_id);
SELECT sbo_enable_school_rls('sepa_transactions');
GRANT USAGE, SELECT ON SEQUENCE sepa_transactions_id_seq TO sbo_app;

-- One transaction per existing debit, with the debit's id.
INSERT INTO sepa_transactions (id, run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, currency,
                               debtor_name, debtor_iban, debtor_bic)
SELECT id, run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, currency, debtor_name, debtor_iban, debtor_bic
  FROM sepa_debits;
SELECT setval('sepa_transactions_id_seq', GREATEST((SELECT max(id) FROM sepa_transactions), 1), (SELECT count(*) > 0 FROM sepa_transactions));

ALTER TABLE sepa_debits ADD COLUMN transaction_id bigint;
UPDATE sepa_debits SET transaction_id = id;
ALTER TABLE sepa_debits
  ALTER COLUMN transaction_id SET NOT NULL,
  ADD CONSTRAINT sepa_debits_transaction_fkey FOREIGN KEY (transaction_id, run_id, school_id, student_id)
    REFERENCES sepa_transactions (id, run_id, school_id, student_id) ON DELETE CASCADE,
  DROP COLUMN end_to_end_id,
  DROP COLUMN mandate_id,
  DROP COLUMN mandate_date,
  DROP COLUMN sequence_type,
  DROP COLUMN debtor_name,
  DROP COLUMN debtor_iban,
  DROP COLUMN debtor_bic;
CREATE INDEX sepa_debits_transaction_idx ON sepa_debits (transaction_id);
