import { useEffect, type ComponentType } from 'react';
import { useSessionStore } from 'shared-kernel';
import { LoginPage } from '../features/auth/login-page.js';
import {
  isSignInPath, loginPathFor, navigateTo, readBrowserLocation, useBrowserLocation,
} from '../navigation/browser-location.js';
import { onDemand } from './on-demand.js';
import { OnDemandScreen } from './on-demand-screen.js';
import { preloadRouterApp } from './router-app-loader.js';

// The password screens validate with the contracts' schemas (yup) from their first render:
// loaded on demand, so the login page does not carry them.
const passwordLinkPage = onDemand<ComponentType>(() =>
  import('../features/auth/password-link-page.js').then((module) => module.PasswordLinkPage),
);
const passwordResetPage = onDemand<ComponentType>(() =>
  import('../features/auth/password-reset-page.js').then((module) => module.PasswordResetPage),
);

/**
 * The screens without a session, switched by pathname: /login, /password-link,
 * /password-reset. Any other path shows the login and keeps that path as `next`.
 */
export function SignInScreens() {
  const { pathname } = useBrowserLocation();

  useEffect(() => {
    // Read the store and the URL now, not the render's values: a navigation in the same tick
    // wins (logout sets /login; a sign-in moves on to next and App then leaves these screens).
    const current = readBrowserLocation();
    if (useSessionStore.getState().status !== 'authenticated' && !isSignInPath(current.pathname)) {
      navigateTo(loginPathFor(current.pathname + current.search), { replace: true });
    }
  }, [pathname]);

  switch (pathname) {
    case '/password-link':
      return <OnDemandScreen key={pathname} screen={passwordLinkPage} />;
    case '/password-reset':
      return <OnDemandScreen key={pathname} screen={passwordResetPage} />;
    default:
      return <LoginPage onUserInput={preloadRouterApp} />;
  }
}
