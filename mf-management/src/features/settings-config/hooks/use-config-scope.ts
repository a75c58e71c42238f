import { useParams } from 'react-router';
import { useCan, useSessionStore } from 'shared-kernel';
import type { Atom, ConfigCat, SchoolRef } from 'shared-kernel/contracts';
import type { ConfigSchool } from '../api/config-form.js';

const WRITE_ATOM: Record<ConfigCat, Atom> = { general: 's_general_w', comm: 's_comm_w' };

/** What the configuration screen edits: which school (null = all schools), which it may pick, whether it may save. */
export interface ConfigScope {
  /** The school of the URL; null = all schools; undefined = none given (the page picks one). */
  school: ConfigSchool | undefined;
  schools: SchoolRef[];
  /** Whether "all schools" may be chosen (users with all schools only). */
  allSchools: boolean;
  canWrite: boolean;
}

/** The scope from /m-conf/{cat}/edit[/{schoolId}] and the session. */
export function useConfigScope(cat: ConfigCat): ConfigScope {
  const { schoolId } = useParams();
  const schools = useSessionStore((s) => s.appState?.schools) ?? [];
  const allSchools = useSessionStore((s) => s.appState?.user.schoolAccess === 1);
  const canWrite = useCan(WRITE_ATOM[cat]);
  let school: ConfigSchool | undefined;
  if (schoolId !== undefined) school = /^\d{1,9}$/.test(schoolId) ? Number(schoolId) : -1;
  else school = allSchools ? null : undefined;
  return { school, schools, allSchools, canWrite };
}
