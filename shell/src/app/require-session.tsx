import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorPanel, Spinner, useSessionStore } from 'shared-kernel';
import { useSessionBootstrap } from 'shared-kernel/host';
import styles from './remote-area-view.module.css';

/** The login URL that returns to `path` afterwards. */
export function loginPathFor(path: string): string {
  return path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login';
}

/**
 * Shows its children only with a session: asks the server for the session state on first
 * render, sends a visitor without one to the login (keeping the requested URL).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state, retry } = useSessionBootstrap();
  const status = useSessionStore((s) => s.status);
  const location = useLocation();
  if (state === -1) return <div className={styles.loading}><Spinner showLabel /></div>;
  if (state > 0) {
    return (
      <main className={styles.loading}>
        <ErrorPanel code={state} onRetry={retry} />
      </main>
    );
  }
  if (status !== 'authenticated') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return <>{children}</>;
}
