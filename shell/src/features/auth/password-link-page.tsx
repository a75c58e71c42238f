import { useTranslation } from 'react-i18next';
import { Button, SubmitStateBox } from 'shared-kernel';
import { passwordLinkSchema, type PasswordLinkRequest } from 'shared-kernel/contracts';
import { FormField, useSchemaForm } from 'shared-kernel/host';
import { PageLink } from '../../navigation/page-link.js';
import { requestPasswordLink } from './api/request-password-link.js';
import { passwordLinkFailureCode } from './auth-codes.js';
import { AuthPageFrame } from './auth-page-frame.js';
import styles from './auth.module.css';

/** /password-link: asks for a password-reset e-mail. */
export function PasswordLinkPage() {
  const { t } = useTranslation('common');
  const form = useSchemaForm<PasswordLinkRequest>(passwordLinkSchema, { username: '' }, async (values) => {
    try {
      await requestPasswordLink(values);
      return 0;
    } catch (error) {
      return passwordLinkFailureCode(error);
    }
  });
  return (
    <AuthPageFrame title={t('password.link_title')}>
      {form.submitState === 0 ? (
        <p role="status" className={styles.success}>{t('password.link_sent')}</p>
      ) : (
        <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
          <p>{t('password.link_intro')}</p>
          <FormField form={form} name="username" label="password.link_username" autoComplete="username" autoFocus />
          <SubmitStateBox state={form.submitState} />
          <Button type="submit" variant="primary" disabled={form.submitState === -2}>
            {t('password.link_submit')}
          </Button>
        </form>
      )}
      <p className={styles.links}>
        <PageLink to="/login">{t('login.back_to_login')}</PageLink>
      </p>
    </AuthPageFrame>
  );
}
