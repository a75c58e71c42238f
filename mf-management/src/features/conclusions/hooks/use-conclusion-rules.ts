import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { REGISTRATION_FLAGS, isUnderAge } from 'shared-kernel/contracts';
import type { ConclusionFormValues } from '../utils/conclusion-form-values.js';

/** Which templates and accounts belong to which school (cleared when the school changes). */
export interface SchoolBound {
  templateSchool: (templateId: number) => number | undefined;
  accountSchool: (accountId: number) => number | undefined;
}

/**
 * The form's rules of spec 000 §4, applied as the user types:
 * - contract start − birth date under 18 years switches under_age and iva on;
 * - ticking under_age ticks iva;
 * - new_app, school_change and reentry exclude each other (ticking one clears the others);
 * - changing the school clears the network contract (its list depends on the school's
 *   country) and a template or account of another school.
 */
export function useConclusionRules({ templateSchool, accountSchool }: SchoolBound): void {
  const { values, setFieldValue } = useFormikContext<ConclusionFormValues>();
  const previous = useRef(values);

  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    if (before === values) return;
    const set = (field: keyof ConclusionFormValues, value: unknown) => void setFieldValue(field, value, true);

    if ((before.contract_start !== values.contract_start || before.birthdate !== values.birthdate) && isUnderAge(values.contract_start, values.birthdate)) {
      if (!values.under_age) set('under_age', true);
      if (!values.iva) set('iva', true);
    }
    if (!before.under_age && values.under_age && !values.iva) set('iva', true);

    const ticked = REGISTRATION_FLAGS.find((flag) => !before[flag] && values[flag]);
    if (ticked) for (const other of REGISTRATION_FLAGS) if (other !== ticked && values[other]) set(other, false);

    if (before.school_id !== values.school_id) {
      if (values.ec_contract_id !== null) set('ec_contract_id', null);
      if (values.c_contract_id !== null && templateSchool(values.c_contract_id) !== values.school_id) set('c_contract_id', null);
      if (values.account_id !== null && accountSchool(values.account_id) !== values.school_id) set('account_id', null);
    }
  }, [values, setFieldValue, templateSchool, accountSchool]);
}
