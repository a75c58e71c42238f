import type { SessionUser } from 'shared-kernel/contracts';
import type { UserDetail } from '../api/users.js';

/** The user form's values (wire names of POST/PUT /api-user/data); pw1/pw2 only when creating. */
export interface UserFormValues {
  username: string;
  salutation_id: number | null;
  firstname: string;
  lastname: string;
  email: string;
  dob: string | null;
  role_id: number | null;
  admin: boolean;
  /** 1 all schools, 2 specific schools */
  status: 1 | 2;
  schools: number[];
  disabled: boolean;
  pw1?: string;
  pw2?: string;
}

/** An empty form; "all schools" preset only for a caller who has all schools himself. */
export function newUserValues(actor: SessionUser): UserFormValues {
  return {
    username: '', salutation_id: null, firstname: '', lastname: '', email: '', dob: null, role_id: null, admin: false,
    status: actor.schoolAccess === 1 ? 1 : 2, schools: [], disabled: false, pw1: '', pw2: '',
  };
}

/** The form's values of a user as read. */
export function userValues(user: UserDetail): UserFormValues {
  return {
    username: user.un, salutation_id: user.salutation_id, firstname: user.fn, lastname: user.ln, email: user.email,
    dob: user.dob, role_id: user.role_id, admin: user.l === 2, status: user.status === 1 ? 1 : 2, schools: user.schools,
    disabled: user.disabled,
  };
}

/**
 * The level the save gives the user (the server's rule, api/src/domains/users/routes.ts
 * toUserWrite): the superadmin stays superadmin; the superadmin makes admins by the toggle;
 * an admin editing himself stays admin; everyone else an admin creates is a user (level 3).
 */
export function resultingLevel(actor: SessionUser, target: { id: number; l: number } | null, admin: boolean): 1 | 2 | 3 {
  if (target?.l === 1) return 1;
  if (actor.level === 1) return admin ? 2 : 3;
  if (target && target.id === actor.id) return actor.level;
  return 3;
}
