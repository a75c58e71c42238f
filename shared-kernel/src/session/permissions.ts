import { createElement, Fragment, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppState, Atom, SchoolRef } from 'shared-kernel/contracts';
// Not the contracts barrel: it brings yup, which the kernel's root entry must not load.
import { USER_LEVEL } from '../contracts/atoms.js';
import { useSessionStore } from './session-store.js';

/** Whether a session holds an atom. Levels 1 and 2 (superadmin, admin) hold every atom. */
export function stateCan(appState: AppState | null | undefined, atom: Atom): boolean {
  if (!appState) return false;
  if (appState.user.level <= USER_LEVEL.admin) return true;
  return appState.atoms.includes(atom);
}

/** Whether the user's level is `max` or higher in rank (1 superadmin, 2 admin, 3 user). */
export function stateHasLevel(appState: AppState | null | undefined, max: number): boolean {
  return Boolean(appState && appState.user.level <= max);
}

/**
 * Whether the signed-in user holds a permission atom. The UI only hides what the user may not
 * do; the server refuses it anyway.
 *
 * @example
 * if (can('lead_d')) showDeleteButton();
 */
export function can(atom: Atom): boolean {
  return stateCan(useSessionStore.getState().appState, atom);
}

/** `can` as a hook: re-renders when the session changes. */
export function useCan(atom: Atom): boolean {
  return useSessionStore((s) => stateCan(s.appState, atom));
}

/** Whether the signed-in user's level is `max` or better (`hasLevel(2)`: superadmin or admin). */
export function hasLevel(max: number): boolean {
  return stateHasLevel(useSessionStore.getState().appState, max);
}

/** `hasLevel` as a hook: re-renders when the session changes. */
export function useHasLevel(max: number): boolean {
  return useSessionStore((s) => stateHasLevel(s.appState, max));
}

/**
 * Renders its children only when the user holds `atom` (else `fallback`).
 *
 * @example
 * <Can atom="student_w"><button>Neu</button></Can>
 */
export function Can({ atom, children, fallback = null }: {
  atom: Atom;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const allowed = useCan(atom);
  return createElement(Fragment, null, allowed ? children : fallback);
}

/** What decides whether a menu item or area is shown (spec 001 §2 "Shown with"). */
export type VisibilityRule =
  | { kind: 'always' }
  | { kind: 'atom'; atom: Atom; needsMemberNumber?: boolean }
  | { kind: 'level'; maxLevel: number };

/**
 * Pure visibility check of a rule against a session, e.g. for the navigation menu.
 *
 * @example
 * canSeeMenuItem({ kind: 'atom', atom: 'e_document_r', needsMemberNumber: true }, appState)
 */
export function canSeeMenuItem(rule: VisibilityRule, appState: AppState | null | undefined): boolean {
  if (!appState) return false;
  switch (rule.kind) {
    case 'always':
      return true;
    case 'level':
      return stateHasLevel(appState, rule.maxLevel);
    case 'atom':
      return stateCan(appState, rule.atom) && (!rule.needsMemberNumber || Boolean(appState.user.mno));
  }
}

export interface SchoolFilter {
  /** The schools the user may see. */
  schools: SchoolRef[];
  /** The school ids the user looks at; every list answers for these (empty = all). */
  selectedIds: number[];
  /** Changes whenever the selection changes: put it in list queries' dependencies to refetch. */
  key: string;
}

/**
 * The user's schools and current school filter. Lists use `key` as a dependency so they
 * refetch after the user switches schools.
 *
 * @example
 * const { key } = useSchoolFilter(); useEffect(() => { reload() }, [key]);
 */
export function useSchoolFilter(): SchoolFilter {
  const { schools, selectedIds } = useSessionStore(
    useShallow((s) => ({ schools: s.appState?.schools ?? EMPTY_SCHOOLS, selectedIds: s.appState?.filter ?? EMPTY_IDS })),
  );
  return { schools, selectedIds, key: selectedIds.join(',') };
}

const EMPTY_SCHOOLS: SchoolRef[] = [];
const EMPTY_IDS: number[] = [];
