import { useCallback, useEffect, useState } from 'react';
import { toErrorCode } from 'shared-kernel';

/** A load's request state (-1 loading, 0 loaded, > 0 error code) and answer. */
export interface Loaded<T> {
  state: number;
  data: T | null;
  reload: () => void;
}

/**
 * Loads `load` on mount and whenever `deps` change (an older answer arriving late is dropped:
 * its request is aborted); `reload()` loads again and keeps the old answer on screen meanwhile.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState(-1);
  const [data, setData] = useState<T | null>(null);
  const [round, setRound] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    const controller = new AbortController();
    setState(-1);
    run(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setState(0);
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(await toErrorCode(error));
      },
    );
    return () => controller.abort();
  }, [run, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { state, data, reload };
}
