-- 006: coordinates of a student must be real positions. NaN or out-of-range values (from an
-- import or a hand edit) would make every answer carrying them fail to serialise; NaN fails
-- these checks too (PostgreSQL orders NaN above every number).
ALTER TABLE students
  ADD CONSTRAINT students_lat_range CHECK (lat IS NULL OR lat BETWEEN -90 AND 90),
  ADD CONSTRAINT students_long_range CHECK (long IS NULL OR long BETWEEN -180 AND 180);
