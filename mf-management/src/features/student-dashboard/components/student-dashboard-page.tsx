import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ErrorPanel, PageHeader, Spinner, useRequest, useSchoolFilter, useSessionStore } from 'shared-kernel';
import { MAP_DATA_MAX_POINTS, STUDENT_STATUSES, type MapDataPoint } from 'shared-kernel/contracts';
import type { ServerListController } from 'shared-kernel/table';
import { useStudentLabels } from '../../student-list/hooks/use-student-labels.js';
import { getStudentData } from '../api/get-student-data.js';
import { hasCoordinates, mapViewFor, type MapPoint } from '../hooks/map-view.js';
import { cardFromStudentData } from '../hooks/student-card-model.js';
import { useStudentMapData } from '../hooks/use-student-map-data.js';
import { MapWorkspace } from './map-workspace.js';
import { StudentCard } from './student-card.js';
import type { StudentMapMarker } from './student-map.js';
import styles from './student-dashboard.module.css';

/** The list beside the map shows this many students at first, and this many more on request. */
export const MAP_LIST_STEP = 200;

const byName = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

function useCountry(): 'at' | 'de' {
  return useSessionStore((session) => session.appState?.country ?? 'at');
}

/** A marker of a located student; `label` turns name and city into its tooltip. */
function toMarker(
  student: { id: number; firstname: string; lastname: string; city: string | null; lat: number; long: number },
  label: (values: { name: string; city: string }) => string,
): StudentMapMarker {
  const name = `${student.firstname} ${student.lastname}`.trim();
  return { id: student.id, lat: student.lat, lng: student.long, label: student.city ? label({ name, city: student.city }) : name };
}

/** The dashboard's filters: name or member number search (from 2 characters) and status. */
function StudentMapFilters({ filters }: { filters: ServerListController<MapDataPoint> }) {
  const { t, statusLabel } = useStudentLabels();
  const searchId = useId();
  const statusId = useId();
  const search = filters.filterValue('q');
  const tooShort = filters.isFilterTooShort('q');
  const status = filters.filterValue('sst');
  return (
    <div role="group" aria-label={t('students.map.title')} className={styles.filters}>
      <div className={styles.filter}>
        <label htmlFor={searchId}>{t('students.map.search')}</label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          value={typeof search === 'string' ? search : ''}
          aria-describedby={tooShort ? `${searchId}-hint` : undefined}
          onChange={(event) => filters.setFilter('q', event.target.value)}
        />
        {tooShort && (
          <span id={`${searchId}-hint`} className={styles.muted}>
            {t('students.map.min_chars')}
          </span>
        )}
      </div>
      <div className={styles.filter}>
        <label htmlFor={statusId}>{t('students.map.status')}</label>
        <select
          id={statusId}
          className={styles.input}
          value={typeof status === 'number' ? String(status) : ''}
          onChange={(event) => filters.setFilter('sst', event.target.value === '' ? null : Number(event.target.value), { immediate: true })}
        >
          <option value="">{t('students.map.status_all')}</option>
          {STUDENT_STATUSES.map((value) => (
            <option key={value} value={String(value)}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * Keyboard way to the markers: the students on the map by name, as buttons; choosing one shows
 * the card. With thousands of students it shows {@link MAP_LIST_STEP} at a time: a note says how
 * many more there are, a button shows the next ones (and moves the focus to the first of them).
 */
function StudentMapList({ points, selectedId, onSelect }: { points: MapDataPoint[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const { t } = useStudentLabels();
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [limit, setLimit] = useState(MAP_LIST_STEP);
  const focusIndex = useRef<number | null>(null);
  const sorted = useMemo(() => [...points].sort((a, b) => byName.compare(a.ln, b.ln) || byName.compare(a.fn, b.fn) || a.id - b.id), [points]);
  const shown = sorted.slice(0, limit);
  const more = sorted.length - shown.length;

  useEffect(() => {
    if (focusIndex.current === null) return;
    listRef.current?.querySelectorAll('button')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [limit]);

  return (
    <section aria-labelledby={titleId} className={styles.listSection}>
      <h2 id={titleId} className={styles.sideTitle}>
        {t('students.map.list')}
      </h2>
      {sorted.length === 0 ? (
        <p>{t('students.map.no_students')}</p>
      ) : (
        <>
          <ul ref={listRef} className={styles.studentList}>
            {shown.map((point) => (
              <li key={point.id}>
                <button type="button" className={styles.studentButton} aria-pressed={point.id === selectedId} onClick={() => onSelect(point.id)}>
                  <span className={styles.studentName}>
                    {point.ln}, {point.fn}
                  </span>
                  {point.c && <span className={styles.muted}>{point.c}</span>}
                </button>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <div className={styles.listMore}>
              <p className={styles.muted}>{t('students.map.list_more', { count: more })}</p>
              <Button
                size="small"
                onClick={() => {
                  focusIndex.current = limit;
                  setLimit(limit + MAP_LIST_STEP);
                }}
              >
                {t('students.map.list_show_more', { count: Math.min(more, MAP_LIST_STEP) })}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The card of the chosen student, from GET /api-student/data. */
function ChosenStudentCard({ id }: { id: number }) {
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getStudentData(id, signal), [id, key]);
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (state === -1 || !data) return <Spinner showLabel />;
  return <StudentCard student={cardFromStudentData(data)} />;
}

/** The map of every student the filters find (POST /api-base/map-data), with the list and the card. */
function FilteredStudentsMap() {
  const { t } = useStudentLabels();
  const country = useCountry();
  const { filters, points, withoutPosition, capped } = useStudentMapData();
  const [chosenId, setChosenId] = useState<number | null>(null);

  const located = useMemo(() => points.filter(hasCoordinates), [points]);
  const markers = useMemo(
    () =>
      located.map((point) =>
        toMarker({ id: point.id, firstname: point.fn, lastname: point.ln, city: point.c, lat: point.lat, long: point.long }, (values) =>
          t('students.map.marker', values),
        ),
      ),
    [located, t],
  );
  const mapPoints = useMemo<MapPoint[]>(() => located.map((point) => ({ id: point.id, lat: point.lat, lng: point.long })), [located]);
  const view = useMemo(() => mapViewFor(mapPoints, country), [mapPoints, country]);
  // A student the new filters no longer find is no longer chosen.
  const selectedId = chosenId !== null && located.some((point) => point.id === chosenId) ? chosenId : null;

  return (
    <>
      <StudentMapFilters filters={filters} />
      {filters.state > 0 ? (
        <ErrorPanel code={filters.state} onRetry={filters.reload} />
      ) : (
        <>
          <div className={styles.status}>
            {filters.state === -1 && <Spinner />}
            <p aria-live="polite">
              {filters.state === 0 && (
                <>
                  {t('students.map.on_map', { shown: located.length, total: filters.total })}
                  {withoutPosition > 0 && <> · {t('students.map.without_coordinates', { count: withoutPosition })}</>}
                  {capped && <> · {t('students.map.capped_hint', { max: MAP_DATA_MAX_POINTS })}</>}
                </>
              )}
            </p>
          </div>
          <MapWorkspace markers={markers} view={view} selectedId={selectedId} onSelect={setChosenId}>
            {selectedId !== null ? (
              <ChosenStudentCard key={selectedId} id={selectedId} />
            ) : (
              <p className={styles.muted}>{t('students.map.card_empty')}</p>
            )}
            {(filters.state === 0 || located.length > 0) && (
              // A new answer starts the list at its first students again.
              <StudentMapList key={JSON.stringify(filters.filtered)} points={located} selectedId={selectedId} onSelect={setChosenId} />
            )}
          </MapWorkspace>
        </>
      )}
    </>
  );
}

/** The map zoomed (17) to one student (/m-student/dashboard?id=…), with the student's card. */
function SingleStudentMap({ id }: { id: number }) {
  const { t } = useStudentLabels();
  const country = useCountry();
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getStudentData(id, signal), [id, key]);
  const card = useMemo(() => (data ? cardFromStudentData(data) : null), [data]);
  const markers = useMemo(
    () =>
      card && hasCoordinates(card)
        ? [toMarker(card, (values) => t('students.map.marker', values))]
        : [],
    [card, t],
  );
  const view = useMemo(() => mapViewFor(markers.map(({ id: markerId, lat, lng }) => ({ id: markerId, lat, lng })), country, id), [markers, country, id]);

  const back = (
    <Link className={styles.showAll} to="/m-student/dashboard">
      {t('students.map.show_all')}
    </Link>
  );
  if (state > 0) {
    return (
      <>
        <ErrorPanel code={state} onRetry={reload} />
        <p>{back}</p>
      </>
    );
  }
  if (!card) return <Spinner showLabel />;
  return (
    <>
      <p className={styles.status}>
        {t('students.map.single')} · {back}
        {markers.length === 0 && <> · {t('students.expanded.no_coordinates')}</>}
      </p>
      <MapWorkspace markers={markers} view={view} selectedId={card.id} onSelect={() => undefined}>
        <StudentCard student={card} />
      </MapWorkspace>
    </>
  );
}

/**
 * /m-student/dashboard: the map of the students (markers from their coordinates) with a list
 * beside it and the card of the chosen student. `?id=` shows one student at zoom 17.
 */
export function StudentDashboardPage() {
  const { t } = useStudentLabels();
  const [params] = useSearchParams();
  const idText = params.get('id');
  const focusId = idText !== null && /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : null;
  return (
    <>
      <PageHeader title={t('students.map.title')} />
      {focusId !== null ? <SingleStudentMap key={focusId} id={focusId} /> : <FilteredStudentsMap />}
    </>
  );
}
