import { todayIso } from 'shared-kernel';
import { CUSTOM_PAYMENT_CATEGORY, METHODS_WITH_ACCOUNT, type IncomeItem } from 'shared-kernel/contracts';
import { decimalToInputText, parseDecimal } from './decimal.js';

/** The income form's values: what the inputs hold (cents, ISO date, the tax percent as typed). */
export interface IncomeFormValues {
  school_id: number | null;
  payment_cat_id: number | null;
  custom_category: string;
  payment_method_id: number | null;
  account_id: number | null;
  payment_date: string | null;
  amount: number | null;
  tax_percent: string;
  annotation: string;
}

export function needsAccount(method: number | null): boolean {
  return method !== null && (METHODS_WITH_ACCOUNT as readonly number[]).includes(method);
}

/** A new income: today's date, the given school. */
export function emptyIncomeValues(schoolId: number | null): IncomeFormValues {
  return {
    school_id: schoolId,
    payment_cat_id: null,
    custom_category: '',
    payment_method_id: null,
    account_id: null,
    payment_date: todayIso(),
    amount: null,
    tax_percent: '',
    annotation: '',
  };
}

export function incomeValuesFromItem(item: IncomeItem): IncomeFormValues {
  return {
    school_id: item.school_id,
    payment_cat_id: item.payment_cat_id,
    custom_category: item.custom_category ?? '',
    payment_method_id: item.payment_method_id,
    account_id: item.account_id ?? null,
    payment_date: item.payment_date,
    amount: item.amount,
    tax_percent: decimalToInputText(item.tax_percent),
    annotation: item.annotation ?? '',
  };
}

/**
 * The POST/PUT body of the values (before the schema checks it): the custom name only for
 * category 1 and the account only for methods 1 and 2, else null, as the contract says.
 */
export function incomeBody(values: IncomeFormValues) {
  return {
    school_id: values.school_id,
    payment_cat_id: values.payment_cat_id,
    custom_category:
      values.payment_cat_id === CUSTOM_PAYMENT_CATEGORY && values.custom_category.trim() !== '' ? values.custom_category : null,
    payment_method_id: values.payment_method_id,
    account_id: needsAccount(values.payment_method_id) ? values.account_id : null,
    payment_date: values.payment_date,
    amount: values.amount,
    tax_percent: parseDecimal(values.tax_percent),
    annotation: values.annotation,
  };
}
