import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner, toErrorCode, toast, useSchoolFilter, useSessionStore } from 'shared-kernel';
import { errorKey } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { saveSchoolChoice } from '../api/dashboard.js';

const ALL = 'all';
const CURRENT = 'current';

/**
 * The dashboard's school selector (spec 000 §2): all the user's schools or one. It sets the
 * user's school filter (POST /api-base/filter, as the shell's filter does), so every block
 * and every list then shows that school. Hidden for users of one school.
 */
export function SchoolChoice() {
  const { t } = useTranslation(NS);
  const id = useId();
  const { schools, selectedIds } = useSchoolFilter();
  const setFilter = useSessionStore((session) => session.setFilter);
  const [saving, setSaving] = useState(false);
  if (schools.length < 2) return null;

  const allSelected = selectedIds.length === 0 || schools.every((school) => selectedIds.includes(school.id));
  let value: string;
  if (allSelected) value = ALL;
  else if (selectedIds.length === 1) value = String(selectedIds[0]);
  else value = CURRENT;

  const choose = async (chosen: string) => {
    if (chosen === CURRENT) return;
    const ids = chosen === ALL ? schools.map((school) => school.id) : [Number(chosen)];
    setSaving(true);
    try {
      setFilter(await saveSchoolChoice(ids));
    } catch (error) {
      toast.error(errorKey(await toErrorCode(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <label htmlFor={id}>{t('dashboard.school')}</label>
      <select id={id} value={value} disabled={saving} onChange={(event) => void choose(event.target.value)}>
        <option value={ALL}>{t('dashboard.all_schools')}</option>
        {value === CURRENT && <option value={CURRENT}>{t('dashboard.some_schools', { count: selectedIds.length })}</option>}
        {schools.map((school) => (
          <option key={school.id} value={String(school.id)}>
            {school.name}
          </option>
        ))}
      </select>
      {saving && <Spinner />}
    </>
  );
}
