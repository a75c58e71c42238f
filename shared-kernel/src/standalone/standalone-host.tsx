import { useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, RemoteBuildInfo, Spinner, Toaster, initRemotes, useSessionStore } from 'shared-kernel';
// Its own shared entry like the host: reach the sign-in pieces by name so the page holds one
// copy of them.
import { LoginForm, logout, useSessionBootstrap } from 'shared-kernel/host';
import styles from './standalone.module.css';

export interface StandaloneHostProps {
  /** The remote's federation name (management, finance, association, content). */
  area: string;
  /** The remote's routes by prefix, as its './routes' module exports them. */
  routes: Record<string, ComponentType>;
  /** The remote's build id (its './routes' module's `buildId`), shown under the area. */
  buildId?: string;
}

/**
 * A minimal host for running one remote alone (QA, `npm run standalone -w mf-<name>`): session
 * bootstrap, the login, the remote's routes under their prefixes and a logout button; no menu.
 *
 * @example
 * createRoot(el).render(<StandaloneHost area="finance" routes={routes} />);
 */
export function StandaloneHost({ area, routes, buildId }: StandaloneHostProps) {
  const { t } = useTranslation('common');
  const { state, retry } = useSessionBootstrap();
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.appState?.user);
  const prefixes = Object.keys(routes);

  useEffect(() => {
    // Widgets of the other remotes (RemoteSlot) come from the registry when it is reachable.
    void initRemotes('/remotes.json', { exclude: [area] });
  }, [area]);

  const signOut = async () => {
    try {
      await logout();
    } finally {
      useSessionStore.getState().clear();
    }
  };

  let content;
  if (state === -1) {
    content = <div className={styles.centered}><Spinner showLabel /></div>;
  } else if (state > 0) {
    content = <ErrorPanel code={state} onRetry={retry} />;
  } else if (status !== 'authenticated') {
    content = (
      <section className={styles.card} aria-labelledby="standalone-login-title">
        <h1 id="standalone-login-title">{t('login.title')}</h1>
        <LoginForm />
      </section>
    );
  } else {
    content = (
      <Routes>
        {prefixes.map((prefix) => {
          const AreaRoutes = routes[prefix];
          return <Route key={prefix} path={`${prefix}/*`} element={<AreaRoutes />} />;
        })}
        <Route path="*" element={<Navigate to={`/${prefixes[0] ?? ''}`} replace />} />
      </Routes>
    );
  }
  const buildLine = status === 'authenticated' && buildId ? <footer><RemoteBuildInfo buildId={buildId} /></footer> : null;

  return (
    <BrowserRouter>
      <div className={styles.page}>
        <header className={styles.header}>
          <p className={styles.brand}>{t('app.name')} · {t(`app.area.${area}`, { defaultValue: area })}</p>
          {status === 'authenticated' && (
            <Button onClick={signOut}>
              {t('header.logout')}{user ? ` (${user.username})` : ''}
            </Button>
          )}
        </header>
        <main className={styles.main}>{content}{buildLine}</main>
        <Toaster />
      </div>
    </BrowserRouter>
  );
}
