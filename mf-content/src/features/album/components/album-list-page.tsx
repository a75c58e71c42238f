import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ErrorPanel, PageHeader, Spinner, formatDateTime, showErrorDialog, useCan, useConfirm, useRequest, useSchoolFilter } from 'shared-kernel';
import { CONTENT_VISIBILITY, type AlbumListRow } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import listStyles from '../../news/components/news-list-page.module.css';
import teamStyles from '../../team/components/team-page.module.css';
import { albumImageUrl, deleteAlbum, getAlbumList } from '../api/album-api.js';

/**
 * /c-album (spec 002 §2.18): the albums of the schools in view with cover (x200), schools,
 * title, active, publish and expiry; edit and copy (c_gallery_w), delete (c_gallery_d).
 */
export function AlbumListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('c_gallery_w');
  const canDelete = useCan('c_gallery_d');
  const confirm = useConfirm();
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getAlbumList(signal), [key]);

  const remove = useCallback(
    async (row: AlbumListRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteAlbum(row.content_id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  return (
    <>
      <PageHeader
        title={t('album.title')}
        actions={canWrite ? <Link to="/c-album/create" className={listStyles.addButton}>{t('album.add')}</Link> : undefined}
      />
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} />
      ) : state === -1 && !data ? (
        <Spinner showLabel />
      ) : !data?.length ? (
        <p>{t('album.empty')}</p>
      ) : (
        <table className={teamStyles.table} aria-label={t('album.title')}>
          <thead>
            <tr>
              <th scope="col">{t('album.cover_column')}</th>
              <th scope="col">{t('album.schools')}</th>
              <th scope="col">{t('album.field.title')}</th>
              <th scope="col">{t('album.field.active')}</th>
              <th scope="col">{t('album.field.date_published')}</th>
              <th scope="col">{t('album.field.date_expired')}</th>
              <th scope="col">{t('album.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.content_id}>
                <td>{row.cover ? <img src={albumImageUrl(row.cover)} alt={t('album.cover_of', { title: row.title })} height={100} /> : '–'}</td>
                <td>{row.visibility === CONTENT_VISIBILITY.allSchools ? t('album.all_schools') : row.schools.join(', ')}</td>
                <td>{row.title}</td>
                <td>{row.active ? t('album.yes') : t('album.no')}</td>
                <td>{formatDateTime(row.date_published, true)}</td>
                <td>{formatDateTime(row.date_expired, true)}</td>
                <td>
                  <span className={listStyles.actions}>
                    <Link className={listStyles.action} to={`/c-album/edit/${row.content_id}`}>{t('album.edit_item', { title: row.title })}</Link>
                    {canWrite ? <Link className={listStyles.action} to={`/c-album/copy/${row.content_id}`}>{t('album.copy_item', { title: row.title })}</Link> : null}
                    {canDelete ? (
                      <Button size="small" variant="danger" onClick={() => void remove(row)}>{t('album.delete_item', { title: row.title })}</Button>
                    ) : null}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
