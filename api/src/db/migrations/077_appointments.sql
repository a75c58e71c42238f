-- 077: appointments of a school (spec 001 §3 "Appointment event": id, ds, de, status; 002 §7
-- /api-content/ie-next): info events (type 1) and trials (type 2). Read by the calendar
-- (/c-calendar) and the "next appointments" call; issue 15 (leads) adds creating them and
-- inviting leads. status 2 = can be removed (spec 001), 1 otherwise.
CREATE TABLE appointments (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  type        smallint NOT NULL CHECK (type IN (1, 2)),
  ds          timestamptz NOT NULL,
  de          timestamptz NOT NULL CHECK (de > ds),
  status      smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 9),
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL DEFAULT 1
);
CREATE INDEX appointments_school_ds_idx ON appointments (school_id, ds);

SELECT sbo_enable_school_rls('appointments');
GRANT USAGE, SELECT ON SEQUENCE appointments_id_seq TO sbo_app;
