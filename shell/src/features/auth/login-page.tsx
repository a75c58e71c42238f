import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-kernel';
import { LoginForm } from 'shared-kernel/host';
import { navigateTo, readBrowserLocation, useBrowserLocation } from '../../navigation/browser-location.js';
import { PageLink } from '../../navigation/page-link.js';
import { AuthPageFrame } from './auth-page-frame.js';
import styles from './auth.module.css';

/** Where a sign-in goes when `next` names no page of this site. */
const AFTER_LOGIN = '/m-dash';

/**
 * Where to go after login: the requested page, only when it is one of this site's. `next` is
 * resolved the way the browser will resolve it (`/\evil.example/x`, from `/%5Cevil.example/x`,
 * is `//evil.example/x` to a browser, and history.replaceState of another origin throws);
 * only a same-origin result is kept, as its path, query and hash. Anything else, and the
 * login itself, goes to /m-dash.
 */
export function safeNextPath(next: string | null, origin: string = window.location.origin): string {
  if (!next) return AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return AFTER_LOGIN;
  }
  if (url.origin !== origin || url.pathname.startsWith('/login')) return AFTER_LOGIN;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself reads as another origin (`//host` from `/.//host`) is no page of ours.
  return new URL(path, origin).origin === origin ? path : AFTER_LOGIN;
}

export interface LoginPageProps {
  /** Called when the user starts typing (e.g. to fetch the signed-in app meanwhile). */
  onUserInput?: () => void;
}

/** /login: the sign-in form; returns to the page that asked for it (`?next=`). */
export function LoginPage({ onUserInput }: LoginPageProps) {
  const { t } = useTranslation('common');
  const { params } = useBrowserLocation();
  const status = useSessionStore((s) => s.status);
  const next = safeNextPath(params.get('next'));

  useEffect(() => {
    // Already signed in (another tab, the back button): straight on to next. Read the store
    // and the URL now, not the render's values: a logout or a navigation in the same tick wins.
    const current = readBrowserLocation();
    if (useSessionStore.getState().status === 'authenticated' && current.pathname === '/login') {
      navigateTo(safeNextPath(current.params.get('next')), { replace: true });
    }
  }, [status, next]);

  if (status === 'authenticated') return null;
  return (
    <AuthPageFrame title={t('login.title')}>
      <div onInput={onUserInput}>
        <LoginForm onSuccess={() => navigateTo(next, { replace: true })} />
      </div>
      <p className={styles.links}>
        <PageLink to="/password-link">{t('login.forgot_password')}</PageLink>
      </p>
    </AuthPageFrame>
  );
}
