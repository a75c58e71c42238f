import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ErrorPanel, formatDate, PageHeader, Spinner, useCan, useRequest } from 'shared-kernel';
import { SchoolPicker, useSchoolInView } from '../../../components/school-picker.js';
import { NS } from '../i18n.js';
import { getSchoolCalendar } from '../api/calendar-api.js';
import { useCalendarState } from '../hooks/use-calendar-state.js';
import { weeksOf, type CalendarView } from '../utils/calendar-days.js';
import { CalendarGrid } from './calendar-grid.js';
import styles from './calendar.module.css';

/**
 * /c-calendar (spec 002 §2.21, read only): a month or week of one school in view — its weekly
 * timetable, appointments (info events, trials) and news publish dates. A school picker when
 * the user looks at several schools; previous, today and next; view and day in the URL.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation(NS);
  const { inView, schoolId, setSchoolId, filterKey } = useSchoolInView();
  const { view, day, show } = useCalendarState();
  const canReadNews = useCan('c_news_r');
  const today = dayjs().startOf('day');

  const weeks = weeksOf(view, day);
  const from = weeks[0][0];
  const to = weeks[weeks.length - 1][6].add(1, 'day');
  const rangeKey = `${from.format('YYYY-MM-DD')}/${to.format('YYYY-MM-DD')}`;
  const { state, data, reload } = useRequest((signal) => getSchoolCalendar(schoolId!, from.toDate(), to.toDate(), signal), [schoolId, rangeKey, filterKey], {
    enabled: schoolId !== undefined,
  });

  const step = (direction: 1 | -1) => show({ day: view === 'week' ? day.add(7 * direction, 'day') : day.add(direction, 'month').startOf('month') });
  const caption =
    view === 'month'
      ? new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(day.toDate())
      : t('calendar.week_of', { from: formatDate(from.format('YYYY-MM-DD')), to: formatDate(to.subtract(1, 'day').format('YYYY-MM-DD')) });

  return (
    <>
      <PageHeader title={t('calendar.title')} actions={<Link to="/c-settings">{t('calendar.settings_link')}</Link>} />
      <p className={styles.hint}>{t('calendar.legend')}</p>
      {!canReadNews && <p className={styles.hint}>{t('calendar.no_news_right')}</p>}
      <div className={styles.toolbar}>
        {inView.length > 1 && (
          <span className={styles.group}>
            <SchoolPicker label={t('calendar.school')} schools={inView} value={schoolId} onChange={setSchoolId} />
          </span>
        )}
        <span className={styles.group} role="group" aria-label={t('calendar.view')}>
          {(['month', 'week'] as CalendarView[]).map((option) => (
            <Button key={option} aria-pressed={view === option} variant={view === option ? 'primary' : 'secondary'} onClick={() => show({ view: option })}>
              {t(`calendar.${option}`)}
            </Button>
          ))}
        </span>
        <span className={styles.group}>
          <Button onClick={() => step(-1)}>{t(view === 'week' ? 'calendar.previous_week' : 'calendar.previous_month')}</Button>
          <Button onClick={() => show({ day: today })}>{t('calendar.today')}</Button>
          <Button onClick={() => step(1)}>{t(view === 'week' ? 'calendar.next_week' : 'calendar.next_month')}</Button>
        </span>
      </div>
      <p className={styles.hint}>{t('calendar.keyboard_hint')}</p>
      {schoolId === undefined ? (
        <p>{t('calendar.no_school')}</p>
      ) : state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} />
      ) : (
        <>
          {state === -1 && !data && <Spinner showLabel />}
          <CalendarGrid view={view} day={day} today={today} calendar={data} caption={caption} onDay={(next) => show({ day: next })} />
        </>
      )}
    </>
  );
}
