import { TIMETABLE_KIND, type SchoolSettings, type SchoolSettingsForm } from 'shared-kernel/contracts';
import type { SettingsTab } from '../hooks/use-settings-tab.js';

/** A timetable row in the form: the wire event plus a key for the screen. */
export interface TimetableRow {
  key: string;
  id?: number;
  /** 1 saved, 6 new, 5 changed, 4 deleted (spec 002 §4). */
  k: 1 | 4 | 5 | 6;
  pid: number;
  n: string;
  ts: string;
  te: string;
  wd: number;
  url: string;
}

/** What the settings form edits. */
export type SettingsValues = Omit<SchoolSettingsForm, 'tt' | 'version'> & { tt: TimetableRow[] };

let newRowCounter = 0;
/** A key for a row added on the screen (saved rows use their id). */
export const newRowKey = () => `new-${++newRowCounter}`;

export function toSettingsValues(settings: SchoolSettings): SettingsValues {
  return {
    slug: settings.slug,
    microsite_on: settings.microsite_on,
    highlight_text: settings.highlight_text,
    hidden_gmaps: settings.hidden_gmaps,
    facebook_type: settings.facebook_type,
    facebook_url: settings.facebook_url,
    twitter_type: settings.twitter_type,
    twitter_id: settings.twitter_id,
    twitter_url: settings.twitter_url,
    business_companies: settings.business_companies,
    contact_form_on: settings.contact_form_on,
    contact_email: settings.contact_email,
    tt: settings.tt.map((event) => ({ ...event, key: `saved-${event.id}`, k: TIMETABLE_KIND.saved })),
  };
}

/** The POST body: the settings, the version read, and the events with their markers (unchanged ones are not sent). */
export function toSettingsBody(values: SettingsValues, version: number): SchoolSettingsForm {
  const tt = values.tt
    .filter((row) => row.k !== TIMETABLE_KIND.saved)
    .map(({ key: _key, ...event }) => ({ ...event, n: event.n.trim(), url: event.url.trim() }));
  return { ...values, slug: values.slug.trim(), tt, version };
}

/** The timetable after a row was added (marker 6) or edited (a saved one becomes 5). */
export function applyTimetableRow(rows: TimetableRow[], row: TimetableRow): TimetableRow[] {
  if (!rows.some((entry) => entry.key === row.key)) return [...rows, { ...row, k: TIMETABLE_KIND.created }];
  return rows.map((entry) => (entry.key === row.key ? { ...row, k: entry.k === TIMETABLE_KIND.saved ? TIMETABLE_KIND.changed : entry.k } : entry));
}

/** The timetable after a row was deleted: a new one is dropped, a saved one is marked 4. */
export function deleteTimetableRow(rows: TimetableRow[], key: string): TimetableRow[] {
  return rows.flatMap((entry) => {
    if (entry.key !== key) return [entry];
    return entry.k === TIMETABLE_KIND.created ? [] : [{ ...entry, k: TIMETABLE_KIND.deleted }];
  });
}

/** Rows the timetable shows (kinds 1, 5, 6), by weekday and start. */
export function shownTimetable(rows: TimetableRow[]): TimetableRow[] {
  return rows.filter((row) => row.k !== TIMETABLE_KIND.deleted).sort((a, b) => a.wd - b.wd || a.ts.localeCompare(b.ts) || a.key.localeCompare(b.key));
}

/** Which tab holds a field (after a refused save the form opens the tab of the first problem). */
export function tabOfField(field: string): SettingsTab {
  if (field.startsWith('tt')) return 'timetable';
  if (field.startsWith('contact_')) return 'contact';
  if (/^(facebook_|twitter_|business_)/.test(field)) return 'social';
  return 'general';
}
