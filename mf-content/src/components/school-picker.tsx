import { useEffect, useId, useState } from 'react';
import { useSchoolFilter } from 'shared-kernel';
import type { SchoolRef } from 'shared-kernel/contracts';

/**
 * One school of those in view (the header's school filter; none chosen = all the user's
 * schools) for screens that show one school at a time (team, calendar). Follows the filter:
 * when the chosen school leaves it, the first school in view is taken.
 */
export function useSchoolInView(): { inView: SchoolRef[]; schoolId: number | undefined; setSchoolId: (id: number) => void; filterKey: string } {
  const { schools, selectedIds, key } = useSchoolFilter();
  const inView = selectedIds.length > 0 ? schools.filter((school) => selectedIds.includes(school.id)) : schools;
  const [schoolId, setSchoolId] = useState<number | undefined>(inView[0]?.id);
  useEffect(() => {
    if (!inView.some((school) => school.id === schoolId)) setSchoolId(inView[0]?.id);
  }, [key, inView, schoolId]);
  return { inView, schoolId, setSchoolId, filterKey: key };
}

/** A labelled select of the schools in view (see {@link useSchoolInView}). */
export function SchoolPicker({ label, schools, value, onChange }: { label: string; schools: SchoolRef[]; value: number | undefined; onChange: (id: number) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        {schools.map((school) => (
          <option key={school.id} value={school.id}>{school.name}</option>
        ))}
      </select>
    </>
  );
}
