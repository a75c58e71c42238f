import { useId, type ReactNode } from 'react';
import { RequestStateView } from './request-state-view.js';
import styles from './data-panel.module.css';

/** Props of {@link DataPanel}. */
export interface DataPanelProps<T> {
  /** The block's heading (already translated). */
  title: string;
  /** Request state of the load (-1 loading, 0 loaded, > 0 error code). */
  state: number;
  /** The loaded rows, if any. */
  data: T[] | null | undefined;
  /** Retry after a failed load. */
  onRetry: () => void;
  /** Shown when the load brought no rows (already translated). */
  emptyText: string;
  /** Renders the rows, typically as a small <table>. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A titled block of a dashboard that loads a short list: spinner while loading, the error panel
 * with retry on failure, a sentence when empty, else the rows (a plain table inside is styled).
 * @example <DataPanel title={t('reminders')} state={state} data={data} onRetry={reload}
 *   emptyText={t('none')}>{(rows) => <table>…</table>}</DataPanel>
 */
export function DataPanel<T>({ title, state, data, onRetry, emptyText, children }: DataPanelProps<T>) {
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>{title}</h2>
      <RequestStateView state={state} data={data} onRetry={onRetry} emptyText={emptyText} errorHeadingLevel={3}>
        {children}
      </RequestStateView>
    </section>
  );
}
