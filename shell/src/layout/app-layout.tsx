import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavMenu } from '../navigation/nav-menu.js';
import { AppHeader } from './app-header.js';
import styles from './app-layout.module.css';

/** The page frame behind the login: header, navigation menu and the area in <main>. */
export function AppLayout() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main-content">{t('app.skip_to_content')}</a>
      <AppHeader />
      <div className={styles.body}>
        <aside className={styles.sidebar}>
          <NavMenu />
        </aside>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
