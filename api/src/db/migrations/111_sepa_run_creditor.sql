-- 111 (issue 14, school-level creditor data): with the school's configuration
-- sepa_main_account off, direct debits of contracts that name no account use the school's
-- own creditor data (config sepa_name, sepa_iban, sepa_bic, sepa_ci) instead of its main bank
-- account. Such a run has no account: account_id becomes optional, and every run keeps the
-- creditor data written into its files (name, BIC, creditor id beside creditor_iban), as the
-- debits keep the debtor data: the configuration or the account may change later.
ALTER TABLE sepa_runs
  ALTER COLUMN account_id DROP NOT NULL,
  ADD COLUMN creditor_name text,
  ADD COLUMN creditor_bic text,
  ADD COLUMN creditor_ci text;

UPDATE sepa_runs r
   SET creditor_name = COALESCE(NULLIF(trim(a.sepa_name), ''), a.name), creditor_bic = NULLIF(a.sepa_bic, ''), creditor_ci = COALESCE(a.sepa_ci, '')
  FROM accounts a
 WHERE a.id = r.account_id;

-- A run without an account must say whose it is (runs written by the app always fill them).
ALTER TABLE sepa_runs
  ADD CONSTRAINT sepa_runs_creditor_check CHECK (account_id IS NOT NULL OR (creditor_name IS NOT NULL AND creditor_ci IS NOT NULL));
