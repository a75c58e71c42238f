import { useCallback, useEffect, useState } from 'react';
import { useSessionStore, toErrorCode, errorStatus } from 'shared-kernel';
import { getAppState } from './session-api.js';

/**
 * Loads the session state once at start (GET /api-application-state/get-state?module=main).
 * 401 leaves the store anonymous (show the login); another failure gives its error code with
 * a retry. Returns 0 when done, -1 while loading, or the error code.
 */
export function useSessionBootstrap(): { state: number; retry: () => void } {
  const status = useSessionStore((s) => s.status);
  const [state, setState] = useState<number>(status === 'unknown' ? -1 : 0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (useSessionStore.getState().status !== 'unknown') {
      setState(0);
      return;
    }
    const controller = new AbortController();
    setState(-1);
    getAppState(controller.signal).then(
      (appState) => {
        useSessionStore.getState().setAppState(appState);
        setState(0);
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (errorStatus(error) === 401) {
          useSessionStore.getState().clear();
          setState(0);
          return;
        }
        setState(await toErrorCode(error));
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
