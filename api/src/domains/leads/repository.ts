import {
  LEAD_ORIGIN,
  LEAD_STATUS,
  LEAD_SUGGESTIONS,
  type LeadData,
  type LeadForm,
  type LeadListResponse,
  type LeadListRow,
  type LeadMemberInfo,
  type LeadSuggestionCounts,
  type LEAD_LIST_FILTER_FIELDS,
  type LEAD_LIST_SORT_FIELDS,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { updateVersioned } from '../../lib/record-version.js';
import { definePagedList, filterConditions, orderBy, runPagedList, type Bind, type PagedRequest } from '../../lib/paged-list.js';

/**
 * Leads (spec 001 §3-§7). Every function takes the transaction of `request.scoped()` (or
 * another domain's scoped transaction): row-level security limits it to the request's
 * schools, so a lead of another school is not found, exactly like a missing one.
 */

// ---- the suggestion code --------------------------------------------------------------------

/**
 * The time the suggestion code is computed for (the app's clock, so that a test's fixed
 * clock and the seed agree): a transaction-local setting that LEAD_SUGGESTION_SQL reads. Set
 * it once in the transaction before any query that selects or filters by x.
 */
export async function setSuggestionTime(tx: Queryable, now: Date): Promise<void> {
  await tx.query("SELECT set_config('sbo.lead_now', $1, true)", [now.toISOString()]);
}

/** The suggestion code x of the lead `l` (migration 091 lead_suggestion), at the time setSuggestionTime set. */
export const LEAD_SUGGESTION_SQL =
  "lead_suggestion(l.lead_status_id, l.ie1, l.ie2, l.it1, l.it2, l.date_info_event, l.date_trial, current_setting('sbo.lead_now')::timestamptz)";

/** State of an invitation step (LEAD_STEP_STATE): 0 never invited, 1 invited, 2 passed, 3 attended. */
function stepStateSql(first: string, again: string, attended: string): string {
  return `(CASE WHEN ${attended} IS NOT NULL THEN 3
                WHEN COALESCE(${again}, ${first}) IS NULL THEN 0
                WHEN COALESCE(${again}, ${first}) < current_setting('sbo.lead_now')::timestamptz THEN 2
                ELSE 1 END)`;
}

/**
 * A lead may be deleted while nothing refers to it as its origin: not converted (status 6
 * "contract signed"), no student made from it (leads.student_id, students.lead_id) and no
 * conclusion started from it (conclusions.lead_id). Reminders and notes of the lead go with
 * it (ON DELETE CASCADE).
 */
const DELETABLE_SQL = `(l.lead_status_id <> ${LEAD_STATUS.contractSigned} AND l.student_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM students st WHERE st.lead_id = l.id)
  AND NOT EXISTS (SELECT 1 FROM conclusions co WHERE co.lead_id = l.id))`;

/** First contact: the date the form recorded, else (origins 5, 6: no such date) the day the lead was made. */
const FIRST_CONTACT_SQL = 'COALESCE(l.first_contact, l.date_created::date)';

// ---- list -----------------------------------------------------------------------------------

type LeadListId = (typeof LEAD_LIST_SORT_FIELDS)[number] | (typeof LEAD_LIST_FILTER_FIELDS)[number];

/**
 * POST /api-lead/list. Names sort in German order (sort key columns, 091), prefix filters
 * compare the lower-case key columns; x is the SQL function, so filters, counts and the sort
 * by it happen in the database.
 */
export const LEAD_LIST = definePagedList<LeadListId>({
  from: 'leads l JOIN schools sc ON sc.id = l.school_id',
  columns: {
    sid: { sql: 'l.school_id', textSort: 'sc.name', filter: 'eq-int' },
    fc: { sql: FIRST_CONTACT_SQL, sort: FIRST_CONTACT_SQL, filter: 'date-range' },
    ln: { sql: 'l.lastname', match: 'l.lastname_key', textSort: ['l.lastname', 'l.firstname'], filter: 'prefix' },
    fn: { sql: 'l.firstname', match: 'l.firstname_key', textSort: ['l.firstname', 'l.lastname'], filter: 'prefix' },
    em: { sql: 'l.email', filter: 'prefix' },
    q: { filter: 'search', search: ['l.lastname_key', 'l.firstname_key', 'lower(l.email)'] },
    ls: { sql: 'l.lead_status_id', sort: 'l.lead_status_id', filter: 'in-int' },
    x: { sql: LEAD_SUGGESTION_SQL, sort: LEAD_SUGGESTION_SQL, filter: 'in-int' },
    remc: { sort: '(SELECT count(*) FROM reminders r WHERE r.lead_id = l.id AND r.date_done IS NULL)' },
  },
  // Newest first contact first: the office works on the recent enquiries.
  defaultOrder: `${FIRST_CONTACT_SQL} DESC`,
  tiebreak: 'l.id',
  tiebreakDesc: true,
  countFrom: 'leads l',
});

/** The select list of a lead list row. */
export const LEAD_LIST_SELECT = `l.id AS lid, l.school_id AS sid, sc.name AS sn, to_char(${FIRST_CONTACT_SQL}, 'YYYY-MM-DD') AS fc,
  l.lastname AS ln, l.firstname AS fn, l.email AS em, l.phone_regular AS p1, l.phone_cellphone AS p2,
  ${LEAD_SUGGESTION_SQL} AS x, l.lead_status_id AS ls,
  ${stepStateSql('l.ie1', 'l.ie2', 'l.date_info_event')} AS ie, ${stepStateSql('l.it1', 'l.it2', 'l.date_trial')} AS tr,
  (SELECT count(*)::int FROM reminders r WHERE r.lead_id = l.id AND r.date_done IS NULL) AS remc,
  ${DELETABLE_SQL} AS td`;

function parameters(): { params: unknown[]; bind: Bind } {
  const params: unknown[] = [];
  return {
    params,
    bind: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/**
 * Counts per suggestion code for the request's filters except its own x filter (the
 * counters above the list show where the other codes are, also while one is chosen).
 */
export async function countSuggestions(tx: Queryable, filtered: PagedRequest['filtered']): Promise<LeadSuggestionCounts> {
  const { params, bind } = parameters();
  const where = filterConditions(LEAD_LIST, (filtered ?? []).filter((f) => f.id !== 'x'), bind);
  const result = await tx.query<{ x: number; n: number }>(
    `SELECT ${LEAD_SUGGESTION_SQL} AS x, count(*)::int AS n FROM leads l ${where.length ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY 1`,
    params,
  );
  const counts = Object.fromEntries(LEAD_SUGGESTIONS.map((code) => [String(code), 0])) as LeadSuggestionCounts;
  for (const row of result.rows) counts[String(row.x) as keyof LeadSuggestionCounts] = row.n;
  return counts;
}

/** POST /api-lead/list: a page of leads, the total and the suggestion counts, computed at `now`. */
export async function listLeads(tx: Queryable, request: PagedRequest, now: Date): Promise<LeadListResponse> {
  await setSuggestionTime(tx, now);
  const page = await runPagedList<LeadListRow>(tx, LEAD_LIST, request, LEAD_LIST_SELECT);
  return { ...page, sug: await countSuggestions(tx, request.filtered) };
}

/** A lead row of the export (the list row plus address and status details). */
export interface LeadExportRow extends LeadListRow {
  company: string | null;
  street: string | null;
  house_no: string | null;
  zip: string | null;
  city: string | null;
  lead_source_id: number | null;
  lead_source: string | null;
  lead_origin_id: number | null;
  annotation: string;
}

/**
 * The rows of an export: the given ids, or every lead the filters find, in the list's order,
 * at most `limit` (+1, so the caller sees that there are more).
 */
export async function listLeadsForExport(
  tx: Queryable,
  target: { ids: number[] } | Required<Pick<PagedRequest, 'sorted' | 'filtered'>>,
  now: Date,
  limit: number,
): Promise<LeadExportRow[]> {
  await setSuggestionTime(tx, now);
  const { params, bind } = parameters();
  const where = 'ids' in target ? [`l.id = ANY(${bind(target.ids)}::int[])`] : filterConditions(LEAD_LIST, target.filtered, bind);
  const order = orderBy(LEAD_LIST, 'ids' in target ? [] : target.sorted);
  const result = await tx.query<LeadExportRow>(
    `SELECT ${LEAD_LIST_SELECT}, l.company, l.street, l.house_no, l.zip, l.city, l.lead_source_id, l.lead_source,
            l.lead_origin_id, l.annotation
       FROM ${LEAD_LIST.from}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order}
      LIMIT ${bind(limit + 1)}`,
    params,
  );
  return result.rows;
}

// ---- one lead -------------------------------------------------------------------------------

/** The lead's school, or null when the lead is not visible (missing or another school). */
export async function leadSchool(tx: Queryable, leadId: number): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>('SELECT school_id FROM leads WHERE id = $1', [leadId]);
  return result.rows[0]?.school_id ?? null;
}

/** A student or a conclusion refers to the lead `l` (it became one, or is becoming one). */
const CONVERTED_SQL = `(l.student_id IS NOT NULL OR EXISTS (SELECT 1 FROM students st WHERE st.lead_id = l.id)
  OR EXISTS (SELECT 1 FROM conclusions co WHERE co.lead_id = l.id))`;

/**
 * Locks the lead row for a write and answers its school, origin, status, version and whether
 * a student or conclusion refers to it, or null when not visible.
 */
export async function lockLead(
  tx: Queryable,
  leadId: number,
): Promise<{ schoolId: number; originId: number | null; statusId: number; version: number; converted: boolean } | null> {
  const result = await tx.query<{ schoolId: number; originId: number | null; statusId: number; version: number; converted: boolean }>(
    `SELECT l.school_id AS "schoolId", l.lead_origin_id AS "originId", l.lead_status_id AS "statusId", l.version,
            ${CONVERTED_SQL} AS converted
       FROM leads l WHERE l.id = $1 FOR UPDATE OF l`,
    [leadId],
  );
  return result.rows[0] ?? null;
}

/** Columns of the form, in the order the insert and the update bind them. */
const FORM_COLUMNS = [
  'school_id', 'salutation_id', 'company', 'firstname', 'lastname', 'email', 'phone_regular', 'phone_cellphone',
  'street', 'house_no', 'zip', 'city', 'dob', 'pt_salutation_id', 'pt_firstname', 'pt_lastname', 'pt_email',
  'pt_phone_regular', 'pt_phone_cellphone', 'pt_street', 'pt_house_no', 'pt_zip', 'pt_city', 'lead_status_id',
  'lead_source_id', 'lead_source', 'annotation', 'interests', 'products', 'experience', 'first_contact',
] as const;
type FormColumn = (typeof FORM_COLUMNS)[number];

/** Casts of the array columns (bound as JSON-less arrays). */
const COLUMN_CASTS: Partial<Record<FormColumn, string>> = { interests: '::text[]', products: '::int[]', dob: '::date', first_contact: '::date' };

function formValues(lead: NewLead, status: number): Record<FormColumn, unknown> {
  return {
    school_id: lead.school_id,
    salutation_id: lead.salutation_id ?? null,
    company: lead.company ?? null,
    firstname: lead.firstname ?? '',
    lastname: lead.lastname,
    email: lead.email ?? null,
    phone_regular: lead.phone_regular ?? null,
    phone_cellphone: lead.phone_cellphone ?? null,
    street: lead.street ?? null,
    house_no: lead.house_no ?? null,
    zip: lead.zip ?? null,
    city: lead.city ?? null,
    dob: lead.dob ?? null,
    pt_salutation_id: lead.pt_salutation_id ?? null,
    pt_firstname: lead.pt_firstname ?? null,
    pt_lastname: lead.pt_lastname ?? null,
    pt_email: lead.pt_email ?? null,
    pt_phone_regular: lead.pt_phone_regular ?? null,
    pt_phone_cellphone: lead.pt_phone_cellphone ?? null,
    pt_street: lead.pt_street ?? null,
    pt_house_no: lead.pt_house_no ?? null,
    pt_zip: lead.pt_zip ?? null,
    pt_city: lead.pt_city ?? null,
    lead_status_id: status,
    lead_source_id: lead.lead_source_id ?? null,
    lead_source: lead.lead_source ?? null,
    annotation: lead.annotation ?? '',
    interests: [...new Set(lead.interests ?? [])],
    products: [...new Set(lead.products ?? [])].sort((a, b) => a - b),
    experience: lead.experience ?? null,
    first_contact: lead.date_created ?? null,
  };
}

/**
 * What insertLead takes: the lead form's fields (validated with leadFormSchema, or built by
 * an importer), only school and last name required. `date_created` is the first contact
 * (ISO date); lead_origin_id the origin (LEAD_ORIGIN; the import passes legacyImport).
 */
export type NewLead = Partial<LeadForm> & Pick<LeadForm, 'school_id' | 'lastname'>;

/**
 * Creates a lead in the caller's transaction (the form's POST, the legacy import) and
 * answers its id. Status 1 (first contact) unless given; origin 1 (personal) unless given.
 * The school must be one the caller may write to (the route checks; RLS refuses others).
 */
export async function insertLead(tx: Queryable, lead: NewLead, createdBy: number | null): Promise<number> {
  const values = formValues(lead, lead.lead_status_id ?? LEAD_STATUS.firstContact);
  const columns = [...FORM_COLUMNS, 'lead_origin_id', 'created_by'];
  const params = [...FORM_COLUMNS.map((column) => values[column]), lead.lead_origin_id ?? LEAD_ORIGIN.personal, createdBy];
  const placeholders = columns.map((column, i) => `$${i + 1}${COLUMN_CASTS[column as FormColumn] ?? ''}`);
  const result = await tx.query<{ id: number }>(
    `INSERT INTO leads (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`,
    params,
  );
  return result.rows[0]!.id;
}

/**
 * PUT /api-lead/data: saves the form read with `version` (the origin stays as created) and
 * answers the next version; 409 {error: 9} when someone saved the lead meanwhile, 404 when
 * the lead is not visible.
 */
export async function updateLead(tx: Queryable, leadId: number, lead: LeadForm, version: number): Promise<number> {
  const values = formValues(lead, lead.lead_status_id ?? LEAD_STATUS.firstContact);
  return updateVersioned(tx, {
    table: 'leads',
    set: [...FORM_COLUMNS.map((column, i) => `${column} = $${i + 2}${COLUMN_CASTS[column] ?? ''}`), 'updated_at = now()'].join(', '),
    where: 'id = $1',
    params: [leadId, ...FORM_COLUMNS.map((column) => values[column])],
    version,
  });
}

/**
 * A lead moved to another school (the form's school changed) takes its reminders, timeline
 * notes, invitations and the record of mails sent about it along: they are the lead's, and
 * row-level security shows them by their own school_id. Left behind, the new school's staff
 * would not see the lead's history while the old school's kept reading reminders about a
 * lead that is no longer theirs. Runs in the form's transaction, after the lead's update.
 */
export async function moveLeadChildren(tx: Queryable, leadId: number, schoolId: number): Promise<void> {
  await tx.query('UPDATE reminders SET school_id = $2 WHERE lead_id = $1 AND school_id <> $2', [leadId, schoolId]);
  await tx.query('UPDATE student_notes SET school_id = $2 WHERE lead_id = $1 AND school_id <> $2', [leadId, schoolId]);
  await tx.query('UPDATE lead_invitations SET school_id = $2 WHERE lead_id = $1 AND school_id <> $2', [leadId, schoolId]);
  await tx.query("UPDATE sent_mails SET school_id = $2 WHERE entity_type = 'lead' AND entity_id = $1 AND school_id <> $2", [leadId, schoolId]);
}

/** GET /api-lead/data: the lead's form fields, flow columns and version, at `now` (x). */
export async function getLead(tx: Queryable, leadId: number, now: Date): Promise<LeadData | null> {
  await setSuggestionTime(tx, now);
  const result = await tx.query<LeadData>(
    `SELECT l.id, l.school_id, l.lead_status_id, l.lead_origin_id, to_char(l.first_contact, 'YYYY-MM-DD') AS date_created,
            l.salutation_id, l.company, l.firstname, l.lastname, l.email, l.phone_regular, l.phone_cellphone,
            l.street, l.house_no, l.zip, l.city, to_char(l.dob, 'YYYY-MM-DD') AS dob,
            l.pt_salutation_id, l.pt_firstname, l.pt_lastname, l.pt_email, l.pt_phone_regular, l.pt_phone_cellphone,
            l.pt_street, l.pt_house_no, l.pt_zip, l.pt_city, l.lead_source_id, l.lead_source, l.annotation,
            l.interests, l.products, l.experience, l.no_interest_reason_id,
            l.ie1, l.ie2, l.it1, l.it2, l.ieid, l.itid, l.date_info_event, l.date_trial,
            ${LEAD_SUGGESTION_SQL} AS x, l.date_created AS created_at, u.username AS created_by,
            ${DELETABLE_SQL} AS td, l.version
       FROM leads l LEFT JOIN users u ON u.id = l.created_by
      WHERE l.id = $1`,
    [leadId],
  );
  return result.rows[0] ?? null;
}

/** The student the lead became (its conversion), or null. */
export async function leadMemberInfo(tx: Queryable, leadId: number): Promise<LeadMemberInfo | null> {
  const result = await tx.query<LeadMemberInfo>(
    `SELECT st.id AS student_id, concat_ws(' ', NULLIF(st.firstname, ''), st.lastname) AS name
       FROM leads l JOIN students st ON st.id = l.student_id OR st.lead_id = l.id
      WHERE l.id = $1
      ORDER BY (st.id = l.student_id) DESC, st.id
      LIMIT 1`,
    [leadId],
  );
  return result.rows[0] ?? null;
}

/**
 * DELETE /api-lead/data: removes the lead with its reminders and notes. 'referenced' when
 * the lead may not be deleted (converted, see DELETABLE_SQL), 'not-found' when not visible.
 */
export async function deleteLead(tx: Queryable, leadId: number): Promise<'deleted' | 'referenced' | 'not-found'> {
  const found = await tx.query<{ deletable: boolean }>(`SELECT ${DELETABLE_SQL} AS deletable FROM leads l WHERE l.id = $1 FOR UPDATE`, [leadId]);
  const row = found.rows[0];
  if (!row) return 'not-found';
  if (!row.deletable) return 'referenced';
  await tx.query('DELETE FROM leads WHERE id = $1', [leadId]);
  return 'deleted';
}

