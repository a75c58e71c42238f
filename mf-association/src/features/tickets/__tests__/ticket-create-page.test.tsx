import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes, useLocation } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES, type Atom } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { createTicket } from '../api/create-ticket.js';

jest.mock('../api/create-ticket.js');
jest.setTimeout(20_000);

const createTicketMock = jest.mocked(createTicket);

function session(atoms: Atom[] = ['e_ticket_r', 'e_ticket_s'], filter = [1, 2]) {
  const base = makeAppState();
  return makeAppState({ atoms, filter, user: { ...base.user, level: 3 } });
}

function WhereAmI() {
  return <p>Seite {useLocation().pathname}</p>;
}

async function renderTickets(route: string, appState = session()) {
  const Tickets = routes['e-ticket'];
  const rendered = renderWithProviders(
    <Routes>
      <Route path="e-ticket/*" element={<Tickets />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, session: appState },
  );
  // The ticket screens are lazy chunks: wait until the screen has replaced the spinner.
  await waitFor(() => expect(screen.queryByText('Wird geladen …')).toBeNull());
  return rendered;
}

function file(name: string, bytes = 5, type = 'application/pdf'): File {
  return new File(['x'.repeat(bytes)], name, { type });
}

function httpError(status: number, body: unknown): HTTPError {
  const request = new Request('http://localhost/api-base/ticket?m=1', { method: 'POST' });
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, request, {} as never);
}

beforeEach(() => {
  createTicketMock.mockReset();
  createTicketMock.mockResolvedValue({ id: 77 });
});

describe('support request form (/e-ticket/1)', () => {
  it('requires school, subject and message before anything is sent', async () => {
    const { user } = await renderTickets('/e-ticket/1');
    expect(screen.getByRole('heading', { level: 1, name: 'Supportanfrage' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    for (const label of ['Schule', 'Betreff', 'Nachricht']) {
      const input = await screen.findByLabelText(new RegExp(`^${label}`));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(screen.getAllByText('Pflichtfeld').length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByLabelText(/^Kategorie/)).toBeNull();
    expect(createTicketMock).not.toHaveBeenCalled();
  });

  it('sends the form with its attachments and returns to /e-dash with a toast', async () => {
    const { user } = await renderTickets('/e-ticket/1');
    await user.selectOptions(screen.getByLabelText(/^Schule/), 'Kampfsportschule München');
    await user.type(screen.getByLabelText(/^Betreff/), '  Mitgliedsausweis  ');
    await user.type(screen.getByLabelText(/^Nachricht/), 'Bitte neu ausstellen.{Enter}Danke!');
    const pdf = file('ausweis.pdf');
    const photo = file('foto.jpg', 20, 'image/jpeg');
    await user.upload(screen.getByLabelText('Anhänge'), [pdf, photo]);
    const chosen = screen.getByRole('list', { name: 'Ausgewählte Anhänge' });
    expect(within(chosen).getByText(/ausweis\.pdf/)).toBeTruthy();
    expect(within(chosen).getByText(/foto\.jpg/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Seite /e-dash')).toBeTruthy();
    expect(createTicketMock).toHaveBeenCalledTimes(1);
    const [mode, form, files] = createTicketMock.mock.calls[0];
    expect(mode).toBe(1);
    expect(form).toEqual({ sid: 2, subject: 'Mitgliedsausweis', message: 'Bitte neu ausstellen.\nDanke!' });
    expect(files).toEqual([pdf, photo]);
    expect(await screen.findByText('Ihre Anfrage wurde gesendet.')).toBeTruthy();
  });

  it('preselects the school the user looks at', async () => {
    await renderTickets('/e-ticket/1', session(undefined, [1]));
    const select = screen.getByLabelText(/^Schule/) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Kampfsportschule Wien');
  });

  it('refuses files above the size limit and beyond the count, and removes a chosen file', async () => {
    const { user } = await renderTickets('/e-ticket/1');
    const big = file('riesig.pdf');
    Object.defineProperty(big, 'size', { value: TICKET_MAX_FILE_BYTES + 1 });
    await user.upload(screen.getByLabelText('Anhänge'), [big, file('klein.pdf')]);
    expect(screen.getByRole('alert').textContent).toContain('„riesig.pdf“ ist größer als 10 MB');
    const chosen = screen.getByRole('list', { name: 'Ausgewählte Anhänge' });
    expect(within(chosen).queryByText(/riesig/)).toBeNull();
    expect(within(chosen).getByText(/klein\.pdf/)).toBeTruthy();

    const more = Array.from({ length: TICKET_MAX_FILES }, (_, i) => file(`datei-${i}.pdf`));
    await user.upload(screen.getByLabelText('Anhänge'), more);
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(TICKET_MAX_FILES);
    expect(screen.getByRole('alert').textContent).toContain(`Höchstens ${TICKET_MAX_FILES} Dateien`);
    expect((screen.getByLabelText('Anhänge') as HTMLInputElement).disabled).toBe(true);

    await user.click(within(chosen).getByRole('button', { name: '„klein.pdf“ entfernen' }));
    expect(within(chosen).queryByText(/klein\.pdf/)).toBeNull();
    expect((screen.getByLabelText('Anhänge') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the text of the refusal code and stays on the form', async () => {
    createTicketMock.mockRejectedValueOnce(httpError(400, { error: 1101 }));
    const { user } = await renderTickets('/e-ticket/1', session(undefined, [1]));
    await user.type(screen.getByLabelText(/^Betreff/), 'Vertrag');
    await user.type(screen.getByLabelText(/^Nachricht/), 'Siehe Anhang');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei ist zu groß.');
    expect(screen.getByRole('heading', { level: 1, name: 'Supportanfrage' })).toBeTruthy();
  });

  it('marks the fields the server refused', async () => {
    createTicketMock.mockRejectedValueOnce(httpError(400, { error: 4, fields: { sid: 'form.invalid' } }));
    const { user } = await renderTickets('/e-ticket/1', session(undefined, [1]));
    await user.type(screen.getByLabelText(/^Betreff/), 'Vertrag');
    await user.type(screen.getByLabelText(/^Nachricht/), 'Text');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Daten konnten auf dem Server nicht gespeichert werden.');
    expect(screen.getByLabelText(/^Schule/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ungültiger Wert')).toBeTruthy();
  });

  it('offers only the schools the user looks at', async () => {
    await renderTickets('/e-ticket/1', session(undefined, [2]));
    const select = screen.getByLabelText(/^Schule/) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual(['Bitte wählen', 'Kampfsportschule München']);
  });

  it('needs e_ticket_s', async () => {
    await renderTickets('/e-ticket/1', session(['e_ticket_r']));
    expect(screen.getByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Senden' })).toBeNull();
  });
});

describe('technical feedback form (/e-ticket/2)', () => {
  it('requires the category and the description (8 rows)', async () => {
    const { user } = await renderTickets('/e-ticket/2', session(undefined, [1]));
    expect(screen.getByRole('heading', { level: 1, name: 'Technisches Feedback' })).toBeTruthy();
    const description = screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement;
    expect(description.tagName).toBe('TEXTAREA');
    expect(description.rows).toBe(8);
    await user.type(screen.getByLabelText(/^Betreff/), 'Export hängt');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect((await screen.findByLabelText(/^Kategorie/)).getAttribute('aria-invalid')).toBe('true');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Betreff/).getAttribute('aria-invalid')).toBe('false');
    expect(createTicketMock).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/^Kategorie/), 'Fehler');
    await user.type(description, 'Der CSV-Export lädt endlos.');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Seite /e-dash')).toBeTruthy();
    expect(createTicketMock).toHaveBeenCalledWith(
      2,
      { sid: 1, cat: 'bug', subject: 'Export hängt', message: 'Der CSV-Export lädt endlos.' },
      [],
    );
  });
});
