import * as yup from 'yup';
import { MSG } from './messages.js';
import { DIVISIONS, LEAD_ORIGINS, LEAD_SOURCE_OTHER, LEAD_SOURCES, LEAD_STATUSES, SALUTATIONS } from './enums.js';
import type { PagedListResponse } from './paging.js';
import { PHONE_PATTERN, birthDate, isoDate } from './students.js';

/**
 * Leads (spec 001 §2-§7, issue 15): prospects of a school, their list with the suggestion
 * code `x` and its counters, and the lead form. The API and the screens validate with the
 * same schema (leadFormSchema / leadEditSchema).
 *
 * Calls (under /api-lead): POST /list (LeadListRequest -> LeadListResponse), GET /data?id
 * (LeadDataResponse), POST /data (LeadForm -> {success, id}), PUT /data?id (LeadForm +
 * version -> {success, version}), DELETE /data?id (lead_d and the row's `td`), GET
 * /export-sel?format=csv|xlsx&ids=.. or &filtered=..&sorted=.. (like the student export).
 * Atoms lead_r, lead_w, lead_d; a lead of another school answers 404.
 *
 * The flow columns (migration 091 documents them too): ie1 / it1 = the appointment (start) the
 * lead was first invited to (info event / trial); ie2 / it2 = the appointment of the latest
 * new invitation (null until re-invited); the invitation in force is ie2 ?? ie1 (it2 ?? it1);
 * date_info_event / date_trial = attendance.
 */

// ---- enumerations ---------------------------------------------------------------------------

/** Lead status (spec 001 §3): 1 first contact, 2 no interest, 3-5 legacy, 6 contract signed, 7 in process. */
export const LEAD_STATUS = {
  firstContact: 1,
  noInterest: 2,
  waitingForAppointment: 3,
  review: 4,
  appointment: 5,
  contractSigned: 6,
  inProcess: 7,
} as const;
/** The statuses staff pick in the form (3-5 are legacy: shown when a lead has one, not offered otherwise). */
export const LEAD_STATUSES_OFFERED = [1, 7, 2, 6] as const;

/** Lead origin (spec 001 §3) and 9, the legacy import (002 §2.12). */
export const LEAD_ORIGIN = {
  personal: 1,
  phone: 2,
  email: 3,
  infoEvent: 4,
  microsite: 5,
  otherSite: 6,
  other: 7,
  epaper: 8,
  legacyImport: 9,
} as const;
/** Origins that come from the network's sites: no first-contact date (hidden in the form, not required). */
export const LEAD_ORIGINS_WITHOUT_FIRST_CONTACT = [5, 6] as const;
/** Origins staff choose when they add a lead by hand (the others are set by the microsite, sites and the import). */
export const LEAD_ORIGINS_MANUAL = [1, 2, 3, 4, 7, 8] as const;

// Lead sources (enums.ts LEAD_SOURCES): 1 internet, 2 microsite, 3 Facebook, 4 acquaintances,
// 5 already member, 6 passing trade, 7 other (LEAD_SOURCE_OTHER: free text), 8 contact form,
// 9 own homepage. No-interest reasons (enums.ts NO_INTEREST_REASONS): 1 too expensive,
// 2 dislikes product, 3 different expectation, 4 changed mind, 5 other.

/** Lead interests (spec 001 §3): info event, trial, advice. */
export const LEAD_INTERESTS = ['IV', 'PT', 'advice'] as const;
export type LeadInterest = (typeof LEAD_INTERESTS)[number];

/**
 * The suggestion code x (spec 001 §4), computed by the SQL function lead_suggestion
 * (migration 091; api/README.md "Lead suggestion code"): 1 invite (info event or trial),
 * 2 invite to a trial (info event attended), 3 invited to an info event, 4 info event passed
 * without attendance, 5 invited to a trial, 6 trial passed without attendance, 7 waiting for
 * the contract, 8 contract signed, 9 legacy status: invite to a trial or record attendance,
 * 10 miscellaneous (no interest).
 */
export const LEAD_SUGGESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type LeadSuggestion = (typeof LEAD_SUGGESTIONS)[number];

/**
 * State of the info event (`ie`) or trial (`tr`) of a list row: 0 never invited, 1 invited
 * (the date is to come), 2 invited and the date has passed, 3 attended.
 */
export const LEAD_STEP_STATE = { none: 0, invited: 1, passed: 2, attended: 3 } as const;
export type LeadStepState = (typeof LEAD_STEP_STATE)[keyof typeof LEAD_STEP_STATE];

// ---- list -----------------------------------------------------------------------------------

/** Default page size of the lead list (spec 001 §9). */
export const LEAD_LIST_PAGE_SIZE = 20;

/** Sortable columns of POST /api-lead/list. */
export const LEAD_LIST_SORT_FIELDS = ['fc', 'ln', 'fn', 'sid', 'ls', 'x', 'remc'] as const;
/**
 * Filterable columns: sid (school), fc (first contact: an ISO date or {from, to}), ln, fn, em
 * (case-insensitive prefix), q (last name, first name or e-mail prefix, at least 2
 * characters), ls (status: one or a list), x (suggestion code: one or a list).
 */
export const LEAD_LIST_FILTER_FIELDS = ['sid', 'fc', 'ln', 'fn', 'em', 'q', 'ls', 'x'] as const;

/** A row of the lead list (spec 001 §3). */
export interface LeadListRow {
  lid: number;
  sid: number;
  /** School name. */
  sn: string;
  /** First contact, ISO date (for origins 5 and 6: the day the lead was created). */
  fc: string | null;
  ln: string;
  fn: string;
  em: string | null;
  /** Phone, mobile. */
  p1: string | null;
  p2: string | null;
  /** Suggestion code 1..10. */
  x: LeadSuggestion;
  /** Status 1..7. */
  ls: number;
  /** Info event and trial state (LEAD_STEP_STATE). */
  ie: LeadStepState;
  tr: LeadStepState;
  /** Open reminders of the lead. */
  remc: number;
  /** The row may be deleted (not converted: status 6, or a student or conclusion refers to it). The user still needs lead_d. */
  td: boolean;
}

/** Counts per suggestion code ('1'..'10', every code present) for the list's filters without its own x filter. */
export type LeadSuggestionCounts = Record<`${LeadSuggestion}`, number>;

export interface LeadListResponse extends PagedListResponse<LeadListRow> {
  sug: LeadSuggestionCounts;
}

// ---- form -----------------------------------------------------------------------------------

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const text = (max: number) => yup.string().trim().max(max, MSG.tooLong);
/** Optional text: '' and null both mean "none" and are stored as null. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .transform((value: string | null) => (value === '' ? null : value))
    .default(null);
const phone = () => optionalText(40).matches(PHONE_PATTERN, { message: MSG.invalid, excludeEmptyString: true });
const optionalChoice = (values: readonly number[]) =>
  yup
    .number()
    .transform((value: number, original: unknown) => (original === '' ? null : value))
    .typeError(MSG.invalid)
    .oneOf([...values], MSG.invalid)
    .nullable()
    .default(null);
const hidesFirstContact = (origin: unknown) => (LEAD_ORIGINS_WITHOUT_FIRST_CONTACT as readonly unknown[]).includes(origin);

/**
 * The lead form (spec 001 §3 fields, §5 validation): school, salutation and last name
 * required; date_created (the first contact, ISO date) required unless the origin is one of
 * the network's sites (5, 6); phones in phone format; source 7 needs the free-text source;
 * lead_status_id required on edit (leadEditSchema; a new lead without one is status 1).
 * lead_origin_id is set when the lead is created and read-only afterwards (PUT ignores it).
 */
export const leadFormSchema = yup
  .object({
    school_id: id().required(MSG.required),
    lead_status_id: optionalChoice(LEAD_STATUSES),
    lead_origin_id: optionalChoice(LEAD_ORIGINS),
    date_created: isoDate()
      .nullable()
      .transform((value: string | null) => (value === '' ? null : value))
      .default(null)
      .when('lead_origin_id', {
        is: hidesFirstContact,
        then: (schema) => schema,
        otherwise: (schema) => schema.required(MSG.required),
      }),
    salutation_id: yup
      .number()
      .transform((value: number, original: unknown) => (original === '' ? undefined : value))
      .typeError(MSG.required)
      .oneOf([...SALUTATIONS], MSG.invalid)
      .required(MSG.required),
    company: optionalText(120),
    firstname: text(100).default(''),
    lastname: text(100).required(MSG.required),
    email: optionalText(200).email(MSG.email),
    phone_regular: phone(),
    phone_cellphone: phone(),
    street: optionalText(120),
    house_no: optionalText(20),
    zip: optionalText(12),
    city: optionalText(80),
    dob: birthDate()
      .nullable()
      .transform((value: string | null) => (value === '' ? null : value))
      .default(null),
    // Guardian (parent) of a child lead.
    pt_salutation_id: optionalChoice(SALUTATIONS),
    pt_firstname: optionalText(100),
    pt_lastname: optionalText(100),
    pt_email: optionalText(200).email(MSG.email),
    pt_phone_regular: phone(),
    pt_phone_cellphone: phone(),
    pt_street: optionalText(120),
    pt_house_no: optionalText(20),
    pt_zip: optionalText(12),
    pt_city: optionalText(80),
    lead_source_id: optionalChoice(LEAD_SOURCES),
    lead_source: optionalText(200).when('lead_source_id', {
      is: LEAD_SOURCE_OTHER,
      then: (schema) => schema.required(MSG.required),
      otherwise: (schema) => schema.transform(() => null),
    }),
    annotation: text(5000).default(''),
    interests: yup.array(yup.string().oneOf([...LEAD_INTERESTS], MSG.invalid).required()).max(3).default([]),
    products: yup.array(yup.number().oneOf([...DIVISIONS], MSG.invalid).required()).max(14).default([]),
    experience: optionalText(2000),
  })
  .noUnknown();
export type LeadForm = yup.InferType<typeof leadFormSchema>;

/** The lead form on edit: the status is required (spec 001 §5). */
export const leadEditSchema = leadFormSchema.shape({
  lead_status_id: yup.number().typeError(MSG.required).oneOf([...LEAD_STATUSES], MSG.invalid).required(MSG.required),
});

/** GET /api-lead/data?id: the form's fields as stored, and what the edit page shows beside them. */
export interface LeadData extends LeadForm {
  id: number;
  lead_status_id: number;
  version: number;
  /** Suggestion code 1..10 now. */
  x: LeadSuggestion;
  no_interest_reason_id: number | null;
  ie1: string | null;
  ie2: string | null;
  it1: string | null;
  it2: string | null;
  ieid: number | null;
  itid: number | null;
  date_info_event: string | null;
  date_trial: string | null;
  /** When the record was made (ISO instant) and by whom (user name, or null). */
  created_at: string;
  created_by: string | null;
  /** The row may be deleted (see LeadListRow.td). */
  td: boolean;
}

/** The student the lead became (spec 001 "mi"), or null. */
export interface LeadMemberInfo {
  student_id: number;
  name: string;
}

export interface LeadDataResponse {
  data: LeadData;
  /** Placeholder values of the lead (THE resolver's values: name, salutation, school, appointments ...). */
  placeholders: Record<string, string | string[]>;
  mi: LeadMemberInfo | null;
}

export interface LeadCreated {
  success: true;
  id: number;
}
