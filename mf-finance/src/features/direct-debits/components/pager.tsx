import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import { DD_NS } from '../i18n.js';
import styles from './direct-debits.module.css';

/** Rows per page of the direct-debit and SEPA file tables (spec 002 §9). */
export const DD_PAGE_SIZE = 20;

/** The page count of `total` rows. */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / DD_PAGE_SIZE));

/** Previous / next page buttons and "page x of y" of a client-side paged table. */
export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(DD_NS);
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('dd.pager')}>
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 0}>
        {t('dd.prev')}
      </Button>
      <span aria-live="polite">{t('dd.page', { page: page + 1, pages })}</span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages - 1}>
        {t('dd.next')}
      </Button>
    </nav>
  );
}
