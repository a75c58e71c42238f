import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import { getAccountOptions } from '../api/accounts';
import { getStudentContractOptions, getStudentContracts, skipContractFee } from '../api/contracts';
import { getDunnings, printDunning } from '../api/dunning';
import {
  closeReceipt, createCreditNote, generateInvoices, getReceiptDetail, getReceipts, payReceipt, printReceipt, reopenReceipt,
  revertPaymentAssignment, setReceiptPaid, undoCreditNote, updateCreditNote,
} from '../api/receipts';
import StudentFinanceTab from '../components/student-finance-tab';
import { STUDENT_ID, accountOptions, contract, contractOptions, creditNote, dunning, httpError, receipt, userWith } from './fixtures';

jest.mock('../api/receipts');
jest.mock('../api/dunning');
jest.mock('../api/contracts');
jest.mock('../api/accounts');
jest.setTimeout(30_000);

const api = {
  receipts: jest.mocked(getReceipts),
  detail: jest.mocked(getReceiptDetail),
  generate: jest.mocked(generateInvoices),
  pay: jest.mocked(payReceipt),
  setPaid: jest.mocked(setReceiptPaid),
  createCn: jest.mocked(createCreditNote),
  updateCn: jest.mocked(updateCreditNote),
  undo: jest.mocked(undoCreditNote),
  revert: jest.mocked(revertPaymentAssignment),
  close: jest.mocked(closeReceipt),
  reopen: jest.mocked(reopenReceipt),
  print: jest.mocked(printReceipt),
  dunnings: jest.mocked(getDunnings),
  printDunning: jest.mocked(printDunning),
  contracts: jest.mocked(getStudentContracts),
  options: jest.mocked(getStudentContractOptions),
  accounts: jest.mocked(getAccountOptions),
  skip: jest.mocked(skipContractFee),
};

const OPEN = receipt({ rno: 1001, amt: 7400, ap: 2000, cr: 1000, bal: 4400, dun: 1, subr: [creditNote()] });
const SETTLED = receipt({ rno: 1002, ddue: '2026-12-01', txt: 'Beitrag 12/2026', amt: 4900, ap: 4900, bal: 0 });
const ARCHIVED = receipt({ rno: 900, type: 2, ddue: '2026-09-01', txt: 'Beitrag 09/2026', amt: 4900, ap: 4900, bal: 0 });

function renderTab(session = {}, memberStatus: number | null = 1) {
  return renderWithProviders(<StudentFinanceTab studentId={STUDENT_ID} currency="EUR" memberStatus={memberStatus} />, { session });
}

async function rowOf(name: 'Offene Posten' | 'Archiv', rno: number) {
  const table = await screen.findByRole('table', { name });
  return (await within(table).findByText(new RegExp(`^${rno}`))).closest('tr')!;
}

beforeEach(() => {
  jest.resetAllMocks();
  api.receipts.mockImplementation(async (_stid, type) =>
    type === 1 ? { rows: [OPEN, SETTLED], balance: 4400, cur: 'EUR' } : { rows: [ARCHIVED], balance: 4400, cur: 'EUR' });
  api.dunnings.mockResolvedValue({ rows: [dunning()] });
  api.generate.mockResolvedValue({ success: true, created: 1 });
  api.options.mockResolvedValue(contractOptions);
  api.accounts.mockResolvedValue(accountOptions);
  api.contracts.mockResolvedValue({ data: [contract()], skip: true });
  for (const fn of [api.pay, api.setPaid, api.createCn, api.updateCn, api.undo, api.revert, api.close, api.reopen, api.print, api.printDunning]) {
    fn.mockResolvedValue(undefined);
  }
});

describe('finance tab', () => {
  it('shows the balance, open items with sub-receipts, the archive and the dunning letters', async () => {
    renderTab();
    expect(await screen.findByText(/^Saldo: 44,00\s€$/)).toBeTruthy();
    const open = await rowOf('Offene Posten', 1001);
    expect(within(open).getByText('Rechnung')).toBeTruthy();
    expect(within(open).getByText('Beitrag 11/2026')).toBeTruthy();
    expect(within(open).getByText(/^74,00\s€$/)).toBeTruthy();
    expect(within(open).getByText(/^44,00\s€$/)).toBeTruthy();
    const sub = await rowOf('Offene Posten', 1003);
    expect(within(sub).getByText('(zu Beleg 1001)')).toBeTruthy();
    expect(within(sub).getByText('Gutschrift')).toBeTruthy();
    expect(within(sub).getAllByText(/^-10,00\s€$/)).toHaveLength(2);
    expect(await rowOf('Archiv', 900)).toBeTruthy();
    const dunnings = await screen.findByRole('table', { name: 'Mahnungen des Schülers' });
    expect(within(dunnings).getByText('21.11.2026')).toBeTruthy();
    expect(api.receipts).toHaveBeenCalledWith(STUDENT_ID, 1, expect.anything());
    expect(api.receipts).toHaveBeenCalledWith(STUDENT_ID, 2, expect.anything());
  });

  it('offers each receipt action by its state to finance_w; finance_r only prints', async () => {
    const first = renderTab();
    const labels = async (name: 'Offene Posten' | 'Archiv', rno: number) =>
      within(await rowOf(name, rno)).getAllByRole('button').map((b) => b.textContent);
    expect(await labels('Offene Posten', 1001)).toEqual(['Drucken', 'Bezahlen', 'Gutschrift', 'Bezahlt', 'Zahlungen']);
    expect(await labels('Offene Posten', 1003)).toEqual(['Drucken', 'Ändern', 'Rückgängig']);
    expect(await labels('Offene Posten', 1002)).toEqual(['Drucken', 'Zahlungen', 'Archivieren']);
    expect(await labels('Archiv', 900)).toEqual(['Drucken', 'Zahlungen', 'Öffnen']);
    expect(screen.getByRole('button', { name: 'Rechnungen erstellen' })).toBeTruthy();
    first.unmount();

    renderTab(userWith(['finance_r']));
    expect(await labels('Offene Posten', 1001)).toEqual(['Drucken']);
    expect(screen.queryByRole('button', { name: 'Rechnungen erstellen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Beitrag aussetzen' })).toBeNull();
  });

  it('hides generate invoices and skip fee for a member status in the disabled list', async () => {
    renderTab(userWith(['finance_r', 'finance_w', 'student_w'], { disabledMemberStatuses: [3, 8] }), 8);
    expect(await rowOf('Offene Posten', 1001)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rechnungen erstellen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Beitrag aussetzen' })).toBeNull();
    expect(screen.getByText('Für den Netzwerk-Status des Mitglieds werden keine Rechnungen erstellt.')).toBeTruthy();
  });

  it('generates invoices: op_succeeded and the lists load again; a failure toasts op_failed', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Rechnungen erstellen' }));
    await waitFor(() => expect(api.generate).toHaveBeenCalledWith(STUDENT_ID));
    expect(await screen.findByText('Vorgang erfolgreich ausgeführt.')).toBeTruthy();
    await waitFor(() => expect(api.receipts).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(api.dunnings).toHaveBeenCalledTimes(2));

    api.generate.mockRejectedValueOnce(httpError(409, { error: 64 }));
    await user.click(screen.getByRole('button', { name: 'Rechnungen erstellen' }));
    expect(await screen.findByText('Der Vorgang ist fehlgeschlagen.')).toBeTruthy();
    await waitFor(() => expect(api.generate).toHaveBeenCalledTimes(2));
  });

  it('skips the fee of the active contract', async () => {
    api.skip.mockResolvedValue({ success: true, version: 4, period_start: '2026-12-01', period_end: '2026-12-31', dd: '2027-01-01' });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Beitrag aussetzen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aussetzen' }));
    await waitFor(() => expect(api.skip).toHaveBeenCalledWith(STUDENT_ID, 31, 3));
    expect(await screen.findByText('Der Zeitraum 01.12.2026 – 31.12.2026 wird nicht verrechnet.')).toBeTruthy();
  });

  it('closes a settled receipt after the question; a failed close toasts server_error', async () => {
    api.close.mockRejectedValueOnce(httpError(500));
    const { user } = renderTab();
    const archive = async () => {
      await user.click(within(await rowOf('Offene Posten', 1002)).getByRole('button', { name: 'Archivieren: Beleg 1002' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bestätigen' }));
    };
    await archive();
    await waitFor(() => expect(api.close).toHaveBeenCalledWith(STUDENT_ID, 1002));
    expect(await screen.findByText('Serverfehler.')).toBeTruthy();
    await archive();
    await waitFor(() => expect(api.close).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(api.receipts).toHaveBeenCalledTimes(4));
  });

  it('reopens an archived receipt', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Archiv', 900)).getByRole('button', { name: 'Wieder öffnen: Beleg 900' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(api.reopen).toHaveBeenCalledWith(STUDENT_ID, 900));
    await waitFor(() => expect(api.receipts).toHaveBeenCalledTimes(4));
  });

  it('undoes a credit note only after the German bookkeeping warning', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 1003)).getByRole('button', { name: 'Rückgängig: Beleg 1003' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Das Löschen von Belegen kann unerwünschte Auswirkungen auf die Buchhaltung haben/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.undo).not.toHaveBeenCalled();
    await user.click(within(await rowOf('Offene Posten', 1003)).getByRole('button', { name: 'Rückgängig: Beleg 1003' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rückgängig machen' }));
    await waitFor(() => expect(api.undo).toHaveBeenCalledWith(STUDENT_ID, 1003, 1001));
    await waitFor(() => expect(api.receipts).toHaveBeenCalledTimes(4));
  });

  it('creates and edits a credit note', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 1001)).getByRole('button', { name: 'Gutschrift: Beleg 1001' }));
    let dialog = await screen.findByRole('dialog', { name: 'Gutschrift zu Beleg 1001' });
    const amount = within(dialog).getByLabelText(/^Betrag/) as HTMLInputElement;
    expect(amount.value).toBe('44,00');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.type(within(dialog).getByLabelText('Begründung', { exact: false }), 'Ferien');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createCn).toHaveBeenCalledWith(STUDENT_ID, 1001, { am: 500, txt: 'Ferien' }, expect.stringMatching(/^[0-9a-f]{32}$/)));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await rowOf('Offene Posten', 1003)).getByRole('button', { name: 'Gutschrift ändern: Beleg 1003' }));
    dialog = await screen.findByRole('dialog', { name: 'Gutschrift 1003 ändern' });
    expect((within(dialog).getByLabelText(/^Betrag/) as HTMLInputElement).value).toBe('10,00');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.updateCn).toHaveBeenCalledWith(STUDENT_ID, 1003, { am: 1000, txt: 'Kulanz' }, 1));
  });

  it('pays a receipt in cash: the payment is created for the open amount', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 1001)).getByRole('button', { name: 'Bezahlen: Beleg 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beleg 1001 bezahlen' });
    expect((await within(dialog).findByLabelText(/^Betrag/) as HTMLInputElement).value).toBe('44,00');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.pay).toHaveBeenCalledWith(
      STUDENT_ID, 1001, expect.objectContaining({ am: 4400, pm: 3, aid: null }), expect.stringMatching(/^[0-9a-f]{32}$/),
    ));
    await waitFor(() => expect(api.receipts).toHaveBeenCalledTimes(4));
  });

  it('marks a receipt paid', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 1001)).getByRole('button', { name: 'Als bezahlt markieren: Beleg 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beleg 1001 als bezahlt markieren' });
    await user.click(await within(dialog).findByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.setPaid).toHaveBeenCalledWith(STUDENT_ID, 1001, expect.objectContaining({ pm: 3, aid: null }), 1, expect.any(String)));
  });

  it('reverts a payment assignment from the receipt payments dialog', async () => {
    api.detail.mockResolvedValue({ data: OPEN, pa: [{ prid: 51, pd: '2026-11-02', am: 2000, booked: false }, { prid: 52, pd: '2026-10-01', am: 0, booked: true }] });
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 1001)).getByRole('button', { name: 'Zahlungen: Beleg 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlungen zu Beleg 1001' });
    expect(within(dialog).getAllByRole('button', { name: /Zuordnung aufheben/ })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Zuordnung aufheben: Zahlung vom 02.11.2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(api.revert).toHaveBeenCalledWith(STUDENT_ID, 1001, 51));
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(2));
  });

  it('prints a receipt; a failed print toasts server_error', async () => {
    api.print.mockRejectedValueOnce(httpError(500));
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 1001)).getByRole('button', { name: 'Drucken: Beleg 1001' }));
    await waitFor(() => expect(api.print).toHaveBeenCalledWith(1001));
    expect(await screen.findByText('Serverfehler.')).toBeTruthy();
  });

  it('speaks English too', async () => {
    renderWithProviders(<StudentFinanceTab studentId={STUDENT_ID} currency="EUR" memberStatus={1} />, { language: 'en' });
    expect(await screen.findByRole('table', { name: 'Open items' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate invoices' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay: Receipt 1001' })).toBeTruthy();
  });
});
