import { ErrorPanel, Spinner, Toaster, useSessionStore } from 'shared-kernel';
import { useSessionBootstrap } from 'shared-kernel/host';
import { isSignInPath, useBrowserLocation } from '../navigation/browser-location.js';
import { SignInScreens } from './sign-in-screens.js';
import { OnDemandScreen } from './on-demand-screen.js';
import { routerApp } from './router-app-loader.js';
import styles from './app.module.css';

/**
 * The shell. Asks the server for the session first; without one it shows the sign-in screens
 * (no react-router: they are what a user loads first), with one it loads the router app. A
 * logout or a 401 clears the session store and the sign-in screens come back, keeping the
 * URL the user was on as the login's `next`.
 */
export function App() {
  const { state, retry } = useSessionBootstrap();
  const status = useSessionStore((s) => s.status);
  const { pathname } = useBrowserLocation();

  let content;
  if (state === -1) {
    content = <div className={styles.centered}><Spinner showLabel /></div>;
  } else if (state > 0) {
    content = (
      <main className={styles.centered}>
        <ErrorPanel code={state} onRetry={retry} />
      </main>
    );
  } else if (status === 'authenticated' && !isSignInPath(pathname)) {
    content = <OnDemandScreen screen={routerApp} />;
  } else {
    // A signed-in user may still open a password-reset link; /login then sends them on.
    content = <SignInScreens />;
  }
  return (
    <>
      {content}
      <Toaster />
    </>
  );
}
