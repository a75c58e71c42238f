-- 094_lead_invitations (issue 15 part G; spec 001 §3 "Invitation form", §4): a lead's
-- invitations to info events (type 1) and trials (type 2). The text is filled from the template
-- when the user sends the form (what the lead gets is what the user saw); a later
-- date_delivery (send_at) is sent by the server's scheduler (status 1 -> 2, or 3 when it could
-- not be sent). transport: 1 phone, 2 e-mail, 3 letter, 4 personal (spec 001 §3 "Dispatch
-- transports"). appointment_ids: the appointments chosen; first_ds the earliest one's start,
-- which the lead's ie1/it1 (first invitation) or ie2/it2 (a new invitation) get when it is sent.
CREATE TABLE lead_invitations (
  id               serial PRIMARY KEY,
  school_id        int NOT NULL REFERENCES schools(id),
  lead_id          int NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  type             smallint NOT NULL CHECK (type IN (1, 2)),
  transport        smallint NOT NULL CHECK (transport BETWEEN 1 AND 4),
  appointment_ids  int[] NOT NULL DEFAULT '{}',
  first_ds         timestamptz,
  notes            text NOT NULL DEFAULT '',
  email            text,
  template         text,
  subject          text NOT NULL,
  html             text NOT NULL,
  -- Sender resolved when the user sent the form (from/cc/bcc of the school or the user's settings).
  mail_from        text,
  mail_cc          text[] NOT NULL DEFAULT '{}',
  mail_bcc         text[] NOT NULL DEFAULT '{}',
  send_at          timestamptz NOT NULL,
  sent_at          timestamptz,
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  outbox_id        bigint,
  error            text,
  created_by       int REFERENCES users(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_invitations_lead_idx ON lead_invitations (lead_id, created_at DESC);
-- The scheduler's question: scheduled ones that are due.
CREATE INDEX lead_invitations_due_idx ON lead_invitations (send_at) WHERE status = 1;
-- "Is this appointment in an invitation?" (deleting appointments).
CREATE INDEX lead_invitations_appointments_idx ON lead_invitations USING gin (appointment_ids);

SELECT sbo_enable_school_rls('lead_invitations');
GRANT USAGE, SELECT ON SEQUENCE lead_invitations_id_seq TO sbo_app;
