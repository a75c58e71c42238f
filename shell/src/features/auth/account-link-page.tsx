import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PageHeader, SubmitStateBox, confirmDialog, toast, useSessionStore } from 'shared-kernel';
import { accountLinkFormSchema, type AccountLinkRequest } from 'shared-kernel/contracts';
import { FormField, useSchemaForm } from 'shared-kernel/host';
import { linkAccount } from './api/link-account.js';
import { unlinkAccount } from './api/unlink-account.js';
import { accountLinkFailureCode } from './auth-codes.js';
import styles from './auth.module.css';

/** Remembers the account's membership number in the session (the association area reads it). */
function storeMemberNumber(mno: string | null) {
  const { appState, setAppState } = useSessionStore.getState();
  if (appState) setAppState({ ...appState, user: { ...appState.user, mno } });
}

/**
 * /account-link (user menu): links the signed-in account to a membership number of the
 * network. The proof is the member's birth date as the network's register holds it, plus
 * the user's own password; a linked account can be unlinked.
 */
export function AccountLinkPage() {
  const { t } = useTranslation('common');
  const linked = useSessionStore((s) => s.appState?.user.mno ?? null);
  const [unlinkState, setUnlinkState] = useState<number>(-1);
  const form = useSchemaForm<AccountLinkRequest>(
    accountLinkFormSchema,
    { mno: '', dob: '', password: '' },
    async (values) => {
      try {
        const { mno } = await linkAccount(values);
        storeMemberNumber(mno);
        toast.success('save_succeeded');
        return 0;
      } catch (error) {
        return accountLinkFailureCode(error);
      }
    },
  );

  const unlink = async () => {
    if (!(await confirmDialog({ message: 'account_link.unlink_confirm', confirmLabel: 'account_link.unlink', values: { mno: linked } }))) return;
    setUnlinkState(-2);
    try {
      await unlinkAccount();
      storeMemberNumber(null);
      form.reset();
      setUnlinkState(-1);
    } catch {
      setUnlinkState(1);
    }
  };

  return (
    <div className={styles.pageContent}>
      <PageHeader title={t('account_link.title')} />
      {linked ? (
        <>
          <p role="status" className={styles.success}>{t('account_link.linked', { mno: linked })}</p>
          <SubmitStateBox state={unlinkState} busyKey="ui.loading" />
          <div>
            <Button type="button" onClick={() => void unlink()} disabled={unlinkState === -2}>
              {t('account_link.unlink')}
            </Button>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
          <p>{t('account_link.intro')}</p>
          <FormField form={form} name="mno" label="account_link.mno" autoComplete="off" />
          <FormField form={form} name="dob" label="account_link.dob" hint="account_link.dob_hint" inputMode="numeric" autoComplete="bday" />
          <FormField form={form} name="password" label="account_link.password" type="password" autoComplete="current-password" />
          <SubmitStateBox state={form.submitState} />
          <Button type="submit" variant="primary" disabled={form.submitState === -2}>
            {t('account_link.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
