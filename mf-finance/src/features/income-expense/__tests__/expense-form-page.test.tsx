import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import type { ExpenseItem } from 'shared-kernel/contracts';
import * as expenseApi from '../api/expense';
import * as lookups from '../api/lookups';
import { FinanceArea, expenseCategories, userWith } from './fixtures';

jest.mock('../api/expense');
jest.mock('../api/lookups');

jest.setTimeout(30_000);

const api = jest.mocked(expenseApi);
const lookupApi = jest.mocked(lookups);

const rent: ExpenseItem = {
  id: 3,
  school_id: 1,
  name: 'Miete Halle',
  expense_cat_id: 1,
  payment_date: '2026-02-01',
  amount: 120000,
  tax_percent: 20,
  annotation: '',
  currency: 'EUR',
  created_at: '2026-02-02T08:00:00Z',
  version: 4,
};

beforeEach(() => {
  jest.resetAllMocks();
  lookupApi.getCategories.mockResolvedValue(expenseCategories);
  lookupApi.getAccountOptions.mockResolvedValue([]);
  api.getExpense.mockResolvedValue(rent);
  api.createExpense.mockResolvedValue();
  api.updateExpense.mockResolvedValue(5);
  api.getExpensePage.mockResolvedValue({ rows: [], total: 0, pages: 0 });
});

function errorOf(label: RegExp): string | null {
  const input = screen.getByLabelText(label);
  const errorId = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

describe('expense form', () => {
  it('requires school, name, category, amount and the tax percent, then posts the expense', async () => {
    // One school in the filter: it is preselected.
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/expense/create', session: { filter: [2] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Neue Ausgabe' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf(/^Bezeichnung/)).toBe('Pflichtfeld'));
    expect(errorOf(/^Schule/)).toBeNull();
    expect(errorOf(/^Kategorie/)).toBe('Pflichtfeld');
    expect(errorOf(/^Betrag/)).toBe('Pflichtfeld');
    expect(errorOf(/^Steuersatz/)).toBe('Pflichtfeld');
    expect(errorOf(/^Anmerkung/)).toBeNull();

    await user.type(screen.getByLabelText(/^Bezeichnung/), ' Strom Februar ');
    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'Energie');
    const date = screen.getByLabelText(/^Zahlungsdatum/);
    await user.clear(date);
    await user.type(date, '28.02.2026');
    await user.type(screen.getByLabelText(/^Betrag/), '89,90');
    await user.type(screen.getByLabelText(/^Steuersatz/), '20');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createExpense).toHaveBeenCalledTimes(1));
    expect(api.createExpense).toHaveBeenCalledWith({
      school_id: 2,
      name: 'Strom Februar',
      expense_cat_id: 2,
      payment_date: '2026-02-28',
      amount: 8990,
      tax_percent: 20,
      annotation: '',
    }, expect.any(String));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ausgaben' })).toBeTruthy();
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('refuses an impossible date', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/expense/edit/3' });
    await screen.findByRole('heading', { level: 1, name: 'Ausgabe bearbeiten' });
    const date = screen.getByLabelText(/^Zahlungsdatum/);
    await user.clear(date);
    await user.type(date, '31.02.2026');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf(/^Zahlungsdatum/)).toBe('Ungültiges Datum'));
    expect(api.updateExpense).not.toHaveBeenCalled();
  });

  it('copies in template mode and updates in edit mode', async () => {
    const first = renderWithProviders(<FinanceArea />, { route: '/m-fin/expense/template/3' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ausgabe kopieren' })).toBeTruthy();
    expect((screen.getByLabelText(/^Bezeichnung/) as HTMLInputElement).value).toBe('Miete Halle');
    await first.user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createExpense).toHaveBeenCalledTimes(1));
    expect(api.createExpense.mock.calls[0][0]).toMatchObject({ name: 'Miete Halle', amount: 120000, tax_percent: 20, school_id: 1 });
    first.unmount();

    const second = renderWithProviders(<FinanceArea />, { route: '/m-fin/expense/edit/3' });
    await screen.findByRole('heading', { level: 1, name: 'Ausgabe bearbeiten' });
    const tax = screen.getByLabelText(/^Steuersatz/);
    await second.user.clear(tax);
    await second.user.type(tax, '10');
    await second.user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.updateExpense).toHaveBeenCalledWith(3, expect.objectContaining({ tax_percent: 10, name: 'Miete Halle' }), 4));
    expect(api.createExpense).toHaveBeenCalledTimes(1);
  });

  it('has no save button without finance_w', async () => {
    renderWithProviders(<FinanceArea />, { route: '/m-fin/expense/edit/3', session: userWith(['finance_r', 'finance_d']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ausgabe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect((screen.getByLabelText(/^Bezeichnung/) as HTMLInputElement).disabled).toBe(true);
  });
});
