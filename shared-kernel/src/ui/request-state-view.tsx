import type { ReactNode } from 'react';
import { ErrorPanel } from './error-panel.js';
import { Spinner } from './spinner.js';

/** Props of {@link RequestStateView}. */
export interface RequestStateViewProps<T> {
  /** Request state of the load (-1 loading, 0 loaded, > 0 error code). */
  state: number;
  /** The loaded rows, if any. */
  data: T[] | null | undefined;
  /** Retry after a failed load. */
  onRetry: () => void;
  /** Shown when the load brought no rows (already translated). */
  emptyText: string;
  /** Heading level of the error panel (default: the panel's own). */
  errorHeadingLevel?: 2 | 3 | 4;
  /** Renders the rows. */
  children: (rows: T[]) => ReactNode;
}

/**
 * What a screen shows for a loaded list: the spinner while the first load runs, the error
 * panel with retry on failure, a sentence when there are no rows, else the rows. While a
 * reload runs the old rows stay on screen.
 * @example <RequestStateView state={state} data={data} onRetry={reload} emptyText={t('roles.empty')}>
 *   {(rows) => <PlainTable>…</PlainTable>}</RequestStateView>
 */
export function RequestStateView<T>({ state, data, onRetry, emptyText, errorHeadingLevel, children }: RequestStateViewProps<T>) {
  if (state > 0) return <ErrorPanel code={state} onRetry={onRetry} headingLevel={errorHeadingLevel} />;
  if (state === -1 && !data) return <Spinner showLabel />;
  if (!data?.length) return <p>{emptyText}</p>;
  return <>{children(data)}</>;
}
