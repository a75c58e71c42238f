-- 040_microsite (issue 16, spec 002 §2.18-2.20, §3, §4): the school microsite's albums, team,
-- settings and timetable, and what its public contact form needs (throttle, double-submit guard).

-- Albums. school_id = the owner school: only it sees and changes the album in the back office.
-- visibility (spec "status assignment"): which schools' microsites show it: 1 the owner school,
-- 3 the schools in album_schools, 4 all schools.
CREATE TABLE albums (
  content_id      serial PRIMARY KEY,
  school_id       int NOT NULL REFERENCES schools(id),
  visibility      smallint NOT NULL CHECK (visibility IN (1, 3, 4)),
  title           text NOT NULL,
  date_published  timestamptz,
  date_expired    timestamptz,
  active          boolean NOT NULL DEFAULT true,
  owner_id        int REFERENCES users(id) ON DELETE SET NULL,
  version         integer NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX albums_school_idx ON albums (school_id);

-- Schools a visibility-3 album is shown on. school_id is the album's owner (row-level security
-- follows the owner, who maintains the list); shown_school_id the school whose microsite shows it.
CREATE TABLE album_schools (
  album_id         int NOT NULL REFERENCES albums(content_id) ON DELETE CASCADE,
  school_id        int NOT NULL REFERENCES schools(id),
  shown_school_id  int NOT NULL REFERENCES schools(id),
  PRIMARY KEY (album_id, shown_school_id)
);
CREATE INDEX album_schools_shown_idx ON album_schools (shown_school_id);

-- The album's images (re-encoded on upload; sizes derived once and kept in the file store).
-- Uploaded before the album is saved: album_id is null until a save references the file;
-- position = the order in the gallery (0 = the cover).
CREATE TABLE album_files (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  album_id    int REFERENCES albums(content_id) ON DELETE CASCADE,
  position    int NOT NULL DEFAULT 0,
  name        text NOT NULL,
  mime        text NOT NULL,
  size        bigint NOT NULL CHECK (size >= 0),
  width       int NOT NULL,
  height      int NOT NULL,
  file_key    text NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX album_files_album_idx ON album_files (album_id, position);
CREATE INDEX album_files_school_idx ON album_files (school_id);

-- School roles of network members (spec 002 §3 msrid): 1 licensee, 2 on-site manager,
-- 3 trainer, 4 contact, 5 division contact, 6 examiner, 7 Sifu for kids, 8 payer, 9 Sifu.
-- The network's data like network_members: readable by the app role, written by the system.
CREATE TABLE network_member_roles (
  mno        text NOT NULL REFERENCES network_members(mno) ON DELETE CASCADE,
  school_id  int NOT NULL REFERENCES schools(id),
  role_id    smallint NOT NULL CHECK (role_id BETWEEN 1 AND 9),
  PRIMARY KEY (school_id, mno, role_id)
);
GRANT SELECT ON network_member_roles TO sbo_app;

-- What the school decides about its team on the microsite: hidden (only role 3 may be hidden,
-- spec §4) and the photo. A member without a row is visible and has no photo.
CREATE TABLE team_photos (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  mno         text NOT NULL,
  mime        text NOT NULL,
  file_key    text NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE team_members (
  school_id   int NOT NULL REFERENCES schools(id),
  mno         text NOT NULL REFERENCES network_members(mno) ON DELETE CASCADE,
  hidden      boolean NOT NULL DEFAULT false,
  photo_id    int REFERENCES team_photos(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (school_id, mno)
);

-- Microsite settings of a school (spec 002 §3 "School settings", "School address" msu/cs).
-- slug names the school in the public API (/public/schools/{slug}/...); microsite_on = cs.
CREATE TABLE school_images (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  mime        text NOT NULL,
  width       int NOT NULL,
  height      int NOT NULL,
  file_key    text NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE school_settings (
  school_id           int PRIMARY KEY REFERENCES schools(id),
  slug                text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  microsite_on        boolean NOT NULL DEFAULT false,
  highlight_text      text NOT NULL DEFAULT '',
  hidden_gmaps        boolean NOT NULL DEFAULT false,
  facebook_type       text NOT NULL DEFAULT '' CHECK (facebook_type IN ('', 'likebox', 'button')),
  facebook_url        text NOT NULL DEFAULT '',
  twitter_type        text NOT NULL DEFAULT '' CHECK (twitter_type IN ('', 'timeline', 'button')),
  twitter_id          text NOT NULL DEFAULT '',
  twitter_url         text NOT NULL DEFAULT '',
  business_companies  text NOT NULL DEFAULT '',
  school_image_id     int REFERENCES school_images(id) ON DELETE SET NULL,
  contact_form_on     boolean NOT NULL DEFAULT true,
  contact_email       text NOT NULL DEFAULT '',
  version             integer NOT NULL DEFAULT 1,
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- The school's weekly timetable (spec 002 §3 "Timetable event"): product 1-12, weekday 1-7
-- (1 = Monday), start and end time.
CREATE TABLE timetable_events (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  pid         smallint NOT NULL CHECK (pid BETWEEN 1 AND 12),
  name        text NOT NULL,
  ts          time NOT NULL,
  te          time NOT NULL CHECK (te > ts),
  wd          smallint NOT NULL CHECK (wd BETWEEN 1 AND 7),
  url         text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX timetable_events_school_idx ON timetable_events (school_id, wd, ts);

SELECT sbo_enable_school_rls('albums');
SELECT sbo_enable_school_rls('album_schools');
SELECT sbo_enable_school_rls('album_files');
SELECT sbo_enable_school_rls('team_photos');
SELECT sbo_enable_school_rls('team_members');
SELECT sbo_enable_school_rls('school_images');
SELECT sbo_enable_school_rls('school_settings');
SELECT sbo_enable_school_rls('timetable_events');
GRANT USAGE, SELECT ON SEQUENCE
  albums_content_id_seq, album_files_id_seq, team_photos_id_seq, school_images_id_seq, timetable_events_id_seq
  TO sbo_app;

-- The public contact form (no session; system work, not the app role): a fixed-window counter
-- per bucket (client address and school) shared by every API process, and the submissions
-- already turned into a lead (same key again = the same lead, not a second one).
CREATE TABLE microsite_contact_throttle (
  bucket        text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  hits          int NOT NULL
);
CREATE TABLE microsite_contact_submissions (
  school_id       int NOT NULL REFERENCES schools(id),
  submission_key  text NOT NULL,
  lead_id         int NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (school_id, submission_key)
);
