-- 008_network_members: the membership network's register of members, as this installation
-- knows it (mirrored from the network). A member has one number (mno, e.g. AT-100001), a
-- name, the birth date and e-mail on file, and a home school. Students with a network number
-- are members; so are licensees and trainers, who appear in a school's team (microsite).
-- Not school-owned (the network's data): readable by the app role, written by the system.
CREATE TABLE network_members (
  mno            text PRIMARY KEY CHECK (mno ~ '^[A-Z0-9][A-Z0-9-]{2,29}$'),
  salutation_id  smallint CHECK (salutation_id BETWEEN 1 AND 5),
  firstname      text NOT NULL,
  lastname       text NOT NULL,
  dob            date,
  email          text,
  -- Rank in the network's grading (e.g. '2. Dan', 'Gelbgurt'), shown in the team list.
  grade          text,
  school_id      int REFERENCES schools(id),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX network_members_school_idx ON network_members (school_id);

GRANT SELECT ON network_members TO sbo_app;
