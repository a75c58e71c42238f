import { useMemo } from 'react';
import { useSchoolFilter } from 'shared-kernel';

export interface SchoolOption {
  value: number;
  label: string;
}

/**
 * The schools a finance item can belong to: those in the session's school filter (all of the
 * user's schools when the filter is empty), plus `keepId` (the loaded item's school).
 */
export function useSchoolOptions(keepId?: number | null): SchoolOption[] {
  const { schools, selectedIds } = useSchoolFilter();
  return useMemo(
    () =>
      schools
        .filter((school) => selectedIds.length === 0 || selectedIds.includes(school.id) || school.id === keepId)
        .map((school) => ({ value: school.id, label: school.name })),
    [schools, selectedIds, keepId],
  );
}
