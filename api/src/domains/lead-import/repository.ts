import type {
  LEAD_IMPORT_FILTER_FIELDS,
  LEAD_IMPORT_SORT_FIELDS,
  LeadImportColumn,
  LeadImportRow,
  PagedListResponse,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, sortKey, type PagedRequest } from '../../lib/paged-list.js';

/** A row as it is staged (school resolved). */
export interface StagedRecord {
  schoolId: number;
  rowNo: number;
  dateCreated: string | null;
  firstname: string;
  lastname: string;
  zip: string;
  city: string;
  email: string;
  phone: string;
  mobile: string;
  annotation: string;
}

/** Rows per INSERT statement when staging (one JSON parameter each). */
const STAGE_CHUNK = 2000;

/**
 * Replaces the user's staged rows with a new batch (in the caller's transaction; row-level
 * security keeps it to the user's schools and own rows) and answers the number staged.
 */
export async function stageBatch(
  tx: Queryable,
  batch: { schoolId: number; userId: number; fileName: string; columns: LeadImportColumn[] },
  records: readonly StagedRecord[],
): Promise<number> {
  // Two uploads of one user at once (a double click, two tabs) would both find the stage empty
  // and leave two batches; the second waits here for the first and then replaces it.
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('lead_import_stage'), $1)", [batch.userId]);
  await tx.query('DELETE FROM lead_import_batches WHERE user_id = $1', [batch.userId]);
  const created = await tx.query<{ id: number }>(
    'INSERT INTO lead_import_batches (school_id, user_id, file_name, columns) VALUES ($1, $2, $3, $4::jsonb) RETURNING id',
    [batch.schoolId, batch.userId, batch.fileName, JSON.stringify(batch.columns)],
  );
  const batchId = created.rows[0]!.id;
  let staged = 0;
  for (let start = 0; start < records.length; start += STAGE_CHUNK) {
    const chunk = records.slice(start, start + STAGE_CHUNK).map((r) => ({
      s: r.schoolId, n: r.rowNo, d: r.dateCreated, fn: r.firstname, ln: r.lastname, z: r.zip, c: r.city, em: r.email, p1: r.phone, p2: r.mobile, a: r.annotation,
    }));
    const result = await tx.query(
      `INSERT INTO lead_import_rows (batch_id, user_id, school_id, row_no, date_created, firstname, lastname, zip, city, email, phone, mobile, annotation)
       SELECT $1, $2, x.s, x.n, x.d::date, x.fn, x.ln, x.z, x.c, x.em, x.p1, x.p2, x.a
         FROM jsonb_to_recordset($3::jsonb) AS x(s int, n int, d text, fn text, ln text, z text, c text, em text, p1 text, p2 text, a text)`,
      [batchId, batch.userId, JSON.stringify(chunk)],
    );
    staged += result.rowCount;
  }
  return staged;
}

type StagedListId = (typeof LEAD_IMPORT_SORT_FIELDS)[number] | (typeof LEAD_IMPORT_FILTER_FIELDS)[number];

/** GET /api-import/leglead: the user's staged rows in file order; prefix filters on every text column. */
export const STAGED_LIST = definePagedList<StagedListId>({
  from: 'lead_import_rows r JOIN schools sc ON sc.id = r.school_id',
  columns: {
    dc: { sort: 'r.date_created', nullsLow: true },
    fn: { sql: 'r.firstname', match: 'r.firstname_key', textSort: 'r.firstname', filter: 'prefix' },
    ln: { sql: 'r.lastname', match: 'r.lastname_key', textSort: ['r.lastname', 'r.firstname'], filter: 'prefix' },
    z: { sql: 'r.zip', filter: 'prefix', sort: 'r.zip' },
    c: { sql: 'r.city', match: 'r.city_key', textSort: 'r.city', filter: 'prefix' },
    em: { sql: 'r.email', match: 'r.email_key', filter: 'prefix' },
    p1: { sql: 'r.phone', filter: 'prefix' },
    p2: { sql: 'r.mobile', filter: 'prefix' },
    sn: { sql: 'sc.name', textSort: 'sc.name', filter: 'prefix' },
  },
  defaultOrder: 'r.row_no',
  tiebreak: 'r.id',
});

export async function listStaged(tx: Queryable, request: PagedRequest): Promise<PagedListResponse<LeadImportRow>> {
  return runPagedList<LeadImportRow>(
    tx,
    STAGED_LIST,
    request,
    `r.id, to_char(r.date_created, 'YYYY-MM-DD') AS dc, r.firstname AS fn, r.lastname AS ln, r.zip AS z, r.city AS c, r.email AS em,
     r.phone AS p1, r.mobile AS p2, r.school_id AS sid, sc.name AS sn`,
  );
}

/** A staged row as the import reads it. */
export interface StagedRow {
  id: number;
  school_id: number;
  date_created: string | null;
  firstname: string;
  lastname: string;
  zip: string;
  city: string;
  email: string;
  phone: string;
  mobile: string;
  annotation: string;
}

/** The visible staged rows of `ids` in file order (locked: a parallel import waits and then finds them gone). */
export async function stagedRows(tx: Queryable, ids: readonly number[]): Promise<StagedRow[]> {
  const result = await tx.query<StagedRow>(
    `SELECT id, school_id, to_char(date_created, 'YYYY-MM-DD') AS date_created, firstname, lastname, zip, city, email, phone, mobile, annotation
       FROM lead_import_rows WHERE id = ANY($1::int[]) ORDER BY row_no, id FOR UPDATE`,
    [ids],
  );
  return result.rows;
}

/** Removes rows from the stage (imported or skipped). */
/** Removes the user's staged batch and its rows; answers how many rows were discarded. */
export async function discardStage(tx: Queryable, userId: number): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lead_import_rows r JOIN lead_import_batches b ON b.id = r.batch_id WHERE b.user_id = $1',
    [userId],
  );
  await tx.query('DELETE FROM lead_import_batches WHERE user_id = $1', [userId]);
  return rows.rows[0]?.n ?? 0;
}

export async function unstage(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM lead_import_rows WHERE id = ANY($1::int[])', [ids]);
}

/** Digits of a phone number (+43 316 12-34 and 0043316 1234 compare equal; a leading 0 of a national number does not). */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '').replace(/^00/, '');
}

/** What makes a lead a duplicate in its school: its e-mail, or its name with one of its phone numbers. */
export interface DuplicateKeys {
  emails: Set<string>;
  namePhones: Set<string>;
}

export const emailKey = (schoolId: number, email: string) => `${schoolId}|${email.trim().toLowerCase()}`;
export const namePhoneKey = (schoolId: number, firstname: string, lastname: string, phone: string) =>
  `${schoolId}|${firstname.trim().toLowerCase()}|${lastname.trim().toLowerCase()}|${phone}`;

/**
 * Imports into the same school wait for each other (two colleagues importing the same export
 * at once): the duplicate check reads the school's leads, and without this both would find
 * the other's new leads missing and create them twice. Locks in school order (no deadlock).
 */
export async function lockSchoolsForImport(tx: Queryable, schoolIds: readonly number[]): Promise<void> {
  for (const schoolId of [...new Set(schoolIds)].sort((a, b) => a - b)) {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('lead_import_school'), $1)", [schoolId]);
  }
}

/** The duplicate keys of the existing leads that could match `rows` (their schools, e-mails and last names). */
export async function existingLeadKeys(tx: Queryable, rows: readonly StagedRow[]): Promise<DuplicateKeys> {
  const schools = [...new Set(rows.map((r) => r.school_id))];
  const emails = [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter(Boolean))];
  const lastnames = [...new Set(rows.map((r) => r.lastname.trim().toLowerCase()).filter(Boolean))];
  const keys: DuplicateKeys = { emails: new Set(), namePhones: new Set() };
  const byEmail = await tx.query<{ school_id: number; email: string }>(
    'SELECT school_id, lower(email) AS email FROM leads WHERE school_id = ANY($1::int[]) AND lower(email) = ANY($2::text[])',
    [schools, emails],
  );
  for (const lead of byEmail.rows) keys.emails.add(emailKey(lead.school_id, lead.email));
  const byName = await tx.query<{ school_id: number; firstname: string; lastname: string; phone_regular: string | null; phone_cellphone: string | null }>(
    `SELECT school_id, firstname, lastname, phone_regular, phone_cellphone FROM leads
      WHERE school_id = ANY($1::int[]) AND lower(lastname) = ANY($2::text[])`,
    [schools, lastnames],
  );
  for (const lead of byName.rows) {
    for (const phone of [phoneDigits(lead.phone_regular), phoneDigits(lead.phone_cellphone)]) {
      if (phone) keys.namePhones.add(namePhoneKey(lead.school_id, lead.firstname, lead.lastname, phone));
    }
  }
  return keys;
}

/** Schools named in `sortKey` order, for the upload's school column (id by lower-case name). */
export async function schoolsByName(tx: Queryable, ids: readonly number[]): Promise<Map<string, number>> {
  const result = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM schools WHERE id = ANY($1::int[]) ORDER BY ${sortKey('schools.name')}`, [ids]);
  return new Map(result.rows.map((s) => [s.name.trim().toLowerCase(), s.id]));
}
