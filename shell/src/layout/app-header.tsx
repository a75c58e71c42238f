import { useTranslation } from 'react-i18next';
import { SchoolFilter } from '../features/school-filter/school-filter.js';
import { LanguageSwitch } from './language-switch.js';
import { UserMenu } from './user-menu.js';
import styles from './app-header.module.css';

/** The header: product name, school filter, language switch and user menu. */
export function AppHeader() {
  const { t } = useTranslation('common');
  return (
    <header className={styles.header}>
      <p className={styles.brand}>{t('app.name')}</p>
      <div className={styles.tools}>
        <SchoolFilter />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
