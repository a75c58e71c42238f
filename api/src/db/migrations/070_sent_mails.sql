-- 070_sent_mails (issue 11 "Mail"): the one mail sender records what it sent.
-- The outbox row keeps the whole message as it left (sender, cc, bcc, HTML, attachments) so an
-- admin can see what was sent; sent_mails records who sent which mail about which entity and
-- is what an entity's timeline shows (school-owned: row-level security like the entities).

ALTER TABLE outbox ADD COLUMN sender text;
ALTER TABLE outbox ADD COLUMN cc text[] NOT NULL DEFAULT '{}';
ALTER TABLE outbox ADD COLUMN bcc text[] NOT NULL DEFAULT '{}';
ALTER TABLE outbox ADD COLUMN html text;
-- The school a mail was sent for (null: about an account, e.g. password links): admins of
-- that school see it in the outbox.
ALTER TABLE outbox ADD COLUMN school_id int REFERENCES schools (id) ON DELETE SET NULL;
CREATE INDEX outbox_school_idx ON outbox (school_id, created_at DESC) WHERE school_id IS NOT NULL;

-- Attachments as sent (bounded by the mailer: MAX_ATTACHMENT_BYTES per mail).
CREATE TABLE outbox_attachments (
  id         bigserial PRIMARY KEY,
  outbox_id  bigint NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  position   int NOT NULL,
  name       text NOT NULL,
  mime       text NOT NULL,
  size       int NOT NULL CHECK (size >= 0),
  content    bytea NOT NULL
);
CREATE INDEX outbox_attachments_mail_idx ON outbox_attachments (outbox_id, position);

-- A mail about an entity (entity_type: 'student' now; 'lead' and 'contract' when their
-- issues come): who sent what to whom, when. Shown in the entity's timeline.
CREATE TABLE sent_mails (
  id           bigserial PRIMARY KEY,
  outbox_id    bigint NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  school_id    int NOT NULL REFERENCES schools (id),
  entity_type  text NOT NULL CHECK (entity_type IN ('student', 'lead', 'contract')),
  entity_id    int NOT NULL,
  sender_id    int REFERENCES users (id) ON DELETE SET NULL,
  recipient    text NOT NULL,
  subject      text NOT NULL,
  attachments  text[] NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sent_mails_entity_idx ON sent_mails (entity_type, entity_id, created_at DESC);
CREATE INDEX sent_mails_school_idx ON sent_mails (school_id);
SELECT sbo_enable_school_rls('sent_mails');
GRANT USAGE, SELECT ON SEQUENCE sent_mails_id_seq TO sbo_app;
-- Timelines (scoped transactions) show whether the mail went out; nothing else of the outbox.
GRANT SELECT (id, sent_at, error) ON outbox TO sbo_app;

-- The mail sender stores a mail in the caller's transaction (a scoped one for mails about
-- school entities: the idempotent send rolls a repeated mail back with its answer) and
-- delivers it after the commit; claimed_at makes that delivery happen once.
ALTER TABLE outbox ADD COLUMN claimed_at timestamptz;
GRANT INSERT ON outbox TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE outbox_id_seq TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE outbox_attachments_id_seq TO sbo_app;
-- Attachments are written, never read, in scoped transactions (the outbox view reads as owner).
REVOKE SELECT, UPDATE, DELETE ON outbox_attachments FROM sbo_app;
GRANT INSERT ON outbox_attachments TO sbo_app;
