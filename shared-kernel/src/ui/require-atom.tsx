import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Atom } from '../contracts/atoms.js';
import { useCan, useHasLevel } from '../session/index.js';
import styles from './error-panel.module.css';

/** The notice shown in place of a screen the user's atoms do not allow. */
export function NoPermissionPanel() {
  const { t } = useTranslation('common');
  return (
    <section className={styles.panel} aria-labelledby="sbo-no-permission-title">
      <h2 id="sbo-no-permission-title" className={styles.title}>{t('ui.no_permission_title')}</h2>
      <p>{t('ui.no_permission_text')}</p>
    </section>
  );
}

/** Props of {@link RequireAtom}. */
export interface RequireAtomProps {
  /** The atom the screen needs (its route in the menu table shows with the same atom). */
  atom: Atom;
  children: ReactNode;
}

/**
 * Shows a screen only with the atom it needs; otherwise a clear "no permission" notice instead
 * of a screen whose calls the server would refuse (a deep link or bookmark of a user whose
 * role changed). Convenience only: the server checks every call anyway.
 * @example <Route path="dashboard" element={<RequireAtom atom="finance_r"><FinanceDashboardPage /></RequireAtom>} />
 */
export function RequireAtom({ atom, children }: RequireAtomProps) {
  const allowed = useCan(atom);
  return allowed ? <>{children}</> : <NoPermissionPanel />;
}

/** Props of {@link RequireLevel}. */
export interface RequireLevelProps {
  /** The lowest rank that may open the screen: 2 = superadmin and admin (1 superadmin, 2 admin, 3 user). */
  maxLevel: number;
  children: ReactNode;
}

/**
 * Shows a screen only to users of level `maxLevel` or better (the menu's "user level 1 or 2
 * only" items: roles, users); otherwise the same "no permission" notice as {@link RequireAtom}.
 * Convenience only: the server checks the level on every call anyway.
 * @example <Route path="user" element={<RequireLevel maxLevel={2}><UserListPage /></RequireLevel>} />
 */
export function RequireLevel({ maxLevel, children }: RequireLevelProps) {
  const allowed = useHasLevel(maxLevel);
  return allowed ? <>{children}</> : <NoPermissionPanel />;
}
