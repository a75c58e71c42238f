import { useTranslation } from 'react-i18next';
import { Button, PageHeader, SubmitStateBox, toast, useSessionStore } from 'shared-kernel';
import { passwordChangeSchema, type PasswordChangeRequest } from 'shared-kernel/contracts';
import { FormField, useSchemaForm } from 'shared-kernel/host';
import { changePassword } from './api/change-password.js';
import { passwordChangeFailureCode } from './auth-codes.js';
import styles from './auth.module.css';

/** /password-change (user menu): the signed-in user changes the own password. */
export function PasswordChangePage() {
  const { t } = useTranslation('common');
  const userId = useSessionStore((s) => s.appState?.user.id);
  const form = useSchemaForm<PasswordChangeRequest>(
    passwordChangeSchema,
    { current: '', pw: '', pwc: '' },
    async (values) => {
      if (userId === undefined) return 3;
      try {
        await changePassword(userId, values);
        toast.success('save_succeeded');
        return 0;
      } catch (error) {
        return passwordChangeFailureCode(error);
      }
    },
  );
  return (
    <div className={styles.pageContent}>
      <PageHeader title={t('password.change_title')} />
      {form.submitState === 0 ? (
        <p role="status" className={styles.success}>{t('password.change_done')}</p>
      ) : (
        <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
          <FormField form={form} name="current" label="password.current_password" type="password" autoComplete="current-password" />
          <FormField form={form} name="pw" label="password.new_password" type="password" autoComplete="new-password" />
          <FormField form={form} name="pwc" label="password.repeat_password" type="password" autoComplete="new-password" />
          <SubmitStateBox state={form.submitState} />
          <Button type="submit" variant="primary" disabled={form.submitState === -2}>
            {t('password.change_submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
