import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { checkUsername, createUser, getRoleChoices, getUser, getUsers, updateUser, type UserDetail } from '../api/users';

jest.mock('../api/users');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

const roles = [{ id: 3, role_name: 'Trainer' }, { id: 4, role_name: 'Büro' }];
const trainer: UserDetail = {
  id: 5, un: 'trainer', fn: 'Tom', ln: 'Trainer', l: 3, email: 't@example.org', role_id: 3, role_name: 'Trainer', status: 2,
  schools: [1], disabled: false, salutation_id: 2, dob: '1990-04-01', mno: null, version: 4,
};

function renderArea(route: string, session = {}) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    { route, session },
  );
}

function answer(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-user/data'), {} as never);
}

beforeEach(() => {
  jest.mocked(getRoleChoices).mockReset().mockResolvedValue(roles);
  jest.mocked(getUser).mockReset().mockResolvedValue({ data: trainer, roles });
  jest.mocked(getUsers).mockReset().mockResolvedValue([]);
  jest.mocked(createUser).mockReset().mockResolvedValue(9);
  jest.mocked(updateUser).mockReset().mockResolvedValue(5);
  jest.mocked(checkUsername).mockReset().mockImplementation(async (name) => ({ valid: true, available: name !== 'office' }));
});

describe('user form', () => {
  it('creates a user: required fields, the username checked on the server, password rule, role and school', async () => {
    const { user } = renderArea('/m-conf/user/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neuer Benutzer' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect((await screen.findAllByText('Pflichtfeld')).length).toBeGreaterThanOrEqual(5);
    expect(createUser).not.toHaveBeenCalled();

    const username = screen.getByLabelText(/^Benutzername/);
    await user.type(username, 'ö!');
    await user.tab();
    expect(await screen.findByText(/Nur Buchstaben und Ziffern ohne Umlaute/)).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'office');
    await user.tab();
    expect(await screen.findByText('Benutzername bereits vergeben')).toBeTruthy();
    expect(checkUsername).toHaveBeenCalledWith('office', undefined);
    await user.clear(username);
    await user.type(username, 'neu.trainer');
    expect(await screen.findByText('Benutzername ist frei.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(/^Anrede/), 'Frau');
    await user.type(screen.getByLabelText(/^Vorname/), 'Nina');
    await user.type(screen.getByLabelText(/^Nachname/), 'Neu');
    await user.type(screen.getByLabelText(/^E-Mail/), 'nina@example.org');
    await user.type(screen.getByLabelText(/^Passwort(?! wiederholen)/), 'geheim-2026');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'geheim-2026');
    await user.selectOptions(screen.getByLabelText(/^Rolle/), 'Trainer');
    await user.click(screen.getByRole('radio', { name: 'Bestimmte Schulen' }));
    const schools = screen.getByRole('group', { name: 'Schulen' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await within(schools).findByText('Mindestens eine Schule muss ausgewählt sein.')).toBeTruthy();
    await user.click(within(schools).getByRole('checkbox', { name: 'Kampfsportschule Wien' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(createUser).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createUser).mock.calls[0][0]).toEqual({
      username: 'neu.trainer', salutation_id: 1, firstname: 'Nina', lastname: 'Neu', email: 'nina@example.org', dob: null,
      role_id: 3, admin: false, status: 2, schools: [1], disabled: false, pw1: 'geheim-2026', pw2: 'geheim-2026',
    });
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Benutzer' })).toBeTruthy();
  });

  it('an admin limited to schools gets no "all schools" choice and no admin toggle', async () => {
    renderArea('/m-conf/user/add', {
      user: { ...makeAppState().user, id: 7, level: 2, schoolAccess: 2 },
      schools: [{ id: 1, name: 'Kampfsportschule Wien', country: 'at' }],
    });
    await screen.findByLabelText(/^Rolle/);
    expect(screen.queryByRole('radio', { name: 'Alle Schulen' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Administrator/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Schulen' })).toBeTruthy();
  });

  it('the superadmin makes an admin: no role needed then', async () => {
    const { user } = renderArea('/m-conf/user/add');
    expect(await screen.findByLabelText(/^Rolle/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Administrator/ }));
    expect(screen.queryByLabelText(/^Rolle/)).toBeNull();
    expect(screen.getByText(/Administratoren haben alle Rechte/)).toBeTruthy();
  });

  it('edits a user with the version read; a stale version shows the conflict notice and keeps the entries', async () => {
    jest.mocked(updateUser).mockRejectedValueOnce(answer(409, { error: 9 }));
    const { user } = renderArea('/m-conf/user/edit/5');
    const lastname = await screen.findByLabelText(/^Nachname/);
    expect((lastname as HTMLInputElement).value).toBe('Trainer');
    expect((screen.getByLabelText(/^Geburtsdatum/) as HTMLInputElement).value).toBe('01.04.1990');
    expect(screen.queryByLabelText(/^Passwort/)).toBeNull();
    await user.clear(lastname);
    await user.type(lastname, 'Trainerin');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateUser).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateUser).mock.calls[0][0]).toBe(5);
    expect(jest.mocked(updateUser).mock.calls[0][1]).toMatchObject({ lastname: 'Trainerin', role_id: 3, status: 2, schools: [1] });
    expect(jest.mocked(updateUser).mock.calls[0][2]).toBe(4);
    expect(await screen.findByText(/inzwischen von jemand anderem gespeichert/)).toBeTruthy();
    expect((screen.getByLabelText(/^Nachname/) as HTMLInputElement).value).toBe('Trainerin');

    jest.mocked(getUser).mockResolvedValueOnce({ data: { ...trainer, email: 'tom@example.org', salutation_id: 1, schools: [1, 2], version: 6 }, roles });
    await user.click(screen.getByRole('button', { name: 'Aktuellen Stand laden' }));
    const notice = await screen.findByRole('status');
    expect(await within(notice).findByText('tom@example.org')).toBeTruthy();
    // Stored values as texts: the salutation and the schools by name.
    expect(within(notice).getByText('Frau')).toBeTruthy();
    expect(within(notice).getByText('Kampfsportschule Wien, Kampfsportschule München')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateUser).toHaveBeenCalledTimes(2));
    expect(jest.mocked(updateUser).mock.calls[1][2]).toBe(6);
  });

  it('a user the caller may not manage answers 404: the error panel', async () => {
    jest.mocked(getUser).mockReset().mockRejectedValue(answer(404, { error: 3 }));
    renderArea('/m-conf/user/edit/2');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a failed username check says the server or the connection failed', async () => {
    jest.mocked(checkUsername).mockReset().mockRejectedValue(new TypeError('network'));
    const { user } = renderArea('/m-conf/user/add');
    await user.type(await screen.findByLabelText(/^Benutzername/), 'jemand');
    await user.tab();
    expect(await screen.findByText(/Interner Serverfehler oder schlechte Verbindung/)).toBeTruthy();
  });
});
