import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, showErrorDialog, toast, useConfirm, useRequest, useSessionStore } from 'shared-kernel';
import type { UserRow } from 'shared-kernel/contracts';
import { deleteUser, getUsers } from '../api/users.js';
import { NS } from '../i18n.js';
import { displayName } from '../utils/display-name.js';
import { PasswordDialog } from './password-dialog.js';
import { UserCard } from './user-card.js';
import links from '../../settings-links.module.css';
import styles from './users.module.css';

/**
 * /m-conf/user (spec 001 §2, §6): the users the caller may manage, and himself, as cards
 * with role badges. The server decides who is listed (user-policy.ts); edit and password
 * change apply to every listed user, delete only for the superadmin and never on himself.
 */
export function UserListPage() {
  const { t } = useTranslation(NS);
  const self = useSessionStore((s) => s.appState?.user);
  const { state, data, reload } = useRequest((signal) => getUsers(signal), []);
  const [passwordFor, setPasswordFor] = useState<UserRow | null>(null);
  const confirm = useConfirm();

  const remove = async (user: UserRow) => {
    const name = displayName(user);
    if (!(await confirm({ message: `${NS}:users.delete_confirm`, values: { name }, danger: true, confirmLabel: 'ui.delete' }))) return;
    try {
      await deleteUser(user.id);
      toast.success(`${NS}:users.deleted`);
      reload();
    } catch {
      await showErrorDialog({ code: 3, title: 'errors.error' });
    }
  };

  let body;
  if (state === -1 && !data) body = <Spinner showLabel />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (!data?.length) body = <p>{t('users.empty')}</p>;
  else {
    body = (
      <ul className={styles.cards} aria-label={t('users.list_label')}>
        {data.map((user) => (
          <li key={user.id}>
            <UserCard
              user={user}
              isSelf={user.id === self?.id}
              canDelete={self?.level === 1 && user.id !== self.id}
              onChangePassword={setPasswordFor}
              onDelete={(target) => void remove(target)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={t('users.title')}
        actions={
          <>
            {/* The server's background jobs are the superadmin's (issue 17); reached from here. */}
            {self?.level === 1 && (
              <Link className={links.secondaryLink} to="/m-conf/jobs">
                {t('users.jobs_link')}
              </Link>
            )}
            <Link className={links.linkButton} to="/m-conf/user/add">
              {t('users.add')}
            </Link>
          </>
        }
      />
      {body}
      {passwordFor && <PasswordDialog userId={passwordFor.id} name={displayName(passwordFor)} onClose={() => setPasswordFor(null)} />}
    </>
  );
}
