import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolFilter } from 'shared-kernel';
import { NS } from '../i18n.js';
import type { UserFormValues } from '../utils/user-form-values.js';
import styles from './users.module.css';

/** The error of a group of inputs, once touched or submitted (translated in namespace common). */
function useGroupError(name: keyof UserFormValues) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<UserFormValues>();
  const error: unknown = getIn(formik.errors, name);
  const shown = (Boolean(getIn(formik.touched, name)) || formik.submitCount > 0) && typeof error === 'string';
  return shown ? t(error) : null;
}

/**
 * School access: "all schools" (offered only to a caller who has all schools, spec 001 §6) or
 * certain schools, chosen among the caller's own (at least one).
 */
export function SchoolAccessFields({ allowAll }: { allowAll: boolean }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<UserFormValues>();
  const { schools } = useSchoolFilter();
  const errorId = useId();
  const schoolsError = useGroupError('schools');
  const statusError = useGroupError('status');
  const { status, schools: chosen } = formik.values;

  const toggle = (id: number, checked: boolean) => {
    const next = checked ? [...chosen, id].sort((a, b) => a - b) : chosen.filter((school) => school !== id);
    void formik.setFieldValue('schools', next, true);
    void formik.setFieldTouched('schools', true, false);
  };

  return (
    <>
      {allowAll && (
        <fieldset className={styles.group}>
          <legend>{t('users.access')}</legend>
          {([1, 2] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="status"
                value={value}
                checked={status === value}
                onChange={() => void formik.setFieldValue('status', value, true)}
              />
              {t(value === 1 ? 'users.access_all' : 'users.access_specific')}
            </label>
          ))}
          {statusError && <span className={styles.error}>{statusError}</span>}
        </fieldset>
      )}
      {status === 2 && (
        <fieldset className={styles.group} aria-describedby={schoolsError ? errorId : undefined}>
          <legend>{t('users.schools')} *</legend>
          {schools.map((school) => (
            <label key={school.id} className={styles.choice}>
              <input
                type="checkbox"
                name="schools"
                value={school.id}
                checked={chosen.includes(school.id)}
                aria-invalid={Boolean(schoolsError)}
                onChange={(event) => toggle(school.id, event.target.checked)}
              />
              {school.name}
            </label>
          ))}
          {schoolsError && (
            <span id={errorId} className={styles.error}>
              {schoolsError}
            </span>
          )}
        </fieldset>
      )}
    </>
  );
}
