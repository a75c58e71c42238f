import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchoolRef } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import styles from './templates.module.css';

/**
 * The schools a custom template is for (formik `schools`, at least one): a checkbox per school
 * of the user; ids of the record the user does not see stay chosen and are listed by number.
 */
export function TemplateSchoolsField({ schools, disabled = false }: { schools: SchoolRef[]; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tCommon } = useTranslation('common');
  const formik = useFormikContext<{ schools: number[] }>();
  const errorId = useId();
  const chosen = formik.values.schools;
  const error: unknown = getIn(formik.errors, 'schools');
  const shown = (Boolean(getIn(formik.touched, 'schools')) || formik.submitCount > 0) && typeof error === 'string' ? tCommon(error) : null;

  const known = new Set(schools.map((school) => school.id));
  const options = [
    ...schools,
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: t('templates.school_number', { id }) })),
  ];
  const toggle = (id: number, checked: boolean) => {
    const next = checked ? [...chosen, id].sort((a, b) => a - b) : chosen.filter((entry) => entry !== id);
    void formik.setFieldValue('schools', next, true);
    void formik.setFieldTouched('schools', true, false);
  };

  return (
    // A plain group takes no aria-required/aria-invalid (ARIA): the legend's star says
    // required, the checkboxes carry aria-invalid and the message is described here.
    <fieldset className={styles.group} aria-describedby={shown ? errorId : undefined}>
      <legend>
        {t('templates.field.schools')}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      {options.map((school) => (
        <label key={school.id} className={styles.choice}>
          <input
            type="checkbox"
            name="schools"
            value={school.id}
            checked={chosen.includes(school.id)}
            disabled={disabled}
            aria-invalid={Boolean(shown)}
            onChange={(event) => toggle(school.id, event.target.checked)}
          />
          {school.name}
        </label>
      ))}
      {shown && (
        <span id={errorId} className={styles.error}>
          {shown}
        </span>
      )}
    </fieldset>
  );
}
