import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel, Spinner, useRequest, useSchoolFilter, useSessionStore } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getMapData } from '../../student-dashboard/api/get-map-data.js';
import { MapWorkspace } from '../../student-dashboard/components/map-workspace.js';
import { hasCoordinates, mapViewFor } from '../../student-dashboard/hooks/map-view.js';
import { DashboardSection } from './dashboard-section.js';
import styles from './dashboard.module.css';

/**
 * The dashboard's student map (spec 000 §2, student_r): every located student of the
 * filtered schools (POST /api-base/map-data), enlargeable (the map workspace's 'large map');
 * one student alone, or the one chosen, is shown at zoom 17 (spec 001 §9). The full map with
 * filters and the student card is /m-student/dashboard.
 */
export function StudentMapBlock({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation(NS);
  const country = useSessionStore((session) => session.appState?.country ?? 'at');
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getMapData([], signal), [key, refreshKey]);
  const [chosenId, setChosenId] = useState<number | null>(null);

  const located = useMemo(() => (data?.points ?? []).filter(hasCoordinates), [data]);
  const markers = useMemo(
    () => located.map((point) => ({ id: point.id, lat: point.lat, lng: point.long, label: [`${point.fn} ${point.ln}`.trim(), point.c].filter(Boolean).join(', ') })),
    [located],
  );
  const selectedId = chosenId !== null && located.some((point) => point.id === chosenId) ? chosenId : null;
  const view = useMemo(
    () => mapViewFor(markers.map(({ id, lat, lng }) => ({ id, lat, lng })), country, selectedId),
    [markers, country, selectedId],
  );
  const chosen = located.find((point) => point.id === selectedId);

  let body;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
  else if (!data) body = <Spinner showLabel />;
  else {
    body = (
      <MapWorkspace markers={markers} view={view} selectedId={selectedId} onSelect={setChosenId}>
        <p aria-live="polite">
          {t('dashboard.map_count', { shown: located.length, total: data.total })}
          {data.withoutPosition > 0 && <> · {t('dashboard.map_without_position', { count: data.withoutPosition })}</>}
        </p>
        {chosen ? (
          <p>
            <Link to={`/m-student/details/${chosen.id}`}>{`${chosen.fn} ${chosen.ln}`.trim()}</Link>
            {chosen.c && <span className={styles.muted}> · {chosen.c}</span>}
            <br />
            <button type="button" className={styles.linkButton} onClick={() => setChosenId(null)}>
              {t('dashboard.map_show_all')}
            </button>
          </p>
        ) : (
          <p className={styles.muted}>{t('dashboard.map_choose')}</p>
        )}
        <p>
          <Link to="/m-student/dashboard">{t('dashboard.map_open')}</Link>
        </p>
      </MapWorkspace>
    );
  }
  return (
    <DashboardSection title={t('dashboard.map')} wide>
      {body}
    </DashboardSection>
  );
}
