-- 088 (issue 12, activation and pre-student):
-- 1. The student contract an activation made knows its conclusion; at most one contract per
--    conclusion, so even a second activation that got past the row lock could not make two.
-- 2. network_requests: what this installation asks of the membership network, written in the
--    transaction of the action that asks (an outbox: a sender transfers open rows and marks
--    them sent). The first kind is the pre-student (spec 000 §4, PUT /api-conclusion/prestud):
--    the activated conclusion's student pre-registered as a network member, with the person's
--    data as the conclusion had it. One request of a kind per student.
ALTER TABLE student_contracts ADD COLUMN conclusion_id int REFERENCES conclusions(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX student_contracts_conclusion_key ON student_contracts (conclusion_id) WHERE conclusion_id IS NOT NULL;

CREATE TABLE network_requests (
  id             serial PRIMARY KEY,
  school_id      int NOT NULL REFERENCES schools(id),
  kind           text NOT NULL CHECK (kind IN ('pre_student')),
  student_id     int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  conclusion_id  int REFERENCES conclusions(id) ON DELETE SET NULL,
  -- The data the network needs (name, birth date, address, contact, products, network contract).
  payload        jsonb NOT NULL,
  -- 1 open (to be transferred), 2 transferred, 3 answered by the network.
  status         smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  created_by     int REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  sent_at        timestamptz,
  UNIQUE (student_id, kind)
);
CREATE INDEX network_requests_open_idx ON network_requests (created_at) WHERE status = 1;

SELECT sbo_enable_school_rls('network_requests');
GRANT USAGE, SELECT ON SEQUENCE network_requests_id_seq TO sbo_app;
