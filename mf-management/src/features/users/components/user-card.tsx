import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, useSchoolFilter } from 'shared-kernel';
import type { UserRow } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import { displayName } from '../utils/display-name.js';
import links from '../../settings-links.module.css';
import styles from './users.module.css';

/** Props of {@link UserCard}. */
export interface UserCardProps {
  user: UserRow;
  /** The card is the signed-in user's own. */
  isSelf: boolean;
  /** Show the delete button (the superadmin, never on his own card). */
  canDelete: boolean;
  onChangePassword: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

/**
 * One user: name, username, e-mail, badges for level, role, schools and a locked account,
 * and the actions the caller may take (the list holds only users he manages).
 */
export function UserCard({ user, isSelf, canDelete, onChangePassword, onDelete }: UserCardProps) {
  const { t } = useTranslation(NS);
  const { schools } = useSchoolFilter();
  const titleId = useId();
  const name = displayName(user);
  const schoolNames = user.schools.map((id) => schools.find((school) => school.id === id)?.name).filter(Boolean);
  const schoolsText =
    user.status === 1
      ? t('users.all_schools')
      : schoolNames.length === user.schools.length && schoolNames.length > 0
        ? schoolNames.join(', ')
        : t('users.schools_count', { count: user.schools.length });
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {name}
        {isSelf && ` (${t('users.you')})`}
      </h2>
      <p className={styles.cardMeta}>
        {t('users.username')}: {user.un}
        <br />
        {user.email}
      </p>
      <ul className={styles.badges} aria-label={t('users.role')}>
        <li className={styles.badge} data-kind="level">{t(`users.level.${user.l}`)}</li>
        {user.role_name && <li className={styles.badge}>{user.role_name}</li>}
        {user.disabled && <li className={styles.badge} data-kind="disabled">{t('users.disabled')}</li>}
      </ul>
      <p className={styles.cardMeta}>
        {t('users.schools')}: {schoolsText}
      </p>
      <div className={styles.cardActions}>
        <Link className={links.smallLink} to={`/m-conf/user/edit/${user.id}`} aria-label={t('users.edit', { name })}>
          {t('users.edit_button')}
        </Link>
        <Button size="small" onClick={() => onChangePassword(user)} aria-label={t('users.change_password', { name })}>
          {t('common:header.change_password')}
        </Button>
        {canDelete && (
          <Button size="small" variant="danger" onClick={() => onDelete(user)} aria-label={t('users.delete', { name })}>
            {t('common:ui.delete')}
          </Button>
        )}
      </div>
    </article>
  );
}
