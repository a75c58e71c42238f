-- 002_business: the school-owned business tables (spec 000, 001, 002 entities).
--
-- Conventions:
-- * Every school-owned table carries `school_id int NOT NULL REFERENCES schools` and gets
--   row-level security through sbo_enable_school_rls (001). Child rows repeat school_id so
--   the policy stays one rule and a scoped query never needs a join to be safe.
-- * Money is integer cents (bigint) with a char(3) currency; dates are `date`, instants
--   `timestamptz`; tax rates are percent numeric(5,2) (20.00, 7.70, 0 for exemption).
-- * Enumerations are the spec's wire values, checked where the spec fixes the range.

-- Bank accounts of a school (spec 001 §3 Account).
CREATE TABLE accounts (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  name        text NOT NULL,
  sepa_name   text NOT NULL,
  sepa_ci     text,
  sepa_iban   text NOT NULL,
  sepa_bic    text NOT NULL,
  sepa_bank   text NOT NULL,
  is_main     boolean NOT NULL DEFAULT false,
  currency    char(3) NOT NULL DEFAULT 'EUR',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_school_idx ON accounts (school_id);
-- At most one main account per school.
CREATE UNIQUE INDEX accounts_one_main_idx ON accounts (school_id) WHERE is_main;

-- School contract templates (spec 001 §3 Contract). c_* are months: minimum term and its
-- cancellation period at start, then the follow-up term and its cancellation period.
CREATE TABLE contract_templates (
  id                 serial PRIMARY KEY,
  school_id          int NOT NULL REFERENCES schools(id),
  name               text NOT NULL,
  notes              text NOT NULL DEFAULT '',
  pay_interval       smallint NOT NULL CHECK (pay_interval IN (1, 3, 6, 12)),
  country_iso        text NOT NULL CHECK (country_iso IN ('at', 'de')),
  amount_gross       bigint NOT NULL CHECK (amount_gross >= 0),
  activation_gross   bigint NOT NULL DEFAULT 0 CHECK (activation_gross >= 0),
  tax_percent        numeric(5,2) NOT NULL DEFAULT 0 CHECK (tax_percent >= 0 AND tax_percent <= 100),
  c_interval_start   smallint NOT NULL CHECK (c_interval_start BETWEEN 1 AND 24),
  c_cperiod_start    smallint NOT NULL CHECK (c_cperiod_start BETWEEN 1 AND 3),
  c_interval_follow  smallint NOT NULL CHECK (c_interval_follow BETWEEN 1 AND 12),
  c_cperiod_follow   smallint NOT NULL CHECK (c_cperiod_follow BETWEEN 1 AND 3),
  currency           char(3) NOT NULL DEFAULT 'EUR',
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_templates_school_idx ON contract_templates (school_id);

-- Students (members). student_status_id: 1 provisional, 2 active, 3 cancellation pending,
-- 4 cancelled, 5 inactive, 6 no contract. e_*: the membership network's view of the
-- student (member status, entry/cancellation, network contract). mno: network member no.
CREATE TABLE students (
  id                  serial PRIMARY KEY,
  school_id           int NOT NULL REFERENCES schools(id),
  salutation_id       smallint CHECK (salutation_id BETWEEN 1 AND 5),
  title_id            smallint CHECK (title_id BETWEEN 1 AND 17),
  firstname           text NOT NULL,
  lastname            text NOT NULL,
  supplement          text,
  email               text,
  phone_regular       text,
  phone_cellphone     text,
  dob                 date,
  nationality         text,
  street              text,
  house_no            text,
  zip                 text,
  city                text,
  country_iso         text,
  lat                 double precision,
  long                double precision,
  student_status_id   smallint NOT NULL DEFAULT 1 CHECK (student_status_id BETWEEN 1 AND 6),
  e_member_status_id  smallint CHECK (e_member_status_id IN (1, 2, 3, 6, 7, 8, 9, 10)),
  mno                 text,
  e_entry_date        date,
  e_cancel_date       date,
  e_contract_id       int,
  e_contract_end      date,
  e_products          int[] NOT NULL DEFAULT '{}',
  divisions           int[] NOT NULL DEFAULT '{}',
  picture_hash        text,
  network_flag        boolean NOT NULL DEFAULT false,
  lead_id             int,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- List default order and case-insensitive prefix search on names (LIKE 'abc%').
CREATE INDEX students_school_name_idx ON students (school_id, lastname, firstname);
CREATE INDEX students_lastname_prefix_idx ON students (lower(lastname) text_pattern_ops);
CREATE INDEX students_firstname_prefix_idx ON students (lower(firstname) text_pattern_ops);
CREATE INDEX students_status_idx ON students (school_id, student_status_id);
CREATE INDEX students_member_status_idx ON students (school_id, e_member_status_id);
CREATE INDEX students_dob_idx ON students (school_id, dob);
CREATE INDEX students_mno_idx ON students (mno) WHERE mno IS NOT NULL;
CREATE INDEX students_zip_idx ON students (school_id, zip text_pattern_ops);

-- Further addresses of a student; type 2 is the invoice address (wire prefix ia_).
-- The main address (type 1) lives on the student row itself.
CREATE TABLE student_addresses (
  id             serial PRIMARY KEY,
  school_id      int NOT NULL REFERENCES schools(id),
  student_id     int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  type           smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
  salutation_id  smallint CHECK (salutation_id BETWEEN 1 AND 5),
  title_id       smallint CHECK (title_id BETWEEN 1 AND 17),
  firstname      text,
  lastname       text,
  company        text,
  street         text,
  house_no       text,
  zip            text,
  city           text,
  country_iso    text,
  email          text,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (student_id, type)
);
CREATE INDEX student_addresses_school_idx ON student_addresses (school_id);

-- Contracts of a student. status: 1 active, 2 inactive, 3 cancelled, 4 archived.
-- c_* as in contract_templates (wire c1..c4). SEPA mandate data for direct debits.
CREATE TABLE student_contracts (
  id                   serial PRIMARY KEY,
  school_id            int NOT NULL REFERENCES schools(id),
  student_id           int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  contract_template_id int REFERENCES contract_templates(id),
  account_id           int REFERENCES accounts(id),
  contract_no          text,
  status               smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4),
  payment_method_id    smallint NOT NULL CHECK (payment_method_id IN (1, 2, 3)),
  due_date             date,
  contract_start       date NOT NULL,
  contract_end         date,
  cancel_date          date,
  amount_gross         bigint NOT NULL CHECK (amount_gross >= 0),
  activation_gross     bigint NOT NULL DEFAULT 0 CHECK (activation_gross >= 0),
  tax_percent          numeric(5,2) NOT NULL DEFAULT 0,
  currency             char(3) NOT NULL DEFAULT 'EUR',
  pay_interval         smallint NOT NULL CHECK (pay_interval IN (1, 3, 6, 12)),
  c_interval_start     smallint NOT NULL,
  c_cperiod_start      smallint NOT NULL,
  c_interval_follow    smallint NOT NULL,
  c_cperiod_follow     smallint NOT NULL,
  sepa_name            text,
  sepa_iban            text,
  sepa_bic             text,
  sepa_bank            text,
  sepa_mandate_ref     text,
  sepa_date_mandate    date,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_contracts_student_idx ON student_contracts (student_id);
CREATE INDEX student_contracts_school_due_idx ON student_contracts (school_id, status, due_date);

-- Receipts (invoices, manual bookings, credit notes). The receipt number rno is the key the
-- API uses. rrno: the parent receipt of a sub-receipt (null on a top-level receipt).
-- type: 1 open, 2 archived. kind: 'IR' invoice, 'GT' manual booking, 'CN' credit note,
-- 'AF' activation fee. paid: cents already covered by payments. dunning_level 0..3.
CREATE TABLE receipts (
  rno                  bigserial PRIMARY KEY,
  school_id            int NOT NULL REFERENCES schools(id),
  student_id           int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  rrno                 bigint REFERENCES receipts(rno) ON DELETE CASCADE,
  student_contract_id  int REFERENCES student_contracts(id) ON DELETE SET NULL,
  kind                 text NOT NULL DEFAULT 'IR' CHECK (kind IN ('IR', 'GT', 'CN', 'AF')),
  type                 smallint NOT NULL DEFAULT 1 CHECK (type IN (1, 2)),
  text                 text NOT NULL DEFAULT '',
  date_due             date NOT NULL,
  period_start         date,
  period_end           date,
  amount               bigint NOT NULL,
  paid                 bigint NOT NULL DEFAULT 0,
  currency             char(3) NOT NULL DEFAULT 'EUR',
  dunning_level        smallint NOT NULL DEFAULT 0 CHECK (dunning_level BETWEEN 0 AND 3),
  dunning_last_at      date,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipts_student_idx ON receipts (student_id, type);
CREATE INDEX receipts_parent_idx ON receipts (rrno) WHERE rrno IS NOT NULL;
CREATE INDEX receipts_school_created_idx ON receipts (school_id, created_at);
CREATE INDEX receipts_school_open_due_idx ON receipts (school_id, date_due) WHERE type = 1;

-- Payments of a student. booked_at set = booked to the books: no more change, assign or
-- delete. assigned: cents assigned to receipts (see payment_assignments).
CREATE TABLE payments (
  id                 serial PRIMARY KEY,
  school_id          int NOT NULL REFERENCES schools(id),
  student_id         int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  payment_date       date NOT NULL,
  amount             bigint NOT NULL,
  assigned           bigint NOT NULL DEFAULT 0,
  booked_at          timestamptz,
  payment_method_id  smallint NOT NULL CHECK (payment_method_id IN (1, 2, 3)),
  account_id         int REFERENCES accounts(id),
  annotation         text NOT NULL DEFAULT '',
  currency           char(3) NOT NULL DEFAULT 'EUR',
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_student_idx ON payments (student_id, payment_date);
CREATE INDEX payments_school_date_idx ON payments (school_id, payment_date);

-- Which part of a payment covers which receipt.
CREATE TABLE payment_assignments (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  payment_id  int NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  rno         bigint NOT NULL REFERENCES receipts(rno) ON DELETE CASCADE,
  amount      bigint NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_assignments_payment_idx ON payment_assignments (payment_id);
CREATE INDEX payment_assignments_rno_idx ON payment_assignments (rno);

-- Dunning letters (spec 000 §3 Dunning row): one per student and run.
CREATE TABLE dunnings (
  id             serial PRIMARY KEY,
  school_id      int NOT NULL REFERENCES schools(id),
  student_id     int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  dunning_level  smallint NOT NULL CHECK (dunning_level BETWEEN 1 AND 3),
  amount         bigint NOT NULL,
  currency       char(3) NOT NULL DEFAULT 'EUR',
  receipt_nos    bigint[] NOT NULL DEFAULT '{}',
  sent_at        timestamptz,
  created_by     int REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dunnings_student_idx ON dunnings (student_id);

-- Timeline notes. type: 1 general, 2 address change, 3 contract change, 4 cancellation.
-- A note belongs to a student or a lead.
CREATE TABLE student_notes (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  student_id  int REFERENCES students(id) ON DELETE CASCADE,
  lead_id     int,
  type        smallint NOT NULL DEFAULT 1 CHECK (type BETWEEN 1 AND 4),
  text        text NOT NULL,
  author_id   int REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (student_id IS NOT NULL OR lead_id IS NOT NULL)
);
CREATE INDEX student_notes_student_idx ON student_notes (student_id, created_at);
CREATE INDEX student_notes_lead_idx ON student_notes (lead_id, created_at) WHERE lead_id IS NOT NULL;

-- Leads (spec 001 §3). lead_status_id 1..7; lead_source_id 7 = free text in lead_source;
-- lead_origin_id 1..8; ie1/ie2 and it1/it2: invitation dates for info event and trial;
-- date_info_event/date_trial: attendance; first_contact: wire fc.
CREATE TABLE leads (
  id                     serial PRIMARY KEY,
  school_id              int NOT NULL REFERENCES schools(id),
  salutation_id          smallint CHECK (salutation_id BETWEEN 1 AND 5),
  company                text,
  firstname              text NOT NULL DEFAULT '',
  lastname               text NOT NULL,
  email                  text,
  phone_regular          text,
  phone_cellphone        text,
  street                 text,
  house_no               text,
  zip                    text,
  city                   text,
  dob                    date,
  pt_salutation_id       smallint,
  pt_firstname           text,
  pt_lastname            text,
  pt_email               text,
  pt_phone_regular       text,
  pt_phone_cellphone     text,
  pt_street              text,
  pt_house_no            text,
  pt_zip                 text,
  pt_city                text,
  lead_status_id         smallint NOT NULL DEFAULT 1 CHECK (lead_status_id BETWEEN 1 AND 7),
  lead_source_id         smallint CHECK (lead_source_id BETWEEN 1 AND 9),
  lead_source            text,
  lead_origin_id         smallint CHECK (lead_origin_id BETWEEN 1 AND 8),
  no_interest_reason_id  smallint CHECK (no_interest_reason_id BETWEEN 1 AND 5),
  annotation             text NOT NULL DEFAULT '',
  interests              text[] NOT NULL DEFAULT '{}',
  products               int[] NOT NULL DEFAULT '{}',
  experience             text,
  first_contact          date,
  ie1                    timestamptz,
  ie2                    timestamptz,
  it1                    timestamptz,
  it2                    timestamptz,
  date_info_event        timestamptz,
  date_trial             timestamptz,
  student_id             int REFERENCES students(id) ON DELETE SET NULL,
  date_created           timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_school_status_idx ON leads (school_id, lead_status_id);
CREATE INDEX leads_school_created_idx ON leads (school_id, date_created);
CREATE INDEX leads_lastname_prefix_idx ON leads (lower(lastname) text_pattern_ops);
ALTER TABLE students ADD CONSTRAINT students_lead_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE SET NULL;
ALTER TABLE student_notes ADD CONSTRAINT student_notes_lead_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE;

-- Reminders (spec 001 §3). Open = date_done IS NULL. Attached to a student or a lead or none.
CREATE TABLE reminders (
  id             serial PRIMARY KEY,
  school_id      int NOT NULL REFERENCES schools(id),
  date_created   timestamptz NOT NULL DEFAULT now(),
  date_deadline  date NOT NULL,
  subject        text NOT NULL,
  notes          text NOT NULL DEFAULT '',
  created_by     int REFERENCES users(id),
  lead_id        int REFERENCES leads(id) ON DELETE CASCADE,
  student_id     int REFERENCES students(id) ON DELETE CASCADE,
  delegated_to   int REFERENCES users(id),
  date_done      timestamptz,
  user_done      int REFERENCES users(id)
);
CREATE INDEX reminders_school_open_idx ON reminders (school_id, date_done, date_deadline);
CREATE INDEX reminders_student_idx ON reminders (student_id) WHERE student_id IS NOT NULL;
CREATE INDEX reminders_lead_idx ON reminders (lead_id) WHERE lead_id IS NOT NULL;

-- Income (spec 002 §3). payment_cat_id 1..5 (category 1 may carry a custom name);
-- student_id set = created from a student payment (no edit/delete in the list).
CREATE TABLE income (
  id                 serial PRIMARY KEY,
  school_id          int NOT NULL REFERENCES schools(id),
  payment_cat_id     smallint NOT NULL CHECK (payment_cat_id BETWEEN 1 AND 5),
  custom_category    text,
  payment_method_id  smallint NOT NULL CHECK (payment_method_id IN (1, 2, 3)),
  account_id         int REFERENCES accounts(id),
  payment_date       date NOT NULL,
  amount             bigint NOT NULL,
  currency           char(3) NOT NULL DEFAULT 'EUR',
  tax_percent        numeric(5,2) NOT NULL DEFAULT 0,
  annotation         text NOT NULL DEFAULT '',
  student_id         int REFERENCES students(id) ON DELETE SET NULL,
  payment_id         int REFERENCES payments(id) ON DELETE CASCADE,
  created_by         int REFERENCES users(id),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX income_school_date_idx ON income (school_id, payment_date);

-- Expense (spec 002 §3). expense_cat_id 1..13.
CREATE TABLE expense (
  id              serial PRIMARY KEY,
  school_id       int NOT NULL REFERENCES schools(id),
  name            text NOT NULL,
  expense_cat_id  smallint NOT NULL CHECK (expense_cat_id BETWEEN 1 AND 13),
  payment_date    date NOT NULL,
  amount          bigint NOT NULL,
  currency        char(3) NOT NULL DEFAULT 'EUR',
  tax_percent     numeric(5,2) NOT NULL DEFAULT 0,
  annotation      text NOT NULL DEFAULT '',
  created_by      int REFERENCES users(id),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expense_school_date_idx ON expense (school_id, payment_date);

-- Microsite news. school_id = the owner's school: only that school may change the row.
-- Who sees it: visibility 1 (current user / owner school only), 3 (the schools listed in
-- news_schools), 4 (all schools). The extra read policy below implements 3 and 4.
CREATE SEQUENCE content_id_seq;
CREATE TABLE news (
  content_id         int PRIMARY KEY DEFAULT nextval('content_id_seq'),
  school_id          int NOT NULL REFERENCES schools(id),
  visibility         smallint NOT NULL CHECK (visibility IN (1, 3, 4)),
  content_status_id  smallint NOT NULL DEFAULT 1,
  owner_id           int REFERENCES users(id),
  title              text NOT NULL,
  teaser             text NOT NULL DEFAULT '',
  body               text NOT NULL DEFAULT '',
  date_published     timestamptz,
  date_expired       timestamptz,
  active             boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE content_id_seq OWNED BY news.content_id;
CREATE INDEX news_school_idx ON news (school_id);
CREATE INDEX news_title_prefix_idx ON news (lower(title) text_pattern_ops);
CREATE INDEX news_visibility_all_idx ON news (visibility) WHERE visibility = 4;

-- Schools a visibility-3 news item is shown to. school_id here is the *shown* school, so a
-- scoped user sees exactly the assignment rows of the schools in scope.
CREATE TABLE news_schools (
  news_id    int NOT NULL REFERENCES news(content_id) ON DELETE CASCADE,
  school_id  int NOT NULL REFERENCES schools(id),
  PRIMARY KEY (news_id, school_id)
);
CREATE INDEX news_schools_school_idx ON news_schools (school_id);

-- Association tickets. mode 1 support request, 2 technical feedback; type: ticket type
-- (3 address change, 4 general, 5 contracts requested, 8 cancellation confirmation,
-- 9 trainer activation, 10 collective transfer, 11 software feedback); tsid: 1 in process,
-- 2 waiting for answer, 3 closed, 4 done, 5 cancelled.
CREATE TABLE tickets (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  mode        smallint NOT NULL CHECK (mode IN (1, 2)),
  type        smallint NOT NULL DEFAULT 4,
  tsid        smallint NOT NULL DEFAULT 1 CHECK (tsid BETWEEN 1 AND 5),
  category    text,
  subject     text NOT NULL,
  created_by  int REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tickets_school_mode_idx ON tickets (school_id, mode, created_at);

-- Messages of a ticket thread, stored as sent (the client sanitises when it renders).
-- sender_id: a back-office user; sender_name: the name shown (also for association staff
-- answering from outside the back office, who have no user row).
CREATE TABLE ticket_messages (
  id           serial PRIMARY KEY,
  school_id    int NOT NULL REFERENCES schools(id),
  ticket_id    int NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  sender_id    int REFERENCES users(id),
  sender_name  text NOT NULL,
  message      text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at);

-- Attachments of a ticket message (file content in the file storage, keyed by hash).
CREATE TABLE ticket_files (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  ticket_id   int NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  message_id  int REFERENCES ticket_messages(id) ON DELETE CASCADE,
  file_hash   text NOT NULL,
  name        text NOT NULL,
  size        bigint NOT NULL,
  mime        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_files_ticket_idx ON ticket_files (ticket_id);

-- Row-level security: one rule per table (school_id in the request's scope).
SELECT sbo_enable_school_rls('accounts');
SELECT sbo_enable_school_rls('contract_templates');
SELECT sbo_enable_school_rls('students');
SELECT sbo_enable_school_rls('student_addresses');
SELECT sbo_enable_school_rls('student_contracts');
SELECT sbo_enable_school_rls('receipts');
SELECT sbo_enable_school_rls('payments');
SELECT sbo_enable_school_rls('payment_assignments');
SELECT sbo_enable_school_rls('dunnings');
SELECT sbo_enable_school_rls('student_notes');
SELECT sbo_enable_school_rls('leads');
SELECT sbo_enable_school_rls('reminders');
SELECT sbo_enable_school_rls('income');
SELECT sbo_enable_school_rls('expense');
SELECT sbo_enable_school_rls('news');
SELECT sbo_enable_school_rls('news_schools');
SELECT sbo_enable_school_rls('tickets');
SELECT sbo_enable_school_rls('ticket_messages');
SELECT sbo_enable_school_rls('ticket_files');

-- News shown to other schools: read-only, permissive (ORed with the owner rule for SELECT;
-- UPDATE/DELETE still need the owner rule). The EXISTS sees only news_schools rows of the
-- schools in scope, because that table has RLS too.
CREATE POLICY news_shown_read ON news AS PERMISSIVE FOR SELECT TO sbo_app
  USING (visibility = 4
         OR (visibility = 3 AND EXISTS (SELECT 1 FROM news_schools ns WHERE ns.news_id = news.content_id)));

-- Explicit grants (001 sets default privileges too; explicit keeps this file self-contained).
GRANT SELECT, INSERT, UPDATE, DELETE ON
  accounts, contract_templates, students, student_addresses, student_contracts, receipts,
  payments, payment_assignments, dunnings, student_notes, leads, reminders, income, expense,
  news, news_schools, tickets, ticket_messages, ticket_files
  TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE
  accounts_id_seq, contract_templates_id_seq, students_id_seq, student_addresses_id_seq,
  student_contracts_id_seq, receipts_rno_seq, payments_id_seq, payment_assignments_id_seq,
  dunnings_id_seq, student_notes_id_seq, leads_id_seq, reminders_id_seq, income_id_seq,
  expense_id_seq, content_id_seq, tickets_id_seq, ticket_messages_id_seq, ticket_files_id_seq
  TO sbo_app;
