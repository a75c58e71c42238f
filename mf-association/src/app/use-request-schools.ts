import { useSchoolFilter } from 'shared-kernel';

/**
 * The schools a request (ticket, contract or trainer request) may be sent for, and the one to
 * start with. The server takes requests only for the schools the user currently looks at
 * (the school filter; empty = all of the user's schools); the start is the one school looked
 * at, or the only one there is.
 */
export function useRequestSchools(): { choosable: { id: number; name: string }[]; initial: number | null } {
  const { schools, selectedIds } = useSchoolFilter();
  const choosable = selectedIds.length > 0 ? schools.filter((school) => selectedIds.includes(school.id)) : schools;
  let initial: number | null = null;
  if (selectedIds.length === 1) initial = selectedIds[0];
  else if (choosable.length === 1) initial = choosable[0].id;
  return { choosable, initial };
}
