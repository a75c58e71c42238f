import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, ErrorPanel, PageHeader, Spinner, formatDate, useRequest, useSchoolFilter,
} from 'shared-kernel';
import { CONTENT_VISIBILITY, DEFAULT_PAGE_SIZE } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { getNewsList } from '../api/get-news-list.js';
import styles from './news-list-page.module.css';

/** /c-news: the news of the filtered schools, newest first, paged on the server. */
export function NewsListPage() {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(0);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest(
    (signal) =>
      getNewsList(
        { page, pageSize: DEFAULT_PAGE_SIZE, sorted: [{ id: 'date_published', desc: true }], filtered: [] },
        signal,
      ),
    [page, key],
  );

  let body;
  if (state === -1 && !data) body = <Spinner showLabel />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (!data?.rows.length) body = <p>{t('news.empty')}</p>;
  else {
    const pages = Math.max(1, data.pages);
    body = (
      <>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('news.headline')}</th>
              <th scope="col">{t('news.schools')}</th>
              <th scope="col">{t('news.active')}</th>
              <th scope="col">{t('news.published')}</th>
              <th scope="col">{t('news.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.content_id}>
                <td>{row.title}</td>
                <td>{row.visibility === CONTENT_VISIBILITY.allSchools ? t('news.all_schools') : row.schools.join(', ')}</td>
                <td>{row.active ? t('news.yes') : t('news.no')}</td>
                <td>{formatDate(row.date_published)}</td>
                <td>{formatDate(row.date_expired)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <nav className={styles.pager} aria-label={t('news.page_of', { page: page + 1, pages, total: data.total })}>
          <Button onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>{t('news.previous')}</Button>
          <span>{t('news.page_of', { page: page + 1, pages, total: data.total })}</span>
          <Button onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages}>{t('news.next')}</Button>
        </nav>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('news.title')} />
      {body}
    </>
  );
}
