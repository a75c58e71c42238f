import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { Atom, TicketDetail } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { getTicket } from '../api/get-ticket.js';
import { replyToTicket } from '../api/reply-to-ticket.js';

jest.mock('../api/get-ticket.js', () => ({
  ...jest.requireActual('../api/get-ticket.js'),
  getTicket: jest.fn(),
}));
jest.mock('../api/reply-to-ticket.js');
jest.setTimeout(20_000);

const getTicketMock = jest.mocked(getTicket);
const replyMock = jest.mocked(replyToTicket);

const HOSTILE = '<img src=x onerror=alert(1)>';
const HOSTILE_LINK = '<a href="javascript:alert(2)">hier klicken</a><script>window.__pwned = 1</script>';

function ticket(extraMessages: TicketDetail['messages'] = []): TicketDetail {
  return {
    id: 4, dc: '2026-11-02T09:05:00', tsid: 1, m: 1, type: 4, cat: null, school_id: 1, sender: 'Anna Admin',
    pay: { subject: 'Mitgliedsausweis' },
    messages: [
      {
        id: 10, dc: '2026-11-02T09:05:00', spay: { name: 'Anna Admin' },
        pay: { message: `Bitte neu ausstellen.\n${HOSTILE}\n${HOSTILE_LINK}`, files: [{ id: 31, name: 'ausweis.pdf', size: 2048 }] },
      },
      ...extraMessages,
    ],
  };
}

function session(atoms: Atom[] = ['e_ticket_r', 'e_ticket_s']) {
  const base = makeAppState();
  return makeAppState({ atoms, user: { ...base.user, level: 3 } });
}

function renderDetail(route = '/e-ticket/edit/1/4', appState = session()) {
  const Tickets = routes['e-ticket'];
  // The shell renders every remote inside its <main> landmark.
  return renderWithProviders(
    <main>
      <Routes>
        <Route path="e-ticket/*" element={<Tickets />} />
        <Route path="*" element={<p>Übersicht</p>} />
      </Routes>
    </main>,
    { route, session: appState },
  );
}

beforeEach(() => {
  getTicketMock.mockReset();
  replyMock.mockReset();
  getTicketMock.mockResolvedValue(ticket());
  replyMock.mockResolvedValue({ id: 4 });
});

describe('ticket thread (/e-ticket/edit/{mode}/{id})', () => {
  it('shows request date, status, subject and the thread with download links', async () => {
    renderDetail();
    expect(await screen.findByText('Mitgliedsausweis')).toBeTruthy();
    expect(getTicketMock).toHaveBeenCalledWith(1, 4, expect.anything());
    const facts = screen.getByText('Datum der Anfrage').closest('dl')!;
    expect(facts.textContent).toContain('02.11.2026 09:05');
    expect(facts.textContent).toContain('In Bearbeitung');

    const thread = screen.getByRole('region', { name: 'Verlauf' });
    const message = within(thread).getByRole('article');
    expect(within(message).getByRole('heading', { level: 3 }).textContent).toBe('Anna Admin02.11.2026 09:05');
    const link = within(message).getByRole('link', { name: 'ausweis.pdf' });
    expect(link.getAttribute('href')).toBe('/api-base/ticket-file?id=31');
    expect(message.textContent).toContain('2 KB');
  });

  it('renders a hostile message as inert text', async () => {
    const { container } = renderDetail();
    const thread = await screen.findByRole('region', { name: 'Verlauf' });
    // The markup is visible as typed, line breaks kept by pre-wrap...
    const text = within(thread).getByText((_, element) => element?.tagName === 'P' && element.textContent?.includes(HOSTILE) === true);
    expect(text.textContent).toBe(`Bitte neu ausstellen.\n${HOSTILE}\n${HOSTILE_LINK}`);
    // ...and none of it became an element: no image with a handler, no script, no javascript: link.
    expect(container.querySelector('img')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a[href^="javascript:" i]')).toBeNull();
    expect(within(thread).queryByRole('link', { name: 'hier klicken' })).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('refuses an empty reply, then sends one, clears the box and reloads the thread', async () => {
    const { user } = renderDetail();
    const replyForm = await screen.findByRole('form', { name: 'Antworten' });
    await user.click(within(replyForm).getByRole('button', { name: 'Antwort senden' }));
    const box = within(replyForm).getByLabelText(/^Ihre Antwort/) as HTMLTextAreaElement;
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(within(replyForm).getByText('Pflichtfeld')).toBeTruthy();
    expect(replyMock).not.toHaveBeenCalled();

    getTicketMock.mockResolvedValue(ticket([
      { id: 11, dc: '2026-11-03T10:00:00', spay: { name: 'Verband Support' }, pay: { message: 'Ist unterwegs.', files: [] } },
    ]));
    await user.type(box, 'Danke, hier das Foto.');
    const photo = new File(['JPEG'], 'foto.jpg', { type: 'image/jpeg' });
    await user.upload(within(replyForm).getByLabelText('Anhänge'), photo);
    await user.click(within(replyForm).getByRole('button', { name: 'Antwort senden' }));

    expect(await screen.findByText('Ist unterwegs.')).toBeTruthy();
    expect(replyMock).toHaveBeenCalledWith(1, 4, { message: 'Danke, hier das Foto.' }, [photo]);
    await waitFor(() => expect(getTicketMock).toHaveBeenCalledTimes(2));
    expect(box.value).toBe('');
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(within(replyForm).queryByRole('list', { name: 'Ausgewählte Anhänge' })).toBeNull();
    expect(await screen.findByText('Ihre Antwort wurde gesendet.')).toBeTruthy();
  });

  it('keeps the reply and shows the code text when the reply is refused', async () => {
    replyMock.mockRejectedValueOnce(new TypeError('offline'));
    const { user } = renderDetail();
    const replyForm = await screen.findByRole('form', { name: 'Antworten' });
    const box = within(replyForm).getByLabelText(/^Ihre Antwort/) as HTMLTextAreaElement;
    await user.type(box, 'Noch da?');
    await user.click(within(replyForm).getByRole('button', { name: 'Antwort senden' }));
    expect((await within(replyForm).findByRole('alert')).textContent).toContain('Kommunikationsfehler');
    expect(box.value).toBe('Noch da?');
    expect(getTicketMock).toHaveBeenCalledTimes(1);
  });

  it('has no reply box without e_ticket_s, and reads technical tickets with m=2', async () => {
    getTicketMock.mockResolvedValue({ ...ticket(), m: 2, type: 11, cat: 'question' });
    renderDetail('/e-ticket/edit/2/4', session(['e_ticket_r']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Technisches Feedback' })).toBeTruthy();
    expect(await screen.findByText('Frage')).toBeTruthy();
    expect(getTicketMock).toHaveBeenCalledWith(2, 4, expect.anything());
    expect(screen.queryByRole('form', { name: 'Antworten' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    getTicketMock.mockRejectedValueOnce(new TypeError('offline'));
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Mitgliedsausweis')).toBeTruthy();
  });

  it('sends a malformed ticket address back to the dashboard', async () => {
    renderDetail('/e-ticket/edit/1/abc');
    expect(await screen.findByText('Übersicht')).toBeTruthy();
    expect(getTicketMock).not.toHaveBeenCalled();
  });

  it('has no accessibility violations (axe-core)', async () => {
    renderDetail();
    await screen.findByRole('form', { name: 'Antworten' });
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
