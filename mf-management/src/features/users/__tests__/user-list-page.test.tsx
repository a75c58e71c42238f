import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { UserRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { changeUserPassword, deleteUser, getUsers } from '../api/users';

jest.mock('../api/users');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const row = (over: Partial<UserRow>): UserRow => ({
  id: 1, un: 'admin', fn: 'Anna', ln: 'Admin', l: 1, email: 'admin@example.org', role_id: null, role_name: null,
  status: 1, schools: [], disabled: false, ...over,
});
const users: UserRow[] = [
  row({}),
  row({ id: 5, un: 'trainer', fn: 'Tom', ln: 'Trainer', l: 3, email: 't@example.org', role_id: 3, role_name: 'Trainer', status: 2, schools: [1] }),
  row({ id: 6, un: 'chef', fn: 'Carla', ln: 'Chef', l: 2, email: 'c@example.org', status: 1, disabled: true }),
];

function renderArea(route: string, session = {}) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    { route, session },
  );
}

const cardOf = async (name: string) => (await screen.findByRole('heading', { level: 2, name: new RegExp(name) })).closest('article') as HTMLElement;

beforeEach(() => {
  jest.mocked(getUsers).mockReset().mockResolvedValue(users);
  jest.mocked(deleteUser).mockReset().mockResolvedValue(undefined);
  jest.mocked(changeUserPassword).mockReset().mockResolvedValue(undefined);
});

describe('user list', () => {
  it('shows a card per user with level, role, schools and a locked badge; the superadmin deletes others, not himself', async () => {
    renderArea('/m-conf/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Benutzer' })).toBeTruthy();
    const own = await cardOf('Anna Admin');
    expect(own.textContent).toContain('(Sie)');
    expect(within(own).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(own).getByRole('link', { name: 'Anna Admin bearbeiten' }).getAttribute('href')).toBe('/m-conf/user/edit/1');

    const trainer = await cardOf('Tom Trainer');
    const badges = within(trainer).getByRole('list', { name: 'Rolle' });
    expect(within(badges).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Benutzer', 'Trainer']);
    expect(trainer.textContent).toContain('Kampfsportschule Wien');
    expect(within(trainer).getByRole('button', { name: 'Tom Trainer löschen' })).toBeTruthy();

    const chef = await cardOf('Carla Chef');
    expect(chef.textContent).toContain('Gesperrt');
    expect(chef.textContent).toContain('Alle Schulen');
    expect(screen.getByRole('link', { name: 'Neuer Benutzer' }).getAttribute('href')).toBe('/m-conf/user/add');
  });

  it('an admin sees no delete button (only the superadmin deletes)', async () => {
    renderArea('/m-conf/user', { user: { ...makeAppState().user, id: 6, level: 2 } });
    await cardOf('Tom Trainer');
    expect(screen.queryAllByRole('button', { name: /löschen/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^Passwort ändern: / })).toHaveLength(3);
  });

  it('deletes after the confirmation and reloads', async () => {
    const { user } = renderArea('/m-conf/user');
    await user.click(within(await cardOf('Tom Trainer')).getByRole('button', { name: 'Tom Trainer löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Benutzer Tom Trainer wirklich löschen?');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteUser).toHaveBeenCalledWith(5));
    await waitFor(() => expect(getUsers).toHaveBeenCalledTimes(2));
  });

  it('changes a password in the dialog: minimum length, repeat must match, own current password', async () => {
    const { user } = renderArea('/m-conf/user');
    await user.click(within(await cardOf('Tom Trainer')).getByRole('button', { name: 'Passwort ändern: Tom Trainer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwort ändern: Tom Trainer' });
    await user.type(within(dialog).getByLabelText(/^Neues Passwort(?! wiederholen)/), 'kurz');
    await user.type(within(dialog).getByLabelText(/Neues Passwort wiederholen/), 'anders');
    await user.click(within(dialog).getByRole('button', { name: 'Passwort speichern' }));
    expect(await within(dialog).findByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeTruthy();
    expect(within(dialog).getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(changeUserPassword).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText(/^Neues Passwort(?! wiederholen)/));
    await user.type(within(dialog).getByLabelText(/^Neues Passwort(?! wiederholen)/), 'Sommer-2026!');
    await user.clear(within(dialog).getByLabelText(/Neues Passwort wiederholen/));
    await user.type(within(dialog).getByLabelText(/Neues Passwort wiederholen/), 'Sommer-2026!');
    await user.type(within(dialog).getByLabelText(/Ihr eigenes aktuelles Passwort/), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(changeUserPassword).toHaveBeenCalledWith(5, { current: 'demo1234', pw: 'Sommer-2026!', pwc: 'Sommer-2026!' }));
    expect(await screen.findByText('Das Passwort wurde geändert.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses the users and roles screens to a level-3 user with the kernel panel, without asking the server', async () => {
    renderArea('/m-conf/user', { user: { ...makeAppState().user, level: 3 }, atoms: ['student_r'] });
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getUsers).not.toHaveBeenCalled();
  });
});
