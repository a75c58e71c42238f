import { screen, waitFor, within } from '@testing-library/react';
import { mockExportDownloads, renderWithProviders } from 'shared-kernel/testing';
import type { IncomeListRow, PagedListRequest } from 'shared-kernel/contracts';
import * as incomeApi from '../api/income';
import * as lookups from '../api/lookups';
import { FinanceArea, accounts, paymentCategories, savedIncome, userWith } from './fixtures';

jest.mock('../api/income');
jest.mock('../api/lookups');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const api = jest.mocked(incomeApi);
const lookupApi = jest.mocked(lookups);

const ownRow: IncomeListRow = {
  id: 7, pd: '2026-03-05', amt: 4550, cur: 'EUR', pm: 2, aid: 22, acn: 'Volksbank', pc: 1, cc: 'Getränke',
  an: 'Getränkeverkauf März', stid: null, sf: null, sl: null, dc: '2026-03-06T09:00:00Z', sid: 2, sn: 'Kampfsportschule München',
};
const studentRow: IncomeListRow = {
  id: 8, pd: '2026-03-01', amt: 6900, cur: 'EUR', pm: 1, aid: 11, acn: 'Erste Bank', pc: 2, cc: null,
  an: 'Beitrag März', stid: 5, sf: 'Lena', sl: 'Huber', dc: '2026-03-01T06:00:00Z', sid: 1, sn: 'Kampfsportschule Wien',
};
const cashRow: IncomeListRow = {
  id: 9, pd: '2026-02-14', amt: 1500, cur: 'EUR', pm: 3, aid: null, acn: null, pc: 3, cc: null,
  an: '', stid: null, sf: null, sl: null, dc: '2026-02-14T10:00:00Z', sid: 1, sn: 'Kampfsportschule Wien',
};

function answer(rows: IncomeListRow[]) {
  return { rows, total: rows.length, pages: rows.length ? 1 : 0 };
}

const lastRequest = () => api.getIncomePage.mock.calls[api.getIncomePage.mock.calls.length - 1][0] as PagedListRequest;

beforeEach(() => {
  jest.resetAllMocks();
  lookupApi.getCategories.mockResolvedValue(paymentCategories);
  lookupApi.getAccountOptions.mockResolvedValue(accounts);
  api.getIncomePage.mockResolvedValue(answer([ownRow, studentRow, cashRow]));
  api.getIncome.mockResolvedValue(savedIncome);
});

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(text) && candidate.closest('tbody') !== null);
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('income list', () => {
  it('shows the columns, links the student and gives actions only to rows without a student', async () => {
    renderWithProviders(<FinanceArea />, { route: '/m-fin/income' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahmen' })).toBeTruthy();
    await screen.findByText('Getränkeverkauf März', {}, { timeout: 15_000 });
    expect(api.getIncomePage.mock.calls[0][0]).toEqual({ page: 0, pageSize: 25, sorted: [{ id: 'pd', desc: true }], filtered: [] });

    const own = rowOf('Getränkeverkauf März');
    expect(own.textContent).toContain('05.03.2026');
    expect(own.textContent).toMatch(/45,50\s€/);
    expect(own.textContent).toContain('Überweisung');
    expect(own.textContent).toContain('Volksbank');
    // Category 1 shows the custom name.
    expect(own.textContent).toContain('Getränke');
    expect(own.textContent).toContain('06.03.2026');
    expect(own.textContent).toContain('Kampfsportschule München');
    expect(within(own).getByRole('button', { name: 'Bearbeiten: Getränkeverkauf März' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Kopieren: Getränkeverkauf März' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Löschen: Getränkeverkauf März' })).toBeTruthy();

    const fromStudent = rowOf('Beitrag März');
    expect(within(fromStudent).getByRole('link', { name: 'Lena Huber' }).getAttribute('href')).toBe('/m-student/details/5');
    expect(fromStudent.textContent).toContain('Mitgliedsbeiträge');
    expect(within(fromStudent).queryAllByRole('button')).toHaveLength(0);

    // Without an annotation the buttons name the row by its payment date.
    const cash = rowOf('Bar');
    expect(within(cash).getByRole('button', { name: 'Bearbeiten: 14.02.2026' })).toBeTruthy();
    expect(cash.textContent).toContain('Gürtelprüfung');
    expect(cash.textContent).toContain('-');

    expect(screen.getByRole('button', { name: 'Neue Einnahme' })).toBeTruthy();
    expect(screen.getAllByText('3 Einträge').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Als CSV exportieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Als Excel exportieren' })).toBeTruthy();
  });

  it('offers the export only when there are rows', async () => {
    api.getIncomePage.mockResolvedValue(answer([]));
    renderWithProviders(<FinanceArea />, { route: '/m-fin/income' });
    expect(await screen.findByText('Keine Einträge gefunden', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Als CSV exportieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Als Excel exportieren' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Auswahl exportieren' })).toBeNull();
  });

  it('asks before deleting, shows the error dialog when it fails and reloads after a delete', async () => {
    api.deleteIncome.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce();
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income' });
    await screen.findByText('Getränkeverkauf März', {}, { timeout: 15_000 });
    const deleteButton = () => within(rowOf('Getränkeverkauf März')).getByRole('button', { name: 'Löschen: Getränkeverkauf März' });

    // Cancelling deletes nothing.
    await user.click(deleteButton());
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Wirklich löschen?');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.deleteIncome).not.toHaveBeenCalled();

    await user.click(deleteButton());
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    const error = await screen.findByRole('alertdialog', { name: 'Fehler' });
    expect(error.textContent).toContain('Die Aktion konnte nicht ausgeführt werden');
    expect(api.deleteIncome).toHaveBeenCalledWith(7);
    await user.click(within(error).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const loads = api.getIncomePage.mock.calls.length;
    api.getIncomePage.mockResolvedValue(answer([studentRow, cashRow]));
    await user.click(deleteButton());
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.getIncomePage.mock.calls.length).toBe(loads + 1));
    await waitFor(() => expect(screen.queryByText('Getränkeverkauf März')).toBeNull());
    expect(api.deleteIncome).toHaveBeenCalledTimes(2);
  });

  it('shows no add, copy or delete without finance_w and finance_d', async () => {
    renderWithProviders(<FinanceArea />, { route: '/m-fin/income', session: userWith(['finance_r']) });
    await screen.findByText('Getränkeverkauf März', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Neue Einnahme' })).toBeNull();
    const own = rowOf('Getränkeverkauf März');
    expect(within(own).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Ansehen: Getränkeverkauf März',
    ]);
  });

  it('filters by payment date range and method, and opens the form with the way back', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income' });
    await screen.findByText('Getränkeverkauf März', {}, { timeout: 15_000 });
    const range = screen.getByRole('group', { name: 'Filter Zahlungsdatum' });
    await user.type(within(range).getByLabelText('von'), '01.03.2026');
    await waitFor(() => expect(lastRequest().filtered).toEqual([{ id: 'pd', value: { from: '2026-03-01' } }]));
    await user.type(within(range).getByLabelText('bis'), '31.03.2026');
    await waitFor(() => expect(lastRequest().filtered).toEqual([{ id: 'pd', value: { from: '2026-03-01', to: '2026-03-31' } }]));
    await user.selectOptions(screen.getByLabelText('Filter Zahlungsart'), 'Bar');
    await waitFor(() =>
      expect(lastRequest()).toMatchObject({
        page: 0,
        filtered: [{ id: 'pd', value: { from: '2026-03-01', to: '2026-03-31' } }, { id: 'pm', value: 3 }],
      }),
    );
    await user.selectOptions(screen.getByLabelText('Filter Konto'), 'Sparkasse');
    await waitFor(() => expect(lastRequest().filtered).toContainEqual({ id: 'aid', value: 21 }));

    // Without a selection the export takes what the filters match, in the list's sort.
    expect(within(screen.getByRole('group', { name: 'Auswahl exportieren' })).getByText('Keine Auswahl: alle 3 gefilterten Einträge werden exportiert')).toBeTruthy();
    const downloads = mockExportDownloads();
    try {
      await user.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
      await waitFor(() => expect(downloads.saved).toHaveBeenCalledTimes(1));
      expect(downloads.request(0)).toEqual({
        path: '/api-fin/export-il-sel',
        format: 'csv',
        ids: null,
        filtered: lastRequest().filtered,
        sorted: [{ id: 'pd', desc: true }],
      });
    } finally {
      downloads.restore();
    }

    await user.click(within(rowOf('Getränkeverkauf März')).getByRole('button', { name: 'Bearbeiten: Getränkeverkauf März' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahme bearbeiten' })).toBeTruthy();
    expect(api.getIncome).toHaveBeenCalledWith(7, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await screen.findByRole('heading', { level: 1, name: 'Einnahmen' });
    // Back on the list with the same filters.
    await waitFor(() => expect(lastRequest().filtered).toContainEqual({ id: 'pd', value: { from: '2026-03-01', to: '2026-03-31' } }));
    expect((within(screen.getByRole('group', { name: 'Filter Zahlungsdatum' })).getByLabelText('von') as HTMLInputElement).value).toBe('01.03.2026');
  });
});
