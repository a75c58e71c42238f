-- Every API process keeps a signed-in session's principal (user, atoms, schools, filter) in
-- memory for a few seconds instead of reading it on every request (api/src/auth/session-cache.ts).
-- These triggers tell every process sharing the database, through NOTIFY on the channel
-- sbo_principals (delivered when the writing transaction commits), that a principal changed:
-- the payload is the user's id, or '*' when a change can touch any user (roles, schools,
-- TRUNCATE). A trigger, not the application, so that no write path can forget it.
CREATE FUNCTION notify_principal_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_user text;
  new_user text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('sbo_principals', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_user := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'DELETE' THEN new_user := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF old_user IS NOT NULL THEN PERFORM pg_notify('sbo_principals', old_user); END IF;
  IF new_user IS NOT NULL AND new_user IS DISTINCT FROM old_user THEN PERFORM pg_notify('sbo_principals', new_user); END IF;
  RETURN NULL;
END $$;

-- Sessions: revoked, moved or shortened (logout, password change, disabling); not the
-- once-a-minute last_seen_at slide nor a new login.
CREATE TRIGGER sessions_notify_principal
  AFTER UPDATE OF revoked_at, user_id, absolute_expires_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id <> NEW.user_id
                     OR OLD.absolute_expires_at <> NEW.absolute_expires_at)
  EXECUTE FUNCTION notify_principal_change('user_id');
CREATE TRIGGER sessions_notify_principal_delete
  AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_principal_change('user_id');

-- The user row (disabled, level, role, school access, names, deletion).
CREATE TRIGGER users_notify_principal
  AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_principal_change('id');

-- Assigned schools and the school filter.
CREATE TRIGGER user_schools_notify_principal
  AFTER INSERT OR UPDATE OR DELETE ON user_schools FOR EACH ROW EXECUTE FUNCTION notify_principal_change('user_id');
CREATE TRIGGER user_filters_notify_principal
  AFTER INSERT OR UPDATE OR DELETE ON user_filters FOR EACH ROW EXECUTE FUNCTION notify_principal_change('user_id');

-- A role's atoms and the schools (all-schools users see new ones; names are in the principal).
CREATE TRIGGER roles_notify_principal
  AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
CREATE TRIGGER schools_notify_principal
  AFTER INSERT OR UPDATE OR DELETE ON schools FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();

-- TRUNCATE of any of them (tests, restores): everyone.
CREATE TRIGGER sessions_notify_principal_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
CREATE TRIGGER users_notify_principal_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
CREATE TRIGGER user_schools_notify_principal_truncate AFTER TRUNCATE ON user_schools FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
CREATE TRIGGER user_filters_notify_principal_truncate AFTER TRUNCATE ON user_filters FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
CREATE TRIGGER roles_notify_principal_truncate AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
CREATE TRIGGER schools_notify_principal_truncate AFTER TRUNCATE ON schools FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
