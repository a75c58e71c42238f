-- 097_reminder_delegates (issue 15, spec 001 §3 Reminder, §7 /api-human/list): reminders are
-- delegated only to users who may see the reminder's school, and the pickers list the users
-- of the caller's schools. sbo_app cannot read users.school_access nor user_schools (001
-- grants it display names only); these functions answer the one question without the rows.

-- Enabled users who see at least one of `school_ids` (all schools, or one assigned).
CREATE OR REPLACE FUNCTION sbo_users_seeing_schools(school_ids int[]) RETURNS SETOF int
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT u.id FROM users u
   WHERE NOT u.disabled
     AND (u.school_access = 1
          OR EXISTS (SELECT 1 FROM user_schools us WHERE us.user_id = u.id AND us.school_id = ANY (school_ids)))
$$;

-- Reminders delegated to a user (the list's 'delegated to' filter, and deleting a user).
CREATE INDEX reminders_delegated_idx ON reminders (delegated_to) WHERE delegated_to IS NOT NULL;
