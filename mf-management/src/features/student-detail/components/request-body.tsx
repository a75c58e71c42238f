import type { ReactNode } from 'react';
import { ErrorPanel, Spinner } from 'shared-kernel';

/** Props of {@link RequestBody}. */
export interface RequestBodyProps<T> {
  /** Request state of the load (-1 loading, 0 loaded, > 0 error code). */
  state: number;
  /** The last answer (undefined until the first one arrives; null is a valid answer). */
  data: T | undefined;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}

/**
 * The body of a panel that loads its data: spinner until the first answer, the error panel with
 * retry when the load failed, else the content (kept while a reload runs).
 */
export function RequestBody<T>({ state, data, onRetry, children }: RequestBodyProps<T>) {
  if (state > 0) return <ErrorPanel code={state} onRetry={onRetry} headingLevel={3} />;
  if (data === undefined) return <Spinner showLabel />;
  return <>{children(data)}</>;
}
