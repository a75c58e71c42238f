import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import { getAccountOptions } from '../api/accounts';
import { getStudentContractOptions } from '../api/contracts';
import { createPayment, deletePayment, getPaymentAssignment, getPayments, savePaymentAssignment, updatePayment } from '../api/payments';
import StudentPaymentsTab from '../components/student-payments-tab';
import { STUDENT_ID, accountOptions, assignment, contractOptions, httpError, payment, userWith } from './fixtures';

jest.mock('../api/payments');
jest.mock('../api/contracts');
jest.mock('../api/accounts');
jest.setTimeout(30_000);

const api = {
  list: jest.mocked(getPayments),
  create: jest.mocked(createPayment),
  update: jest.mocked(updatePayment),
  remove: jest.mocked(deletePayment),
  assignment: jest.mocked(getPaymentAssignment),
  assign: jest.mocked(savePaymentAssignment),
  options: jest.mocked(getStudentContractOptions),
  accounts: jest.mocked(getAccountOptions),
};

const UNBOOKED = payment();
const BOOKED = payment({ id: 52, pd: '2026-10-01', am: 7400, aa: 7400, bd: '2026-10-05T08:00:00Z', pm: 2, aid: 11, acn: 'Erste Bank', an: 'Überweisung Oktober' });

function renderTab(session = {}) {
  return renderWithProviders(<StudentPaymentsTab studentId={STUDENT_ID} schoolId={1} currency="EUR" memberStatus={1} />, { session });
}

async function rowOf(text: string | RegExp) {
  const table = await screen.findByRole('table', { name: 'Zahlungen des Schülers' });
  return (await within(table).findByText(text)).closest('tr')!;
}

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue({ rows: [UNBOOKED, BOOKED] });
  api.options.mockResolvedValue(contractOptions);
  api.accounts.mockResolvedValue(accountOptions);
  api.create.mockResolvedValue(undefined);
  api.update.mockResolvedValue(undefined);
  api.remove.mockResolvedValue(undefined);
  api.assign.mockResolvedValue(undefined);
  api.assignment.mockResolvedValue(assignment());
});

describe('payments tab', () => {
  it('marks unbooked rows red and in words; booked rows have no actions', async () => {
    renderTab();
    const unbooked = await rowOf('Bar bezahlt');
    expect(unbooked.className).toContain('sbo-row-danger');
    expect(within(unbooked).getByText('nicht verbucht')).toBeTruthy();
    expect(within(unbooked).getByText(/^49,00\s€$/)).toBeTruthy();
    expect(within(unbooked).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ändern: Zahlung vom 02.11.2026 über 49,00 €', 'Zuordnen: Zahlung vom 02.11.2026 über 49,00 €', 'Löschen: Zahlung vom 02.11.2026 über 49,00 €',
    ].map((name) => name.replace(' €', '\u00a0€')));
    const booked = await rowOf('Überweisung Oktober');
    expect(booked.className).not.toContain('sbo-row-danger');
    expect(within(booked).getByText('verbucht am 05.10.2026')).toBeTruthy();
    expect(within(booked).getByText('Erste Bank')).toBeTruthy();
    expect(within(booked).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows no write actions to finance_r; finance_d alone assigns and deletes but cannot add', async () => {
    const first = renderTab(userWith(['finance_r']));
    expect(within(await rowOf('Bar bezahlt')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Zahlung hinzufügen' })).toBeNull();
    first.unmount();
    renderTab(userWith(['finance_r', 'finance_d']));
    expect(within(await rowOf('Bar bezahlt')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Zuordnen', 'Löschen']);
    expect(screen.queryByRole('button', { name: 'Zahlung hinzufügen' })).toBeNull();
  });

  it('adds a cash payment with an idempotency key and loads again', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Zahlung hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlung hinzufügen' });
    const date = await within(dialog).findByLabelText('Zahlungsdatum', { exact: false });
    await user.clear(date);
    await user.type(date, '03.11.2026');
    await user.type(within(dialog).getByLabelText(/^Betrag/), '74,00');
    await user.type(within(dialog).getByLabelText('Anmerkung', { exact: false }), 'Bar im Büro');
    // The accounts of the student's school, the main account first.
    const account = within(dialog).getByLabelText('Konto', { exact: false });
    expect(within(account).getAllByRole('option').map((o) => o.textContent)).toEqual(['–', 'Erste Bank', 'Kassa-Konto']);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(
      STUDENT_ID, { pd: '2026-11-03', am: 7400, pm: 3, aid: null, an: 'Bar im Büro' }, expect.stringMatching(/^[0-9a-f]{32}$/),
    ));
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('changes an unbooked payment with its version', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Bar bezahlt')).getByRole('button', { name: /^Ändern/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlung ändern' });
    const amount = await within(dialog).findByLabelText(/^Betrag/);
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(STUDENT_ID, 51, { pd: '2026-11-02', am: 5000, pm: 3, aid: null, an: 'Bar bezahlt' }, 1));
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('assigns a payment to open receipts: distribute, refuse more than the payment, save the lines', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('Bar bezahlt')).getByRole('button', { name: /^Zuordnen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlung zuordnen' });
    const table = await within(dialog).findByRole('table', { name: 'Offene Belege' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const first = within(dialog).getByLabelText('Zuzuordnen für Beleg 1001') as HTMLInputElement;
    const second = within(dialog).getByLabelText('Zuzuordnen für Beleg 1002') as HTMLInputElement;
    await user.type(first, '49,00');
    await user.type(second, '10');
    expect(within(dialog).getByRole('alert').textContent).toBe('Die Summe der Zuordnungen übersteigt die Zahlung.');
    expect((within(dialog).getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Automatisch verteilen' }));
    expect(first.value).toBe('49,00');
    expect(second.value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.assign).toHaveBeenCalledWith(STUDENT_ID, 51, { pr: [{ rno: 1001, am: 4900 }], version: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zahlung zuordnen' })).toBeNull());
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('deletes after really_delete; a failed delete shows errors.3', async () => {
    api.remove.mockRejectedValueOnce(httpError(409, { error: 57 }));
    const { user } = renderTab();
    await user.click(within(await rowOf('Bar bezahlt')).getByRole('button', { name: /^Löschen/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(STUDENT_ID, 51));
    expect(await screen.findByRole('alertdialog', { name: 'Fehler' })).toBeTruthy();
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});
