/** A part of the shell loaded with a dynamic import on first use (see `onDemand`). */
export interface OnDemand<T> {
  /** Loads it once; a failed load is forgotten so the next call tries again. */
  load(): Promise<T>;
  /** It, when loaded before (renders at once, no loading frame); else null. */
  loaded(): T | null;
}

/**
 * Wraps a dynamic import so the chunk is fetched once, on first use. The sign-in screens use
 * it to keep react-router and yup out of the login page's first load.
 *
 * @example
 * const routerApp = onDemand(() => import('./router-app.js').then((m) => m.RouterApp));
 */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load() {
      loading ??= importer().then(
        (result) => {
          value = result;
          return result;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
  };
}
