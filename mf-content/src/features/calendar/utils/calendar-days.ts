import dayjs, { type Dayjs } from 'dayjs';
import type { SchoolCalendar } from 'shared-kernel/contracts';

export type CalendarView = 'month' | 'week';

/** 1 = Monday … 7 = Sunday (the timetable's weekdays). */
export const isoWeekday = (day: Dayjs): number => ((day.day() + 6) % 7) + 1;

/** Monday of the day's week. */
export const startOfWeek = (day: Dayjs): Dayjs => day.startOf('day').subtract(isoWeekday(day) - 1, 'day');

/**
 * The days a view shows, in weeks (Monday first): the week of `focus`, or every week touching
 * its month (with the neighbouring months' days to fill the first and last week).
 */
export function weeksOf(view: CalendarView, focus: Dayjs): Dayjs[][] {
  const first = view === 'week' ? startOfWeek(focus) : startOfWeek(focus.startOf('month'));
  const last = view === 'week' ? first.add(6, 'day') : startOfWeek(focus.endOf('month')).add(6, 'day');
  const weeks: Dayjs[][] = [];
  for (let monday = first; !monday.isAfter(last); monday = monday.add(7, 'day')) {
    weeks.push(Array.from({ length: 7 }, (_, index) => monday.add(index, 'day')));
  }
  return weeks;
}

/** One entry of a day: a class of the timetable, an appointment, or a news publish date. */
export type CalendarEntry =
  | { kind: 'class'; key: string; start: string; end: string; name: string; product: number }
  | { kind: 'appointment'; key: string; start: string; end: string; type: number }
  | { kind: 'news'; key: string; start: string; title: string };

const time = (iso: string) => dayjs(iso).format('HH:mm');

/** What happens on a day, by time: weekly classes, appointments starting that day, news published that day. */
export function entriesOf(day: Dayjs, calendar: SchoolCalendar | undefined): CalendarEntry[] {
  if (!calendar) return [];
  const weekday = isoWeekday(day);
  const entries: CalendarEntry[] = [
    ...calendar.timetable
      .filter((event) => event.wd === weekday)
      .map((event): CalendarEntry => ({ kind: 'class', key: `c${event.id}`, start: event.ts, end: event.te, name: event.n, product: event.pid })),
    ...calendar.appointments
      .filter((appointment) => dayjs(appointment.ds).isSame(day, 'day'))
      .map((appointment): CalendarEntry => ({
        kind: 'appointment', key: `a${appointment.id}`, start: time(appointment.ds), end: time(appointment.de), type: appointment.type,
      })),
    ...(calendar.news ?? [])
      .filter((news) => dayjs(news.date_published).isSame(day, 'day'))
      .map((news): CalendarEntry => ({ kind: 'news', key: `n${news.content_id}`, start: time(news.date_published), title: news.title })),
  ];
  return entries.sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
}

/** The day a key moves the focus to in the grid, or null for other keys. */
export function movedDay(key: string, day: Dayjs, view: CalendarView): Dayjs | null {
  switch (key) {
    case 'ArrowLeft':
      return day.subtract(1, 'day');
    case 'ArrowRight':
      return day.add(1, 'day');
    case 'ArrowUp':
      return day.subtract(7, 'day');
    case 'ArrowDown':
      return day.add(7, 'day');
    case 'Home':
      return startOfWeek(day);
    case 'End':
      return startOfWeek(day).add(6, 'day');
    case 'PageUp':
      return view === 'week' ? day.subtract(7, 'day') : day.subtract(1, 'month');
    case 'PageDown':
      return view === 'week' ? day.add(7, 'day') : day.add(1, 'month');
    default:
      return null;
  }
}
