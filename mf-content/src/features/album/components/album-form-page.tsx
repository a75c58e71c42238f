import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getAlbum } from '../api/album-api.js';
import { AlbumForm, type AlbumFormMode, type AlbumFormValues } from './album-form.js';

const MODES: readonly AlbumFormMode[] = ['create', 'edit', 'copy'];

function useOwnerSchool() {
  const { schools, selectedIds } = useSchoolFilter();
  const inView = selectedIds.length > 0 ? schools.filter((school) => selectedIds.includes(school.id)) : schools;
  return { schools, inView, ownerSchoolId: inView[0]?.id ?? null };
}

function LoadedAlbum({ mode, albumId }: { mode: 'edit' | 'copy'; albumId: number }) {
  const { schools } = useOwnerSchool();
  const { state, data, reload } = useRequest((signal) => getAlbum(albumId, signal), [albumId]);
  const initialValues = useMemo<AlbumFormValues | null>(
    () => (data ? { ...data, title: data.title, visibility: data.visibility, schools: [...data.schools], files: [...data.files] } : null),
    [data],
  );
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data || !initialValues) return <Spinner showLabel />;
  return (
    <AlbumForm
      key={`${mode}-${albumId}-${data.version}`}
      mode={mode}
      albumId={mode === 'edit' ? albumId : undefined}
      version={data.version}
      initialValues={initialValues}
      schools={schools}
    />
  );
}

/** /c-album/{mode} and /c-album/{mode}/{id}: create, edit, or copy (saved as a new album). */
export function AlbumFormPage() {
  const { t } = useTranslation(NS);
  const { mode, id } = useParams();
  const { schools, ownerSchoolId } = useOwnerSchool();
  const empty = useMemo<AlbumFormValues>(
    () => ({ title: '', date_published: null, date_expired: null, active: true, visibility: null, schools: [], school_id: ownerSchoolId, files: [] }),
    // The owner is fixed when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  if (!(MODES as readonly (string | undefined)[]).includes(mode)) return <Navigate to="/c-album" replace />;
  const albumId = id === undefined ? null : Number(id);
  if (mode !== 'create' && (albumId === null || !Number.isInteger(albumId) || albumId < 1)) return <Navigate to="/c-album" replace />;
  return (
    <>
      <PageHeader title={t(`album.form_title_${mode}`)} />
      {mode === 'create' ? (
        <AlbumForm mode="create" initialValues={empty} schools={schools} />
      ) : (
        <LoadedAlbum key={`${mode}-${albumId}`} mode={mode as 'edit' | 'copy'} albumId={albumId!} />
      )}
    </>
  );
}
