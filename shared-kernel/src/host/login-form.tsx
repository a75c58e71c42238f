import { useTranslation } from 'react-i18next';
import type { LoginRequest } from 'shared-kernel/contracts';
// The host is its own shared entry: reach the root kernel by name so its singletons
// (session, toasts, i18n) are the page's one copy, never a second bundled one.
import { Button, SubmitStateBox, errorBodyCode, useSessionStore } from 'shared-kernel';
import { ERROR } from '../contracts/errors.js';
import { FormField } from './form-field.js';
import { getAppState, login } from './session-api.js';
import { useSchemaForm } from './use-schema-form.js';
import styles from './host.module.css';

// The rule is the contracts' loginSchema; it (and yup with it) loads when the user starts
// typing, not with the page.
const loadLoginSchema = () => import('shared-kernel/contracts').then((contracts) => contracts.loginSchema);

export interface LoginFormProps {
  /** Called after the session is open and its state stored. */
  onSuccess?: () => void;
}

/**
 * The sign-in form (username, password): opens a session through POST /api-auth/login, loads
 * the session state and stores it in the session store. A failure shows the text of the
 * server's code, else of code 2.
 *
 * @example
 * <LoginForm onSuccess={() => navigate(next)} />
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation('common');
  const setAppState = useSessionStore((s) => s.setAppState);
  const form = useSchemaForm<LoginRequest>(loadLoginSchema, { username: '', password: '' }, async (values) => {
    try {
      await login(values);
      setAppState(await getAppState());
    } catch (error) {
      return (await errorBodyCode(error)) ?? ERROR.badLogin;
    }
    onSuccess?.();
    return 0;
  });
  return (
    <form className={styles.form} onSubmit={form.handleSubmit} noValidate aria-label={t('login.title')}>
      <FormField form={form} name="username" label="login.username" autoComplete="username" autoFocus />
      <FormField form={form} name="password" label="login.password" type="password" autoComplete="current-password" />
      <SubmitStateBox state={form.submitState} busyKey="ui.loading" />
      <Button type="submit" variant="primary" disabled={form.submitState === -2}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
