import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-kernel';
import { LoginForm } from 'shared-kernel/host';
import { AuthPageFrame } from './auth-page-frame.js';
import styles from './auth.module.css';

/** Where to go after login: the requested path, only when it is one of this site's. */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/m-dash';
}

/** /login: the sign-in form; returns to the page that asked for it. */
export function LoginPage() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useSessionStore((s) => s.status);
  const next = safeNextPath(params.get('next'));
  if (status === 'authenticated') return <Navigate to={next} replace />;
  return (
    <AuthPageFrame title={t('login.title')}>
      <LoginForm onSuccess={() => navigate(next, { replace: true })} />
      <p className={styles.links}>
        <Link to="/password-link">{t('login.forgot_password')}</Link>
      </p>
    </AuthPageFrame>
  );
}
