import { render, screen } from '@testing-library/react';
import {
  RemoteSlot, initRemotes, isRemoteLoadFailure, loadRemoteModule, preloadRemote, registerRemoteRegistry,
  retryRemote, setFederationRuntime, type FederationRuntime,
} from '../index.js';

function fakeRuntime(load: (id: string) => Promise<unknown>) {
  const runtime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(load),
  };
  setFederationRuntime(runtime as unknown as FederationRuntime);
  return runtime;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  setFederationRuntime();
  globalThis.fetch = realFetch;
});

describe('remote loading', () => {
  it('registers the registry with absolute manifest URLs, leaving out excluded remotes', async () => {
    const runtime = fakeRuntime(async () => ({}));
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify({
      management: '/remotes/management/mf-manifest.json',
      finance: 'https://cdn.example.org/finance/mf-manifest.json',
    }), { status: 200 })) as unknown as typeof fetch;
    await initRemotes('/remotes.json', { exclude: ['management'] });
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'finance', entry: 'https://cdn.example.org/finance/mf-manifest.json' },
    ]);
  });

  it('survives a missing registry: loads then fail as remote load failures', async () => {
    fakeRuntime(async () => ({}));
    globalThis.fetch = jest.fn(async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await initRemotes();
    const error = await loadRemoteModule('finance', 'routes').catch((e: unknown) => e);
    expect(isRemoteLoadFailure(error)).toBe(true);
  });

  it('loads a module once, does not keep a failure, and retry re-registers with force', async () => {
    let up = false;
    const runtime = fakeRuntime(async (id) => {
      if (!up) throw new Error('script error');
      return { id };
    });
    registerRemoteRegistry({ finance: '/remotes/finance/mf-manifest.json' });
    const failure = await loadRemoteModule('finance', 'routes').catch((e: unknown) => e);
    expect(isRemoteLoadFailure(failure)).toBe(true);

    retryRemote('finance');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'finance', entry: 'http://localhost/remotes/finance/mf-manifest.json' }],
      { force: true },
    );
    up = true;
    await expect(loadRemoteModule('finance', './routes')).resolves.toEqual({ id: 'finance/routes' });
    await loadRemoteModule('finance', 'routes');
    preloadRemote('finance');
    // Two failed/successful attempts, then cached.
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('refuses a remote the registry does not name', async () => {
    const runtime = fakeRuntime(async () => ({}));
    const error = await loadRemoteModule('unknown', 'routes').catch((e: unknown) => e);
    expect(isRemoteLoadFailure(error)).toBe(true);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});

describe('RemoteSlot', () => {
  it("shows another remote's widget with its props", async () => {
    fakeRuntime(async () => ({ default: ({ year }: { year: number }) => <p>Einnahmen {year}</p> }));
    registerRemoteRegistry({ finance: '/remotes/finance/mf-manifest.json' });
    render(<RemoteSlot name="finance/IncomeChart" props={{ year: 2026 }} fallback={<p>Lädt</p>} />);
    expect(screen.getByText('Lädt')).toBeTruthy();
    expect(await screen.findByText('Einnahmen 2026')).toBeTruthy();
  });

  it('shows the fallback when the widget cannot be loaded or throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeRuntime(async (id) => {
      if (id === 'finance/Broken') return { default: () => { throw new Error('boom'); } };
      throw new Error('404');
    });
    registerRemoteRegistry({ finance: '/remotes/finance/mf-manifest.json' });
    render(
      <>
        <RemoteSlot name="finance/Missing" errorFallback={<p>Nicht verfügbar A</p>} />
        <RemoteSlot name="finance/Broken" errorFallback={<p>Nicht verfügbar B</p>} />
      </>,
    );
    expect(await screen.findByText('Nicht verfügbar A')).toBeTruthy();
    expect(await screen.findByText('Nicht verfügbar B')).toBeTruthy();
  });
});
