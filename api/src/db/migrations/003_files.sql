-- 003_files: stored files of students (documents tab, picture). The bytes live in the file
-- store (DATA_DIR/files/<2 chars>/<random id>, names made by the server); these tables keep
-- the metadata and the store key. Conventions as in 002 (school_id + row-level security).
-- Deleting a student removes these rows by cascade; the application removes the bytes.

-- Student documents (spec 000 §3 Student document: id, tid, ext, n, s, dr, lc).
-- tid: document type (1 = general upload). name: display name incl. extension, checked and
-- cleaned on upload; ext/mime: the type the content really has (never the sender's claim).
CREATE TABLE student_documents (
  id           serial PRIMARY KEY,
  school_id    int NOT NULL REFERENCES schools(id),
  student_id   int NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  tid          smallint NOT NULL DEFAULT 1 CHECK (tid BETWEEN 1 AND 99),
  name         text NOT NULL,
  ext          text NOT NULL,
  mime         text NOT NULL,
  size         bigint NOT NULL CHECK (size >= 0),
  file_key     text NOT NULL UNIQUE,
  received_at  date NOT NULL DEFAULT current_date,
  created_by   int REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- The tab lists a student's documents newest first, 10 per page.
CREATE INDEX student_documents_student_idx ON student_documents (student_id, received_at DESC, id DESC);

-- The current picture of a student (re-encoded on upload: no EXIF/GPS). hash = the content's
-- SHA-256 (hex), also kept in students.picture_hash (wire sifh) for the list and the
-- /api-cubic/image?f={hash}-{size} URL. Resized variants are derived files of file_key.
CREATE TABLE student_pictures (
  student_id  int PRIMARY KEY REFERENCES students(id) ON DELETE CASCADE,
  school_id   int NOT NULL REFERENCES schools(id),
  hash        text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  file_key    text NOT NULL UNIQUE,
  mime        text NOT NULL,
  width       int NOT NULL,
  height      int NOT NULL,
  size        bigint NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_pictures_hash_idx ON student_pictures (hash);

SELECT sbo_enable_school_rls('student_documents');
SELECT sbo_enable_school_rls('student_pictures');

GRANT SELECT, INSERT, UPDATE, DELETE ON student_documents, student_pictures TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE student_documents_id_seq TO sbo_app;
