import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, formatDateTime, showErrorDialog, useCan, useConfirm, useSchoolFilter } from 'shared-kernel';
import { CONTENT_VISIBILITY, type NewsListRow } from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { MorePages } from '../../../app/more-pages.js';
import { NS } from '../../../i18n.js';
import { deleteNews } from '../api/delete-news.js';
import { getNewsList } from '../api/get-news-list.js';
import { NewsRowActions } from './news-row-actions.js';
import styles from './news-list-page.module.css';

const formatInstant = (value: unknown) => formatDateTime(value as string | null, true);

/**
 * /c-news: the news of the filtered schools (own, shown to them, or for all schools), paged,
 * sorted and filtered on the server; edit, copy and delete per row, an add button.
 */
export function NewsListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('c_news_w');
  const confirm = useConfirm();
  const { schools, selectedIds } = useSchoolFilter();
  const list = useServerListController<NewsListRow>({
    fetchPage: getNewsList,
    initialSort: [{ id: 'date_published', desc: true }],
  });
  const { reload } = list;

  const remove = useCallback(
    async (row: NewsListRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteNews(row.content_id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  const columns = useMemo<ServerColumn<NewsListRow>[]>(() => {
    // Changeable are the news owned by a school in view: the server scopes writes to the
    // school filter, so a news of another school shown through 'certain schools' is read-only.
    const own = new Set(selectedIds.length > 0 ? selectedIds : schools.map((school) => school.id));
    return [
      {
        field: 'schools',
        header: t('news.schools'),
        sortable: false,
        format: (_value, row) => (row.visibility === CONTENT_VISIBILITY.allSchools ? t('news.all_schools') : row.schools.join(', ')),
      },
      { field: 'title', header: t('news.headline'), filter: { type: 'text' }, flex: 2 },
      {
        field: 'active',
        header: t('news.active'),
        width: 110,
        format: (_value, row) => (row.active ? t('news.yes') : t('news.no')),
        filter: { type: 'select', options: [{ value: true, label: t('news.yes') }, { value: false, label: t('news.no') }] },
      },
      { field: 'date_published', header: t('news.published'), minWidth: 170, format: formatInstant },
      { field: 'date_expired', header: t('news.expires'), minWidth: 170, format: formatInstant },
      {
        field: 'actions',
        header: t('news.actions'),
        sortable: false,
        minWidth: 260,
        render: (row) => <NewsRowActions row={row} ownSchool={own.has(row.school_id)} onDelete={(r) => void remove(r)} />,
      },
    ];
  }, [t, schools, selectedIds, remove]);

  return (
    <>
      <PageHeader
        title={t('news.title')}
        actions={
          canWrite ? (
            <Link to="/c-news/create" className={styles.addButton}>
              {t('news.add')}
            </Link>
          ) : undefined
        }
      />
      <ServerTable controller={list} columns={columns} rowId={(row) => row.content_id} label={t('news.title')} />
      <MorePages />
    </>
  );
}
