import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, useCan } from 'shared-kernel';
import type { NewsListRow } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import styles from './news-list-page.module.css';

/** Props of {@link NewsRowActions}. */
export interface NewsRowActionsProps {
  row: NewsListRow;
  /** The row's owner school is one of the user's schools (else it is shown to them read only). */
  ownSchool: boolean;
  onDelete: (row: NewsListRow) => void;
}

/**
 * Edit, copy and delete of one news row. Edit and copy need c_news_w, delete c_news_d; news of
 * another school (shown through 'all schools' or 'certain schools') can only be copied.
 * They are in the tab order; ServerTable's arrow keys move to the same actions of the next row.
 */
export function NewsRowActions({ row, ownSchool, onDelete }: NewsRowActionsProps) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('c_news_w');
  const canDelete = useCan('c_news_d');
  const title = row.title;
  return (
    <span className={styles.actions}>
      {canWrite && ownSchool && (
        <Link to={`/c-news/edit/${row.content_id}`} className={styles.action} aria-label={t('news.edit_item', { title })}>
          {t('news.edit')}
        </Link>
      )}
      {canWrite && (
        <Link to={`/c-news/template/${row.content_id}`} className={styles.action} aria-label={t('news.copy_item', { title })}>
          {t('news.copy')}
        </Link>
      )}
      {canDelete && ownSchool && (
        <Button size="small" variant="danger" aria-label={t('news.delete_item', { title })} onClick={() => onDelete(row)}>
          {t('news.delete')}
        </Button>
      )}
      {!ownSchool && <span className={styles.readOnly}>{t('news.other_school')}</span>}
    </span>
  );
}
