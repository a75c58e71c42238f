import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmDiscardUnsavedAsync, useSessionStore } from 'shared-kernel';
import { logout } from 'shared-kernel/host';
import { navigateTo } from '../navigation/browser-location.js';
import { usePopover } from './use-popover.js';
import styles from './header-controls.module.css';

/** The user's name as a button opening: change password, own settings, link (or unlink) the membership number, log out. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useSessionStore((s) => s.appState?.user);
  const popover = usePopover();
  const menuId = useId();
  if (!user) return null;
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;

  const signOut = async () => {
    popover.close(false);
    if (!(await confirmDiscardUnsavedAsync())) return;
    try {
      await logout();
    } catch {
      // The session ends on this side anyway; the server's expires by itself.
    }
    // Without a session the shell unmounts the router app and shows the sign-in screens; the
    // URL is set in the same tick so they open the plain login, with no `next`.
    useSessionStore.getState().clear();
    navigateTo('/login', { replace: true });
  };

  return (
    <div ref={popover.anchorRef} className={styles.popoverAnchor}>
      <button
        ref={popover.buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={popover.open}
        aria-controls={menuId}
        aria-label={t('header.user_menu', { name })}
        onClick={popover.toggle}
      >
        {name}
      </button>
      {popover.open && (
        <div id={menuId} className={styles.popover}>
          <ul className={styles.menuList}>
            <li>
              <Link className={styles.menuItem} to="/password-change" onClick={() => popover.close(false)}>
                {t('header.change_password')}
              </Link>
            </li>
            <li>
              <Link className={styles.menuItem} to="/m-conf/user-settings" onClick={() => popover.close(false)}>
                {t('header.user_settings')}
              </Link>
            </li>
            <li>
              {/* The same page links and unlinks; the entry says which one the account needs. */}
              <Link className={styles.menuItem} to="/account-link" onClick={() => popover.close(false)}>
                {user.mno ? t('header.unlink_account', { mno: user.mno }) : t('header.link_account')}
              </Link>
            </li>
            <li>
              <button type="button" className={styles.menuItem} onClick={() => void signOut()}>
                {t('header.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
