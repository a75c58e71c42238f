import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import type { DdCandidate, DdPreview } from 'shared-kernel/contracts';
import * as ddApi from '../api/direct-debits';
import { FinanceArea, userWith } from '../../income-expense/__tests__/fixtures';

jest.mock('../api/direct-debits');
jest.setTimeout(40_000);

const api = jest.mocked(ddApi);

const row = (i: number, over: Partial<DdCandidate> = {}): DdCandidate => ({
  scid: 100 + i, rno: 5000 + i, cs: '2026-01-01', ce: null, dd: '2026-11-15', fn: `Anna${i}`, ln: i % 2 ? 'Huber' : 'Müller',
  rt: 'Beitrag 11/2026', amt: 4900, cur: 'EUR', f: i === 1, sid: 1, stid: 200 + i, ci: 'DE98ZZZ09999999999', aid: 11, acn: 'Giro', ...over,
});
const rows = [...Array.from({ length: 24 }, (_, i) => row(i + 1)), row(99, { ci: '', fn: 'Ohne', ln: 'Glaeubiger' })];
const preview: DdPreview = {
  cnt: 2, rcpt: 2, cd: '2026-12-07', lead: 14, frst: 1, rcur: 1,
  accounts: [{ aid: 11, sid: 1, acn: 'Giro', iban: 'DE89370400440532013000', ci: 'DE98ZZZ09999999999', cnt: 2, rcpt: 2, amt: 9800, cur: 'EUR', frst: 1, rcur: 1, pain: 'pain.008.001.08', cd: '2026-12-07', lead: 14 }],
  left: [{ rno: 7001, scid: 300, fn: 'Max', ln: 'Ohnemandat', amt: 4900, reason: 'no_mandate' }],
};

beforeEach(() => {
  jest.resetAllMocks();
  api.getCandidates.mockResolvedValue({ rows, last: '2026-10-20T08:15:30Z', off: [] });
  api.previewRun.mockResolvedValue(preview);
  api.generateRun.mockResolvedValue({ success: true, runs: [{ id: 1, msgid: 'SBO-DD1', aid: 11, cnt: 2, amt: 9800 }], left: [] });
});

const table = () => screen.getByRole('table', { name: 'Lastschrift-Kandidaten' });

describe('/m-fin/dd', () => {
  it('lists the candidates 20 per page, highlights rows without creditor id, filters by prefix', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lastschriften erstellen' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    expect(within(table()).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText(/Letzter Lauf: 20\.10\.2026/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    const invalid = within(table()).getByText('SEPA: Keine / Fehlerhafte Gläubiger-ID!').closest('tr')!;
    expect(within(invalid).queryByRole('checkbox')).toBeNull();
    await user.type(screen.getByLabelText('Filter Schüler (Name beginnt mit)'), 'HUB');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(13));
    expect(api.getCandidates).toHaveBeenCalledWith(new Date().getFullYear(), new Date().getMonth() + 1, expect.anything());
    await user.selectOptions(screen.getByLabelText('Monat'), '3');
    await waitFor(() => expect(api.getCandidates).toHaveBeenLastCalledWith(new Date().getFullYear(), 3, expect.anything()));
  });

  it('select all / some: the tri-state checkbox; nothing selected raises the alert', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']) });
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Lastschriften erstellen' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Nichts ausgewählt.')).toBeTruthy();
    await user.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.previewRun).not.toHaveBeenCalled();
    const all = screen.getByRole('checkbox', { name: 'Alle auswählen' }) as HTMLInputElement;
    await user.click(screen.getByRole('checkbox', { name: 'Beleg 5001 auswählen' }));
    await waitFor(() => expect(all.indeterminate).toBe(true));
    await user.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    expect(screen.getByText('24 ausgewählt')).toBeTruthy();
    await user.click(all);
    await waitFor(() => expect(screen.getByText('0 ausgewählt')).toBeTruthy());
  });

  it('previews, then generates with one key and refreshes the list', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']) });
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Beleg 5001 auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Beleg 5002 auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Lastschriften erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorschau des Lastschriftlaufs' });
    expect(api.previewRun).toHaveBeenCalledWith(expect.any(Number), expect.any(Number), [
      { scid: 101, dd: '2026-11-15', rno: 5001 },
      { scid: 102, dd: '2026-11-15', rno: 5002 },
    ]);
    expect(within(dialog).getByText(/Fälligkeitsdatum \(Einzug\): 07\.12\.2026/)).toBeTruthy();
    expect(within(dialog).getByText(/Vorabankündigung 14 Tage/)).toBeTruthy();
    expect(within(dialog).getByText(/Lastschriften: 2 \(Erstlastschriften FRST: 1, Folgelastschriften RCUR: 1\)/)).toBeTruthy();
    // One receipt per direct debit: no note about receipts collected together.
    expect(within(dialog).getByText('Belege: 2')).toBeTruthy();
    expect(within(dialog).queryByText(/Mehrere Belege eines Mandats/)).toBeNull();
    const accounts = within(dialog).getByRole('table', { name: 'Summe je Gläubigerkonto' });
    expect(within(accounts).getByText(/98,00/)).toBeTruthy();
    expect(within(accounts).getByText('07.12.2026')).toBeTruthy();
    const left = within(dialog).getByRole('table', { name: 'Nicht eingezogen' });
    expect(within(left).getByText('Kein gültiges SEPA-Mandat')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(api.generateRun).toHaveBeenCalledTimes(1));
    expect(api.generateRun.mock.calls[0]![3]).toEqual(expect.any(String));
    expect(await screen.findByText('Vorgang erfolgreich ausgeführt.')).toBeTruthy();
    await waitFor(() => expect(api.getCandidates).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog', { name: 'Vorschau des Lastschriftlaufs' })).toBeNull();
  });

  it.each([
    ['de', 'Lastschriften erstellen', 'Vorschau des Lastschriftlaufs', 'Summe je Gläubigerkonto', 'Lastschriften: 1 (Erstlastschriften FRST: 1, Folgelastschriften RCUR: 0)',
      'Belege: 2 Mehrere Belege eines Mandats werden als eine Lastschrift über ihre Summe eingezogen; der Verwendungszweck nennt die Belegnummern.', 'Belege'],
    ['en', 'Create direct debits', 'Direct-debit run preview', 'Total per creditor account', 'Direct debits: 1 (first FRST: 1, recurring RCUR: 0)',
      'Receipts: 2 Several receipts under one mandate are collected as one direct debit of their sum; the remittance information names the receipt numbers.', 'Receipts'],
  ] as const)('%s: two receipts of one mandate are one direct debit: the preview counts the API\'s transactions and receipts and says why', async (language, generate, title, totals, count, receipts, column) => {
    api.previewRun.mockResolvedValue({
      ...preview, cnt: 1, rcpt: 2, frst: 1, rcur: 0, left: [],
      accounts: [{ ...preview.accounts[0]!, cnt: 1, rcpt: 2, frst: 1, rcur: 0, amt: 7450 }],
    });
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']), language });
    await screen.findByRole('table', { name: language === 'de' ? 'Lastschrift-Kandidaten' : 'Direct-debit candidates' }, { timeout: 15_000 });
    await user.click(screen.getByRole('checkbox', { name: language === 'de' ? 'Beleg 5001 auswählen' : 'Select receipt 5001' }));
    await user.click(screen.getByRole('button', { name: generate }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(count)).toBeTruthy();
    expect(within(dialog).getByText(receipts)).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: totals });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    const cells = within(table).getAllByRole('cell').map((td) => td.textContent);
    expect(cells[headers.indexOf('FRST / RCUR')]).toBe('1 / 0');
    expect(cells[headers.indexOf(column)]).toBe('2');
  });

  it('a failed run shows op_failed and keeps the dialog', async () => {
    api.generateRun.mockRejectedValue(new Error('down'));
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']) });
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Beleg 5001 auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Lastschriften erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorschau des Lastschriftlaufs' });
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Der Vorgang ist fehlgeschlagen.')).toBeTruthy();
    await waitFor(() => expect(api.getCandidates).toHaveBeenCalledTimes(1));
  });

  it('without finance_w: no generate button', async () => {
    renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r']) });
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Lastschriften erstellen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'SEPA-Dateien' })).toBeTruthy();
  });

  it('direct debits switched off for the school (sepa_dd): generate disabled with the reason, rows not selectable', async () => {
    api.getCandidates.mockResolvedValue({ rows, last: null, off: [1] });
    renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']) });
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    const generate = screen.getByRole('button', { name: 'Lastschriften erstellen' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toMatch(/Lastschrifteinzug ist ausgeschaltet für: Kampfsportschule Wien\./);
    expect(within(table()).queryByRole('checkbox', { name: 'Beleg 5001 auswählen' })).toBeNull();
    expect(within(table()).getAllByText('Lastschrifteinzug für diese Schule ausgeschaltet').length).toBeGreaterThan(0);
  });

  it('one school of several switched off: its rows are not selectable, the others generate', async () => {
    const mixed = [row(1), row(2, { sid: 2 })];
    api.getCandidates.mockResolvedValue({ rows: mixed, last: null, off: [2] });
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/dd', session: userWith(['finance_r', 'finance_w']) });
    await screen.findByRole('table', { name: 'Lastschrift-Kandidaten' }, { timeout: 15_000 });
    expect(screen.getByRole('note').textContent).toMatch(/Kampfsportschule München/);
    expect(within(table()).queryByRole('checkbox', { name: 'Beleg 5002 auswählen' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Lastschriften erstellen' }));
    await screen.findByRole('dialog', { name: 'Vorschau des Lastschriftlaufs' });
    expect(api.previewRun).toHaveBeenCalledWith(expect.any(Number), expect.any(Number), [{ scid: 101, dd: '2026-11-15', rno: 5001 }]);
  });
});
