-- 082_contract_templates (issue 12): school contract templates become editable on
-- /m-conf/contract (api/src/domains/contract-templates). 002 has the term bounds of spec 001
-- §5/§9 as CHECKs and 020 the version; what the screens and the API add:
-- - the currency list of spec 001 §3 (the API refuses others; the database too, for every
--   other writer), a non-empty name;
-- - the German sort key of the name (the list and the pickers order by it, see the domains
--   README "Sorted lists");
-- - an index for the "in use?" question of the delete (student contracts made from it).
ALTER TABLE contract_templates
  ADD CONSTRAINT contract_templates_currency_check CHECK (currency IN (
    'EUR', 'CHF', 'BAM', 'GBP', 'BGN', 'DKK', 'HRK', 'MKD', 'RON', 'NOK', 'PLN', 'RSD', 'SEK', 'CZK', 'TRL', 'HUF')),
  ADD CONSTRAINT contract_templates_name_check CHECK (btrim(name) <> ''),
  ADD COLUMN name_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(name)) STORED;
CREATE INDEX student_contracts_template_idx ON student_contracts (contract_template_id);
