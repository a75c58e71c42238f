import { Route, Routes } from 'react-router';
import { makeAppState } from 'shared-kernel/testing';
import type { AccountOption, AppState, IncomeItem, SingleDataResponse } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';

/** The finance area as the shell mounts it, plus a marker for the student detail route. */
export function FinanceArea() {
  const Finance = routes['m-fin'];
  return (
    <Routes>
      <Route path="m-fin/*" element={<Finance />} />
      <Route path="m-student/details/:id" element={<p>Schülerdetail</p>} />
    </Routes>
  );
}

/** A level-3 user holding only the given atoms (level 1 and 2 hold every atom). */
export function userWith(atoms: AppState['atoms']): Partial<AppState> {
  const base = makeAppState();
  return { atoms, user: { ...base.user, level: 3 } };
}

export const paymentCategories: SingleDataResponse = {
  key: 'payment_cat',
  items: [
    { id: 1, name: null },
    { id: 2, name: null },
    { id: 3, name: 'Gürtelprüfung' },
    { id: 4, name: null },
    { id: 5, name: null },
  ],
};

export const expenseCategories: SingleDataResponse = {
  key: 'expense_cat',
  items: Array.from({ length: 13 }, (_, i) => ({ id: i + 1, name: null })),
};

/** School 1 (Wien) has a main and a second account, school 2 (München) two accounts, none main. */
export const accounts: AccountOption[] = [
  { id: 11, name: 'Erste Bank', school_id: 1, sepa_iban: 'AT611904300234573201', is_main: true, currency: 'EUR' },
  { id: 12, name: 'Kassa-Konto', school_id: 1, sepa_iban: 'AT483200000012345864', is_main: false, currency: 'EUR' },
  { id: 21, name: 'Sparkasse', school_id: 2, sepa_iban: 'DE89370400440532013000', is_main: false, currency: 'EUR' },
  { id: 22, name: 'Volksbank', school_id: 2, sepa_iban: 'DE02120300000000202051', is_main: false, currency: 'EUR' },
];

export const savedIncome: IncomeItem = {
  id: 7,
  school_id: 2,
  payment_cat_id: 1,
  custom_category: 'Getränke',
  payment_method_id: 2,
  account_id: 22,
  payment_date: '2026-03-05',
  amount: 4550,
  tax_percent: 10,
  annotation: 'Getränkeverkauf März',
  currency: 'EUR',
  student_id: null,
  created_at: '2026-03-06T09:00:00Z',
  version: 1,
};
