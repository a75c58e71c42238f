import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { HTTPError, todayIso } from 'shared-kernel';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { Atom, CancellationFormData, CancellationProposal, StudentContractRow } from 'shared-kernel/contracts';
import { downloadCancellationLetter, getCancellationFormData, getCancellationProposal, saveCancellationLetter } from '../api/cancellation.js';
import { StudentsRoutes } from '../../students-routes.js';

jest.mock('../api/cancellation.js');
jest.setTimeout(30_000);

const STUDENT_ID = 7;

function contract(overrides: Partial<StudentContractRow> = {}): StudentContractRow {
  return {
    id: 31, cs: 1, pmid: 3, dd: '2026-12-01', dcs: '2026-01-01', dce: null, cd: null, ag: 4900, acg: 2500, cur: 'EUR', pi: 1,
    c1: 12, c2: 3, c3: 1, c4: 1, cno: null, name: 'Standard', tp: 20, rc: false, version: 3, ...overrides,
  };
}

const formData: CancellationFormData = {
  stid: STUDENT_ID,
  firstname: 'Max',
  lastname: 'Muster',
  contracts: [contract(), contract({ id: 32, dcs: '2026-03-01', ag: 2900, version: 1 })],
  templates: [{ key: 'rep_memb_canc', name: 'Kündigungsbestätigung' }, { key: 'tpl_9', name: 'Eigene Bestätigung' }],
};

function proposal(overrides: Partial<CancellationProposal> = {}): CancellationProposal {
  return { stcid: 31, dc: todayIso(), dce: '2026-12-31', error: null, deadline: '2026-10-01', version: 3, ...overrides };
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage(query = '?sc=31', atoms?: Atom[]) {
  const session = atoms ? { atoms, user: { ...makeAppState().user, level: 3 as const } } : {};
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/m-student/*" element={<StudentsRoutes />} />
      </Routes>
      <Location />
    </>,
    { route: `/m-student/cancellation/${STUDENT_ID}${query}`, session },
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(getCancellationFormData).mockResolvedValue(formData);
  jest.mocked(getCancellationProposal).mockImplementation(async (_stid, stcid, dc) => proposal({ stcid, dc }));
  jest.mocked(downloadCancellationLetter).mockResolvedValue(undefined);
  jest.mocked(saveCancellationLetter).mockResolvedValue({
    success: true, version: 4, cd: todayIso(), dce: '2026-12-31', document: { id: 90, tid: 1, n: 'Kuendigung.pdf' }, note_id: 12,
  });
});

describe('cancellation letter /m-student/cancellation/:id', () => {
  it('proposes the effective date for the chosen contract, saves the letter and returns to the contracts tab', async () => {
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Kündigungsschreiben' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kündigung: Max Muster' })).toBeTruthy();
    const contractSelect = within(form).getByLabelText('Vertrag', { exact: false }) as HTMLSelectElement;
    expect(contractSelect.selectedOptions[0]!.textContent).toMatch(/^Vertrag ab 01\.01\.2026 \(49,00\s€\)$/);
    await waitFor(() => expect(getCancellationProposal).toHaveBeenCalledWith(STUDENT_ID, 31, todayIso(), expect.anything()));
    await waitFor(() => expect((within(form).getByLabelText('Wirksam zum', { exact: false }) as HTMLInputElement).value).toBe('31.12.2026'));
    expect(screen.getByText('Vorgeschlagen: 31.12.2026')).toBeTruthy();
    expect((within(form).getByLabelText('Vorlage', { exact: false }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Kündigungsbestätigung');
    expect((within(form).getByLabelText('Adresse', { exact: false }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Standardadresse');

    await user.click(within(form).getByRole('button', { name: 'Kündigen und Bestätigung erstellen' }));
    await waitFor(() => expect(saveCancellationLetter).toHaveBeenCalledWith(
      STUDENT_ID,
      { sc: 31, dc: todayIso(), dce: '2026-12-31', tmpl: 'rep_memb_canc', sati: 4, version: 3 },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    ));
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    await waitFor(() => expect(downloadCancellationLetter).toHaveBeenCalledWith({ id: 90, tid: 1, n: 'Kuendigung.pdf' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/m-student/details/${STUDENT_ID}?tab=contracts`));
  });

  it('proposes again for another contract and date; says so when no date can be proposed and refuses to save without one', async () => {
    jest.mocked(getCancellationProposal).mockImplementation(async (_stid, stcid, dc) =>
      stcid === 32 ? proposal({ stcid, dc, dce: null, error: 70, deadline: null, version: 1 }) : proposal({ stcid, dc }));
    const { user } = renderPage('');
    const form = await screen.findByRole('form', { name: 'Kündigungsschreiben' });
    await user.selectOptions(within(form).getByLabelText('Vertrag', { exact: false }), within(form).getByRole('option', { name: /01\.03\.2026/ }));
    await waitFor(() => expect(getCancellationProposal).toHaveBeenCalledWith(STUDENT_ID, 32, todayIso(), expect.anything()));
    expect(await screen.findByText('Kein Kündigungstermin vorschlagbar: Vertragsdaten fehlen oder sind fehlerhaft.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Kündigen und Bestätigung erstellen' }));
    await waitFor(() => expect(within(form).getByLabelText('Wirksam zum', { exact: false }).getAttribute('aria-invalid')).toBe('true'));
    expect(saveCancellationLetter).not.toHaveBeenCalled();
  });

  it('shows the server refusal and stays on the form', async () => {
    const response = new Response(JSON.stringify({ error: 69 }), { status: 409, headers: { 'content-type': 'application/json' } });
    jest.mocked(saveCancellationLetter).mockRejectedValue(new HTTPError(response, new Request('http://localhost/api-student/cancellation'), {} as never));
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Kündigungsschreiben' });
    await waitFor(() => expect((within(form).getByLabelText('Wirksam zum', { exact: false }) as HTMLInputElement).value).toBe('31.12.2026'));
    await user.click(within(form).getByRole('button', { name: 'Kündigen und Bestätigung erstellen' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/m-student/cancellation/${STUDENT_ID}?sc=31`);
  });

  it('needs student_w', async () => {
    renderPage('?sc=31', ['student_r', 'finance_r']);
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getCancellationFormData).not.toHaveBeenCalled();
  });
});
