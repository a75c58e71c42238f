import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { preloadRemote, useSessionStore } from 'shared-kernel';
import { areaForPath } from '../app/remote-areas.js';
import { visibleMenu } from './visible-menu.js';
import styles from './nav-menu.module.css';

function preloadFor(route: string) {
  const area = areaForPath(route);
  if (area) preloadRemote(area.remote);
}

/**
 * The navigation menu (spec 001 §2): groups as headed lists inside a labelled <nav>; the current
 * item carries aria-current="page"; hovering or focusing an item preloads its remote.
 */
export function NavMenu() {
  const { t } = useTranslation('common');
  const appState = useSessionStore((s) => s.appState);
  const groups = visibleMenu(appState);
  return (
    <nav className={styles.nav} aria-label={t('menu.label')}>
      {groups.map((group) => {
        const headingId = `menu-group-${group.id}`;
        return (
          <section key={group.id} className={styles.group} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.heading}>{t(group.labelKey)}</h2>
            <ul className={styles.list}>
              {group.items.map((entry) => (
                <li key={entry.id}>
                  {entry.external ? (
                    <a
                      className={styles.link}
                      href={appState?.eventsCalendarUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t(entry.labelKey)} <span className={styles.hint}>{t('menu.opens_new_tab')}</span>
                    </a>
                  ) : (
                    <NavLink
                      to={entry.route}
                      className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                      onMouseEnter={() => preloadFor(entry.route)}
                      onFocus={() => preloadFor(entry.route)}
                    >
                      {t(entry.labelKey)}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
