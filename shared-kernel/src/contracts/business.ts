import * as yup from 'yup';
import type { FinDashDirectDebits } from './direct-debits.js';
import { MSG } from './messages.js';
import { pagedListSchema, type PagedListResponse } from './paging.js';

/**
 * Wire types and input schemas of the first business read calls: upcoming reminders,
 * student status counts, finance dashboard and income/expense chart, association tickets
 * and the microsite news list. Dates are ISO (`YYYY-MM-DD`), instants ISO date-times,
 * money integer cents with its currency.
 */

/** GET /api-reminder/upcoming: one open reminder (deadline within 7 days or overdue). */
export interface UpcomingReminder {
  reminder_id: number;
  /** ISO date-time */
  date_created: string;
  /** ISO date (YYYY-MM-DD) */
  date_deadline: string;
  subject: string;
  notes: string;
  /** Username of the creator ('' when the creator was deleted). */
  username: string;
  student_id: number | null;
  lead_id: number | null;
  /** User id the reminder is delegated to, or null. */
  delegated_to: number | null;
  /** Username of `delegated_to`, or null. */
  delegated_username: string | null;
  /** "Firstname Lastname" of the student or lead it refers to, or null. */
  ref_name: string | null;
  school_id: number;
}

/** Days ahead GET /api-reminder/upcoming looks (overdue ones are always included). */
export const UPCOMING_REMINDER_DAYS = 7;
/** Most reminders GET /api-reminder/upcoming answers. */
export const UPCOMING_REMINDER_LIMIT = 50;

/** GET /api-student/status-counts: one entry per student status 1..6 (zeros included). */
export interface StudentStatusCount {
  status: 1 | 2 | 3 | 4 | 5 | 6;
  count: number;
}

/** Year of finance queries: the finance screens offer current year -1..+1; older data is still readable. */
const yearField = yup
  .number()
  .typeError(MSG.number)
  .integer(MSG.number)
  .min(2000, MSG.invalid)
  .max(2100, MSG.invalid)
  .required(MSG.required);

/** GET /api-fin/dash?year=YYYY */
export const finDashQuerySchema = yup.object({ year: yearField }).noUnknown();

/** One month of the finance overview (amounts in cents). */
export interface FinDashMonth {
  /** 1..12 */
  month: number;
  /** Sum of receipts created in the month (credit notes count negative). */
  receipts: number;
  /** What is still unpaid of those receipts (open receipts only). */
  open: number;
  /** Sum of income booked in the month (payment date). */
  income: number;
  /** Sum of expense booked in the month (payment date). */
  expense: number;
}

/** GET /api-fin/dash answer. Sums cover the configured currency only. */
export interface FinDash {
  year: number;
  currency: string;
  months: FinDashMonth[];
  totals: Omit<FinDashMonth, 'month'>;
  /** Direct-debit runs per month of the year (months without a run left out). */
  dd: FinDashDirectDebits[];
}

/** GET /api-fin/ie-chart?year&month */
export const ieChartQuerySchema = yup
  .object({
    year: yearField,
    month: yup.number().typeError(MSG.number).integer(MSG.number).min(1, MSG.invalid).max(12, MSG.invalid).required(MSG.required),
  })
  .noUnknown();

/** GET /api-fin/ie-chart answer: the 12 months ending at year/month, oldest first. */
export interface IeChart {
  /** 'YYYY-MM' per month */
  months: string[];
  /** Income per month, cents. */
  in: number[];
  /** Expense per month, cents. */
  out: number[];
  totals: { in: number; out: number; balance: number };
  currency: string;
}

/** GET /api-base/ticket?m=1|2[&id=] : list of a mode, or one ticket with its thread. */
export const ticketQuerySchema = yup
  .object({
    m: yup.number().typeError(MSG.invalid).oneOf([1, 2], MSG.invalid).required(MSG.required),
    id: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid),
  })
  .noUnknown();

/** A row of the ticket list. */
export interface TicketListRow {
  id: number;
  /** Created, ISO date-time. */
  dc: string;
  /** Status: 1 in process, 2 waiting for answer, 3 closed, 4 done, 5 cancelled. */
  tsid: number;
  /** Ticket type (3 address change, 4 general, 5 contracts, 8, 9, 10, 11 software feedback). */
  type: number;
  /** Category (technical feedback), or null. */
  cat: string | null;
  subject: string;
  school_id: number;
  /** Name of the person who opened the ticket. */
  sender: string;
  /** Date of the last message, ISO date-time. */
  dlm: string;
}

/** One message of a ticket thread; `pay.message` is as sent (sanitise before rendering HTML). */
export interface TicketMessage {
  id: number;
  dc: string;
  spay: { name: string };
  pay: { message: string; files: { id: number; name: string; size: number }[] };
}

/** GET /api-base/ticket?id&m answer. */
export interface TicketDetail {
  id: number;
  dc: string;
  tsid: number;
  m: 1 | 2;
  type: number;
  cat: string | null;
  school_id: number;
  sender: string;
  pay: { subject: string };
  messages: TicketMessage[];
}

/** Sortable columns of the news list. */
export const NEWS_LIST_SORT_FIELDS = ['content_id', 'title', 'active', 'date_published', 'date_expired'] as const;
/** Filterable columns: `title` (prefix, case-insensitive), `active` (boolean). */
export const NEWS_LIST_FILTER_FIELDS = ['title', 'active'] as const;

/** POST /api-content/news-list body: the paged list body with the news columns. */
export const newsListSchema = pagedListSchema.shape({
  sorted: yup
    .array(
      yup.object({ id: yup.string().oneOf([...NEWS_LIST_SORT_FIELDS], MSG.invalid).required(), desc: yup.boolean().required() }).noUnknown(),
    )
    .max(5)
    .default([]),
  filtered: yup
    .array(
      yup
        .object({
          id: yup.string().oneOf([...NEWS_LIST_FILTER_FIELDS], MSG.invalid).required(),
          value: yup.mixed().test('news-filter', MSG.invalid, (value, ctx) =>
            ctx.parent.id === 'active' ? typeof value === 'boolean' : typeof value === 'string' && value.length <= 100,
          ),
        })
        .noUnknown(),
    )
    .max(2)
    .default([]),
}).noUnknown();

/** A row of the news list. */
export interface NewsListRow {
  content_id: number;
  /** Names of the schools it is shown to (visibility 3), the owner school (1), or [] for all (4). */
  schools: string[];
  /** 1 owner only, 3 certain schools, 4 all schools. */
  visibility: 1 | 3 | 4;
  title: string;
  active: boolean;
  /** ISO date-time or null */
  date_published: string | null;
  date_expired: string | null;
  content_status_id: number;
  /** School owning (and allowed to change) the item. */
  school_id: number;
}

export type NewsListResponse = PagedListResponse<NewsListRow>;

/** GET /api-base/release-notes: one release of the product and what changed, per language. */
export interface ReleaseNote {
  version: string;
  /** ISO date */
  date: string;
  changes: { de: string[]; en: string[] };
}
