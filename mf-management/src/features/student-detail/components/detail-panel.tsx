import { useId, type ReactNode } from 'react';
import styles from './student-detail.module.css';

/** Props of {@link DetailPanel}. */
export interface DetailPanelProps {
  /** The panel's heading (already translated). */
  title: string;
  /** Buttons at the right of the heading (edit, add, …). */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A titled block of the student detail (a section labelled by its h2) with optional actions. */
export function DetailPanel({ title, actions, children, className }: DetailPanelProps) {
  const titleId = useId();
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>{title}</h2>
        {actions && <div className={styles.panelActions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
