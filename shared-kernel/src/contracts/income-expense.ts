import * as yup from 'yup';
import { MSG } from './messages.js';
import { EXPENSE_CATEGORIES, PAYMENT_CATEGORIES, PAYMENT_METHODS } from './enums.js';
import type { PagedListResponse } from './paging.js';
import { nearDate } from './students.js';

/**
 * Income and expense (spec 002 §2.4-2.6, §3, §5): list rows, paged-list columns and the form
 * schemas shared by the screens and the API. Amounts are integer cents (> 0), dates ISO.
 */

/** Largest amount one item may carry: 10 million euros in cents. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const amount = () =>
  yup
    .number()
    .typeError(MSG.amount)
    .integer(MSG.amount)
    .min(1, MSG.amount)
    .max(MAX_AMOUNT_CENTS, MSG.amount)
    .required(MSG.required);
const taxPercent = () => yup.number().typeError(MSG.number).min(0, MSG.number).max(100, MSG.number);

/** Payment methods that need an account (002 §9): 1 SEPA direct debit, 2 transfer. */
export const METHODS_WITH_ACCOUNT = [1, 2] as const;
/** Payment category whose items may carry a custom category name (002 §2.4). */
export const CUSTOM_PAYMENT_CATEGORY = 1;

// ---- income -----------------------------------------------------------------------------

/** POST|PUT /api-fin/income body (PUT with ?id). account_id only for methods 1 and 2 (else sent as null). */
export const incomeFormSchema = yup
  .object({
    school_id: id().required(MSG.required),
    payment_cat_id: yup.number().typeError(MSG.required).oneOf([...PAYMENT_CATEGORIES], MSG.invalid).required(MSG.required),
    /** Custom category name, only for category 1. */
    custom_category: yup.string().trim().max(100, MSG.tooLong).nullable().default(null),
    payment_method_id: yup.number().typeError(MSG.required).oneOf([...PAYMENT_METHODS], MSG.invalid).required(MSG.required),
    account_id: id()
      .nullable()
      .default(null)
      .when('payment_method_id', {
        is: (method: number) => (METHODS_WITH_ACCOUNT as readonly number[]).includes(method),
        then: (schema) => schema.required(MSG.required),
      }),
    payment_date: nearDate().required(MSG.required),
    amount: amount(),
    tax_percent: taxPercent().nullable().default(null),
    annotation: yup.string().trim().max(1000, MSG.tooLong).default(''),
  })
  .noUnknown();
export type IncomeForm = yup.InferType<typeof incomeFormSchema>;

/** GET /api-fin/income?id answer (the saved form plus read-only facts). */
export interface IncomeItem extends IncomeForm {
  id: number;
  /** The record version (send it with the PUT). */
  version: number;
  currency: string;
  /** Student the income came from (created by a student payment): not editable then. */
  student_id: number | null;
  created_at: string;
}

/** A row of POST /api-fin/il (002 §3 Income list row) plus the school name. */
export interface IncomeListRow {
  id: number;
  /** payment date (ISO date) */
  pd: string;
  /** amount, cents */
  amt: number;
  cur: string;
  /** payment method 1..3 */
  pm: number;
  /** account id / name, or null */
  aid: number | null;
  acn: string | null;
  /** payment category 1..5 */
  pc: number;
  /** custom category name (category 1), or null */
  cc: string | null;
  /** annotation */
  an: string;
  /** student id and names (a row with a student has no edit, copy or delete), or null */
  stid: number | null;
  sf: string | null;
  sl: string | null;
  /** registration date (ISO date-time) */
  dc: string;
  /** school id and name */
  sid: number;
  sn: string;
}
export type IncomeListResponse = PagedListResponse<IncomeListRow>;

/**
 * Income list columns. Sort: pd, amt, pm, acn, pc, an, dc, sid, sl. Filters: pd (date range
 * {from?: 'YYYY-MM-DD', to?: 'YYYY-MM-DD'}), pm, aid, pc, sid (one id), an (case-insensitive
 * "contains", at least 2 characters).
 */
export const INCOME_LIST_SORT_FIELDS = ['pd', 'amt', 'pm', 'acn', 'pc', 'an', 'dc', 'sid', 'sl'] as const;
export const INCOME_LIST_FILTER_FIELDS = ['pd', 'pm', 'aid', 'pc', 'an', 'sid'] as const;

// ---- expense ----------------------------------------------------------------------------

/** POST|PUT /api-fin/expense body (PUT with ?id). */
export const expenseFormSchema = yup
  .object({
    school_id: id().required(MSG.required),
    name: yup.string().trim().required(MSG.required).max(200, MSG.tooLong),
    expense_cat_id: yup.number().typeError(MSG.required).oneOf([...EXPENSE_CATEGORIES], MSG.invalid).required(MSG.required),
    payment_date: nearDate().required(MSG.required),
    amount: amount(),
    tax_percent: taxPercent().required(MSG.required),
    annotation: yup.string().trim().max(1000, MSG.tooLong).default(''),
  })
  .noUnknown();
export type ExpenseForm = yup.InferType<typeof expenseFormSchema>;

export interface ExpenseItem extends ExpenseForm {
  id: number;
  /** The record version (send it with the PUT). */
  version: number;
  currency: string;
  created_at: string;
}

/** A row of POST /api-fin/el (002 §3 Expense row) plus the school name. */
export interface ExpenseListRow {
  id: number;
  pd: string;
  amt: number;
  cur: string;
  /** expense category 1..13 */
  ec: number;
  /** name */
  n: string;
  an: string;
  dc: string;
  sid: number;
  sn: string;
}
export type ExpenseListResponse = PagedListResponse<ExpenseListRow>;

/** Expense list columns. Filters: pd (date range), ec, n (prefix), an (contains, ≥2 characters), sid. */
export const EXPENSE_LIST_SORT_FIELDS = ['pd', 'amt', 'ec', 'n', 'an', 'dc', 'sid'] as const;
export const EXPENSE_LIST_FILTER_FIELDS = ['pd', 'ec', 'n', 'an', 'sid'] as const;

/** Date range filter value of `pd`. */
export interface DateRangeFilter {
  from?: string;
  to?: string;
}

// ---- lookups ----------------------------------------------------------------------------

/**
 * GET /api-config/single-data?key=payment_cat|expense_cat&cat=general: the categories of a
 * list. `name` is the school's own name for it, or null for the standard name (the screens
 * translate `finance:payment_cat.{id}` / `finance:expense_cat.{id}`).
 */
export interface CategoryItem {
  id: number;
  name: string | null;
}
export interface SingleDataResponse {
  key: 'payment_cat' | 'expense_cat';
  items: CategoryItem[];
}

/**
 * Standard names of the categories (de, en), where a school has not named them itself. The
 * screens may translate `payment_cat.{id}` / `expense_cat.{id}` with these; the server's
 * exports use the German ones. The demo data books by these meanings.
 */
export const PAYMENT_CATEGORY_NAMES: Record<number, { de: string; en: string }> = {
  1: { de: 'Sonstiges', en: 'Other' },
  2: { de: 'Mitgliedsbeiträge', en: 'Membership fees' },
  3: { de: 'Prüfungsgebühren', en: 'Exam fees' },
  4: { de: 'Seminare', en: 'Seminars' },
  5: { de: 'Verkauf', en: 'Sales' },
};
export const EXPENSE_CATEGORY_NAMES: Record<number, { de: string; en: string }> = {
  1: { de: 'Miete', en: 'Rent' },
  2: { de: 'Energie', en: 'Energy' },
  3: { de: 'Versicherungen', en: 'Insurance' },
  4: { de: 'Ausstattung und Material', en: 'Equipment and material' },
  5: { de: 'Honorare und Personal', en: 'Fees and staff' },
  6: { de: 'Werbung', en: 'Advertising' },
  7: { de: 'Telefon und Internet', en: 'Phone and internet' },
  8: { de: 'Fahrtkosten', en: 'Travel' },
  9: { de: 'Reinigung', en: 'Cleaning' },
  10: { de: 'Reparaturen', en: 'Repairs' },
  11: { de: 'Gebühren und Beiträge', en: 'Charges and dues' },
  12: { de: 'Steuerberatung', en: 'Tax advice' },
  13: { de: 'Sonstiges', en: 'Other' },
};
/** Payment method names (1 SEPA direct debit, 2 transfer, 3 cash). */
export const PAYMENT_METHOD_NAMES: Record<number, { de: string; en: string }> = {
  1: { de: 'SEPA-Lastschrift', en: 'SEPA direct debit' },
  2: { de: 'Überweisung', en: 'Bank transfer' },
  3: { de: 'Bar', en: 'Cash' },
};

/** GET /api-account/sel: bank accounts of the user's schools (for pickers). */
export interface AccountOption {
  id: number;
  name: string;
  school_id: number;
  sepa_iban: string;
  is_main: boolean;
  currency: string;
}
