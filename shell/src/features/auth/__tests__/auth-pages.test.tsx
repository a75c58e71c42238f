import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useSessionStore } from 'shared-kernel';
import type { AppState } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { AccountLinkPage } from '../account-link-page.js';
import { LoginPage, safeNextPath } from '../login-page.js';
import { PasswordChangePage } from '../password-change-page.js';
import { PasswordLinkPage } from '../password-link-page.js';
import { PasswordResetPage } from '../password-reset-page.js';

type Handler = (request: Request) => Response | Promise<Response>;
const realFetch = globalThis.fetch;
let requests: Request[] = [];

function serve(handler: Handler) {
  requests = [];
  globalThis.fetch = jest.fn(async (request: Request) => {
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

afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The sign-in screens read the browser's URL (they run without react-router). */
function renderAt(ui: ReactElement, route: string, session: Partial<AppState> | null) {
  window.history.replaceState(null, '', route);
  return renderWithProviders(ui, { route, session });
}

describe('login', () => {
  it('shows the code-2 message when the server answers 401', async () => {
    serve(() => json(401, { error: 2 }));
    const { user } = renderAt(<LoginPage />, '/login', null);
    await user.type(screen.getByLabelText('Benutzername'), 'office');
    await user.type(screen.getByLabelText('Passwort'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Ungültiger Benutzername und/oder ungültiges Passwort.');
    expect(requests[0].url).toBe('http://localhost/api-auth/login');
    expect(await requests[0].json()).toEqual({ username: 'office', password: 'falsch' });
    expect(useSessionStore.getState().status).not.toBe('authenticated');
  });

  it('shows the code-2 message for a 401 without a body too', async () => {
    serve(() => json(401));
    const { user } = renderAt(<LoginPage />, '/login', null);
    await user.type(screen.getByLabelText('Benutzername'), 'office');
    await user.type(screen.getByLabelText('Passwort'), 'x');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültiger Benutzername und/oder ungültiges Passwort.');
  });

  it('asks for both fields before calling the server', async () => {
    serve(() => json(500));
    const { user } = renderAt(<LoginPage />, '/login', null);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getAllByText('Pflichtfeld')).toHaveLength(2);
    expect(screen.getByLabelText('Benutzername').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('opens the session, stores it and goes to the requested page', async () => {
    const state = makeAppState();
    serve(() => json(200, state));
    const { user } = renderAt(<LoginPage />, `/login?next=${encodeURIComponent('/m-fin/dashboard?year=2025')}`, null);
    await user.type(screen.getByLabelText('Benutzername'), 'admin');
    await user.type(screen.getByLabelText('Passwort'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m-fin/dashboard'));
    expect(window.location.search).toBe('?year=2025');
    expect(useSessionStore.getState().appState?.user.username).toBe('admin');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api-auth/login', '/api-application-state/get-state']);
  });

  it('never follows a next URL to another site', async () => {
    serve(() => json(200, makeAppState()));
    const { user } = renderAt(<LoginPage />, `/login?next=${encodeURIComponent('//evil.example/x')}`, null);
    await user.type(screen.getByLabelText('Benutzername'), 'admin');
    await user.type(screen.getByLabelText('Passwort'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m-dash'));
    expect(window.location.origin).toBe('http://localhost');
  });

  it.each([
    ['/%5Cevil.example/x', '/m-dash'],
    ['/%5cevil.example/x', '/m-dash'],
    ['%2F%5Cevil.example', '/m-dash'],
    ['//evil.example', '/m-dash'],
    ['https://evil.example', '/m-dash'],
    ['https://evil.example/m-fin/income', '/m-dash'],
    ['javascript:alert(1)', '/m-dash'],
    [' javascript:alert(1)', '/m-dash'],
    ['/.//evil.example/x', '/m-dash'],
    ['/login?next=/m-fin', '/m-dash'],
    ['', '/m-dash'],
    ['/m-fin/income?x=1', '/m-fin/income?x=1'],
    ['/m-fin/income?x=1%23top', '/m-fin/income?x=1#top'],
    ['http://localhost/m-student/details/5', '/m-student/details/5'],
    ['m-dash/../m-fin/income', '/m-fin/income'],
  ])('/login?next=%s goes to %s after login', (query, expected) => {
    // The value as the page reads it from its URL (percent-escapes decoded).
    const next = new URLSearchParams(`next=${query}`).get('next');
    expect(safeNextPath(next, 'http://localhost')).toBe(expected);
  });

  it('a backslash path in next signs in and lands on /m-dash instead of getting stuck', async () => {
    serve(() => json(200, makeAppState()));
    // As the browser gets it: ?next=/%5Cevil.example/x reads as "/\evil.example/x".
    const { user } = renderAt(<LoginPage />, '/login?next=/%5Cevil.example/x', null);
    await user.type(screen.getByLabelText('Benutzername'), 'admin');
    await user.type(screen.getByLabelText('Passwort'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m-dash'));
    expect(window.location.origin).toBe('http://localhost');
  });

  it('links to the password-link request', () => {
    renderAt(<LoginPage />, '/login', null);
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe('/password-link');
  });
});

describe('password reset by link', () => {
  it('shows the code-6 message when the reset answers 403', async () => {
    serve((request) => (request.method === 'GET' ? json(200, { valid: true }) : json(403)));
    const { user } = renderAt(<PasswordResetPage />, '/password-reset?k=abc', null);
    await user.type(await screen.findByLabelText('Neues Passwort'), 'geheim123');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültiger Benutzername und/oder ungültige E-Mail-Adresse.');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('http://localhost/api-auth/pwr?k=abc');
    expect(await post?.json()).toEqual({ pw: 'geheim123', pwc: 'geheim123' });
  });

  it('shows code 3 for another failure and the server code when it sends one', async () => {
    serve((request) => (request.method === 'GET' ? json(200, { valid: true }) : json(500)));
    const { user } = renderAt(<PasswordResetPage />, '/password-reset?k=abc', null);
    await user.type(await screen.findByLabelText('Neues Passwort'), 'geheim123');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Die Aktion konnte nicht ausgeführt werden');
  });

  it('tells an expired link right away', async () => {
    serve(() => json(403, { error: 7 }));
    renderAt(<PasswordResetPage />, '/password-reset?k=old', null);
    expect((await screen.findByRole('alert')).textContent).toContain('Der Link ist abgelaufen oder ungültig.');
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe('/password-link');
    expect(screen.queryByLabelText('Neues Passwort')).toBeNull();
  });

  it('refuses two different passwords before calling the server', async () => {
    serve(() => json(200, { valid: true }));
    const { user } = renderAt(<PasswordResetPage />, '/password-reset?k=abc', null);
    await user.type(await screen.findByLabelText('Neues Passwort'), 'geheim123');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'geheim124');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('password link request', () => {
  it('shows code 6 on failure and the confirmation on success', async () => {
    serve(() => json(400));
    const { user } = renderAt(<PasswordLinkPage />, '/password-link', null);
    await user.type(screen.getByLabelText('Benutzername oder E-Mail-Adresse'), 'office');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültiger Benutzername und/oder ungültige E-Mail-Adresse.');

    serve(() => json(200, {}));
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect((await screen.findByRole('status')).textContent).toContain('E-Mail mit einem Link');
    expect(await requests[0].json()).toEqual({ username: 'office' });
  });
});

describe('password change', () => {
  it('sends the own id and shows code 4 on 428, the server code 5 when given', async () => {
    serve(() => json(428));
    const { user } = renderAt(<PasswordChangePage />, '/password-change', { user: { ...makeAppState().user, id: 42 } });
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'alt12345');
    await user.type(screen.getByLabelText('Neues Passwort'), 'neu123456');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'neu123456');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Daten konnten auf dem Server nicht gespeichert werden.');
    expect(requests[0].method).toBe('PUT');
    expect(requests[0].url).toBe('http://localhost/api-user/cpw?id=42');

    serve(() => json(428, { error: 5 }));
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das aktuelle Passwort ist falsch.'));
  });
});

describe('account linking', () => {
  const unlinked = { user: { ...makeAppState().user, mno: null } };

  async function fillIn(user: ReturnType<typeof renderAt>['user'], mno: string, dob: string, secret: string) {
    await user.type(screen.getByLabelText('Mitgliedsnummer'), mno);
    await user.type(screen.getByLabelText('Geburtsdatum'), dob);
    await user.type(screen.getByLabelText('Ihr Passwort'), secret);
    await user.click(screen.getByRole('button', { name: 'Verknüpfen' }));
  }

  it("sends the member's birth date as an ISO date and shows the link", async () => {
    serve(() => json(200, { success: true, mno: 'AT-100001' }));
    const { user } = renderAt(<AccountLinkPage />, '/account-link', unlinked);
    expect(screen.getByRole('heading', { name: 'Mitgliedsnummer verknüpfen' })).toBeTruthy();
    expect(screen.getByLabelText('Geburtsdatum').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Wie beim Verband hinterlegt, Format TT.MM.JJJJ')).toBeTruthy();
    await fillIn(user, 'at-100001', '14.03.1979', 'demo1234');
    expect((await screen.findByRole('status')).textContent).toBe('Ihr Benutzerkonto ist mit der Mitgliedsnummer AT-100001 verknüpft.');
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url).toBe('http://localhost/api-user/link');
    expect(await requests[0].json()).toEqual({ mno: 'at-100001', dob: '1979-03-14', password: 'demo1234' });
    expect(useSessionStore.getState().appState?.user.mno).toBe('AT-100001');
  });

  it('refuses an impossible or future birth date before calling the server', async () => {
    serve(() => json(200, { success: true, mno: 'AT-100001' }));
    const { user } = renderAt(<AccountLinkPage />, '/account-link', unlinked);
    await fillIn(user, 'AT-100001', '30.02.1979', 'demo1234');
    expect(screen.getByText('Ungültiges Datum')).toBeTruthy();
    expect(screen.getByLabelText('Geburtsdatum').getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText('Geburtsdatum'));
    await user.type(screen.getByLabelText('Geburtsdatum'), '01.01.2999');
    await user.click(screen.getByRole('button', { name: 'Verknüpfen' }));
    expect(screen.getByText('Ungültiges Datum')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows code 2 on a 401, the throttle and taken-number messages from the server, code 1 otherwise', async () => {
    serve(() => json(401, { error: 2 }));
    const { user } = renderAt(<AccountLinkPage />, '/account-link', unlinked);
    await fillIn(user, 'AT-100001', '14.03.1979', 'falsch');
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültiger Benutzername und/oder ungültiges Passwort.');

    serve(() => json(409, { error: 12 }));
    await user.click(screen.getByRole('button', { name: 'Verknüpfen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Diese Mitgliedsnummer ist bereits mit einem anderen Benutzerkonto verknüpft.'));

    serve(() => new Response(JSON.stringify({ error: 11 }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '30' } }));
    await user.click(screen.getByRole('button', { name: 'Verknüpfen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Zu viele Fehlversuche'));

    serve(() => json(502));
    await user.click(screen.getByRole('button', { name: 'Verknüpfen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Kommunikationsfehler'));
    expect(useSessionStore.getState().appState?.user.mno).toBeNull();
  });

  it('speaks English too', async () => {
    serve(() => json(401, { error: 2 }));
    renderWithProviders(<AccountLinkPage />, { route: '/account-link', session: unlinked, language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Link membership number' })).toBeTruthy();
    expect(screen.getByLabelText('Date of birth')).toBeTruthy();
    expect(screen.getByText('As on file with the association, format DD.MM.YYYY')).toBeTruthy();
  });

  it('a linked account shows its number and can remove the link after confirming', async () => {
    serve(() => json(200, { success: true }));
    const { user } = renderAt(<AccountLinkPage />, '/account-link', { user: { ...makeAppState().user, mno: 'AT-100001' } });
    expect(screen.getByRole('status').textContent).toBe('Ihr Benutzerkonto ist mit der Mitgliedsnummer AT-100001 verknüpft.');
    await user.click(screen.getByRole('button', { name: 'Verknüpfung lösen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Die Verknüpfung mit der Mitgliedsnummer AT-100001 wirklich lösen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verknüpfung lösen' }));
    expect(await screen.findByLabelText('Mitgliedsnummer')).toBeTruthy();
    expect(requests[0].method).toBe('DELETE');
    expect(requests[0].url).toBe('http://localhost/api-user/unlink');
    expect(useSessionStore.getState().appState?.user.mno).toBeNull();
  });
});
