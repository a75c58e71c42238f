import type { TimetableEvent } from './microsite.js';

/**
 * The school calendar (/c-calendar, spec 002 §2.21) and the appointments of a school (info
 * events and trials, spec 001 §3 "Appointment event": id, ds, de, status). Issue 15 (leads)
 * adds creating appointments and inviting leads to them.
 */

/** Kinds of appointments: 1 info event, 2 trial. */
export const APPOINTMENT_TYPE = { infoEvent: 1, trial: 2 } as const;
export type AppointmentType = (typeof APPOINTMENT_TYPE)[keyof typeof APPOINTMENT_TYPE];
export const APPOINTMENT_TYPES: readonly AppointmentType[] = [1, 2];

/** The longest range one calendar read covers (a month view with its leading and trailing days). */
export const CALENDAR_MAX_DAYS = 62;

/** An appointment of a school: start (ds) and end (de) as ISO instants. */
export interface Appointment {
  id: number;
  sid: number;
  type: AppointmentType;
  ds: string;
  de: string;
  /** Spec 001 §3: 2 = can be removed (nobody invited); 1 otherwise. */
  status: number;
}

/** A news item's publish date in the calendar. */
export interface CalendarNewsEntry {
  content_id: number;
  title: string;
  date_published: string;
}

/** GET /api-content/calendar?sid&from&to answer. */
export interface SchoolCalendar {
  /** The weekly timetable (recurring every week). */
  timetable: Omit<TimetableEvent, 'k'>[];
  /** Appointments overlapping the range, by start. */
  appointments: Appointment[];
  /** Publish dates of news shown on the school within the range; null without c_news_r. */
  news: CalendarNewsEntry[] | null;
}
