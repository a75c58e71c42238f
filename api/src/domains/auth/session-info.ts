import type { SessionInfo } from 'shared-kernel/contracts';
import type { Principal } from '../users/principals-repository.js';

/** The wire shape of a principal (login answer, get-state). */
export function toSessionInfo(p: Pick<Principal, 'user' | 'atoms' | 'schools' | 'filter'>): SessionInfo {
  return {
    user: {
      id: p.user.id,
      username: p.user.username,
      firstname: p.user.firstname,
      lastname: p.user.lastname,
      email: p.user.email,
      level: p.user.level,
      schoolAccess: p.user.schoolAccess,
      mno: p.user.mno,
    },
    atoms: p.atoms,
    schools: p.schools,
    filter: p.filter,
  };
}
