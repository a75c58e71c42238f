import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, registerRemoteRegistry, setFederationRuntime, useSessionStore } from 'shared-kernel';
import type { AppState } from 'shared-kernel/contracts';
import { makeAppState, resetKernelUiStores } from 'shared-kernel/testing';
import { installFakeRemotes } from '../../testing/fake-remotes.js';
import { TEST_REGISTRY } from '../../testing/render-app.js';
import { App } from '../app.js';

type Handler = (request: Request) => Response | Promise<Response>;
const realFetch = globalThis.fetch;
let requests: Request[] = [];

function serve(handler: Handler) {
  requests = [];
  globalThis.fetch = jest.fn(async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/')) : input;
    requests.push(request.clone());
    return handler(request);
  }) as unknown as typeof fetch;
}

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

/** The API: no session until POST /api-auth/login with demo1234 opens one. */
function fakeAuthServer(appState: AppState = makeAppState()) {
  let signedIn = false;
  serve(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api-auth/login') {
      const body = (await request.json()) as { password: string };
      signedIn = body.password === 'demo1234';
      return signedIn ? json(200, appState) : json(401, { error: 2 });
    }
    if (path === '/api-auth/logout') {
      signedIn = false;
      return json(200, {});
    }
    if (path === '/api-application-state/get-state') return signedIn ? json(200, appState) : json(401, { error: 2 });
    return json(404);
  });
}

/** The whole shell as the browser starts it: at `path`, session unknown until the server answers. */
function renderShell(path: string, { session }: { session?: Partial<AppState> } = {}) {
  window.history.replaceState(null, '', path);
  void i18n.changeLanguage('de');
  resetKernelUiStores();
  if (session) useSessionStore.getState().setAppState(makeAppState(session));
  else useSessionStore.setState({ appState: null, status: 'unknown' });
  registerRemoteRegistry(TEST_REGISTRY);
  const user = userEvent.setup();
  return { ...render(<App />), user };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password = 'demo1234') {
  await user.type(await screen.findByLabelText('Benutzername'), 'admin');
  await user.type(screen.getByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

function currentUrl(): string {
  return window.location.pathname + window.location.search;
}

beforeEach(() => installFakeRemotes());

afterEach(() => {
  globalThis.fetch = realFetch;
  setFederationRuntime();
});

describe('the shell without a session', () => {
  it('shows the login for a deep link, keeps it as next and lands there after sign-in', async () => {
    fakeAuthServer();
    const { user } = renderShell('/m-fin/dashboard?year=2025');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe(`/login?next=${encodeURIComponent('/m-fin/dashboard?year=2025')}`));
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();

    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'finance:m-fin' })).toBeTruthy();
    expect(currentUrl()).toBe('/m-fin/dashboard?year=2025');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api-application-state/get-state',
      'POST /api-auth/login',
      'GET /api-application-state/get-state',
    ]);
  });

  it('lands on /m-dash after signing in from the plain login', async () => {
    fakeAuthServer();
    const { user } = renderShell('/');
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    await signIn(user, 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültiger Benutzername und/oder ungültiges Passwort.');
    expect(currentUrl()).toBe('/login');

    await user.clear(screen.getByLabelText('Passwort'));
    await user.type(screen.getByLabelText('Passwort'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'management:m-dash' })).toBeTruthy();
    expect(currentUrl()).toBe('/m-dash');
  });

  it('moves between the sign-in screens in the page, with the browser back button too', async () => {
    fakeAuthServer();
    const { user } = renderShell('/login');
    await user.click(await screen.findByRole('link', { name: 'Passwort vergessen?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeTruthy();
    expect(currentUrl()).toBe('/password-link');
    expect(screen.getByLabelText('Benutzername oder E-Mail-Adresse')).toBeTruthy();

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(currentUrl()).toBe('/login');
  });

  it('shows an error with retry when the server cannot tell the session', async () => {
    serve(() => json(503, { error: 1 }));
    const { user } = renderShell('/m-dash');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kommunikationsfehler mit dem Server');
    fakeAuthServer();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
  });
});

describe('the shell with a session', () => {
  it('logging out shows the plain login again', async () => {
    fakeAuthServer();
    const { user } = renderShell('/m-fin/dashboard', { session: { user: { ...makeAppState().user, firstname: 'Ada', lastname: 'Admin' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'finance:m-fin' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Ada Admin/ }));
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(currentUrl()).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain('POST /api-auth/logout');
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('a 401 of an API call shows the login, keeping the page as next', async () => {
    serve(() => json(401, { error: 2 }));
    renderShell('/e-ticket/2', { session: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'association:e-ticket' })).toBeTruthy();
    await act(async () => {
      await http.get('api-ticket/list').catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe(`/login?next=${encodeURIComponent('/e-ticket/2')}`));
  });

  it('sends a signed-in user who opens /login on to next', async () => {
    renderShell(`/login?next=${encodeURIComponent('/c-news')}`, { session: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'content:c-news' })).toBeTruthy();
    expect(currentUrl()).toBe('/c-news');
  });

  it('still opens a password-reset link', async () => {
    serve(() => json(200, { valid: true }));
    renderShell('/password-reset?k=abc', { session: {} });
    expect(await screen.findByLabelText('Neues Passwort')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
  });
});
