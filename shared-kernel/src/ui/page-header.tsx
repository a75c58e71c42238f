import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page's heading text (already translated). */
  title: ReactNode;
  /** Buttons or links for the page's main actions, shown at the right. */
  actions?: ReactNode;
  /** Anything under the title (e.g. a sub-heading). */
  children?: ReactNode;
}

/**
 * The heading row of a screen: one <h1> and the page's actions.
 * @example <PageHeader title={t('students')} actions={<Button variant="primary">…</Button>} />
 */
export function PageHeader({ title, actions, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
