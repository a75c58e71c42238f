import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorCode } from './error-code.js';

export interface RequestResult<T> {
  /** -1 loading, 0 success, > 0 error code (request state convention). */
  state: number;
  /** The last successful answer (kept while reloading). */
  data: T | undefined;
  /** Fetches again (retry button). */
  reload: () => void;
}

/**
 * Runs one read request for a screen with the request-state convention. Refetches when `deps`
 * change (put the school filter's `key` in them) and aborts a request the screen no longer
 * needs. `enabled: false` skips the request (e.g. without the atom).
 *
 * @example
 * const { key } = useSchoolFilter();
 * const { state, data, reload } = useRequest((signal) => getUpcomingReminders(signal), [key]);
 * if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
 */
export function useRequest<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  options: { enabled?: boolean } = {},
): RequestResult<T> {
  const enabled = options.enabled ?? true;
  const [state, setState] = useState<number>(-1);
  const [data, setData] = useState<T | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  // Runs before the request effect below, so a reload uses the latest fetcher.
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState(-1);
    fetcherRef.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setState(0);
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = await toErrorCode(error);
        if (!controller.signal.aborted) setState(code);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's.
  }, [enabled, attempt, ...deps]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, data, reload };
}
