import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'shared-kernel';
import { renderWithProviders } from 'shared-kernel/testing';
import * as incomeApi from '../api/income';
import * as lookups from '../api/lookups';
import { FinanceArea, accounts, paymentCategories, savedIncome, userWith } from './fixtures';

jest.mock('../api/income');
jest.mock('../api/lookups');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(30_000);

const api = jest.mocked(incomeApi);
const lookupApi = jest.mocked(lookups);

beforeEach(() => {
  jest.resetAllMocks();
  lookupApi.getCategories.mockResolvedValue(paymentCategories);
  lookupApi.getAccountOptions.mockResolvedValue(accounts);
  api.getIncome.mockResolvedValue(savedIncome);
  api.createIncome.mockResolvedValue();
  api.updateIncome.mockResolvedValue(2);
  api.getIncomePage.mockResolvedValue({ rows: [], total: 0, pages: 0 });
});

/** The error text shown at a field (its aria-describedby '-error' element). */
function errorOf(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  const errorId = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

async function openCreate(session?: Parameters<typeof userWith>[0]) {
  const view = renderWithProviders(<FinanceArea />, {
    route: '/m-fin/income/create',
    session: session ? userWith(session) : {},
  });
  return view;
}

describe('income form', () => {
  it('names the missing fields and asks for an account only for direct debit and transfer', async () => {
    const { user } = await openCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Neue Einnahme' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Konto/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf(/^Schule/)).toBe('Pflichtfeld'));
    expect(errorOf(/^Kategorie/)).toBe('Pflichtfeld');
    expect(errorOf(/^Zahlungsart/)).toBe('Pflichtfeld');
    expect(errorOf(/^Betrag/)).toBe('Pflichtfeld');
    expect(errorOf(/^Steuersatz/)).toBeNull();
    expect(errorOf(/^Zahlungsdatum/)).toBeNull();

    // München has two accounts and no main one: the user must pick.
    await user.selectOptions(screen.getByLabelText(/^Schule/), 'Kampfsportschule München');
    await user.selectOptions(screen.getByLabelText(/^Zahlungsart/), 'Überweisung');
    const account = await screen.findByLabelText(/^Konto/);
    expect(within(account).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '',
      'Sparkasse (DE89 3704 0044 0532 0130 00)',
      'Volksbank (DE02 1203 0000 0000 2020 51)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf(/^Konto/)).toBe('Pflichtfeld'));

    await user.selectOptions(screen.getByLabelText(/^Zahlungsart/), 'Bar');
    await waitFor(() => expect(screen.queryByLabelText(/^Konto/)).toBeNull());

    await user.type(screen.getByLabelText(/^Betrag/), '0');
    await user.tab();
    await waitFor(() => expect(errorOf(/^Betrag/)).toBe('Ungültiger Betrag'));
    await user.clear(screen.getByLabelText(/^Betrag/));
    await user.type(screen.getByLabelText(/^Betrag/), '-12,50');
    await user.tab();
    await waitFor(() => expect(errorOf(/^Betrag/)).toBe('Ungültiger Betrag'));
    await user.clear(screen.getByLabelText(/^Steuersatz/));
    await user.type(screen.getByLabelText(/^Steuersatz/), 'zwanzig');
    await user.tab();
    await waitFor(() => expect(errorOf(/^Steuersatz/)).toBe('Ungültige Zahl'));
    expect(api.createIncome).not.toHaveBeenCalled();
  });

  it('creates an income with cents and an ISO date, then returns to the list with a toast', async () => {
    const { user } = await openCreate();
    await screen.findByRole('heading', { level: 1, name: 'Neue Einnahme' });
    await user.selectOptions(screen.getByLabelText(/^Schule/), 'Kampfsportschule Wien');
    // The school's own category name from the configuration stands next to the standard names.
    expect(within(screen.getByLabelText(/^Kategorie/)).getByRole('option', { name: 'Gürtelprüfung' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'Sonstiges');
    await user.type(screen.getByLabelText(/^Eigene Kategoriebezeichnung/), '  Getränke ');
    await user.selectOptions(screen.getByLabelText(/^Zahlungsart/), 'SEPA-Lastschrift');
    // Wien's main account is taken until the user picks another.
    await waitFor(() => expect((screen.getByLabelText(/^Konto/) as HTMLSelectElement).selectedOptions[0].textContent).toMatch(/^Erste Bank/));
    await user.selectOptions(screen.getByLabelText(/^Konto/), screen.getByRole('option', { name: /^Kassa-Konto/ }));
    const date = screen.getByLabelText(/^Zahlungsdatum/);
    await user.clear(date);
    await user.type(date, '05.03.2026');
    await user.type(screen.getByLabelText(/^Betrag/), '1.234,56');
    await user.type(screen.getByLabelText(/^Steuersatz/), '7,5');
    await user.type(screen.getByLabelText(/^Anmerkung/), 'Kurs März');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(api.createIncome).toHaveBeenCalledTimes(1));
    expect(api.createIncome).toHaveBeenCalledWith({
      school_id: 1,
      payment_cat_id: 1,
      custom_category: 'Getränke',
      payment_method_id: 1,
      account_id: 12,
      payment_date: '2026-03-05',
      amount: 123456,
      tax_percent: 7.5,
      annotation: 'Kurs März',
    }, expect.stringMatching(/^[0-9a-f]{32}$/));
    expect(api.updateIncome).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahmen' })).toBeTruthy();
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('drops the account and the custom name where the method and category take none', async () => {
    const { user } = await openCreate();
    await screen.findByRole('heading', { level: 1, name: 'Neue Einnahme' });
    await user.selectOptions(screen.getByLabelText(/^Schule/), 'Kampfsportschule Wien');
    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'Sonstiges');
    await user.type(screen.getByLabelText(/^Eigene Kategoriebezeichnung/), 'Getränke');
    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'Seminare');
    await user.selectOptions(screen.getByLabelText(/^Zahlungsart/), 'Überweisung');
    await waitFor(() => expect((screen.getByLabelText(/^Konto/) as HTMLSelectElement).value).not.toBe(''));
    await user.selectOptions(screen.getByLabelText(/^Zahlungsart/), 'Bar');
    await user.type(screen.getByLabelText(/^Betrag/), '30');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createIncome).toHaveBeenCalledTimes(1));
    expect(api.createIncome.mock.calls[0][0]).toMatchObject({
      payment_cat_id: 4,
      custom_category: null,
      payment_method_id: 3,
      account_id: null,
      amount: 3000,
      tax_percent: null,
      annotation: '',
    });
  });

  it('saves a copy as a new income in template mode', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/template/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahme kopieren' })).toBeTruthy();
    expect(api.getIncome).toHaveBeenCalledWith(7, expect.anything());
    expect((screen.getByLabelText(/^Betrag/) as HTMLInputElement).value).toBe('45,50');
    expect((screen.getByLabelText(/^Steuersatz/) as HTMLInputElement).value).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createIncome).toHaveBeenCalledTimes(1));
    expect(api.createIncome).toHaveBeenCalledWith({
      school_id: 2,
      payment_cat_id: 1,
      custom_category: 'Getränke',
      payment_method_id: 2,
      account_id: 22,
      payment_date: '2026-03-05',
      amount: 4550,
      tax_percent: 10,
      annotation: 'Getränkeverkauf März',
    }, expect.any(String));
    expect(api.updateIncome).not.toHaveBeenCalled();
  });

  it('updates the loaded income in edit mode', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/edit/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahme bearbeiten' })).toBeTruthy();
    const amount = screen.getByLabelText(/^Betrag/);
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.updateIncome).toHaveBeenCalledTimes(1));
    expect(api.updateIncome).toHaveBeenCalledWith(7, expect.objectContaining({ amount: 5000, account_id: 22, school_id: 2 }), 1);
    expect(api.createIncome).not.toHaveBeenCalled();
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('shows the error of a refused save and stays on the form', async () => {
    api.updateIncome.mockRejectedValue(
      new HTTPError(
        new Response(JSON.stringify({ error: 4, fields: { account_id: 'form.invalid' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
        new Request('http://localhost/api-fin/income?id=7', { method: 'PUT' }),
        {} as never,
      ),
    );
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/edit/7' });
    await screen.findByRole('heading', { level: 1, name: 'Einnahme bearbeiten' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Daten konnten auf dem Server nicht gespeichert werden.');
    expect(errorOf(/^Konto/)).toBe('Ungültiger Wert');
    expect(screen.getByRole('heading', { level: 1, name: 'Einnahme bearbeiten' })).toBeTruthy();
  });

  it('says when someone else saved the income meanwhile, keeps the typed entries and saves against the reloaded version', async () => {
    api.updateIncome.mockRejectedValueOnce(
      new HTTPError(
        new Response(JSON.stringify({ error: 9 }), { status: 409, headers: { 'content-type': 'application/json' } }),
        new Request('http://localhost/api-fin/income?id=7', { method: 'PUT' }),
        {} as never,
      ),
    );
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/edit/7' });
    await screen.findByRole('heading', { level: 1, name: 'Einnahme bearbeiten' });
    const annotation = screen.getByLabelText(/^Anmerkung/);
    await user.clear(annotation);
    await user.type(annotation, 'Meine Korrektur');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dieser Datensatz wurde inzwischen von jemand anderem gespeichert');
    expect((screen.getByLabelText(/^Anmerkung/) as HTMLTextAreaElement).value).toBe('Meine Korrektur');
    expect(api.updateIncome).toHaveBeenLastCalledWith(7, expect.objectContaining({ annotation: 'Meine Korrektur' }), 1);

    // The other person changed the amount: the notice shows it, formatted.
    api.getIncome.mockResolvedValue({ ...savedIncome, amount: 9900, version: 2 });
    await user.click(within(alert).getByRole('button', { name: 'Aktuellen Stand laden' }));
    const loaded = await screen.findByRole('status');
    expect(within(loaded).getByText('Betrag').tagName).toBe('DT');
    expect(within(loaded).getByText('99,00 €').tagName).toBe('DD');
    expect((screen.getByLabelText(/^Anmerkung/) as HTMLTextAreaElement).value).toBe('Meine Korrektur');

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.updateIncome).toHaveBeenLastCalledWith(7, expect.objectContaining({ annotation: 'Meine Korrektur' }), 2));
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahmen' })).toBeTruthy();
  });

  it('disables the save button while the save runs, and a retry of the same entries reuses the Idempotency-Key', async () => {
    let finish!: () => void;
    api.createIncome
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      );
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/template/7' });
    await screen.findByRole('heading', { level: 1, name: 'Einnahme kopieren' });
    const save = screen.getByRole('button', { name: 'Speichern' });
    // The answer was lost: the user clicks again with the same entries.
    await user.click(save);
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(save);
    await waitFor(() => expect(api.createIncome).toHaveBeenCalledTimes(2));
    expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(api.createIncome).toHaveBeenCalledTimes(2);
    const [first, second] = api.createIncome.mock.calls;
    expect(second[1]).toBe(first[1]);
    finish();
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahmen' })).toBeTruthy();
  });

  it('is read-only without finance_w: no save button, and no create at all', async () => {
    const { unmount } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/edit/7', session: userWith(['finance_r']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahme' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect((screen.getByLabelText(/^Betrag/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Zurück zur Liste' })).toBeTruthy();
    unmount();

    renderWithProviders(<FinanceArea />, { route: '/m-fin/income/create', session: userWith(['finance_r']) });
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('keeps an income from a student payment read-only', async () => {
    api.getIncome.mockResolvedValue({ ...savedIncome, student_id: 5 });
    renderWithProviders(<FinanceArea />, { route: '/m-fin/income/edit/7' });
    expect(await screen.findByText(/stammt aus einer Zahlung eines Schülers/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('sends an unknown mode or a missing id back to the list', async () => {
    const { unmount } = renderWithProviders(<FinanceArea />, { route: '/m-fin/income/bogus/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahmen' })).toBeTruthy();
    unmount();
    renderWithProviders(<FinanceArea />, { route: '/m-fin/income/edit' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einnahmen' })).toBeTruthy();
    expect(api.getIncome).not.toHaveBeenCalled();
  });
});
