import type { RoleReadOnlyReason } from 'shared-kernel/contracts';
import type { RequestSession } from '../../types.js';

/**
 * Who may manage whom (issue 10 items 1 and 4, spec 001 §6). The one rule every
 * user-management route applies (list, read, save, delete, password change, outbox, roles):
 *
 * - everyone acts on themself (own password, own settings);
 * - the superadmin acts on everyone;
 * - an admin acts on level-3 users only, never on another admin or the superadmin, and only
 *   on users whose schools are a subset of the admin's own schools: a user with "all
 *   schools" only by an admin who has all schools;
 * - a level-3 user acts on nobody else.
 *
 * A user the caller may not manage does not exist for him: lists leave them out and an id
 * answers 404, like another school's row.
 */

/** The caller as the rules see him. */
export interface Manager {
  id: number;
  level: 1 | 2 | 3;
  /** 1 all schools, 2 specific schools */
  schoolAccess: 1 | 2;
  /** The schools the caller may see (all of them with schoolAccess 1). */
  schoolIds: readonly number[];
}

/** A user account as the rules see it. */
export interface ManagedUser {
  id: number;
  level: number;
  /** 1 all schools, 2 specific schools */
  schoolAccess: number;
  /** Assigned schools (empty with schoolAccess 1). */
  schools: readonly number[];
}

/** The caller of a request. */
export function managerOf(session: RequestSession): Manager {
  return { id: session.user.id, level: session.user.level, schoolAccess: session.user.schoolAccess, schoolIds: session.schoolIds };
}

/** The account of a user row (GET /api-user/data's wire names). */
export function managedUserOf(row: { id: number; l: number; status: number; schools: readonly number[] }): ManagedUser {
  return { id: row.id, level: row.l, schoolAccess: row.status, schools: row.schools };
}

/** Whether `actor` may read, edit and set the password of `target` (see the rule above). */
export function canManageUser(actor: Manager, target: ManagedUser): boolean {
  if (actor.id === target.id) return true;
  if (actor.level === 1) return true;
  if (actor.level !== 2 || target.level !== 3) return false;
  if (actor.schoolAccess === 1) return true;
  if (target.schoolAccess === 1) return false;
  const own = new Set(actor.schoolIds);
  return target.schools.every((schoolId) => own.has(schoolId));
}

/** Only the superadmin deletes users, and never themself. */
export function canDeleteUser(actor: Manager, target: ManagedUser): boolean {
  return actor.level === 1 && actor.id !== target.id && canManageUser(actor, target);
}

/**
 * The schools a user write may give: 'all schools' only by someone who has it, specific
 * schools only among the actor's own. An admin therefore never widens a user beyond himself.
 */
export function mayAssignSchools(actor: Manager, schoolAccess: 1 | 2, schoolIds: readonly number[]): { ok: true } | { ok: false; field: 'status' | 'schools' } {
  if (schoolAccess === 1) return actor.schoolAccess === 1 ? { ok: true } : { ok: false, field: 'status' };
  const own = new Set(actor.schoolIds);
  return schoolIds.every((schoolId) => own.has(schoolId)) ? { ok: true } : { ok: false, field: 'schools' };
}

/**
 * Why `actor` may not edit or delete a role held by `holders`, or null when he may. The
 * superadmin and admins with all schools edit every role; an admin limited to schools edits
 * a role only while every user holding it is one he manages (a role used outside his schools
 * would change what those users may do there).
 */
export function roleReadOnlyReason(actor: Manager, holders: readonly ManagedUser[]): RoleReadOnlyReason | null {
  if (actor.level === 1 || (actor.level === 2 && actor.schoolAccess === 1)) return null;
  if (actor.level !== 2) return 'not_admin';
  return holders.every((holder) => canManageUser(actor, holder)) ? null : 'used_outside_schools';
}
