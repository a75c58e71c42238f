import type { SessionUserRecord } from '../../types.js';

/** The facts about a target user the rules of spec 001 §6 look at. */
export interface TargetUser {
  id: number;
  level: number;
}

/**
 * Spec 001 §6: a superadmin edits anyone; an admin edits themself and level-3 users; a
 * level-3 user edits only themself (own password, own settings).
 */
export function canEditUser(actor: SessionUserRecord, target: TargetUser): boolean {
  if (actor.id === target.id) return true;
  if (actor.level === 1) return true;
  if (actor.level === 2) return target.level === 3;
  return false;
}

/** Only a superadmin deletes users, and never themself. */
export function canDeleteUser(actor: SessionUserRecord, target: TargetUser): boolean {
  return actor.level === 1 && actor.id !== target.id;
}

/**
 * Schools the actor may see, as a visibility filter for user lists: null = all schools
 * (the actor has all-school access).
 */
export function visibleSchoolsOf(actor: SessionUserRecord, schoolIds: number[]): number[] | null {
  return actor.schoolAccess === 1 ? null : schoolIds;
}
