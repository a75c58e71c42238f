import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel, Spinner, useRequest, useSchoolFilter } from 'shared-kernel';
import { DUNNING_LEVELS } from 'shared-kernel/contracts';
import { getDunningCounts } from '../api/dunning-runs.js';
import { NS } from '../i18n.js';
import styles from './dunning-menu.module.css';

/**
 * The finance overview's dunning menu (spec 001 §2 "Finance dashboard … and a dunning menu"):
 * a link to each level's run (/m-student/dun/1, 2, 3) with the number of items due there.
 */
export function DunningMenu() {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getDunningCounts(signal), [key]);
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className={styles.menu}>
      <h2 id={headingId} className={styles.heading}>{t('dunning.menu_title')}</h2>
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} headingLevel={3} />
      ) : (
        <ul className={styles.list}>
          {DUNNING_LEVELS.map((level) => (
            <li key={level}>
              <Link to={`/m-student/dun/${level}`} className={styles.link}>
                <span>{t(`dunning.menu_level_${level}`)}</span>
                <span className={styles.count}>
                  {data ? t('dunning.menu_due', { count: data.counts[level] }) : state === -1 ? <Spinner /> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
