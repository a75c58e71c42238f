-- 087 (issue 12, activation): the SEPA mandate of a student contract, complete. The mandate's
-- reference, date, IBAN, BIC, bank and debtor name (sepa_name) are columns since 002; what
-- was missing is the sequence state a direct debit file needs (SEPA Core: FRST for the
-- first collection under a mandate, RCUR for every later one) and the rule that a mandate
-- reference identifies one mandate of the creditor: unique per creditor account, enforced
-- by the database so that two parallel activations cannot both take the same reference.
ALTER TABLE student_contracts
  ADD COLUMN sepa_sequence text CHECK (sepa_sequence IN ('FRST', 'RCUR'));

-- Mandates already collected from (a receipt of the contract was paid) continue as RCUR.
UPDATE student_contracts sc SET sepa_sequence =
  CASE WHEN EXISTS (SELECT 1 FROM receipts r WHERE r.student_contract_id = sc.id AND r.paid > 0) THEN 'RCUR' ELSE 'FRST' END
 WHERE sc.sepa_mandate_ref IS NOT NULL;

CREATE UNIQUE INDEX student_contracts_mandate_ref_idx
  ON student_contracts (account_id, sepa_mandate_ref) WHERE sepa_mandate_ref IS NOT NULL;
