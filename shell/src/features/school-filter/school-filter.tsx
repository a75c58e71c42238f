import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, SubmitStateBox, confirmDiscardUnsavedAsync, toErrorCode, useSchoolFilter, useSessionStore,
} from 'shared-kernel';
import { usePopover } from '../../layout/use-popover.js';
import { saveSchoolFilter } from './api/save-school-filter.js';
import styles from '../../layout/header-controls.module.css';

/**
 * The school filter in the header: a button opening a labelled group of checkboxes with the
 * user's schools. Applying saves through POST /api-base/filter and updates the session store,
 * so lists refetch. Unsaved form changes are asked about first ('Bitte erst speichern!').
 */
export function SchoolFilter() {
  const { t } = useTranslation('common');
  const { schools, selectedIds } = useSchoolFilter();
  const setFilter = useSessionStore((s) => s.setFilter);
  const popover = usePopover();
  const [draft, setDraft] = useState<number[]>([]);
  const [state, setState] = useState(-1);
  const panelId = useId();
  const legendId = useId();

  if (schools.length === 0) return null;
  // An empty filter means every school the user may see.
  const effective = selectedIds.length ? selectedIds : schools.map((s) => s.id);
  const summary =
    effective.length === 1
      ? (schools.find((s) => s.id === effective[0])?.name ?? t('header.school_filter_count', { count: 1 }))
      : effective.length === schools.length
        ? t('header.school_filter_all')
        : t('header.school_filter_count', { count: effective.length });

  const openPanel = () => {
    if (!popover.open) {
      setDraft(effective);
      setState(-1);
    }
    popover.toggle();
  };

  const toggleSchool = (id: number) =>
    setDraft((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const apply = async () => {
    if (!(await confirmDiscardUnsavedAsync())) return;
    setState(-2);
    try {
      const accepted = await saveSchoolFilter([...draft].sort((a, b) => a - b));
      setFilter(accepted);
      setState(0);
      popover.close();
    } catch (error) {
      setState(await toErrorCode(error));
    }
  };

  return (
    <div ref={popover.anchorRef} className={styles.popoverAnchor}>
      <button
        ref={popover.buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={popover.open}
        aria-controls={panelId}
        onClick={openPanel}
      >
        {t('header.school_filter')}: {summary}
      </button>
      {popover.open && (
        <div id={panelId} className={styles.popover}>
          <fieldset className={styles.fieldset} aria-labelledby={legendId}>
            <legend id={legendId} className={styles.legend}>{t('header.school_filter')}</legend>
            {schools.map((school) => (
              <label key={school.id} className={styles.option}>
                <input
                  type="checkbox"
                  checked={draft.includes(school.id)}
                  onChange={() => toggleSchool(school.id)}
                />
                {school.name}
              </label>
            ))}
          </fieldset>
          {draft.length === 0 && <p role="alert">{t('form.one_school')}</p>}
          <SubmitStateBox state={state} />
          <div className={styles.actions}>
            <Button onClick={() => setDraft(schools.map((s) => s.id))}>{t('header.school_filter_select_all')}</Button>
            <Button variant="primary" disabled={draft.length === 0 || state === -2} onClick={() => void apply()}>
              {t('header.school_filter_apply')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
