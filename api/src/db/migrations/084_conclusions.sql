-- 084: conclusions (spec 000 §3 "Conclusion form", §4, §5): the sign-up of a new contract,
-- entered by staff (regular form, or the paper form: po) or by the online-contracts frame
-- (created_by_name 'Contracts'), activated once into a student with a contract (activated_at,
-- student_id). Column names are the spec's wire names, so the form and the row match.
-- The catalogue of the membership network's contracts ({product} contracts, wire
-- ec_contract_id) comes with it: nothing in the schema held one.

-- The membership network's contracts, per country (spec 000 §4: the list is filtered by the
-- school's country). Not school-owned: every school reads the same catalogue.
CREATE TABLE network_contracts (
  id           serial PRIMARY KEY,
  name         text NOT NULL,
  country_iso  text NOT NULL CHECK (country_iso IN ('at', 'de')),
  active       boolean NOT NULL DEFAULT true,
  sort_order   smallint NOT NULL DEFAULT 0
);
INSERT INTO network_contracts (name, country_iso, sort_order) VALUES
  ('Mitgliedschaft Standard', 'at', 1),
  ('Mitgliedschaft Familie', 'at', 2),
  ('Mitgliedschaft Kinder und Jugend', 'at', 3),
  ('Mitgliedschaft Standard', 'de', 1),
  ('Mitgliedschaft Familie', 'de', 2),
  ('Mitgliedschaft Kinder und Jugend', 'de', 3);
GRANT SELECT ON network_contracts TO sbo_app;

-- cno_type_id (Germany): 1 the contract number is typed in, 2 it is assigned later.
-- payment_method_id: 1 SEPA direct debit, 2 transfer, 3 cash. products: divisions 1..14.
-- pt_ / pt2_: payer or guardian (iva) and second guardian (iva2). co_: the account holder's
-- address (SEPA). created_by_name: the creator's name when it was saved, or 'Contracts' for
-- rows of the online-contracts frame (created_by null then).
CREATE TABLE conclusions (
  id                   serial PRIMARY KEY,
  school_id            int NOT NULL REFERENCES schools(id),
  po                   boolean NOT NULL DEFAULT false,
  cno_type_id          smallint CHECK (cno_type_id IN (1, 2)),
  contract_no          text,
  products             int[] NOT NULL DEFAULT '{}',
  ec_contract_id       int REFERENCES network_contracts(id),
  c_contract_id        int REFERENCES contract_templates(id),
  account_id           int REFERENCES accounts(id),
  contract_start       date,
  payment_method_id    smallint CHECK (payment_method_id IN (1, 2, 3)),
  new_app              boolean NOT NULL DEFAULT false,
  school_change        boolean NOT NULL DEFAULT false,
  reentry              boolean NOT NULL DEFAULT false,
  annotation           text NOT NULL DEFAULT '',
  lead_id              int REFERENCES leads(id) ON DELETE SET NULL,

  salutation_id        smallint CHECK (salutation_id BETWEEN 1 AND 5),
  title_id             smallint CHECK (title_id BETWEEN 1 AND 17),
  firstname            text NOT NULL,
  lastname             text NOT NULL,
  supplement           text,
  street               text,
  house_no             text,
  zip                  text,
  city                 text,
  country_iso          text,
  email                text,
  phone_regular        text,
  phone_cellphone      text,
  birthdate            date,
  nationality          text,

  sibling              boolean NOT NULL DEFAULT false,
  sibling_firstname    text,
  sibling_lastname     text,
  under_age            boolean NOT NULL DEFAULT false,

  iva                  boolean NOT NULL DEFAULT false,
  pt_salutation_id     smallint CHECK (pt_salutation_id BETWEEN 1 AND 5),
  pt_title_id          smallint CHECK (pt_title_id BETWEEN 1 AND 17),
  pt_firstname         text,
  pt_lastname          text,
  pt_supplement        text,
  pt_street            text,
  pt_house_no          text,
  pt_zip               text,
  pt_city              text,
  pt_country_iso       text,
  pt_email             text,
  pt_phone_regular     text,
  pt_phone_cellphone   text,

  iva2                 boolean NOT NULL DEFAULT false,
  pt2_salutation_id    smallint CHECK (pt2_salutation_id BETWEEN 1 AND 5),
  pt2_title_id         smallint CHECK (pt2_title_id BETWEEN 1 AND 17),
  pt2_firstname        text,
  pt2_lastname         text,
  pt2_supplement       text,
  pt2_street           text,
  pt2_house_no         text,
  pt2_zip              text,
  pt2_city             text,
  pt2_country_iso      text,
  pt2_email            text,
  pt2_phone_regular    text,
  pt2_phone_cellphone  text,

  sepa_name            text,
  co_street            text,
  co_house_no          text,
  co_zip               text,
  co_city              text,
  co_country_iso       text,
  sepa_iban            text,
  sepa_bic             text,
  sepa_bank            text,
  sepa_mandate_ref     text,
  sepa_date_mandate    date,

  created_at           timestamptz NOT NULL DEFAULT now(),
  created_by           int REFERENCES users(id) ON DELETE SET NULL,
  created_by_name      text NOT NULL,
  activated_at         timestamptz,
  date_withdrawal      date,
  student_id           int REFERENCES students(id) ON DELETE SET NULL,
  version              integer NOT NULL DEFAULT 1,
  updated_at           timestamptz NOT NULL DEFAULT now(),

  -- German order of the list's text sorts (fn, ln, cn, createdBy; see domains README).
  firstname_sk        text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(firstname)) STORED,
  lastname_sk         text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(lastname)) STORED,
  contract_no_sk      text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(contract_no)) STORED,
  created_by_name_sk  text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(created_by_name)) STORED,

  CHECK (cardinality(products) <= 14)
);
CREATE INDEX conclusions_school_created_idx ON conclusions (school_id, created_at);
CREATE INDEX conclusions_lastname_prefix_idx ON conclusions (lower(lastname) text_pattern_ops);
CREATE INDEX conclusions_firstname_prefix_idx ON conclusions (lower(firstname) text_pattern_ops);
CREATE INDEX conclusions_lead_idx ON conclusions (lead_id) WHERE lead_id IS NOT NULL;
CREATE INDEX conclusions_student_idx ON conclusions (student_id) WHERE student_id IS NOT NULL;
-- Contract numbers are unique across all schools (error 1006); mandate references are
-- unique per creditor account (SEPA: one reference per creditor).
CREATE UNIQUE INDEX conclusions_contract_no_key ON conclusions (contract_no) WHERE contract_no IS NOT NULL;
CREATE UNIQUE INDEX conclusions_mandate_ref_key ON conclusions (account_id, sepa_mandate_ref)
  WHERE sepa_mandate_ref IS NOT NULL AND account_id IS NOT NULL;

SELECT sbo_enable_school_rls('conclusions');
GRANT USAGE, SELECT ON SEQUENCE conclusions_id_seq TO sbo_app;
