import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Spinner, useSessionStore } from 'shared-kernel';
import { useStudentLabels } from '../../student-list/hooks/use-student-labels.js';
import type { MapView } from '../hooks/map-view.js';
import type { StudentMapMarker } from './student-map.js';
import styles from './student-dashboard.module.css';

// The map (leaflet, its CSS) is a chunk of its own, fetched when the workspace first renders:
// the dashboard paints its blocks first, and no other screen carries leaflet (issue 26).
const StudentMap = lazy(() => import('./student-map.js').then((module) => ({ default: module.StudentMap })));

/** Props of {@link MapWorkspace}. */
export interface MapWorkspaceProps {
  markers: StudentMapMarker[];
  view: MapView;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The column beside the map (student card, list of students). */
  children: ReactNode;
}

/**
 * The map with its side column. 'Large map' (a toggle button, Esc leaves it) lets map and side
 * column fill the window. Tiles come from the server configuration; without one the markers
 * show on a plain background with a notice.
 */
export function MapWorkspace({ markers, view, selectedId, onSelect, children }: MapWorkspaceProps) {
  const { t } = useStudentLabels();
  const tileUrl = useSessionStore((session) => session.appState?.mapTileUrl ?? '');
  const attribution = useSessionStore((session) => session.appState?.mapAttribution ?? '');
  const [enlarged, setEnlarged] = useState(false);

  useEffect(() => {
    if (!enlarged) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setEnlarged(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enlarged]);

  return (
    <div className={enlarged ? `${styles.workspace} ${styles.enlarged}` : styles.workspace}>
      <div className={styles.mapColumn}>
        <div className={styles.mapToolbar}>
          <Button size="small" aria-pressed={enlarged} onClick={() => setEnlarged((value) => !value)}>
            {t('students.map.enlarge')}
          </Button>
          {enlarged && <span className={styles.muted}>{t('students.map.enlarged_hint')}</span>}
          {!tileUrl && (
            <p className={styles.notice} role="note">
              {t('students.map.no_tiles')}
            </p>
          )}
        </div>
        <div className={styles.mapBox}>
          <Suspense fallback={<Spinner />}>
            <StudentMap
              markers={markers}
              view={view}
              selectedId={selectedId}
              onSelect={onSelect}
              tileUrl={tileUrl}
              attribution={attribution}
              label={t('students.map.label')}
              enlarged={enlarged}
            />
          </Suspense>
        </div>
      </div>
      <div className={styles.side}>{children}</div>
    </div>
  );
}
