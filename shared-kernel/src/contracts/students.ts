import * as yup from 'yup';
import { MSG } from './messages.js';
import { NOTE_TYPES, SALUTATIONS, STUDENT_STATUSES, MEMBER_STATUSES, DIVISIONS } from './enums.js';
import type { FilterEntry, PagedListResponse } from './paging.js';

/**
 * Wire types and input schemas of the students area (spec 000 §3/§7, 001 §3/§7): the student
 * list, the detail panels (personal data, addresses, picture, notes/timeline, documents) and
 * the student's reminders. Dates ISO `YYYY-MM-DD`, instants ISO date-times, money integer
 * cents with its currency. The forms and the API validate with the same schemas.
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const text = (max: number) => yup.string().trim().max(max, MSG.tooLong);
/** Optional text: '' and null both mean "none" and are sent as null. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .transform((value: string | null) => (value === '' ? null : value))
    .default(null);
/** ISO date `YYYY-MM-DD` that is a real calendar date. */
export const isoDate = () =>
  yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, MSG.date)
    .test('real-date', MSG.date, (value) => {
      if (!value) return true;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    });
/** Today ± `years` as `YYYY-MM-DD` (ISO dates compare as strings). */
const todayPlusYears = (years: number): string => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
};
/**
 * A payment date or deadline: a real date within ten years of today. The API checks the
 * same (api/src/lib/route-schemas.ts DATE_FORMATS `near-date`), so the form says it first.
 */
export const nearDate = () =>
  isoDate().test('near-date', MSG.date, (value) => !value || (value >= todayPlusYears(-10) && value <= todayPlusYears(10)));
/** A birth date: a real date, not in the future, not before 1900 (API format `birth-date`). */
export const birthDate = () =>
  isoDate().test('birth-date', MSG.date, (value) => !value || (value >= '1900-01-01' && value <= todayPlusYears(0)));
/** Phone numbers: digits, spaces and + / - ( ) only, 3 to 40 characters. */
export const PHONE_PATTERN = /^\+?[0-9 /()-]{3,40}$/;

// ---- list -------------------------------------------------------------------------------

/** Sortable columns of POST /api-student/list (row field wire names). */
export const STUDENT_LIST_SORT_FIELDS = ['fn', 'ln', 'b', 'sst', 'ms', 'ed', 'edtc', 'dob', 'mno', 'z', 'c', 'sid', 'remc'] as const;
/**
 * Filterable columns: fn, ln, mno, z, c (case-insensitive prefix), sst and ms (one status or a
 * list of statuses), p (one division: students having it), sid (one school id), q (search over
 * last name, first name and member number, prefix, at least 2 characters).
 */
export const STUDENT_LIST_FILTER_FIELDS = ['fn', 'ln', 'mno', 'z', 'c', 'sst', 'ms', 'p', 'sid', 'q'] as const;

/** A row of the student list (001 §3). */
export interface StudentListRow {
  id: number;
  fn: string;
  ln: string;
  /**
   * Balance in cents: what the student owes (sum of open receipts' balances); 0 when nothing
   * is open. null for users without finance_r (000 §6: the balance needs finance_r); they
   * cannot sort by it either (403).
   */
  b: number | null;
  /** Currency of the balance. */
  cc: string;
  /** Student status 1..6. */
  sst: number;
  /** Network (federation) member status, or null. */
  ms: number | null;
  /** Divisions (products 1..14). */
  p: number[];
  /** Network entry date, ISO date or null. */
  ed: string | null;
  /** Network cancellation date, ISO date or null. */
  edtc: string | null;
  dob: string | null;
  mno: string | null;
  z: string | null;
  c: string | null;
  sid: number;
  /** School name. */
  sn: string;
  /** Picture hash (for /api-cubic/image?f={sifh}-{size}), or null without picture. */
  sifh: string | null;
  /** Number of open reminders. */
  remc: number;
  /** Network flag: the row is highlighted. */
  rt: boolean;
  /** For the expanded row. */
  street: string | null;
  house_no: string | null;
  lat: number | null;
  long: number | null;
}

export type StudentListResponse = PagedListResponse<StudentListRow>;

/** GET /api-student/export-sel?format=csv|xlsx&ids=1,2,3 or &filtered=<JSON of the list's filtered>&sorted=<JSON> */
export const STUDENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** Most rows one export answers. */
export const EXPORT_MAX_ROWS = 10_000;

// ---- map ----------------------------------------------------------------------------------

/**
 * POST /api-base/map-data (spec 000 §7): the student map's points. `filtered` takes the same
 * ids and values as the student list's (STUDENT_LIST_FILTER_FIELDS); [] means every student.
 */
export interface MapDataRequest {
  filtered: FilterEntry[];
}

/** One located student on the map. */
export interface MapDataPoint {
  id: number;
  fn: string;
  ln: string;
  /** City, or null. */
  c: string | null;
  /** Student status 1..6. */
  sst: number;
  lat: number;
  long: number;
}

/** Most points one map-data answer holds (ordered by id; `capped` says when more were found). */
export const MAP_DATA_MAX_POINTS = 20_000;

/** Answer of POST /api-base/map-data. */
export interface MapDataResponse {
  /** The filtered students with coordinates, by id, at most MAP_DATA_MAX_POINTS. */
  points: MapDataPoint[];
  /** How many students the filters find (with and without coordinates). */
  total: number;
  /** How many of them have no (usable) coordinates and are not on the map. */
  withoutPosition: number;
  /** True when more located students were found than MAP_DATA_MAX_POINTS. */
  capped: boolean;
}

// ---- detail -----------------------------------------------------------------------------

/** GET /api-student/data?id: what the detail page's header, card and map need (000 §3 Student). */
export interface StudentData {
  stid: number;
  salutation_id: number | null;
  title_id: number | null;
  firstname: string;
  lastname: string;
  email: string | null;
  phone_regular: string | null;
  phone_cellphone: string | null;
  dob: string | null;
  street: string | null;
  house_no: string | null;
  zip: string | null;
  city: string | null;
  country_iso: string | null;
  lat: number | null;
  long: number | null;
  /** Balance in cents (see StudentListRow.b); present only with finance_r, else null. */
  balance: number | null;
  c_currency: string;
  /** Picture hash or null. */
  sifh: string | null;
  school_id: number;
  /** School name. */
  sn: string;
  student_status_id: number;
  e_member_status_id: number | null;
  e_f_mv_mno: string | null;
  e_entry_date: string | null;
  e_cancel_date: string | null;
  e_contract_end: string | null;
  divisions: number[];
  /** Separate invoice address exists (type 2). */
  ia: boolean;
  /** Number of open reminders. */
  remc: number;
}

/** GET|PUT /api-student/pd?stid: personal data. */
export const personalDataSchema = yup
  .object({
    salutation_id: yup.number().typeError(MSG.required).oneOf([...SALUTATIONS], MSG.invalid).required(MSG.required),
    title_id: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(17, MSG.invalid).nullable().default(null),
    firstname: text(100).required(MSG.required),
    lastname: text(100).required(MSG.required),
    supplement: optionalText(100),
    email: optionalText(200).email(MSG.email),
    phone_regular: optionalText(40).matches(PHONE_PATTERN, { message: MSG.invalid, excludeEmptyString: true }),
    phone_cellphone: optionalText(40).matches(PHONE_PATTERN, { message: MSG.invalid, excludeEmptyString: true }),
    dob: birthDate().nullable().default(null),
    nationality: optionalText(60),
    student_status_id: yup.number().typeError(MSG.required).oneOf([...STUDENT_STATUSES], MSG.invalid).required(MSG.required),
    e_member_status_id: yup.number().typeError(MSG.invalid).oneOf([...MEMBER_STATUSES], MSG.invalid).nullable().default(null),
    divisions: yup.array(yup.number().oneOf([...DIVISIONS], MSG.invalid).required()).max(14).default([]),
  })
  .noUnknown();
export type PersonalData = yup.InferType<typeof personalDataSchema>;

/** Address types: 1 main (lives on the student), 2 invoice (optional, deletable). */
export const ADDRESS_TYPE = { main: 1, invoice: 2 } as const;

/** GET|PUT /api-student/address?stid&type=1: the main address. */
export const mainAddressSchema = yup
  .object({
    street: text(120).required(MSG.required),
    house_no: text(20).required(MSG.required),
    zip: text(12).required(MSG.required),
    city: text(80).required(MSG.required),
    country_iso: yup.string().trim().lowercase().matches(/^[a-z]{2}$/, MSG.invalid).required(MSG.required),
  })
  .noUnknown();
export type MainAddress = yup.InferType<typeof mainAddressSchema>;

/** GET|PUT|DELETE /api-student/address?stid&type=2: the separate invoice address (wire prefix ia_ in /data). */
export const invoiceAddressSchema = yup
  .object({
    salutation_id: yup.number().typeError(MSG.required).oneOf([...SALUTATIONS], MSG.invalid).required(MSG.required),
    title_id: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(17, MSG.invalid).nullable().default(null),
    firstname: optionalText(100),
    lastname: text(100).required(MSG.required),
    company: optionalText(120),
    street: text(120).required(MSG.required),
    house_no: text(20).required(MSG.required),
    zip: text(12).required(MSG.required),
    city: text(80).required(MSG.required),
    country_iso: yup.string().trim().lowercase().matches(/^[a-z]{2}$/, MSG.invalid).required(MSG.required),
    email: optionalText(200).email(MSG.email),
  })
  .noUnknown();
export type InvoiceAddress = yup.InferType<typeof invoiceAddressSchema>;

/** GET /api-student/address answer: the address of the type, or null (type 2 not set). */
export type StudentAddressResponse<T extends 1 | 2> = (T extends 1 ? MainAddress : InvoiceAddress) | null;

export const addressQuerySchema = yup.object({ stid: id().required(MSG.required), type: yup.number().oneOf([1, 2], MSG.invalid).required(MSG.required) }).noUnknown();

/** Picture sizes GET /api-cubic/image serves: `{width}x{height}`, 0 = keep the aspect ratio. */
export const STUDENT_IMAGE_SIZES = ['60x0', '200x0', '400x0'] as const;
/** Largest picture upload accepted (bytes) and pixel count refused above. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_MAX_PIXELS = 40_000_000;

// ---- notes and timeline ------------------------------------------------------------------

/** GET|POST|PUT|DELETE /api-student/note?id&stid. POST/PUT body. Types: 1 general, 2 address change, 3 contract change, 4 cancellation. */
export const noteSchema = yup
  .object({
    type: yup.number().typeError(MSG.required).oneOf([...NOTE_TYPES], MSG.invalid).required(MSG.required),
    text: text(5000).required(MSG.required),
  })
  .noUnknown();
export type NoteForm = yup.InferType<typeof noteSchema>;

/** A timeline entry of GET /api-student/timeline?id (newest first). */
/** A sent mail as the timeline shows it. */
export interface TimelineMail {
  to: string;
  /** File names of the attachments. */
  attachments: string[];
  /** sent: the mail server took it; failed: delivery failed; queued: in the outbox (no SMTP or not yet). */
  status: 'sent' | 'failed' | 'queued';
}

export interface TimelineEntry {
  /** Note id (kind 'note'), reminder id (kind 'reminder_done') or sent-mail id (kind 'mail'). */
  id: number;
  kind: 'note' | 'reminder_done' | 'mail';
  /** Note type 1..4 (notes only, else null). */
  type: number | null;
  text: string;
  /** ISO date-time. */
  dc: string;
  /** Author's "Firstname Lastname" or username, '' when unknown. */
  author: string;
  /** Notes may be edited and deleted (by student_w); other entries not. */
  editable: boolean;
  /** The record version (a note's edit sends it with PUT /api-student/note). */
  version: number;
  /** Kind 'mail': recipient, attachments, delivery status (else null or absent). */
  mail?: TimelineMail | null;
}

// ---- documents ---------------------------------------------------------------------------

/** Page size of the student documents tab (000 §9). */
export const STUDENT_DOCUMENTS_PAGE_SIZE = 10;
/** Largest document upload (bytes) and files per upload. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_MAX_FILES = 5;

/** A student document (000 §3): id, tid (document type), ext, n (name), s (size, bytes), dr (receipt date), lc (last change). */
export interface StudentDocument {
  id: number;
  tid: number;
  ext: string;
  n: string;
  s: number;
  /** ISO date */
  dr: string;
  /** ISO date-time */
  lc: string;
}

/** GET /api-document/doc-student?stid&page → a page of documents, newest first. */
export type StudentDocumentList = PagedListResponse<StudentDocument>;

/**
 * POST /api-document/doc-student?stid answer. The request is multipart: one `file` part per
 * file (at most DOCUMENT_MAX_FILES), optional fields `tid` (document type, default 1) and
 * `dr` (receipt date, ISO; default today).
 */
export interface StudentDocumentUploadResponse {
  documents: StudentDocument[];
}

/** PUT /api-student/pic-save?id (multipart, one `file` part) answer: the new picture hash. */
export interface PictureSaveResponse {
  sifh: string;
}

// ---- picker ------------------------------------------------------------------------------

/** GET /api-student/select?s=..&id=..: the student picker (at most 20 rows). */
export interface StudentPickerRow {
  id: number;
  fn: string;
  ln: string;
  dob: string | null;
  sid: number;
  sn: string;
}
export const STUDENT_PICKER_LIMIT = 20;
/** Search needs at least 2 characters (001 §5). */
export const SEARCH_MIN_LENGTH = 2;

// ---- reminders -----------------------------------------------------------------------------

/** A reminder row of POST /api-reminder/list and GET /api-reminder/data (001 §3 Reminder). */
export interface ReminderRow {
  reminder_id: number;
  date_created: string;
  date_deadline: string;
  subject: string;
  notes: string;
  /** Creator's username. */
  username: string;
  lead_id: number | null;
  student_id: number | null;
  delegated_to: number | null;
  delegated_username: string | null;
  /** ISO date-time or null (open). */
  date_done: string | null;
  user_done: string | null;
  /** "Firstname Lastname" of the student or lead. */
  ref_name: string | null;
  school_id: number;
  /** The reminder's record version (send it with PUT /api-reminder/data). */
  version: number;
}

/**
 * POST /api-reminder/list body: the paged body plus `done` (false = open only, true = done
 * only, omitted = all). Filters: student_id, lead_id (eq). Sort: date_deadline, date_created, subject.
 */
export const REMINDER_LIST_SORT_FIELDS = ['date_deadline', 'date_created', 'subject', 'date_done'] as const;
export const REMINDER_LIST_FILTER_FIELDS = ['student_id', 'lead_id', 'subject'] as const;
/** Reminders on detail pages: 50 per page (001 §9). */
export const REMINDER_DETAIL_PAGE_SIZE = 50;

/** POST|PUT /api-reminder/data body. school_id is taken from the student or lead when one is given. */
export const reminderSchema = yup
  .object({
    date_deadline: nearDate().required(MSG.required),
    subject: text(200).required(MSG.required),
    notes: text(5000).default(''),
    student_id: id().nullable().default(null),
    lead_id: id().nullable().default(null),
    school_id: id().nullable().default(null),
    delegated_to: id().nullable().default(null),
    /** true marks it done now (PUT), false reopens it. */
    done: yup.boolean().default(false),
  })
  .noUnknown()
  .test('school-or-ref', MSG.required, (value) => Boolean(value.student_id || value.lead_id || value.school_id));
export type ReminderForm = yup.InferType<typeof reminderSchema>;

