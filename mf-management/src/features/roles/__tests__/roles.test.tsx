import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import { ATOMS, type RoleRow } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { createRole, deleteRole, getRole, getRoles, updateRole } from '../api/roles';

jest.mock('../api/roles');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

const trainer: RoleRow = { id: 3, role_name: 'Trainer', atoms: ['student_r', 'reminder_r'], uc: 2, ro: false, ro_reason: null, version: 2 };
const spare: RoleRow = { id: 4, role_name: 'Aushilfe', atoms: [], uc: 0, ro: false, ro_reason: null, version: 1 };
const foreign: RoleRow = { id: 5, role_name: 'Fremd', atoms: ['lead_r'], uc: 1, ro: true, ro_reason: 'used_outside_schools', version: 1 };

function renderArea(route: string) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    { route },
  );
}

function answer(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-base/role'), {} as never);
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.mocked(getRoles).mockReset().mockResolvedValue([trainer, spare, foreign]);
  jest.mocked(getRole).mockReset().mockImplementation(async (id) => [trainer, spare, foreign].find((role) => role.id === id)!);
  jest.mocked(createRole).mockReset().mockResolvedValue(9);
  jest.mocked(updateRole).mockReset().mockResolvedValue(3);
  jest.mocked(deleteRole).mockReset().mockResolvedValue(undefined);
});

describe('role list', () => {
  it('lists the roles with their use count and actions; a read-only role says why and has no delete', async () => {
    renderArea('/m-conf/role');
    const row = await rowOf('Trainer');
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '„Trainer“ bearbeiten' }).getAttribute('href')).toBe('/m-conf/role/edit/3');
    expect(within(row).getByRole('link', { name: '„Trainer“ kopieren' }).getAttribute('href')).toBe('/m-conf/role/template/3');
    const ro = await rowOf('Fremd');
    expect(ro.textContent).toContain('Nur lesen');
    expect(ro.textContent).toContain('außerhalb Ihrer Schulen');
    expect(within(ro).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(ro).getByRole('link', { name: '„Fremd“ ansehen' })).toBeTruthy();
  });

  it('a role in use is not deleted: the server refuses and the page says why', async () => {
    jest.mocked(deleteRole).mockRejectedValueOnce(answer(409, { error: 3 }));
    const { user } = renderArea('/m-conf/role');
    await user.click(within(await rowOf('Trainer')).getByRole('button', { name: '„Trainer“ löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('„Trainer“ kann nicht gelöscht werden: die Rolle ist 2 Benutzern zugewiesen.')).toBeTruthy();
  });

  it('deletes an unused role after the confirmation', async () => {
    const { user } = renderArea('/m-conf/role');
    await user.click(within(await rowOf('Aushilfe')).getByRole('button', { name: '„Aushilfe“ löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteRole).toHaveBeenCalledWith(4));
    expect(await screen.findByText('Rolle gelöscht.')).toBeTruthy();
  });
});

describe('role form', () => {
  it('shows every atom of the contract exactly once as a labelled checkbox in tables with header cells', async () => {
    renderArea('/m-conf/role/create');
    await screen.findByLabelText(/^Name/);
    const cells = screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).name === 'atoms');
    expect(cells.map((box) => (box as HTMLInputElement).value).sort()).toEqual([...ATOMS].sort());
    const students = screen.getByRole('table', { name: 'Schüler' });
    expect(within(students).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Bereich', 'Lesen', 'Schreiben']);
    expect(within(students).getByRole('rowheader', { name: 'Schüler' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Interessenten: Löschen' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Verband' })).getAllByRole('columnheader').map((c) => c.textContent)).toContain('Senden');
  });

  it('creates a role: the name is required, group helpers select and clear a group, the atoms go in contract order', async () => {
    const { user } = renderArea('/m-conf/role/create');
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Pflichtfeld')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Name/), 'Empfang');
    await user.click(screen.getByRole('checkbox', { name: 'Ganze Gruppe „Interessenten“' }));
    expect((screen.getByRole('checkbox', { name: 'Interessenten: Löschen' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Interessenten: Löschen' }));
    expect((screen.getByRole('checkbox', { name: 'Ganze Gruppe „Interessenten“' }) as HTMLInputElement).indeterminate).toBe(true);
    // Keyboard: Space toggles the focused cell.
    screen.getByRole('checkbox', { name: 'Schüler: Lesen' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createRole).toHaveBeenCalledWith({ role_name: 'Empfang', atoms: ['student_r', 'lead_r', 'lead_w'] }));
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rollen' })).toBeTruthy();
  });

  it('edits a role with its version; a copy (template) creates a new role from it', async () => {
    const { user, unmount } = renderArea('/m-conf/role/edit/3');
    expect((await screen.findByRole('checkbox', { name: 'Wiedervorlagen: Lesen' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Schüler: Schreiben' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateRole).toHaveBeenCalledWith(3, { role_name: 'Trainer', atoms: ['student_r', 'student_w', 'reminder_r'] }, 2));
    unmount();

    const copy = renderArea('/m-conf/role/template/3');
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.value).toBe('Trainer (Kopie)');
    await copy.user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createRole).toHaveBeenCalledWith({ role_name: 'Trainer (Kopie)', atoms: ['student_r', 'reminder_r'] }));
  });

  it('a read-only role opens for viewing only', async () => {
    renderArea('/m-conf/role/edit/5');
    expect(await screen.findByText(/außerhalb Ihrer Schulen/)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Interessenten: Lesen' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });
});

describe('role form conflicts', () => {
  it('a stale save shows the notice; the loaded version names the atoms someone else saved', async () => {
    const response = new Response(JSON.stringify({ error: 9 }), { status: 409, headers: { 'content-type': 'application/json' } });
    jest.mocked(updateRole).mockRejectedValueOnce(new HTTPError(response, new Request('http://localhost/api-base/role'), {} as never));
    const { user } = renderArea('/m-conf/role/edit/3');
    await user.click(await screen.findByRole('checkbox', { name: 'Schüler: Schreiben' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    jest.mocked(getRole).mockResolvedValueOnce({ ...trainer, atoms: ['student_r', 'lead_d'], version: 5 });
    await user.click(await screen.findByRole('button', { name: 'Aktuellen Stand laden' }));
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('Schüler: Lesen, Interessenten: Löschen')).toBeTruthy();
    // The user's entries stay and are saved against the new version.
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateRole).toHaveBeenLastCalledWith(3, { role_name: 'Trainer', atoms: ['student_r', 'student_w', 'reminder_r'] }, 5));
  });
});
