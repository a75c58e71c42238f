import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { Atom, TicketListRow } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { getTickets } from '../api/get-tickets.js';
import { getReleaseNotes } from '../api/get-release-notes.js';
import { getAssociationNews } from '../api/get-association-news.js';

jest.mock('../api/get-tickets.js');
jest.mock('../api/get-release-notes.js');
jest.mock('../api/get-association-news.js');

jest.setTimeout(20_000);

const getTicketsMock = jest.mocked(getTickets);
const getReleaseNotesMock = jest.mocked(getReleaseNotes);
const getNewsMock = jest.mocked(getAssociationNews);

const supportRow: TicketListRow = {
  id: 4, dc: '2026-11-02T09:00:00Z', tsid: 2, type: 4, cat: null, subject: 'Mitgliedsausweis', school_id: 1,
  sender: 'Anna Admin', dlm: '2026-11-03T10:15:00Z',
};
const technicalRow: TicketListRow = {
  id: 9, dc: '2026-10-20T08:00:00Z', tsid: 4, type: 11, cat: 'bug', subject: 'Export hängt', school_id: 2,
  sender: 'Otto Office', dlm: '2026-10-21T12:00:00Z',
};

/** A school user (level 3: atoms count) with the given atoms and membership number. */
function userSession(atoms: Atom[], mno: string | null = '4711') {
  const base = makeAppState();
  return makeAppState({ atoms, user: { ...base.user, level: 3, mno } });
}

function WhereAmI() {
  const location = useLocation();
  return <p>Seite {location.pathname}</p>;
}

function renderDashboard(session: ReturnType<typeof makeAppState>) {
  const Dashboard = routes['e-dash'];
  return renderWithProviders(
    <Routes>
      <Route path="e-dash/*" element={<Dashboard />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route: '/e-dash', session },
  );
}

beforeEach(() => {
  getTicketsMock.mockReset();
  getReleaseNotesMock.mockReset();
  getNewsMock.mockReset();
  getTicketsMock.mockImplementation(async (mode) => (mode === 1 ? [supportRow] : [technicalRow]));
  getNewsMock.mockResolvedValue([]);
});

describe('association dashboard', () => {
  it('lists support and technical requests with translated status, and a row opens the thread', async () => {
    const { user } = renderDashboard(userSession(['e_ticket_r']));
    expect(screen.getByRole('heading', { level: 1, name: 'Verband – Übersicht' })).toBeTruthy();

    const support = screen.getByRole('region', { name: 'Supportanfragen' });
    const row = (await within(support).findByRole('link', { name: 'Mitgliedsausweis' })).closest('tr');
    expect(row?.textContent).toContain('02.11.2026');
    expect(row?.textContent).toContain('Wartet auf Antwort');
    expect(row?.textContent).toContain('Anna Admin');

    const technical = screen.getByRole('region', { name: 'Technische Anfragen' });
    const techRow = (await within(technical).findByText('Export hängt')).closest('tr');
    expect(techRow?.textContent).toContain('Erledigt');
    expect(techRow?.textContent).toContain('Fehler');
    expect(getTicketsMock.mock.calls.map((call) => call[0]).sort()).toEqual([1, 2]);

    await user.click(within(support).getByRole('link', { name: 'Mitgliedsausweis' }));
    expect(await screen.findByText('Seite /e-ticket/edit/1/4')).toBeTruthy();
  });

  it('shows the add buttons only with e_ticket_s, and they open the forms', async () => {
    const view = renderDashboard(userSession(['e_ticket_r']));
    await screen.findByText('Mitgliedsausweis');
    expect(screen.queryByRole('button', { name: 'Neue Supportanfrage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Neues technisches Feedback' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Trainer freischalten' })).toBeNull();
    view.unmount();

    const { user } = renderDashboard(userSession(['e_ticket_r', 'e_ticket_s']));
    // Contract and trainer requests are requests too: linked from the requests panel.
    expect((await screen.findByRole('link', { name: 'Verträge anfordern' })).getAttribute('href')).toBe('/e-rcc');
    expect(screen.getByRole('link', { name: 'Trainer freischalten' }).getAttribute('href')).toBe('/e-trainer');
    await user.click(await screen.findByRole('button', { name: 'Neues technisches Feedback' }));
    expect(await screen.findByText('Seite /e-ticket/2')).toBeTruthy();
  });

  it('shows no ticket lists without e_ticket_r', async () => {
    renderDashboard(userSession(['e_ticket_s']));
    expect(await screen.findByRole('button', { name: 'Neue Supportanfrage' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(getTicketsMock).not.toHaveBeenCalled();
  });

  it('opens the release notes as a modal dialog that Escape closes, returning focus', async () => {
    getReleaseNotesMock.mockResolvedValue([
      { version: '0.2.0', date: '2026-11-21', changes: { de: ['Schülerliste mit Export.'], en: ['Student list with export.'] } },
    ]);
    // Every user with the ticket lists sees what changed in the software, not only administrators.
    const { user } = renderDashboard(userSession(['e_ticket_r', 'e_ticket_s']));
    const button = await screen.findByRole('button', { name: 'Letzte Änderungen' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Letzte Änderungen' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await within(dialog).findByRole('heading', { name: 'Version 0.2.0 vom 21.11.2026' })).toBeTruthy();
    expect(within(dialog).getByText('Schülerliste mit Export.')).toBeTruthy();
    // Focus stays inside: Tab from the last control wraps to the first.
    const close = within(dialog).getByRole('button', { name: 'Schließen' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('shows the association news with e_news_r as plain text', async () => {
    getNewsMock.mockResolvedValue([
      {
        id: 1, title: 'Bundesmeisterschaft 2027', teaser: 'Anmeldung ab Jänner.',
        body: '<p>Erster Absatz</p><p>Zweiter<img src=x onerror="window.__pwned=1"> Absatz</p>',
        date_published: '2026-11-01T08:00:00Z',
      },
    ]);
    const { container } = renderDashboard(userSession(['e_news_r']));
    const news = screen.getByRole('region', { name: 'Verbandsnews' });
    expect(await within(news).findByRole('heading', { level: 3, name: 'Bundesmeisterschaft 2027' })).toBeTruthy();
    expect(within(news).getByText('01.11.2026')).toBeTruthy();
    expect(within(news).getByText('Anmeldung ab Jänner.')).toBeTruthy();
    expect(within(news).getByText(/Erster Absatz\s+Zweiter Absatz/)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // Without ticket atoms there are no ticket lists.
    expect(screen.queryByRole('region', { name: 'Supportanfragen' })).toBeNull();
  });

  it('warns instead of loading the news when the account has no membership number', async () => {
    renderDashboard(userSession(['e_news_r'], null));
    expect(
      await screen.findByText(/nicht mit einer Mitgliedsnummer verknüpft/),
    ).toBeTruthy();
    expect(getNewsMock).not.toHaveBeenCalled();
  });

  it('has no news block without e_news_r', async () => {
    renderDashboard(userSession(['e_ticket_r']));
    await screen.findByText('Mitgliedsausweis');
    expect(screen.queryByRole('region', { name: 'Verbandsnews' })).toBeNull();
    expect(getNewsMock).not.toHaveBeenCalled();
  });

  it('shows a load error with a retry', async () => {
    getTicketsMock.mockRejectedValueOnce(new TypeError('network down'));
    const { user } = renderDashboard(userSession(['e_ticket_r']));
    const support = screen.getByRole('region', { name: 'Supportanfragen' });
    await user.click(await within(support).findByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(support).findByText('Mitgliedsausweis')).toBeTruthy();
  });
});
