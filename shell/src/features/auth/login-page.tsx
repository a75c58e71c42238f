import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-kernel';
import { LoginForm } from 'shared-kernel/host';
import { navigateTo, readBrowserLocation, useBrowserLocation } from '../../navigation/browser-location.js';
import { PageLink } from '../../navigation/page-link.js';
import { AuthPageFrame } from './auth-page-frame.js';
import styles from './auth.module.css';

/** Where to go after login: the requested path, only when it is one of this site's. */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/m-dash';
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
