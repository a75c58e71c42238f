import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { Atom } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { createTrainerRequest } from '../api/trainer-request.js';

jest.mock('../api/trainer-request.js');
jest.setTimeout(30_000);

const createMock = jest.mocked(createTrainerRequest);

function session(atoms: Atom[] = ['e_ticket_r', 'e_ticket_s'], filter = [1, 2]) {
  const base = makeAppState();
  return makeAppState({ atoms, filter, user: { ...base.user, level: 3 } });
}

function renderTrainer(appState = session()) {
  const Trainer = routes['e-trainer'];
  return renderWithProviders(
    <Routes>
      <Route path="e-trainer/*" element={<Trainer />} />
    </Routes>,
    { route: '/e-trainer', session: appState },
  );
}

beforeEach(() => {
  createMock.mockReset();
  createMock.mockResolvedValue({ tid: 91 });
});

describe('/e-trainer trainer request', () => {
  it('says it is sent as a ticket to the association and requires every field', async () => {
    const { user } = renderTrainer();
    await screen.findByRole('heading', { level: 1, name: 'Trainer freischalten' });
    expect(screen.getByText(/als Supportanfrage \(Traineraktivierung\) an den Verband gesendet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    for (const label of ['Schule', 'Vorname', 'Nachname', 'Mitgliedsnummer', 'Anmerkung']) {
      expect((await screen.findByLabelText(new RegExp(`^${label}`))).getAttribute('aria-invalid')).toBe('true');
    }
    expect(createMock).not.toHaveBeenCalled();
  });

  it('sends the request, links its ticket and starts over with the same school', async () => {
    const { user } = renderTrainer(session(['e_ticket_r', 'e_ticket_s'], [2]));
    await screen.findByRole('heading', { level: 1, name: 'Trainer freischalten' });
    // One school looked at: it is chosen already.
    expect((screen.getByLabelText(/^Schule/) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Kampfsportschule München');
    await user.type(screen.getByLabelText(/^Vorname/), ' Lena ');
    await user.type(screen.getByLabelText(/^Nachname/), 'Gruber');
    await user.type(screen.getByLabelText(/^Mitgliedsnummer/), 'DE-210004');
    await user.type(screen.getByLabelText(/^Anmerkung/), 'Trainerlizenz seit Oktober.');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(1));
    expect(createMock.mock.calls[0]![0]).toEqual({ sid: 2, firstname: 'Lena', lastname: 'Gruber', mno: 'DE-210004', annotation: 'Trainerlizenz seit Oktober.' });
    const notice = await screen.findByText(/Traineraktivierung wurde an den Verband gesendet/, { selector: '[role="status"]' });
    expect(within(notice).getByRole('link', { name: 'Anfrage öffnen' }).getAttribute('href')).toBe('/e-ticket/edit/1/91');
    await waitFor(() => expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/^Schule/) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Kampfsportschule München');
  });

  it('is not offered without e_ticket_s', async () => {
    renderTrainer(session(['e_ticket_r']));
    await waitFor(() => expect(screen.queryByText('Wird geladen …')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Senden' })).toBeNull();
  });
});
