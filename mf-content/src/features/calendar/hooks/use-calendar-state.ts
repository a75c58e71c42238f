import dayjs, { type Dayjs } from 'dayjs';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { CalendarView } from '../utils/calendar-days.js';

/** View (month or week) and the focused day, kept in the URL (?view=week&day=2026-12-01). */
export function useCalendarState(): { view: CalendarView; day: Dayjs; show: (change: { view?: CalendarView; day?: Dayjs }) => void } {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const raw = params.get('day');
  // dayjs reads a plain YYYY-MM-DD as a local date; 2026-02-31 does not survive the round trip.
  const parsed = raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dayjs(raw) : null;
  const day = parsed?.isValid() && parsed.format('YYYY-MM-DD') === raw ? parsed : dayjs().startOf('day');
  const show = useCallback(
    (change: { view?: CalendarView; day?: Dayjs }) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (change.view) next.set('view', change.view);
          if (change.day) next.set('day', change.day.format('YYYY-MM-DD'));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { view, day, show };
}
