import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_VISIBILITY, NEWS_VISIBILITIES, type SchoolRef } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import type { NewsFormValues } from '../utils/news-form-values.js';
import styles from './news-form.module.css';

function useGroupError(name: keyof NewsFormValues): string | null {
  const { t } = useTranslation('common');
  const formik = useFormikContext<NewsFormValues>();
  const error: unknown = getIn(formik.errors, name);
  const touched = Boolean(getIn(formik.touched, name)) || formik.submitCount > 0;
  return touched && typeof error === 'string' && error !== '' ? t(error) : null;
}

/**
 * Who sees the news (spec 002 §2.18): a required radio group 'current user', 'certain
 * schools', 'all schools'; for 'certain schools' a required checkbox group of the user's
 * schools (ids of the item that are not among them stay chosen and are listed by number).
 */
export function NewsAssignmentFields({ schools, disabled = false }: { schools: SchoolRef[]; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<NewsFormValues>();
  const groupId = useId();
  const visibilityError = useGroupError('visibility');
  const schoolsError = useGroupError('schools');
  const { visibility, schools: chosen } = formik.values;

  const known = new Set(schools.map((school) => school.id));
  const options = [
    ...schools.map((school) => ({ id: school.id, name: school.name })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: t('news.school_number', { id }) })),
  ];

  const toggleSchool = (id: number, checked: boolean) => {
    const next = checked ? [...chosen, id] : chosen.filter((entry) => entry !== id);
    void formik.setFieldValue('schools', next, true);
    void formik.setFieldTouched('schools', true, false);
  };

  return (
    <>
      <fieldset
        className={styles.group}
        role="radiogroup"
        aria-labelledby={`${groupId}-visibility`}
        aria-required="true"
        aria-invalid={Boolean(visibilityError)}
        aria-describedby={visibilityError ? `${groupId}-visibility-error` : undefined}
      >
        <legend id={`${groupId}-visibility`} className={styles.groupLabel}>
          {t('news.field.visibility')}
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </legend>
        {NEWS_VISIBILITIES.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              disabled={disabled}
              aria-invalid={Boolean(visibilityError)}
              onChange={() => {
                void formik.setFieldValue('visibility', value, true);
                void formik.setFieldTouched('visibility', true, false);
              }}
            />
            {t(`news.visibility_${value}`)}
          </label>
        ))}
        {visibilityError && (
          <span id={`${groupId}-visibility-error`} className={styles.error}>
            {visibilityError}
          </span>
        )}
      </fieldset>
      {visibility === CONTENT_VISIBILITY.certainSchools && (
        // A plain group takes no aria-required/aria-invalid (ARIA): the legend's star says
        // required, the checkboxes carry aria-invalid and the message is described here.
        <fieldset
          className={styles.group}
          aria-describedby={schoolsError ? `${groupId}-schools-error` : undefined}
        >
          <legend className={styles.groupLabel}>
            {t('news.field.schools')}
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
                aria-invalid={Boolean(schoolsError)}
                onChange={(event) => toggleSchool(school.id, event.target.checked)}
              />
              {school.name}
            </label>
          ))}
          {schoolsError && (
            <span id={`${groupId}-schools-error`} className={styles.error}>
              {schoolsError}
            </span>
          )}
        </fieldset>
      )}
    </>
  );
}
