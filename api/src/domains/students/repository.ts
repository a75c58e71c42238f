import {
  STUDENT_STATUSES,
  type InvoiceAddress,
  type MainAddress,
  type PersonalData,
  type StudentData,
  type StudentListRow,
  type StudentPickerRow,
  type StudentStatusCount,
  type TimelineEntry,
  type Versioned,
  type STUDENT_LIST_FILTER_FIELDS,
  type STUDENT_LIST_SORT_FIELDS,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../lib/http-error.js';
import { staleVersion, updateVersioned } from '../../lib/record-version.js';
import { definePagedList, filterConditions, orderBy, sortKey, type Bind, type PagedRequest } from '../../lib/paged-list.js';

/**
 * Students (spec 000 §3, 001 §3). All functions take the transaction of `db.scoped()`, so
 * row-level security limits them to the request's schools: a student of another school is
 * not found, exactly like a missing one.
 */

/** How many students have each status 1..6 (statuses without students count 0). */
export async function countStudentsByStatus(tx: Queryable): Promise<StudentStatusCount[]> {
  const result = await tx.query<{ status: number; count: number }>(
    'SELECT student_status_id AS status, count(*)::int AS count FROM students GROUP BY student_status_id',
  );
  const byStatus = new Map(result.rows.map((row) => [row.status, row.count]));
  return STUDENT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

// ---- list ---------------------------------------------------------------------------------

type StudentListId = (typeof STUDENT_LIST_SORT_FIELDS)[number] | (typeof STUDENT_LIST_FILTER_FIELDS)[number];

/** Lower-case key columns of the prefix filters (generated, C collation, indexed; migration 005). */
const LN = 's.lastname_key';
const FN = 's.firstname_key';
const MNO = 's.mno_key';
const ZIP = 's.zip_key';
const CITY = 's.city_key';
/** German order (DIN 5007-1) of the names: their sort key columns (migration 023). */
const LN_ORDER = sortKey('s.lastname');
const FN_ORDER = sortKey('s.firstname');

/**
 * POST /api-student/list. Every order has an index ending with the id (migrations 005, 023);
 * names and the city sort in German order through their sort key columns, prefix filters
 * compare the lower-case key columns (their own indexes; also under row-level security:
 * starts_with on a column is leakproof). Membership number and zip are codes: they sort by
 * their lower-case key (byte order is their dictionary order). The balance and the open-reminder
 * count are kept on the student row by triggers, the totals per school, status and network
 * status in student_counts.
 */
export const STUDENT_LIST = definePagedList<StudentListId>({
  from: 'students s JOIN schools sc ON sc.id = s.school_id',
  columns: {
    fn: { sql: 's.firstname', match: FN, textSort: ['s.firstname', 's.lastname'], filter: 'prefix' },
    ln: { sql: 's.lastname', match: LN, textSort: ['s.lastname', 's.firstname'], filter: 'prefix' },
    b: { sort: 's.balance' },
    sst: { sql: 's.student_status_id', sort: 's.student_status_id', filter: 'in-int' },
    ms: { sql: 's.e_member_status_id', sort: 's.e_member_status_id', filter: 'in-int' },
    ed: { sort: 's.e_entry_date' },
    edtc: { sort: 's.e_cancel_date' },
    dob: { sort: 's.dob' },
    mno: { sql: 's.mno', match: MNO, sort: MNO, filter: 'prefix' },
    z: { sql: 's.zip', match: ZIP, sort: ZIP, filter: 'prefix' },
    c: { sql: 's.city', match: CITY, textSort: 's.city', filter: 'prefix' },
    sid: { sql: 's.school_id', textSort: 'sc.name', filter: 'eq-int' },
    remc: { sort: 's.open_reminders' },
    p: { sql: 's.divisions', filter: 'int-array-contains' },
    q: { filter: 'search', search: [LN, FN, MNO] },
  },
  defaultOrder: `${LN_ORDER}, ${FN_ORDER}`,
  tiebreak: 's.id',
  // No filter needs the schools join.
  countFrom: 'students s',
  fastCount: {
    from: 'student_counts c',
    sum: 'c.n',
    columns: { sst: 'c.student_status_id', ms: 'NULLIF(c.member_status, 0)', sid: 'c.school_id' },
  },
});

/** The select list of a student list row; `b` is null unless the caller may see balances. */
export function studentListSelect(bind: Bind, currency: string, withBalance: boolean): string {
  return `s.id, s.firstname AS fn, s.lastname AS ln, ${withBalance ? 's.balance' : 'NULL::bigint'} AS b, ${bind(currency)}::text AS cc,
          s.student_status_id AS sst, s.e_member_status_id AS ms, s.divisions AS p, s.e_entry_date AS ed,
          s.e_cancel_date AS edtc, s.dob, s.mno, s.zip AS z, s.city AS c, s.school_id AS sid, sc.name AS sn,
          s.picture_hash AS sifh, s.open_reminders AS remc, s.network_flag AS rt, s.street, s.house_no, s.lat, s.long`;
}

/** A student row for the export (the list row plus contact data). */
export interface StudentExportRow extends StudentListRow {
  email: string | null;
  phone_regular: string | null;
  phone_cellphone: string | null;
}

/**
 * The rows of an export: the given ids, or every student the filters find, in the list's
 * order, at most `limit` (+1, so the caller sees that there are more).
 */
export async function listStudentsForExport(
  tx: Queryable,
  target: { ids: number[] } | Required<Pick<PagedRequest, 'sorted' | 'filtered'>>,
  currency: string,
  withBalance: boolean,
  limit: number,
): Promise<StudentExportRow[]> {
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = 'ids' in target ? [`s.id = ANY(${bind(target.ids)}::int[])`] : filterConditions(STUDENT_LIST, target.filtered, bind);
  const order = orderBy(STUDENT_LIST, 'ids' in target ? [] : target.sorted);
  const select = studentListSelect(bind, currency, withBalance);
  const result = await tx.query<StudentExportRow>(
    `SELECT ${select}, s.email, s.phone_regular, s.phone_cellphone
       FROM ${STUDENT_LIST.from}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order}
      LIMIT ${bind(limit + 1)}`,
    params,
  );
  return result.rows;
}

// ---- single student ---------------------------------------------------------------------

/** The student's school, or null when the student is not visible (missing or another school). */
export async function studentSchool(tx: Queryable, studentId: number): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>('SELECT school_id FROM students WHERE id = $1', [studentId]);
  return result.rows[0]?.school_id ?? null;
}

/** Locks the student row for a write and answers its school, or null when not visible. */
export async function lockStudent(tx: Queryable, studentId: number): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>('SELECT school_id FROM students WHERE id = $1 FOR UPDATE', [studentId]);
  return result.rows[0]?.school_id ?? null;
}

/** GET /api-student/data: header, card and map data of a student. */
export async function getStudentData(tx: Queryable, studentId: number, currency: string, withBalance: boolean): Promise<StudentData | null> {
  const result = await tx.query<StudentData>(
    `SELECT s.id AS stid, s.salutation_id, s.title_id, s.firstname, s.lastname, s.email, s.phone_regular, s.phone_cellphone,
            s.dob, s.street, s.house_no, s.zip, s.city, s.country_iso, s.lat, s.long,
            ${withBalance ? 's.balance' : 'NULL::bigint'} AS balance, $2::text AS c_currency, s.picture_hash AS sifh,
            s.school_id, sc.name AS sn, s.student_status_id, s.e_member_status_id, s.mno AS e_f_mv_mno,
            s.e_entry_date, s.e_cancel_date, s.e_contract_end, s.divisions,
            EXISTS (SELECT 1 FROM student_addresses a WHERE a.student_id = s.id AND a.type = 2) AS ia,
            s.open_reminders AS remc
       FROM students s JOIN schools sc ON sc.id = s.school_id
      WHERE s.id = $1`,
    [studentId, currency],
  );
  return result.rows[0] ?? null;
}

/** GET /api-student/pd: the personal data with their version (students.version). */
export async function getPersonalData(tx: Queryable, studentId: number): Promise<(PersonalData & Versioned) | null> {
  const result = await tx.query<PersonalData & Versioned>(
    `SELECT salutation_id, title_id, firstname, lastname, supplement, email, phone_regular, phone_cellphone, dob,
            nationality, student_status_id, e_member_status_id, divisions, version
       FROM students WHERE id = $1`,
    [studentId],
  );
  return result.rows[0] ?? null;
}

/**
 * PUT /api-student/pd: saves the personal data read with `version` and answers the next
 * version; 409 {error: 9} when someone saved them meanwhile, 404 when the student is not visible.
 */
export async function updatePersonalData(tx: Queryable, studentId: number, data: PersonalData, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'students',
    set: `salutation_id = $2, title_id = $3, firstname = $4, lastname = $5, supplement = $6, email = $7,
          phone_regular = $8, phone_cellphone = $9, dob = $10, nationality = $11, student_status_id = $12,
          e_member_status_id = $13, divisions = $14::int[], updated_at = now()`,
    where: 'id = $1',
    version,
    params: [
      studentId, data.salutation_id, data.title_id ?? null, data.firstname, data.lastname, data.supplement ?? null, data.email ?? null,
      data.phone_regular ?? null, data.phone_cellphone ?? null, data.dob ?? null, data.nationality ?? null, data.student_status_id,
      data.e_member_status_id ?? null, [...new Set(data.divisions ?? [])].sort((a, b) => a - b),
    ],
  });
}

// ---- addresses ----------------------------------------------------------------------------

/** The main address (on the student row) with its version (students.address_version); null when the student is not visible. */
export async function getMainAddress(tx: Queryable, studentId: number): Promise<(MainAddress & Versioned) | null> {
  const result = await tx.query<MainAddress & Versioned>(
    'SELECT street, house_no, zip, city, country_iso, address_version AS version FROM students WHERE id = $1',
    [studentId],
  );
  return result.rows[0] ?? null;
}

/**
 * Saves the main address. Coordinates of a changed address are dropped (they would put the
 * student at the old place on the map); the same address keeps them.
 */
export async function updateMainAddress(tx: Queryable, studentId: number, address: MainAddress, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'students',
    set: `lat = CASE WHEN (street, house_no, zip, city, country_iso) IS NOT DISTINCT FROM ($2, $3, $4, $5, $6) THEN lat END,
          long = CASE WHEN (street, house_no, zip, city, country_iso) IS NOT DISTINCT FROM ($2, $3, $4, $5, $6) THEN long END,
          street = $2, house_no = $3, zip = $4, city = $5, country_iso = $6, updated_at = now()`,
    where: 'id = $1',
    params: [studentId, address.street, address.house_no, address.zip, address.city, address.country_iso],
    version,
    versionColumn: 'address_version',
  });
}

/** The separate invoice address (type 2) with its version, or null when there is none. */
export async function getInvoiceAddress(tx: Queryable, studentId: number): Promise<(InvoiceAddress & Versioned) | null> {
  const result = await tx.query<InvoiceAddress & Versioned>(
    `SELECT salutation_id, title_id, firstname, lastname, company, street, house_no, zip, city, country_iso, email, version
       FROM student_addresses WHERE student_id = $1 AND type = 2`,
    [studentId],
  );
  return result.rows[0] ?? null;
}

/**
 * Creates or replaces the invoice address of a student of `schoolId` and answers its version.
 * `version` is the one the client read: 0 when it read "no invoice address" (then the
 * address is created, and 409 {error: 9} when someone created one meanwhile), else the
 * version of the address it read (409 when someone saved or deleted it meanwhile).
 */
export async function saveInvoiceAddress(tx: Queryable, studentId: number, schoolId: number, a: InvoiceAddress, version: number): Promise<number> {
  const values = [
    a.salutation_id, a.title_id ?? null, a.firstname ?? null, a.lastname, a.company ?? null,
    a.street, a.house_no, a.zip, a.city, a.country_iso, a.email ?? null,
  ];
  if (version === 0) {
    const created = await tx.query<{ version: number }>(
      `INSERT INTO student_addresses (school_id, student_id, type, salutation_id, title_id, firstname, lastname, company,
                                      street, house_no, zip, city, country_iso, email, updated_at)
       VALUES ($1, $2, 2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now())
       ON CONFLICT (student_id, type) DO NOTHING
       RETURNING version`,
      [schoolId, studentId, ...values],
    );
    if (created.rows.length === 0) throw staleVersion();
    return created.rows[0].version;
  }
  try {
    return await updateVersioned(tx, {
      table: 'student_addresses',
      set: `salutation_id = $2, title_id = $3, firstname = $4, lastname = $5, company = $6, street = $7, house_no = $8,
            zip = $9, city = $10, country_iso = $11, email = $12, updated_at = now()`,
      where: 'student_id = $1 AND type = 2',
      params: [studentId, ...values],
      version,
    });
  } catch (error) {
    // The student is visible (the route checked): an address that is gone was deleted meanwhile.
    if (error instanceof HttpError && error.statusCode === 404) throw staleVersion();
    throw error;
  }
}

/** Deletes the invoice address; false when there was none. */
export async function deleteInvoiceAddress(tx: Queryable, studentId: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM student_addresses WHERE student_id = $1 AND type = 2', [studentId]);
  return result.rowCount > 0;
}

// ---- notes and timeline -------------------------------------------------------------------

/** A note as GET /api-student/note answers it. */
export interface StudentNote {
  id: number;
  version: number;
  stid: number;
  type: number;
  text: string;
  /** ISO date-time */
  dc: string;
  author: string;
}

const AUTHOR = `COALESCE(NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username, '')`;

/** Most entries GET /api-student/timeline answers (newest first). */
export const TIMELINE_LIMIT = 500;

/** Notes (types 1-4), done reminders and mails sent about a student, newest first. */
export async function getTimeline(tx: Queryable, studentId: number): Promise<TimelineEntry[]> {
  const result = await tx.query<TimelineEntry>(
    `SELECT * FROM (
       SELECT n.id, 'note' AS kind, n.type::int AS type, n.text, n.created_at AS dc, ${AUTHOR} AS author, true AS editable, n.version,
              NULL::json AS mail
         FROM student_notes n LEFT JOIN users u ON u.id = n.author_id
        WHERE n.student_id = $1
       UNION ALL
       SELECT r.id, 'reminder_done', NULL, r.subject, r.date_done, ${AUTHOR}, false, r.version, NULL::json
         FROM reminders r LEFT JOIN users u ON u.id = r.user_done
        WHERE r.student_id = $1 AND r.date_done IS NOT NULL
       UNION ALL
       SELECT m.id::int, 'mail', NULL, m.subject, m.created_at, ${AUTHOR}, false, 1,
              json_build_object('to', m.recipient, 'attachments', m.attachments,
                                'status', CASE WHEN o.sent_at IS NOT NULL THEN 'sent' WHEN o.error IS NOT NULL THEN 'failed' ELSE 'queued' END)
         FROM sent_mails m JOIN outbox o ON o.id = m.outbox_id LEFT JOIN users u ON u.id = m.sender_id
        WHERE m.entity_type = 'student' AND m.entity_id = $1
     ) t
     ORDER BY dc DESC, kind, id DESC
     LIMIT ${TIMELINE_LIMIT}`,
    [studentId],
  );
  return result.rows;
}

export async function getNote(tx: Queryable, noteId: number, studentId: number): Promise<StudentNote | null> {
  const result = await tx.query<StudentNote>(
    `SELECT n.id, n.student_id AS stid, n.type, n.text, n.created_at AS dc, ${AUTHOR} AS author, n.version
       FROM student_notes n LEFT JOIN users u ON u.id = n.author_id
      WHERE n.id = $1 AND n.student_id = $2`,
    [noteId, studentId],
  );
  return result.rows[0] ?? null;
}

export async function insertNote(
  tx: Queryable,
  note: { schoolId: number; studentId: number; type: number; text: string; authorId: number },
): Promise<number> {
  const result = await tx.query<{ id: number }>(
    'INSERT INTO student_notes (school_id, student_id, type, text, author_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [note.schoolId, note.studentId, note.type, note.text, note.authorId],
  );
  return result.rows[0].id;
}

/** Saves a note read with `version`; answers the next version (409 {error: 9} when stale, 404 when not visible). */
export async function updateNote(tx: Queryable, noteId: number, studentId: number, note: { type: number; text: string }, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'student_notes',
    set: 'type = $3, text = $4',
    where: 'id = $1 AND student_id = $2',
    params: [noteId, studentId, note.type, note.text],
    version,
  });
}

export async function deleteNote(tx: Queryable, noteId: number, studentId: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM student_notes WHERE id = $1 AND student_id = $2', [noteId, studentId]);
  return result.rowCount > 0;
}

// ---- picker -------------------------------------------------------------------------------

/**
 * GET /api-student/select: students whose last or first name starts with each word of the
 * search ("mül an" finds Anna Müller), or the one student `id`; at most `limit`, by name.
 * `currentOnly` leaves out cancelled, inactive and contract-less students (statuses 4-6).
 */
export async function pickStudents(
  tx: Queryable,
  query: { search?: string; id?: number; currentOnly: boolean },
  limit: number,
): Promise<StudentPickerRow[]> {
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.id !== undefined) where.push(`s.id = ${bind(query.id)}`);
  if (query.search !== undefined) {
    const words = query.search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
    for (const word of words) {
      const prefix = bind(word);
      where.push(`(starts_with(${LN}, ${prefix}) OR starts_with(${FN}, ${prefix}))`);
    }
  }
  if (query.currentOnly) where.push('s.student_status_id IN (1, 2, 3)');
  const result = await tx.query<StudentPickerRow>(
    `SELECT s.id, s.firstname AS fn, s.lastname AS ln, s.dob, s.school_id AS sid, sc.name AS sn
       FROM students s JOIN schools sc ON sc.id = s.school_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${LN_ORDER}, ${FN_ORDER}, s.id
      LIMIT ${bind(limit)}`,
    params,
  );
  return result.rows;
}
