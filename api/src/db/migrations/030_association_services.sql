-- 030_association_services: what issue 16 adds for the association area (spec 002 §2.14,
-- §2.15, §3 "Contract request form"): the association's document folders, contract
-- requests and the default shipping address per school.

-- The association's documents (e_document_r with a linked membership number reads them;
-- the superadmin maintains them). Not school-owned: no row-level security. A folder has
-- is_folder and no file; a file has its bytes in the file store under file_key. parent_id
-- null = the root folder. h: hidden entries are never listed to readers.
CREATE TABLE association_documents (
  id          serial PRIMARY KEY,
  parent_id   int REFERENCES association_documents(id),
  is_folder   boolean NOT NULL,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  h           boolean NOT NULL DEFAULT false,
  file_key    text,
  mime        text,
  size        bigint CHECK (size >= 0),
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- Record version (api/src/lib/record-version.ts): a rename, move or hide sends the one read.
  version     integer NOT NULL DEFAULT 1,
  CHECK (is_folder = (file_key IS NULL))
);
CREATE INDEX association_documents_parent_idx ON association_documents (parent_id, is_folder DESC, lower(name));
GRANT SELECT, INSERT, UPDATE, DELETE ON association_documents TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE association_documents_id_seq TO sbo_app;

-- A contract request (/e-rcc): packs of 20 contracts and children's certificates for a
-- school, shipped to an address. The association answers in the thread of its ticket
-- (type 5 "contracts requested").
CREATE TABLE contract_requests (
  id                   serial PRIMARY KEY,
  school_id            int NOT NULL REFERENCES schools(id),
  ticket_id            int NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  amount               int NOT NULL CHECK (amount >= 1),
  kid_cert_amount      int NOT NULL CHECK (kid_cert_amount >= 0),
  firstname            text NOT NULL,
  lastname             text NOT NULL,
  supplement           text NOT NULL DEFAULT '',
  street               text NOT NULL,
  house_no             text NOT NULL,
  zip                  text NOT NULL,
  city                 text NOT NULL,
  supplement_location  text NOT NULL DEFAULT '',
  country_iso          text NOT NULL,
  created_by           int REFERENCES users(id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_requests_school_idx ON contract_requests (school_id, created_at);
SELECT sbo_enable_school_rls('contract_requests');
GRANT SELECT, INSERT, UPDATE, DELETE ON contract_requests TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE contract_requests_id_seq TO sbo_app;

-- The shipping address a school's contract requests start with ("save as default").
CREATE TABLE school_shipping_addresses (
  school_id            int PRIMARY KEY REFERENCES schools(id),
  firstname            text NOT NULL,
  lastname             text NOT NULL,
  supplement           text NOT NULL DEFAULT '',
  street               text NOT NULL,
  house_no             text NOT NULL,
  zip                  text NOT NULL,
  city                 text NOT NULL,
  supplement_location  text NOT NULL DEFAULT '',
  country_iso          text NOT NULL,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
SELECT sbo_enable_school_rls('school_shipping_addresses');
GRANT SELECT, INSERT, UPDATE, DELETE ON school_shipping_addresses TO sbo_app;
