import { useId, type ReactNode } from 'react';
import styles from './dashboard.module.css';

/**
 * A titled block of /m-dash whose content is not a short list (the chart, the map): the
 * content loads and fails on its own, the section only names it.
 */
export function DashboardSection({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={wide ? `${styles.section} ${styles.wide}` : styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
