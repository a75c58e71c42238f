import { screen, waitFor } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getUserSettings, saveUserSettings } from '../api/user-settings';

jest.mock('../api/user-settings');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

function renderArea(session = {}) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    { route: '/m-conf/user-settings', session },
  );
}

beforeEach(() => {
  jest.mocked(getUserSettings).mockReset().mockResolvedValue({ o_ovr_mail_from: false, o_custom_signature: false, o_signature: '', version: 3 });
  jest.mocked(saveUserSettings).mockReset().mockResolvedValue(4);
});

describe('user settings', () => {
  it('any signed-in user saves their signature and mail sender with the version read, then saves again with the next one', async () => {
    const { user } = renderArea({ user: { ...makeAppState().user, level: 3 }, atoms: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Einstellungen' })).toBeTruthy();
    await screen.findByRole('checkbox', { name: 'Eigene Signatur verwenden' });
    expect(screen.queryByLabelText('Meine Signatur')).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: 'Eigene Signatur verwenden' }));
    await user.type(screen.getByLabelText('Meine Signatur'), 'Mit sportlichen Grüßen');
    await user.click(screen.getByRole('checkbox', { name: /admin@example.org\) als Absender/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(saveUserSettings).toHaveBeenCalledWith({ o_ovr_mail_from: true, o_custom_signature: true, o_signature: 'Mit sportlichen Grüßen' }, 3),
    );
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /als Absender/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saveUserSettings).toHaveBeenLastCalledWith(expect.objectContaining({ o_ovr_mail_from: false }), 4));
  });

  it('a save answered 409 shows the conflict notice', async () => {
    const response = new Response(JSON.stringify({ error: 9 }), { status: 409, headers: { 'content-type': 'application/json' } });
    jest.mocked(saveUserSettings).mockRejectedValueOnce(new HTTPError(response, new Request('http://localhost/api-user/settings'), {} as never));
    const { user } = renderArea();
    await user.click(await screen.findByRole('checkbox', { name: 'Eigene Signatur verwenden' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('button', { name: 'Aktuellen Stand laden' })).toBeTruthy();
  });
});
