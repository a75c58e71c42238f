import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from 'shared-kernel/testing';
import {
  cancelStudentContract,
  createStudentContract,
  deleteStudentContract,
  getCancellationProposal,
  getStudentContract,
  getStudentContractOptions,
  getStudentContracts,
  printCancellationConfirmation,
  skipContractFee,
  updateStudentContract,
  withdrawCancellation,
} from '../api/contracts';
import StudentContractsTab from '../components/student-contracts-tab';
import { STUDENT_ID, contract, contractOptions, httpError, userWith } from './fixtures';

jest.mock('../api/contracts');
jest.setTimeout(30_000);

const api = {
  list: jest.mocked(getStudentContracts),
  single: jest.mocked(getStudentContract),
  options: jest.mocked(getStudentContractOptions),
  create: jest.mocked(createStudentContract),
  update: jest.mocked(updateStudentContract),
  remove: jest.mocked(deleteStudentContract),
  skip: jest.mocked(skipContractFee),
  proposal: jest.mocked(getCancellationProposal),
  cancel: jest.mocked(cancelStudentContract),
  withdraw: jest.mocked(withdrawCancellation),
  print: jest.mocked(printCancellationConfirmation),
};

const ACTIVE = contract();
const CANCELLED = contract({ id: 32, cs: 3, dcs: '2025-01-01', dce: '2026-06-30', cd: '2026-03-15', ag: 3900, pi: 3, c1: null, version: 5 });

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderTab(session = {}, memberStatus: number | null = 1) {
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<><StudentContractsTab studentId={STUDENT_ID} currency="EUR" memberStatus={memberStatus} /><Location /></>} />
    </Routes>,
    { route: `/m-student/details/${STUDENT_ID}?tab=contracts`, session },
  );
}

async function rowOf(text: string | RegExp) {
  const table = await screen.findByRole('table', { name: 'Verträge des Schülers' });
  const cell = await within(table).findByText(text);
  return cell.closest('tr')!;
}

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue({ data: [ACTIVE, CANCELLED], skip: true });
  api.options.mockResolvedValue(contractOptions);
  api.withdraw.mockResolvedValue(undefined);
  api.remove.mockResolvedValue(undefined);
  api.print.mockResolvedValue(undefined);
  api.create.mockResolvedValue({ success: true, id: 40, version: 1 });
});

describe('contracts tab', () => {
  it('shows the active contract summary and the contracts with the spec columns', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Verträge des Schülers' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Status', 'Zahlungsart', 'Fälligkeit', 'Beginn', 'Ende', 'Kündigungsdatum', 'Betrag (brutto)', 'Aktivierungsgebühr (brutto)',
      'Währung', 'Zahlungsintervall', 'Laufzeiten', 'Aktionen',
    ]);
    const active = await rowOf('01.01.2026');
    expect(within(active).getByText('aktiv')).toBeTruthy();
    expect(within(active).getByText('Bar')).toBeTruthy();
    expect(within(active).getByText(/^49,00\s€$/)).toBeTruthy();
    expect(within(active).getByText(/^25,00\s€$/)).toBeTruthy();
    expect(within(active).getByText('monatlich')).toBeTruthy();
    expect(within(active).getByText('12 Mon. / 3 Mon. / 1 Mon. / 1 Mon.')).toBeTruthy();
    const cancelled = await rowOf('15.03.2026');
    expect(within(cancelled).getByText('gekündigt')).toBeTruthy();
    expect(within(cancelled).getByText('30.06.2026')).toBeTruthy();
    expect(within(cancelled).getByText('– / 3 Mon. / 1 Mon. / 1 Mon.')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Aktiver Vertrag' });
    expect(within(summary).getByText(/^49,00\s€ monatlich$/)).toBeTruthy();
    expect(within(summary).getByText('01.12.2026')).toBeTruthy();
  });

  it('offers each action by permission and contract state', async () => {
    renderTab();
    const active = await rowOf('01.01.2026');
    const names = within(active).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Ändern: Vertrag ab 01.01.2026', 'Kündigen: Vertrag ab 01.01.2026', 'Beitrag aussetzen: Vertrag ab 01.01.2026', 'Löschen: Vertrag ab 01.01.2026',
    ]);
    const cancelled = await rowOf('15.03.2026');
    expect(within(cancelled).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ändern: Vertrag ab 01.01.2025', 'Kündigung zurücknehmen: Vertrag ab 01.01.2025', 'Kündigungsbestätigung drucken: Vertrag ab 01.01.2025',
      'Löschen: Vertrag ab 01.01.2025',
    ]);
    expect(screen.getByRole('button', { name: 'Vertrag hinzufügen' })).toBeTruthy();
  });

  it('finance_r alone sees no actions; student_w alone may cancel and withdraw; a disabled member status hides skip fee', async () => {
    const { unmount } = renderTab(userWith(['finance_r']));
    expect(within(await rowOf('01.01.2026')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Vertrag hinzufügen' })).toBeNull();
    unmount();

    const second = renderTab(userWith(['finance_r', 'student_w']));
    expect(within(await rowOf('01.01.2026')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Kündigen']);
    expect(within(await rowOf('15.03.2026')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Kündigung zurücknehmen']);
    second.unmount();

    renderTab(userWith(['finance_r', 'student_w', 'finance_w'], { disabledMemberStatuses: [3] }), 3);
    expect(within(await rowOf('01.01.2026')).queryByRole('button', { name: /Beitrag aussetzen/ })).toBeNull();
  });

  it('withdraws a cancellation after the question and loads again', async () => {
    const { user } = renderTab();
    await user.click(within(await rowOf('15.03.2026')).getByRole('button', { name: /Kündigung zurücknehmen/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Kündigungsdatum und Vertragsende werden zurückgesetzt/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Zurücknehmen' }));
    await waitFor(() => expect(api.withdraw).toHaveBeenCalledWith(STUDENT_ID, 32, 5));
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('skips the fee and says which period; prints the cancellation confirmation; a failed print toasts server_error', async () => {
    api.skip.mockResolvedValue({ success: true, version: 4, period_start: '2026-12-01', period_end: '2026-12-31', dd: '2027-01-01' });
    api.print.mockRejectedValueOnce(httpError(500));
    const { user } = renderTab();
    await user.click(within(await rowOf('01.01.2026')).getByRole('button', { name: /Beitrag aussetzen/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aussetzen' }));
    await waitFor(() => expect(api.skip).toHaveBeenCalledWith(STUDENT_ID, 31, 3));
    expect(await screen.findByText('Der Zeitraum 01.12.2026 – 31.12.2026 wird nicht verrechnet.')).toBeTruthy();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));

    await user.click(within(await rowOf('15.03.2026')).getByRole('button', { name: /Kündigungsbestätigung drucken/ }));
    await waitFor(() => expect(api.print).toHaveBeenCalledWith(STUDENT_ID, 32));
    expect(await screen.findByText('Serverfehler.')).toBeTruthy();
  });

  it('deletes after really_delete; a refused delete shows errors.3', async () => {
    api.remove.mockRejectedValueOnce(httpError(409, { error: 75 }));
    const { user } = renderTab();
    await user.click(within(await rowOf('01.01.2026')).getByRole('button', { name: /Löschen/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(STUDENT_ID, 31));
    const error = await screen.findByRole('alertdialog', { name: 'Fehler' });
    expect(within(error).getByText(/ließ sich das Element nicht löschen/)).toBeTruthy();
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('cancel shows the proposed end and leads to the cancellation letter; cancels at the proposal', async () => {
    api.proposal.mockResolvedValue({ stcid: 31, dc: '2026-09-30', dce: '2026-12-31', error: null, deadline: '2026-10-01', version: 3 });
    api.cancel.mockResolvedValue({ success: true, version: 4, cd: '2026-09-30', dce: '2026-12-31' });
    const { user } = renderTab();
    await user.click(within(await rowOf('01.01.2026')).getByRole('button', { name: /Kündigen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Vertrag kündigen' });
    expect(await within(dialog).findByText('Vorgeschlagenes Vertragsende: 31.12.2026')).toBeTruthy();
    expect(api.proposal).toHaveBeenCalledWith(STUDENT_ID, 31, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Zum vorgeschlagenen Termin kündigen' }));
    await waitFor(() => expect(api.cancel).toHaveBeenCalledWith(STUDENT_ID, 31, { dc: '2026-09-30', dce: '2026-12-31', version: 3 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vertrag kündigen' })).toBeNull());
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));

    api.proposal.mockResolvedValue({ stcid: 31, dc: '2026-09-30', dce: null, error: 70, deadline: null, version: 3 });
    await user.click(within(await rowOf('01.01.2026')).getByRole('button', { name: /Kündigen/ }));
    const second = await screen.findByRole('dialog', { name: 'Vertrag kündigen' });
    expect(await within(second).findByText(/Kein Kündigungstermin vorschlagbar/)).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Zum vorgeschlagenen Termin kündigen' })).toBeNull();
    await user.click(within(second).getByRole('button', { name: 'Kündigungsschreiben erstellen' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/m-student/cancellation/${STUDENT_ID}?sc=31`));
  });

  it('adds a contract from a template', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Vertrag hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vertrag hinzufügen' });
    await user.selectOptions(await within(dialog).findByLabelText('Vertragsvorlage', { exact: false }), 'Erwachsene monatlich');
    await waitFor(() => expect((within(dialog).getByLabelText(/^Betrag \(brutto\)/) as HTMLInputElement).value).toBe('59,00'));
    // Payments are in the installation's currency: the contract is billed in it, no other is offered.
    const currency = within(dialog).getByLabelText('Währung', { exact: false }) as HTMLSelectElement;
    expect([...currency.options].map((option) => option.textContent).filter((text) => /^[A-Z]{3}$/.test(text ?? ''))).toEqual(['EUR']);
    await user.selectOptions(within(dialog).getByLabelText('Zahlungsart', { exact: false }), 'Überweisung');
    const start = within(dialog).getByLabelText('Beginn', { exact: false });
    await user.clear(start);
    await user.type(start, '01.12.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0]![0]).toBe(STUDENT_ID);
    expect(api.create.mock.calls[0]![1]).toEqual(expect.objectContaining({
      contract_template_id: 5, payment_method_id: 2, contract_start: '2026-12-01', amount_gross: 5900, activation_gross: 3000, tax_percent: 20,
      currency: 'EUR', pay_interval: 1, c_interval_start: 12, c_cperiod_start: 3, c_interval_follow: 1, c_cperiod_follow: 1, account_id: 11, status: 1,
    }));
    expect(api.create.mock.calls[0]![2]).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vertrag hinzufügen' })).toBeNull());
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('pages 10 contracts per page', async () => {
    api.list.mockResolvedValue({ data: Array.from({ length: 12 }, (_, i) => contract({ id: 100 + i, dcs: `2020-${String(i + 1).padStart(2, '0')}-01`, cs: 2 })), skip: false });
    const { user } = renderTab();
    const table = await screen.findByRole('table', { name: 'Verträge des Schülers' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('01.12.2020')).toBeTruthy();
  });
});
