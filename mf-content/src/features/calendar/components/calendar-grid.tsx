import type { Dayjs } from 'dayjs';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from 'shared-kernel';
import type { SchoolCalendar } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import { entriesOf, movedDay, weeksOf, type CalendarEntry, type CalendarView } from '../utils/calendar-days.js';
import styles from './calendar.module.css';

const DAYS = [1, 2, 3, 4, 5, 6, 7];

function EntryText({ entry }: { entry: CalendarEntry }) {
  const { t } = useTranslation(NS);
  if (entry.kind === 'class') return <>{entry.start}–{entry.end} {entry.name} ({t(`microsite.product_${entry.product}`)})</>;
  if (entry.kind === 'appointment') return <>{entry.start}–{entry.end} {t(`calendar.appointment_${entry.type}`)}</>;
  return <>{entry.start} {t('calendar.news', { title: entry.title })}</>;
}

/**
 * The month or week as a grid (a table with role="grid"): weekday column headers, one cell per
 * day with its entries. One cell is in the Tab order (the focused day); arrow keys, Home/End and
 * Page Up/Down move the focus, also into the previous or next month or week.
 */
export function CalendarGrid({ view, day, today, calendar, caption, onDay }: {
  view: CalendarView;
  day: Dayjs;
  today: Dayjs;
  calendar: SchoolCalendar | undefined;
  caption: string;
  onDay: (day: Dayjs) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const weeks = weeksOf(view, day);
  const captionId = useId();
  // The day a key asked for, not a flag: a render in between (data arriving, the router's
  // transition) must not consume the request before the URL shows the new day.
  const focusRequested = useRef<string | null>(null);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const dateLabel = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

  // After a key moved the focused day (maybe into another month), the new cell takes the focus.
  const dayKey = day.format('YYYY-MM-DD');
  useEffect(() => {
    if (focusRequested.current !== dayKey) return;
    focusRequested.current = null;
    cells.current.get(dayKey)?.focus();
  }, [dayKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = movedDay(event.key, day, view);
    if (!next) return;
    event.preventDefault();
    focusRequested.current = next.format('YYYY-MM-DD');
    onDay(next);
  };

  return (
    <>
      {/* A heading, not a <caption>: a grid may own only rows (axe aria-required-children). */}
      <h2 id={captionId} className={styles.caption} aria-live="polite">{caption}</h2>
      <table
        role="grid"
        aria-labelledby={captionId}
        className={view === 'week' ? `${styles.grid} ${styles.weekView}` : styles.grid}
        aria-readonly="true"
        onKeyDown={onKeyDown}
      >
        {/* Explicit roles: with role="grid" on the table the rows are not implied everywhere. */}
        <thead role="rowgroup">
          <tr role="row">
            {DAYS.map((weekday) => (
              <th key={weekday} scope="col" role="columnheader">{t(`microsite.weekday_${weekday}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {weeks.map((week) => (
            <tr key={week[0].format('YYYY-MM-DD')} role="row">
              {week.map((date) => {
                const key = date.format('YYYY-MM-DD');
                const entries = entriesOf(date, calendar);
                const focused = date.isSame(day, 'day');
                const classes = [
                  styles.day,
                  view === 'month' && !date.isSame(day, 'month') ? styles.outside : '',
                  date.isSame(today, 'day') ? styles.today : '',
                  focused ? styles.focused : '',
                ].filter(Boolean).join(' ');
                return (
                  <td
                    key={key}
                    ref={(element) => {
                      if (element) cells.current.set(key, element);
                      else cells.current.delete(key);
                    }}
                    role="gridcell"
                    tabIndex={focused ? 0 : -1}
                    aria-selected={focused}
                    aria-current={date.isSame(today, 'day') ? 'date' : undefined}
                    className={classes}
                    onClick={() => onDay(date)}
                  >
                    <span className={styles.number} aria-hidden="true">{date.date()}</span>
                    <VisuallyHidden>
                      {dateLabel.format(date.toDate())}: {entries.length ? t('calendar.entries', { count: entries.length }) : t('calendar.nothing')}
                    </VisuallyHidden>
                    {entries.length > 0 && (
                      <ul className={styles.entries}>
                        {entries.map((entry) => (
                          <li key={entry.key} className={entry.kind === 'class' ? undefined : styles[entry.kind]}>
                            <EntryText entry={entry} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
