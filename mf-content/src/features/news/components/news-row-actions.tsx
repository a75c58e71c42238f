import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, useCan } from 'shared-kernel';
import type { NewsListRow } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import styles from './news-list-page.module.css';

/**
 * Makes the links and buttons in a grid cell reachable by keyboard: ag-grid moves Tab from
 * cell to cell and never into a cell's content. Enter on the focused cell moves into its
 * first action; inside, Tab and Shift+Tab follow the page order (the browser's default) and
 * Escape goes back to the cell. Native listeners: ag-grid listens on its own elements, below
 * React's root, so React handlers would run too late to stop it.
 */
function useCellKeyboardAccess(actionsRef: RefObject<HTMLSpanElement | null>) {
  useEffect(() => {
    const actions = actionsRef.current;
    const cell = actions?.closest<HTMLElement>('.ag-cell');
    if (!actions || !cell) return undefined;
    const intoActions = (event: KeyboardEvent) => {
      if (event.target !== cell || event.key !== 'Enter') return;
      const first = actions.querySelector<HTMLElement>('a[href], button:not([disabled])');
      if (!first) return;
      event.preventDefault();
      event.stopPropagation();
      first.focus();
    };
    const withinActions = (event: KeyboardEvent) => {
      if (event.key === 'Tab' || event.key === 'Enter' || event.key === ' ') event.stopPropagation();
      if (event.key === 'Escape') {
        event.stopPropagation();
        cell.focus();
      }
    };
    cell.addEventListener('keydown', intoActions);
    actions.addEventListener('keydown', withinActions);
    return () => {
      cell.removeEventListener('keydown', intoActions);
      actions.removeEventListener('keydown', withinActions);
    };
  }, [actionsRef]);
}

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
 */
export function NewsRowActions({ row, ownSchool, onDelete }: NewsRowActionsProps) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('c_news_w');
  const canDelete = useCan('c_news_d');
  const title = row.title;
  const actionsRef = useRef<HTMLSpanElement>(null);
  useCellKeyboardAccess(actionsRef);
  return (
    <span ref={actionsRef} className={styles.actions}>
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
