import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, useRequest, useSchoolFilter, useSessionStore } from 'shared-kernel';
import { MAX_PAGE_SIZE, STUDENT_STATUSES, type StudentListRow } from 'shared-kernel/contracts';
import type { ServerListController } from 'shared-kernel/table';
import { useStudentListController } from '../../student-list/hooks/use-student-list-controller.js';
import { useStudentLabels } from '../../student-list/hooks/use-student-labels.js';
import { getStudentData } from '../api/get-student-data.js';
import { hasCoordinates, mapViewFor, type MapPoint } from '../hooks/map-view.js';
import { cardFromListRow, cardFromStudentData } from '../hooks/student-card-model.js';
import { MapWorkspace } from './map-workspace.js';
import { StudentCard } from './student-card.js';
import type { StudentMapMarker } from './student-map.js';
import styles from './student-dashboard.module.css';

/** The map shows at most one page of the list call (its largest page size). */
export const MAP_PAGE_SIZE = MAX_PAGE_SIZE;
const MAP_PAGE_SIZES = [MAP_PAGE_SIZE];

function useCountry(): 'at' | 'de' {
  return useSessionStore((session) => session.appState?.country ?? 'at');
}

/** A marker of a located student; `label` turns name and city into its accessible name. */
function toMarker(
  student: { id: number; firstname: string; lastname: string; city: string | null; lat: number; long: number },
  label: (values: { name: string; city: string }) => string,
): StudentMapMarker {
  const name = `${student.firstname} ${student.lastname}`.trim();
  return { id: student.id, lat: student.lat, lng: student.long, label: student.city ? label({ name, city: student.city }) : name };
}

/** The dashboard's filters: name or member number search (from 2 characters) and status. */
function StudentMapFilters({ list }: { list: ServerListController<StudentListRow> }) {
  const { t, statusLabel } = useStudentLabels();
  const searchId = useId();
  const statusId = useId();
  const search = list.filterValue('q');
  const tooShort = list.isFilterTooShort('q');
  const status = list.filterValue('sst');
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
          onChange={(event) => list.setFilter('q', event.target.value)}
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
          onChange={(event) => list.setFilter('sst', event.target.value === '' ? null : Number(event.target.value), { immediate: true })}
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

/** Keyboard way to the markers: every loaded student as a button; choosing one shows the card. */
function StudentMapList({ rows, selectedId, onSelect }: { rows: StudentListRow[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const { t } = useStudentLabels();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.listSection}>
      <h2 id={titleId} className={styles.sideTitle}>
        {t('students.map.list')}
      </h2>
      {rows.length === 0 ? (
        <p>{t('students.map.no_students')}</p>
      ) : (
        <ul className={styles.studentList}>
          {rows.map((row) => (
            <li key={row.id}>
              <button type="button" className={styles.studentButton} aria-pressed={row.id === selectedId} onClick={() => onSelect(row.id)}>
                <span className={styles.studentName}>
                  {row.ln}, {row.fn}
                </span>
                <span className={styles.muted}>
                  {[row.z, row.c].filter(Boolean).join(' ')}
                  {!hasCoordinates(row) && ` (${t('students.map.no_coordinates')})`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The map of the students the filters find (at most one page of {@link MAP_PAGE_SIZE}). */
function FilteredStudentsMap() {
  const { t } = useStudentLabels();
  const country = useCountry();
  const list = useStudentListController({ defaultPageSize: MAP_PAGE_SIZE, pageSizes: MAP_PAGE_SIZES });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { rows } = list;

  const located = useMemo(() => rows.filter(hasCoordinates), [rows]);
  const markers = useMemo(
    () =>
      located.map((row) =>
        toMarker({ id: row.id, firstname: row.fn, lastname: row.ln, city: row.c, lat: row.lat, long: row.long }, (values) =>
          t('students.map.marker', values),
        ),
      ),
    [located, t],
  );
  const points = useMemo<MapPoint[]>(() => located.map((row) => ({ id: row.id, lat: row.lat, lng: row.long })), [located]);
  const view = useMemo(() => mapViewFor(points, country), [points, country]);
  const selected = selectedId === null ? undefined : rows.find((row) => row.id === selectedId);
  const withoutCoordinates = rows.length - located.length;

  return (
    <>
      <StudentMapFilters list={list} />
      {list.state > 0 ? (
        <ErrorPanel code={list.state} onRetry={list.reload} />
      ) : (
        <>
          <div className={styles.status}>
            {list.state === -1 && <Spinner />}
            <p aria-live="polite">
              {list.state === 0 && (
                <>
                  {t('students.map.showing', { shown: rows.length, total: list.total })}
                  {withoutCoordinates > 0 && <> · {t('students.map.without_coordinates', { count: withoutCoordinates })}</>}
                  {list.total > rows.length && <> · {t('students.map.more_hint', { max: MAP_PAGE_SIZE })}</>}
                </>
              )}
            </p>
          </div>
          <MapWorkspace markers={markers} view={view} selectedId={selectedId} onSelect={setSelectedId}>
            {selected ? <StudentCard student={cardFromListRow(selected)} /> : <p className={styles.muted}>{t('students.map.card_empty')}</p>}
            {(list.state === 0 || rows.length > 0) && <StudentMapList rows={rows} selectedId={selectedId} onSelect={setSelectedId} />}
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
