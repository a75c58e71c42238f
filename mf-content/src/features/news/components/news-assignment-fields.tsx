import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_VISIBILITY, NEWS_VISIBILITIES, type SchoolRef } from 'shared-kernel/contracts';
import { SchoolChoiceField, useGroupError } from 'shared-kernel/forms';
import { NS } from '../../../i18n.js';
import type { NewsFormValues } from '../utils/news-form-values.js';
import styles from './news-form.module.css';

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
  const { visibility } = formik.values;

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
        <SchoolChoiceField
          legend={t('news.field.schools')}
          schools={schools}
          disabled={disabled}
          unknownSchoolLabel={(id) => t('news.school_number', { id })}
        />
      )}
    </>
  );
}
