import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { renderWithProviders } from 'shared-kernel/testing';
import type { BankAssignResponse, BankImportDetail, BankMovementRow } from 'shared-kernel/contracts';
import * as bankApi from '../api/bank-movements';
import { FinanceArea, userWith } from '../../income-expense/__tests__/fixtures';

jest.mock('../api/bank-movements', () => ({
  ...jest.requireActual('../api/bank-movements'),
  getMovementPage: jest.fn(),
  deleteMovement: jest.fn(),
  uploadStatement: jest.fn(),
  getImport: jest.fn(),
  getAssignSuggestions: jest.fn(),
  getStudentOptions: jest.fn(),
  applyAssignment: jest.fn(),
}));
jest.setTimeout(40_000);

const api = jest.mocked(bankApi);

const movement = (id: number, overrides: Partial<BankMovementRow> = {}): BankMovementRow => ({
  id, bd: '2026-11-03', riban: 'AT611904300234573201', sname: `Absender ${id}`, siban: 'DE89370400440532013000', mdid: null,
  ssvwz: `Beitrag ${id}`, amt: 4900, cur: 'EUR', isd: false, stid: null, stn: null, man: false, ...overrides,
});

const detail: BankImportDetail = {
  id: 42, school_id: 1, file_name: 'auszug.xml', message: 'camt.053.001.02', created_at: '2026-11-28T08:15:30Z',
  statements: [{ id: 'STMT-1', iban: 'AT611904300234573201', account_id: 11, account_name: 'Erste Bank', currency: 'EUR', from: '2026-11-01', to: '2026-11-30', opening: 10_000, closing: -2_550, entries: 3, bank_entries: 2, movements: 4,
    not_booked: [{ position: 5, ref: 'PEND-1', status: 'PDNG', amount: 1_990, credit: true, date: '2026-11-30' }] }],
  imported: 3, skipped: 1, entries: 2, movements: 4, not_booked: 1, returns: 1, paid_debits: 0,
};

/** An HTTPError as ky throws it for a JSON error answer. */
function httpError(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api'), {} as never);
}

beforeEach(() => {
  jest.clearAllMocks();
  api.getMovementPage.mockResolvedValue({ rows: [movement(1), movement(2, { isd: true, stid: 9, stn: 'Anna Berger', amt: 3000 }), movement(3, { amt: -1250, man: true })], pages: 1, total: 3 });
  api.deleteMovement.mockResolvedValue(undefined);
  api.getImport.mockResolvedValue(detail);
});

describe('/m-fin/bamove', () => {
  it('lists the movements with the collective-transfer note; delete only without a student', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/bamove', session: userWith(['finance_r', 'finance_w', 'finance_d']) });
    const table = await screen.findByRole('grid', { name: 'Bankbewegungen' }).catch(() => screen.findByRole('table', { name: 'Bankbewegungen' }));
    expect(screen.getByText(/Sammelüberweisungen .* werden nie automatisch zugeordnet/)).toBeTruthy();
    expect(within(table).getByText('-12,50 €')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Anna Berger' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Löschen: Absender 2/ })).toBeNull();
    await user.click(within(table).getByRole('button', { name: /Löschen: Absender 1/ }));
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.deleteMovement).toHaveBeenCalledWith(1));
    await waitFor(() => expect(api.getMovementPage).toHaveBeenCalledTimes(2));
  });

  it('imports a statement: the counts and the link to the detail; an unknown account names its IBAN', async () => {
    api.uploadStatement.mockRejectedValueOnce(httpError(400, { error: 1003, fields: { iban: 'DE02120300000000202051' } }));
    api.uploadStatement.mockResolvedValueOnce(detail);
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/bamove', session: userWith(['finance_r', 'finance_w']) });
    await user.click(await screen.findByRole('button', { name: 'Kontoauszug importieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kontoauszug importieren' });
    await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    expect(await within(dialog).findByText('Bitte eine Datei wählen.')).toBeTruthy();
    const file = new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' });
    await user.upload(within(dialog).getByLabelText('Datei (CAMT .053/.054 als XML oder ZIP)'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    expect(await within(dialog).findByText(/Das Konto für diese Datei ist noch nicht angelegt\. Konto mit der IBAN DE02120300000000202051 fehlt\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    // The bank's entries and the movements made of them, apart (a batch booking is one entry, several movements).
    const result = await within(dialog).findByRole('status');
    const fact = (label: string) => within(result).getByText(label).nextElementSibling?.textContent;
    expect([fact('Buchungen der Bank'), fact('Bewegungen daraus'), fact('Neu importiert'), fact('Bereits vorhanden'), fact('Rücklastschriften')])
      .toEqual(['2', '4', '3', '1', '1']);
    expect(fact('Nicht gebucht (vorgemerkt, Info), ausgelassen')).toBe('1');
    expect(within(dialog).getByRole('link', { name: 'Details des Imports anzeigen' }).getAttribute('href')).toBe('/m-fin/bamim/42');
    await waitFor(() => expect(api.getMovementPage).toHaveBeenCalledTimes(2));
  });

  it('names the version (104), both currencies (105) and an entry without a date (1000) of a refused statement', async () => {
    api.uploadStatement.mockRejectedValueOnce(httpError(400, { error: 104, fields: { version: 'camt.052.001.08' } }));
    api.uploadStatement.mockRejectedValueOnce(httpError(400, { error: 105, fields: { iban: 'DE02100100100006820101', currency: 'CHF', account_currency: 'EUR' } }));
    api.uploadStatement.mockRejectedValueOnce(httpError(400, { error: 1000, fields: { statement: 'ST-9', entry: '2', ref: 'REF-2', reason: 'no_date' } }));
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/bamove', session: userWith(['finance_r', 'finance_w']) });
    await user.click(await screen.findByRole('button', { name: 'Kontoauszug importieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kontoauszug importieren' });
    await user.upload(within(dialog).getByLabelText('Datei (CAMT .053/.054 als XML oder ZIP)'), new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' }));
    await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('camt.052.001.08 wird nicht unterstützt; unterstützt: camt.053/.054 .001.02–.001.08.');
    await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Der Kontoauszug ist in CHF, das Konto DE02100100100006820101 führt EUR. Es wurde nichts importiert.'));
    await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(
      'Ungültige CAMT-Datei. Auszug ST-9, Buchung Nr. 2 (REF-2): ohne Buchungs- und Valutadatum, und der Auszug umfasst mehrere Tage.',
    ));
  });

  it('without finance_w: no import, assign or add buttons', async () => {
    renderWithProviders(<FinanceArea />, { route: '/m-fin/bamove', session: userWith(['finance_r']) });
    await screen.findByText('Absender 1');
    expect(screen.queryByRole('button', { name: 'Kontoauszug importieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zuordnen' })).toBeNull();
  });
});

describe('/m-fin/bamim/{id}', () => {
  it('shows file, statements with period and balances, and the counts', async () => {
    renderWithProviders(<FinanceArea />, { route: '/m-fin/bamim/42', session: userWith(['finance_r']) });
    const table = await screen.findByRole('table', { name: 'Auszüge' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('STMT-1');
    expect(row.textContent).toContain('Erste Bank (AT611904300234573201)');
    expect(row.textContent).toContain('01.11.2026 – 30.11.2026');
    expect(row.textContent).toMatch(/100,00\s€/);
    expect(row.textContent).toMatch(/-25,50\s€/);
    expect(screen.getByText('auszug.xml')).toBeTruthy();
    expect(screen.getByText('Als Duplikat übersprungen').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Buchungen der Bank', { selector: 'dt' }).nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText('Bewegungen daraus', { selector: 'dt' }).nextElementSibling?.textContent).toBe('4');
    expect(screen.getByText('Nicht gebucht, ausgelassen').nextElementSibling?.textContent).toBe('1');
    const header = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toEqual(expect.arrayContaining(['Buchungen der Bank', 'Bewegungen daraus', 'Davon neu']));
    // The entry the bank has not booked, listed with its status.
    const pending = screen.getByRole('table', { name: 'Nicht gebuchte Einträge (nicht importiert)' });
    const pendingRow = within(pending).getAllByRole('row')[1]!;
    expect(within(pendingRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['STMT-1', '5', 'PEND-1', 'Vorgemerkt', '30.11.2026', expect.stringMatching(/19,90\s€/)]);
    expect(api.getImport).toHaveBeenCalledWith(42, expect.anything());
  });
});

describe('/m-fin/bamassign', () => {
  const suggestions: BankAssignResponse = {
    total: 3,
    rows: [
      { id: 1, bd: '2026-11-01', sname: 'Eltern Berger', siban: '', ssvwz: 'Beitrag', amt: 4900, cur: 'EUR', stid: 9, stn: 'Anna Berger', op: 'pr', rno: 77, why: 'mandate', collective: false, version: 1 },
      { id: 2, bd: '2026-11-02', sname: 'Lechner', siban: '', ssvwz: 'Mitgliedsbeitrag', amt: 2000, cur: 'EUR', stid: 10, stn: 'Ben Lechner', op: 'cp', rno: null, why: 'iban', collective: false, version: 3 },
      { id: 3, bd: '2026-11-03', sname: 'Verein', siban: '', ssvwz: 'Belege 77 und 78', amt: 4000, cur: 'EUR', stid: null, stn: null, op: null, rno: null, why: null, collective: true, version: 1 },
    ],
  };

  it('shows suggestions with why, selects all assignable rows, applies them one by one with per-row failures, then reloads', async () => {
    api.getAssignSuggestions.mockResolvedValue(suggestions);
    api.applyAssignment.mockResolvedValueOnce({ success: true, payment_id: 5, assigned: 4900 });
    api.applyAssignment.mockRejectedValueOnce(httpError(409, { error: 95 }));
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/bamassign', session: userWith(['finance_r', 'finance_w']) });
    const table = await screen.findByRole('table', { name: 'Offene Eingänge' });
    expect(screen.getByText('Abbuchungen werden ignoriert; nur Eingänge werden Schülern zugeordnet.')).toBeTruthy();
    expect(within(table).getByText('Mandatsreferenz')).toBeTruthy();
    expect(within(table).getByText('Sammelüberweisung: bitte von Hand aufteilen')).toBeTruthy();
    expect((within(table).getByRole('combobox', { name: /Zuordnung für Eltern Berger/ }) as HTMLSelectElement).value).toBe('pr');
    expect((within(table).getByRole('checkbox', { name: /Auswählen: Verein/ }) as HTMLInputElement).disabled).toBe(true);

    await user.click(within(table).getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Auf Auswahl anwenden' }));
    await waitFor(() => expect(api.applyAssignment).toHaveBeenCalledTimes(2));
    expect(api.applyAssignment.mock.calls[0]![0]).toEqual({ bamid: 1, stid: 9, ops: 'pr', rno: 77, version: 1 });
    expect(api.applyAssignment.mock.calls[1]![0]).toEqual({ bamid: 2, stid: 10, ops: 'cp', rno: null, version: 3 });
    expect(await screen.findByText(/Nicht zugeordnet: Lechner, 02\.11\.2026, 20,00 € – Die Bankbewegung ist bereits einem Schüler zugeordnet\./)).toBeTruthy();
    await waitFor(() => expect(api.getAssignSuggestions).toHaveBeenCalledTimes(2));
  });

  it('sends the version each row was listed with; a movement changed meanwhile (409 {error: 9}) says so and the list shows it as it is now', async () => {
    // Someone edits the hand-entered movement of Lechner (20,00 € → 90,00 €, version 3 → 4) after the screen loaded.
    const edited: BankAssignResponse = { ...suggestions, rows: suggestions.rows.map((row) => (row.id === 2 ? { ...row, amt: 9000, version: 4 } : row)) };
    api.getAssignSuggestions.mockResolvedValueOnce(suggestions).mockResolvedValue(edited);
    api.applyAssignment.mockRejectedValueOnce(httpError(409, { error: 9 }));
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/bamassign', session: userWith(['finance_r', 'finance_w']) });
    const table = await screen.findByRole('table', { name: 'Offene Eingänge' });
    await user.click(within(table).getByRole('checkbox', { name: /Auswählen: Lechner/ }));
    await user.click(screen.getByRole('button', { name: 'Auf Auswahl anwenden' }));

    await waitFor(() => expect(api.applyAssignment).toHaveBeenCalledTimes(1));
    expect(api.applyAssignment).toHaveBeenCalledWith({ bamid: 2, stid: 10, ops: 'cp', rno: null, version: 3 }, expect.any(String));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(
      'Nicht zugeordnet: Lechner, 02.11.2026, 20,00 € – Dieser Datensatz wurde inzwischen von jemand anderem geändert. Bitte laden Sie den aktuellen Stand neu.',
    )).toBeTruthy();
    expect(await screen.findByText('Die Liste zeigt jetzt den aktuellen Stand dieser Bewegungen: bitte prüfen und erneut anwenden.')).toBeTruthy();
    // Reloaded: the row shows the new amount, and applying it again sends the new version.
    await waitFor(() => expect(api.getAssignSuggestions).toHaveBeenCalledTimes(2));
    const reloaded = await screen.findByRole('table', { name: 'Offene Eingänge' });
    expect(await within(reloaded).findByText('90,00 €')).toBeTruthy();
    api.applyAssignment.mockResolvedValueOnce({ success: true, payment_id: 6, assigned: 0 });
    await user.click(within(reloaded).getByRole('checkbox', { name: /Auswählen: Lechner/ }));
    await user.click(screen.getByRole('button', { name: 'Auf Auswahl anwenden' }));
    await waitFor(() => expect(api.applyAssignment).toHaveBeenCalledTimes(2));
    expect(api.applyAssignment.mock.calls[1]![0]).toEqual({ bamid: 2, stid: 10, ops: 'cp', rno: null, version: 4 });
  });

  it('takes another student by number through the options call', async () => {
    api.getAssignSuggestions.mockResolvedValue(suggestions);
    api.getStudentOptions.mockResolvedValue({ stid: 12, stn: 'Dora Fuchs', receipts: [], op: 'cp', rno: null });
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/bamassign', session: userWith(['finance_r', 'finance_w']) });
    const table = await screen.findByRole('table', { name: 'Offene Eingänge' });
    await user.type(within(table).getByRole('textbox', { name: /Schüler für Verein/ }), '12');
    const row = within(table).getByRole('textbox', { name: /Schüler für Verein/ }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Schüler übernehmen' }));
    await waitFor(() => expect(api.getStudentOptions).toHaveBeenCalledWith(12, 3));
    expect(await within(row).findByRole('link', { name: 'Dora Fuchs' })).toBeTruthy();
    expect(within(row).getByText('Von Hand gewählt')).toBeTruthy();
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
  });
});
