import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { HTTPError } from 'shared-kernel';
import type { SeminarToken } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes.js';
import { getSeminarToken } from '../api/seminar-token.js';
import { SEMINAR_MESSAGE_TYPE } from '../components/seminar-page.js';

jest.mock('../api/seminar-token.js', () => ({ getSeminarToken: jest.fn() }));

const tokenMock = jest.mocked(getSeminarToken);

const answer = (token: string): SeminarToken => ({
  url: 'https://events.example.org/seminare?embed=1',
  origin: 'https://events.example.org',
  token,
  exp: '2026-11-21T09:35:00.000Z',
});

function renderSeminar() {
  const Seminar = routes['c-seminar'];
  return renderWithProviders(
    <Routes>
      <Route path="c-seminar/*" element={<Seminar />} />
    </Routes>,
    { route: '/c-seminar', session: { atoms: [] } },
  );
}

function refusal(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-base/seminar-token'), {} as never);
}

beforeEach(() => tokenMock.mockReset());

describe('/c-seminar', () => {
  it('frames the configured page 1000 px high and posts a fresh token to exactly its origin after the load', async () => {
    tokenMock.mockResolvedValueOnce(answer('first')).mockResolvedValueOnce(answer('fresh'));
    renderSeminar();
    expect(screen.getByRole('heading', { name: 'Seminare', level: 1 })).toBeTruthy();
    const frame = (await screen.findByTitle('Seminare und Veranstaltungen des Verbands')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://events.example.org/seminare?embed=1');
    expect(frame.getAttribute('height')).toBe('1000');
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(frame);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith({ type: SEMINAR_MESSAGE_TYPE, token: 'fresh', exp: '2026-11-21T09:35:00.000Z' }, 'https://events.example.org');
    expect(post.mock.calls[0]![1]).not.toBe('*');
    expect(tokenMock).toHaveBeenCalledTimes(2);
  });

  it('shows the "not configured" notice (error 34), frames nothing and posts nothing', async () => {
    tokenMock.mockRejectedValue(refusal(404, { error: 34 }));
    const post = jest.spyOn(window, 'postMessage');
    renderSeminar();
    await screen.findByText('Die Seminarseite ist auf diesem Server nicht eingerichtet.');
    expect(screen.getByRole('status').textContent).toBe('Die Seminarseite ist auf diesem Server nicht eingerichtet.');
    expect(document.querySelector('iframe')).toBeNull();
    expect(post).not.toHaveBeenCalled();
    expect(tokenMock).toHaveBeenCalledTimes(1);
  });

  it('posts nothing when the token for the load cannot be had', async () => {
    tokenMock.mockResolvedValueOnce(answer('first')).mockRejectedValueOnce(refusal(500, { error: 8 }));
    renderSeminar();
    const frame = (await screen.findByTitle('Seminare und Veranstaltungen des Verbands')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage');
    fireEvent.load(frame);
    await waitFor(() => expect(tokenMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(post).not.toHaveBeenCalled();
  });
});
