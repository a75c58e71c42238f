import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NS } from '../i18n.js';
import styles from './more-pages.module.css';

/**
 * Links to the content area's pages the menu does not list (spec 001 §2 lists only news,
 * gallery, team and settings): the video tutorials (/c-help) and the seminars (/c-seminar).
 * Shown on /c-news, where the area starts (/c-dash leads there).
 */
export function MorePages() {
  const { t } = useTranslation(NS);
  return (
    <nav aria-label={t('more_pages.label')} className={styles.links}>
      <Link to="/c-help">{t('more_pages.help')}</Link>
      <Link to="/c-seminar">{t('more_pages.seminar')}</Link>
    </nav>
  );
}
