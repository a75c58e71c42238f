import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import type { ExpenseListRow, PagedListRequest } from 'shared-kernel/contracts';
import * as expenseApi from '../api/expense';
import * as lookups from '../api/lookups';
import { FinanceArea, userWith } from './fixtures';

jest.mock('../api/expense');
jest.mock('../api/lookups');

jest.setTimeout(40_000);

const api = jest.mocked(expenseApi);
const lookupApi = jest.mocked(lookups);

const rent: ExpenseListRow = {
  id: 3, pd: '2026-02-01', amt: 120000, cur: 'EUR', ec: 1, n: 'Miete Halle', an: 'Februar', dc: '2026-02-02T08:00:00Z',
  sid: 1, sn: 'Kampfsportschule Wien',
};
const power: ExpenseListRow = {
  id: 4, pd: '2026-02-28', amt: 8990, cur: 'EUR', ec: 2, n: 'Strom', an: '', dc: '2026-03-01T08:00:00Z',
  sid: 2, sn: 'Kampfsportschule München',
};

const lastRequest = () => api.getExpensePage.mock.calls[api.getExpensePage.mock.calls.length - 1][0] as PagedListRequest;

beforeEach(() => {
  jest.resetAllMocks();
  lookupApi.getCategories.mockResolvedValue({
    key: 'expense_cat',
    items: Array.from({ length: 13 }, (_, i) => ({ id: i + 1, name: i === 1 ? 'Strom & Gas' : null })),
  });
  lookupApi.getAccountOptions.mockResolvedValue([]);
  api.getExpensePage.mockResolvedValue({ rows: [rent, power], total: 2, pages: 1 });
  api.deleteExpense.mockResolvedValue();
});

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(text) && candidate.closest('tbody') !== null);
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('expense list', () => {
  it('shows the expenses with categories, filters by name and deletes after asking', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/expense' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ausgaben' })).toBeTruthy();
    await screen.findByText('Miete Halle', {}, { timeout: 15_000 });
    const rentRow = rowOf('Miete Halle');
    expect(rentRow.textContent).toMatch(/1\.200,00\s€/);
    expect(rentRow.textContent).toContain('Miete');
    expect(rentRow.textContent).toContain('01.02.2026');
    expect(rentRow.textContent).toContain('02.02.2026');
    expect(rowOf('Strom').textContent).toContain('Strom & Gas');
    expect(within(rowOf('Strom')).getByRole('button', { name: 'Kopieren: 28.02.2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Als CSV exportieren' })).toBeTruthy();

    await user.type(screen.getByLabelText('Filter Bezeichnung'), 'Mi');
    await waitFor(() => expect(lastRequest().filtered).toEqual([{ id: 'n', value: 'Mi' }]));
    await user.selectOptions(screen.getByLabelText('Filter Kategorie'), 'Miete');
    await waitFor(() => expect(lastRequest().filtered).toEqual([{ id: 'ec', value: 1 }, { id: 'n', value: 'Mi' }]));

    const loads = api.getExpensePage.mock.calls.length;
    await user.click(within(rowOf('Miete Halle')).getByRole('button', { name: 'Löschen: Februar' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.deleteExpense).toHaveBeenCalledWith(3));
    await waitFor(() => expect(api.getExpensePage.mock.calls.length).toBe(loads + 1));
    expect(screen.queryByRole('alertdialog', { name: 'Fehler' })).toBeNull();
  });

  it('opens the create form from the add button, which needs finance_w', async () => {
    const { user, unmount } = renderWithProviders(<FinanceArea />, { route: '/m-fin/expense' });
    await user.click(await screen.findByRole('button', { name: 'Neue Ausgabe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Neue Ausgabe' })).toBeTruthy();
    unmount();

    renderWithProviders(<FinanceArea />, { route: '/m-fin/expense', session: userWith(['finance_r', 'finance_d']) });
    await screen.findByText('Miete Halle', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Neue Ausgabe' })).toBeNull();
    expect(within(rowOf('Miete Halle')).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Ansehen: Februar',
      'Löschen: Februar',
    ]);
  });
});
