import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, Spinner, SubmitStateBox } from 'shared-kernel';
import { ERROR, passwordResetSchema, type PasswordResetRequest } from 'shared-kernel/contracts';
import { FormField, useSchemaForm } from 'shared-kernel/host';
import { useBrowserLocation } from '../../navigation/browser-location.js';
import { PageLink } from '../../navigation/page-link.js';
import { checkResetLink, resetPassword } from './api/reset-password.js';
import { passwordResetFailureCode } from './auth-codes.js';
import { AuthPageFrame } from './auth-page-frame.js';
import styles from './auth.module.css';

/** /password-reset?k=...: checks the link, then sets a new password. */
export function PasswordResetPage() {
  const { t } = useTranslation('common');
  const { params } = useBrowserLocation();
  const key = params.get('k') ?? '';
  // -1 checking, 0 valid, > 0 the code why the link cannot be used.
  const [linkState, setLinkState] = useState<number>(key ? -1 : ERROR.linkInvalid);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    checkResetLink(key, controller.signal).then(
      () => setLinkState(0),
      async (error: unknown) => {
        if (!controller.signal.aborted) setLinkState(await passwordResetFailureCode(error));
      },
    );
    return () => controller.abort();
  }, [key]);

  const form = useSchemaForm<PasswordResetRequest>(passwordResetSchema, { pw: '', pwc: '' }, async (values) => {
    try {
      await resetPassword(key, values);
      return 0;
    } catch (error) {
      return passwordResetFailureCode(error);
    }
  });

  let content;
  if (linkState === -1) {
    content = <Spinner labelKey="password.reset_checking" showLabel />;
  } else if (linkState > 0) {
    content = (
      <>
        <ErrorPanel code={linkState} />
        <p className={styles.links}><PageLink to="/password-link">{t('password.request_new_link')}</PageLink></p>
      </>
    );
  } else if (form.submitState === 0) {
    content = <p role="status" className={styles.success}>{t('password.reset_done')}</p>;
  } else {
    content = (
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormField form={form} name="pw" label="password.new_password" type="password" autoComplete="new-password" autoFocus />
        <FormField form={form} name="pwc" label="password.repeat_password" type="password" autoComplete="new-password" />
        <SubmitStateBox state={form.submitState} />
        <Button type="submit" variant="primary" disabled={form.submitState === -2}>
          {t('password.reset_submit')}
        </Button>
      </form>
    );
  }

  return (
    <AuthPageFrame title={t('password.reset_title')}>
      {content}
      <p className={styles.links}>
        <PageLink to="/login">{t('login.back_to_login')}</PageLink>
      </p>
    </AuthPageFrame>
  );
}
