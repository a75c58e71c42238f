import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import { getAccountOptions } from '../api/accounts';
import { getStudentContractOptions, getStudentContracts } from '../api/contracts';
import { getDunnings } from '../api/dunning';
import { getReceipts, undoCreditNote } from '../api/receipts';
import StudentFinanceTab from '../components/student-finance-tab';
import { STUDENT_ID, accountOptions, contract, contractOptions, creditNote, httpError, receipt, userWith } from './fixtures';

jest.mock('../api/receipts');
jest.mock('../api/dunning');
jest.mock('../api/contracts');
jest.mock('../api/accounts');
jest.setTimeout(30_000);

const receipts = jest.mocked(getReceipts);
const undo = jest.mocked(undoCreditNote);

/** A manual booking (GT, an exam fee) with a credit note, partly paid; an archived one. */
const BOOKING = receipt({
  rno: 2001, kind: 'GT', gt: true, txt: 'Prüfungsgebühr', amt: 3500, ap: 2000, cr: 500, bal: 1000, ps: null, pe: null, scid: null,
  subr: [creditNote({ rno: 2002, rrno: 2001, amt: -500, bal: -500, txt: 'Nachlass' })],
});
const ARCHIVED_BOOKING = receipt({ rno: 1990, kind: 'GT', gt: true, type: 2, txt: 'Prüfungsgebühr', amt: 3500, ap: 3500, bal: 0, ps: null, pe: null, scid: null });

function renderTab(session = {}) {
  return renderWithProviders(<StudentFinanceTab studentId={STUDENT_ID} currency="EUR" memberStatus={1} />, { session });
}

async function rowOf(name: 'Offene Posten' | 'Archiv', rno: number) {
  const table = await screen.findByRole('table', { name });
  return (await within(table).findByText(new RegExp(`^${rno}`))).closest('tr')!;
}

beforeEach(() => {
  jest.resetAllMocks();
  receipts.mockImplementation(async (_stid, type) =>
    type === 1 ? { rows: [BOOKING], balance: 1000, cur: 'EUR' } : { rows: [ARCHIVED_BOOKING], balance: 1000, cur: 'EUR' });
  jest.mocked(getDunnings).mockResolvedValue({ rows: [] });
  jest.mocked(getStudentContractOptions).mockResolvedValue(contractOptions);
  jest.mocked(getAccountOptions).mockResolvedValue(accountOptions);
  jest.mocked(getStudentContracts).mockResolvedValue({ data: [contract()], skip: true });
  undo.mockResolvedValue(undefined);
});

describe('finance tab: undo of a manual booking (GT)', () => {
  it('offers undo on an open manual booking to finance_w only, not on an archived one', async () => {
    const first = renderTab();
    expect(within(await rowOf('Offene Posten', 2001)).getByRole('button', { name: 'Rückgängig: Beleg 2001' })).toBeTruthy();
    expect(within(await rowOf('Offene Posten', 2002)).getByRole('button', { name: 'Rückgängig: Beleg 2002' })).toBeTruthy();
    expect(within(await rowOf('Archiv', 1990)).queryByRole('button', { name: /^Rückgängig/ })).toBeNull();
    first.unmount();

    renderTab(userWith(['finance_r']));
    expect(within(await rowOf('Offene Posten', 2001)).queryByRole('button', { name: /^Rückgängig/ })).toBeNull();
  });

  it('undoes the booking (rno = rrno) only after the German bookkeeping warning and loads again', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 2001)).getByRole('button', { name: 'Rückgängig: Beleg 2001' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Das Löschen von Belegen kann unerwünschte Auswirkungen auf die Buchhaltung haben/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(undo).not.toHaveBeenCalled();

    await user.click(within(await rowOf('Offene Posten', 2001)).getByRole('button', { name: 'Rückgängig: Beleg 2001' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rückgängig machen' }));
    await waitFor(() => expect(undo).toHaveBeenCalledWith(STUDENT_ID, 2001, 2001));
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(receipts).toHaveBeenCalledTimes(4));
  });

  it('a refused undo (a booked payment, 409 {error: 57}) toasts server_error and changes nothing', async () => {
    undo.mockRejectedValueOnce(httpError(409, { error: 57 }));
    const { user } = renderTab();
    await user.click(within(await rowOf('Offene Posten', 2001)).getByRole('button', { name: 'Rückgängig: Beleg 2001' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rückgängig machen' }));
    expect(await screen.findByText('Serverfehler.')).toBeTruthy();
    await waitFor(() => expect(undo).toHaveBeenCalledTimes(1));
    expect(receipts).toHaveBeenCalledTimes(2);
    expect(await rowOf('Offene Posten', 2001)).toBeTruthy();
  });
});
