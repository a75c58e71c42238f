import { todayIso } from 'shared-kernel';
import type { ExpenseItem } from 'shared-kernel/contracts';
import { decimalToInputText, parseDecimal } from './decimal.js';

/** The expense form's values: what the inputs hold (cents, ISO date, the tax percent as typed). */
export interface ExpenseFormValues {
  school_id: number | null;
  name: string;
  expense_cat_id: number | null;
  payment_date: string | null;
  amount: number | null;
  tax_percent: string;
  annotation: string;
}

/** A new expense: today's date, the given school. */
export function emptyExpenseValues(schoolId: number | null): ExpenseFormValues {
  return {
    school_id: schoolId,
    name: '',
    expense_cat_id: null,
    payment_date: todayIso(),
    amount: null,
    tax_percent: '',
    annotation: '',
  };
}

export function expenseValuesFromItem(item: ExpenseItem): ExpenseFormValues {
  return {
    school_id: item.school_id,
    name: item.name,
    expense_cat_id: item.expense_cat_id,
    payment_date: item.payment_date,
    amount: item.amount,
    tax_percent: decimalToInputText(item.tax_percent),
    annotation: item.annotation ?? '',
  };
}

/** The POST/PUT body of the values (before the schema checks it). */
export function expenseBody(values: ExpenseFormValues) {
  return {
    school_id: values.school_id,
    name: values.name,
    expense_cat_id: values.expense_cat_id,
    payment_date: values.payment_date,
    amount: values.amount,
    tax_percent: parseDecimal(values.tax_percent),
    annotation: values.annotation,
  };
}
