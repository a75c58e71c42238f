import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useSchoolFilter } from 'shared-kernel';
import { SchoolChoiceField, useGroupError } from 'shared-kernel/forms';
import { NS } from '../i18n.js';
import type { UserFormValues } from '../utils/user-form-values.js';
import styles from './users.module.css';

/**
 * School access: "all schools" (offered only to a caller who has all schools, spec 001 §6) or
 * certain schools, chosen among the caller's own (at least one).
 */
export function SchoolAccessFields({ allowAll }: { allowAll: boolean }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<UserFormValues>();
  const { schools } = useSchoolFilter();
  const statusError = useGroupError('status');
  const { status } = formik.values;

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
      {status === 2 && <SchoolChoiceField legend={t('users.schools')} schools={schools} />}
    </>
  );
}
