-- 091_leads (issue 15): what the lead list, the lead form and the suggestion code need on top
-- of the `leads` table of 002 (its version came with 020).
--
-- Meaning of the flow columns of 002, as the list, the form and the flow diagram read them:
--   ie1 / it1          the appointment (start) the lead was first invited to, info event / trial
--   ie2 / it2          the appointment of the latest new invitation ("new invite"), else null;
--                      the invitation in force is COALESCE(ie2, ie1) / COALESCE(it2, it1)
--   date_info_event /
--   date_trial         attendance (when the lead took part), null = not attended
--   ieid / itid        (new here) the appointment row of the invitation in force, when it named one

-- Origin 9 "legacy import": leads created by /m-import/leglead (002 §2.12).
ALTER TABLE leads DROP CONSTRAINT leads_lead_origin_id_check;
ALTER TABLE leads
  ADD CONSTRAINT leads_lead_origin_id_check CHECK (lead_origin_id BETWEEN 1 AND 9),
  ADD COLUMN created_by int REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN ieid int REFERENCES appointments(id) ON DELETE SET NULL,
  ADD COLUMN itid int REFERENCES appointments(id) ON DELETE SET NULL,
  -- Prefix filters compare what the user typed with these lower-case keys (starts_with on a
  -- column is leakproof: an index serves it under row-level security too).
  ADD COLUMN lastname_key text COLLATE "C" GENERATED ALWAYS AS (lower(lastname)) STORED,
  ADD COLUMN firstname_key text COLLATE "C" GENERATED ALWAYS AS (lower(firstname)) STORED,
  -- German order of the names (023).
  ADD COLUMN lastname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(lastname)) STORED,
  ADD COLUMN firstname_sk text COLLATE "C" GENERATED ALWAYS AS (sbo_sort_key(firstname)) STORED;

DROP INDEX leads_lastname_prefix_idx;
CREATE INDEX leads_ln_prefix_idx ON leads (lastname_key);
CREATE INDEX leads_list_ln_idx ON leads (lastname_sk, firstname_sk, id);
CREATE INDEX leads_school_first_contact_idx ON leads (school_id, first_contact);
-- The import's duplicate check (same e-mail in the school).
CREATE INDEX leads_school_email_idx ON leads (school_id, lower(email)) WHERE email IS NOT NULL;

-- The suggestion code x (spec 001 §4): the next action for a lead, 1..10, from its status,
-- its invitations and attendance and the time `at` (now() in the list). The first rule that
-- applies wins (api/README.md "Lead suggestion code" has the same table):
--    8  status 6, contract signed: nothing to do
--   10  status 2, no interest: nothing to do (miscellaneous)
--    7  trial attended: waiting for the contract (or record no interest)
--    6  invited to a trial whose date has passed, not attended: record attendance or re-invite
--    5  invited to a trial still to come: await it
--    2  info event attended, no trial invitation: invite to a trial
--    4  invited to an info event whose date has passed, not attended: record attendance or re-invite
--    3  invited to an info event still to come: await it
--    9  legacy status 3, 4 or 5 with nothing recorded: invite to a trial or record attendance
--    1  otherwise (status 1 or 7, nothing recorded): invite to an info event or a trial
-- IMMUTABLE (the time is an argument), so the list filters, counts and sorts by it in SQL.
CREATE FUNCTION lead_suggestion(
  status smallint, ie1 timestamptz, ie2 timestamptz, it1 timestamptz, it2 timestamptz,
  attended_info_event timestamptz, attended_trial timestamptz, at timestamptz
) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (CASE
    WHEN status = 6 THEN 8
    WHEN status = 2 THEN 10
    WHEN attended_trial IS NOT NULL THEN 7
    WHEN COALESCE(it2, it1) IS NOT NULL THEN CASE WHEN COALESCE(it2, it1) < at THEN 6 ELSE 5 END
    WHEN attended_info_event IS NOT NULL THEN 2
    WHEN COALESCE(ie2, ie1) IS NOT NULL THEN CASE WHEN COALESCE(ie2, ie1) < at THEN 4 ELSE 3 END
    WHEN status IN (3, 4, 5) THEN 9
    ELSE 1
  END)::smallint
$$;
