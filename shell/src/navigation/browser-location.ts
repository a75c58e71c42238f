import { useMemo, useSyncExternalStore } from 'react';

// The sign-in screens are the first thing a user loads, so they navigate without
// react-router: the browser's history API, a pathname switch, popstate. The router app takes
// over after sign-in; it never needs to be told of these changes because it is created (from
// window.location) only when it mounts.

/** The part of the page URL the sign-in screens read. */
export interface BrowserLocation {
  pathname: string;
  search: string;
  /** The query of `search`, parsed. */
  params: URLSearchParams;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** The current location, read now (not from a render). */
export function readBrowserLocation(): BrowserLocation {
  const { pathname, search } = window.location;
  return { pathname, search, params: new URLSearchParams(search) };
}

/**
 * The page's path and query; re-renders after `navigateTo` and the browser's back/forward.
 *
 * @example
 * const { params } = useBrowserLocation(); const key = params.get('k');
 */
export function useBrowserLocation(): BrowserLocation {
  const path = useSyncExternalStore(subscribe, currentPath, currentPath);
  return useMemo(() => {
    const url = new URL(path, window.location.origin);
    return { pathname: url.pathname, search: url.search, params: url.searchParams };
  }, [path]);
}

/**
 * Goes to a path of this site (path + query) without a page load: a new history entry, or
 * `replace` the current one. Listeners of `useBrowserLocation` render the new location.
 */
export function navigateTo(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (to === currentPath()) return;
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
}

/** The login URL that returns to `path` afterwards. */
export function loginPathFor(path: string): string {
  return path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login';
}

/** The screens shown without a session, by path. */
export const SIGN_IN_PATHS = ['/login', '/password-link', '/password-reset'] as const;
export type SignInPath = (typeof SIGN_IN_PATHS)[number];

/** Whether a path is one of the sign-in screens. */
export function isSignInPath(pathname: string): pathname is SignInPath {
  return (SIGN_IN_PATHS as readonly string[]).includes(pathname);
}
