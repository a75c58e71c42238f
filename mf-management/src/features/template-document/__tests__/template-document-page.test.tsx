import { screen, waitFor } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import type { TemplateFilled } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { downloadDocumentPdf, getFilledTemplate, sendDocumentMail } from '../api/template-document';

jest.mock('../api/template-document');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

function filled(overrides: Partial<TemplateFilled> = {}): TemplateFilled {
  return {
    id: 5,
    oid: 17,
    name: 'Begrüßungsbrief',
    schools: [1],
    type: 2,
    subject: 'Willkommen, Eva Muster',
    content: '<p>Sehr geehrte Frau Muster,</p>',
    created_at: '2026-11-01T10:00:00Z',
    created_by: 'admin',
    version: 1,
    school_id: 1,
    recipient: { name: 'Eva Muster', address_lines: ['Hauptstraße 1', '1010 Wien'], email: 'eva@example.test' },
    unknown: [],
    ...overrides,
  };
}

function httpError(status: number, body: object) {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-template/doc-mail'), {} as never);
}

function renderDoc(session = {}) {
  const Area = routes['m-template'];
  return renderWithProviders(
    <Routes>
      <Route path="m-template/*" element={<Area />} />
      <Route path="m-dash" element={<p>Dashboard</p>} />
    </Routes>,
    { route: '/m-template/doc/5/17', session },
  );
}

beforeEach(() => {
  jest.mocked(getFilledTemplate).mockReset().mockResolvedValue(filled());
  jest.mocked(downloadDocumentPdf).mockReset().mockResolvedValue();
  jest.mocked(sendDocumentMail).mockReset().mockResolvedValue({ success: true, mail: 9, to: 'eva@example.test' });
});

describe('document from template (/m-template/doc/{templateId}/{entityId})', () => {
  it('is titled with the template name, shows the filled subject and content and downloads the edited text as PDF', async () => {
    const { user } = renderDoc();
    expect(await screen.findByRole('heading', { level: 1, name: 'Begrüßungsbrief' })).toBeTruthy();
    expect(getFilledTemplate).toHaveBeenCalledWith(5, 17, expect.anything());
    expect(screen.getByText('Eva Muster, Hauptstraße 1, 1010 Wien')).toBeTruthy();
    const subject = screen.getByLabelText(/Betreff/);
    expect((subject as HTMLInputElement).value).toBe('Willkommen, Eva Muster');
    expect(screen.getByRole('textbox', { name: /Inhalt/ }).innerHTML).toContain('Sehr geehrte Frau Muster,');
    await user.clear(subject);
    await user.type(subject, 'Willkommen im Dojo');
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() =>
      expect(downloadDocumentPdf).toHaveBeenCalledWith({ id: 5, oid: 17, type: 2, subject: 'Willkommen im Dojo', content: '<p>Sehr geehrte Frau Muster,</p>' }),
    );
    expect(await screen.findByText('PDF erstellt.')).toBeTruthy();
  });

  it('sends by e-mail with an idempotency key, says to whom, and shows a refusal as an error toast', async () => {
    const { user } = renderDoc();
    await user.click(await screen.findByRole('button', { name: 'Per E-Mail senden' }));
    await waitFor(() => expect(sendDocumentMail).toHaveBeenCalledWith(expect.objectContaining({ id: 5, oid: 17, type: 2 }), expect.stringMatching(/.{8,}/)));
    expect(await screen.findByText('E-Mail an eva@example.test gesendet.')).toBeTruthy();
    jest.mocked(sendDocumentMail).mockRejectedValueOnce(httpError(400, { error: 50 }));
    await user.click(screen.getByRole('button', { name: 'Per E-Mail senden' }));
    expect(await screen.findByText('Der Text enthält unbekannte Platzhalter; bitte korrigieren.')).toBeTruthy();
  });

  it('without an e-mail address the send button is disabled and says why; unknown placeholders are warned about', async () => {
    jest.mocked(getFilledTemplate).mockResolvedValue(filled({ recipient: { name: 'Eva Muster', address_lines: [], email: '' }, unknown: ['vertrag'] }));
    renderDoc();
    const send = await screen.findByRole('button', { name: 'Per E-Mail senden' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(send.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(send.getAttribute('aria-describedby')!)?.textContent).toContain('keine E-Mail-Adresse');
    expect(screen.getByText('Keine E-Mail-Adresse hinterlegt')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('##vertrag##');
  });

  it('refuses an empty subject before calling the server', async () => {
    const { user } = renderDoc();
    await user.clear(await screen.findByLabelText(/Betreff/));
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Pflichtfeld')).toBeTruthy();
    expect(downloadDocumentPdf).not.toHaveBeenCalled();
  });

  it('without template_r the screen refuses', async () => {
    renderDoc({ atoms: ['student_r'], user: { level: 3 } });
    expect(await screen.findByText(/keine Berechtigung|nicht berechtigt/i)).toBeTruthy();
    expect(getFilledTemplate).not.toHaveBeenCalled();
  });
});
