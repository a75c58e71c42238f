import { act, screen } from '@testing-library/react';
import { setFederationRuntime } from 'shared-kernel';
import { fakeRoutesModule, installFakeRemotes } from '../../testing/fake-remotes.js';
import { renderApp } from '../../testing/render-app.js';
import { areaForPath } from '../remote-areas.js';

afterEach(() => setFederationRuntime());

describe('route table', () => {
  it.each([
    ['/m-student/dun/1', 'finance:m-student/dun'],
    ['/m-student/list', 'management:m-student'],
    ['/m-fin/dashboard', 'finance:m-fin'],
    ['/m-dash', 'management:m-dash'],
    ['/m-conf/user', 'management:m-conf'],
    ['/e-ticket/2', 'association:e-ticket'],
    ['/c-news', 'content:c-news'],
  ])('%s is served by %s', async (path, heading) => {
    const { loadRemote } = installFakeRemotes();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(loadRemote).toHaveBeenCalledWith(`${heading.split(':')[0]}/routes`);
    // The remote's own build id, from its routes module, under its area.
    expect(screen.getByText(`Build ${heading.split(':')[0]}-build-1`)).toBeTruthy();
  });

  it('knows the owner of a path without rendering', () => {
    expect(areaForPath('/m-student/dun/3')?.remote).toBe('finance');
    expect(areaForPath('/m-student/details/4')?.remote).toBe('management');
    expect(areaForPath('/m-studentx')).toBeUndefined();
    expect(areaForPath('/c-calendar')?.remote).toBe('content');
  });

  it.each(['/does-not-exist', '/', '/m-fine'])('sends the unknown route %s to /m-dash', async (path) => {
    installFakeRemotes();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'management:m-dash' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m-dash');
  });

  it('loads a remote only when one of its routes is opened', async () => {
    const { loadRemote } = installFakeRemotes();
    renderApp('/m-dash');
    await screen.findByRole('heading', { level: 1, name: 'management:m-dash' });
    expect(loadRemote.mock.calls.map(([id]) => id)).toEqual(['management/routes']);
  });
});

describe('a failing remote', () => {
  it('shows the error panel in its area only, and retry recovers without a reload', async () => {
    let financeUp = false;
    const { registerRemotes } = installFakeRemotes(async (id) => {
      const remote = id.split('/')[0];
      if (remote === 'finance' && !financeUp) throw new Error('manifest 404');
      return fakeRoutesModule(remote);
    });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, user } = renderApp('/m-fin/dashboard');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dieser Bereich konnte nicht geladen werden.');
    expect(alert.textContent).toContain('Kommunikationsfehler mit dem Server');
    // The shell keeps working: menu, header and the other areas.
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    await act(() => router.navigate('/e-dash'));
    expect(await screen.findByRole('heading', { level: 1, name: 'association:e-dash' })).toBeTruthy();

    // Back to finance, still down: retry keeps the panel.
    await act(() => router.navigate('/m-fin/income'));
    await user.click(await screen.findByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'finance:m-fin' })).toBeNull();

    // The files are back: retry loads the remote again (re-registered with force).
    financeUp = true;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'finance:m-fin' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'finance', entry: 'http://localhost/remotes/finance/mf-manifest.json' }],
      { force: true },
    );
    consoleError.mockRestore();
  });

  it('catches a remote that throws while rendering and recovers on retry', async () => {
    let broken = true;
    function FlakyRoutes() {
      if (broken) throw new Error('render failure');
      return <h1>content:c-news</h1>;
    }
    installFakeRemotes(async (id) => {
      const remote = id.split('/')[0];
      if (remote === 'content') return { routes: { 'c-news': FlakyRoutes } };
      return fakeRoutesModule(remote);
    });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/c-news');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dieser Bereich konnte nicht geladen werden.');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'content:c-news' })).toBeTruthy();
    consoleError.mockRestore();
  });
});
