import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { HTTPError } from 'shared-kernel';
import type { OnlineContractsFrame } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { getOnlineContractsFrame } from '../api/frame-token.js';
import { ConclusionFramePage } from '../components/conclusion-frame-page.js';
import { NewConclusionScreen } from '../new-conclusion-screen.js';

jest.setTimeout(30_000);
jest.mock('../api/frame-token.js', () => ({ getOnlineContractsFrame: jest.fn() }));

const frameMock = jest.mocked(getOnlineContractsFrame);

const answer: OnlineContractsFrame = {
  url: 'https://vertrag.example.org/neu?token=abc.def.ghi',
  origin: 'https://vertrag.example.org',
  token: 'abc.def.ghi',
  exp: '2026-11-21T09:35:00.000Z',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderFrame() {
  return renderWithProviders(
    <Routes>
      <Route path="m-con/rc/create" element={<ConclusionFramePage />} />
      <Route path="m-con/list" element={<Where />} />
    </Routes>,
    { route: '/m-con/rc/create', session: { atoms: ['conclusion_r', 'conclusion_w'] } },
  );
}

/** A message as the browser delivers it from a frame of `origin`. */
function post(data: unknown, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

beforeEach(() => frameMock.mockReset());
afterEach(() => jest.restoreAllMocks());

describe('new conclusion in the online-contracts frame', () => {
  it('frames the page with its token and returns to the list on {status: 201} from exactly its origin', async () => {
    frameMock.mockResolvedValue(answer);
    const listening = jest.spyOn(window, 'addEventListener');
    renderFrame();
    expect(screen.getByRole('heading', { name: 'Neuer Vertragsabschluss', level: 1 })).toBeTruthy();
    const frame = (await screen.findByTitle('Online-Vertragsabschluss', {}, { timeout: 10_000 })) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(answer.url);
    // The listener is attached by an effect after the frame is in the document; a real page
    // cannot post before it has loaded, but this test posts at once: wait for the listener,
    // or the messages below would be ignored for the wrong reason (and the 201 lost).
    await waitFor(() => expect(listening).toHaveBeenCalledWith('message', expect.any(Function)));

    // Other origins (a look-alike host, another port, this window) and other statuses are ignored.
    post({ status: 201 }, 'https://vertrag.example.org.evil.test');
    post({ status: 201 }, 'https://vertrag.example.org:8443');
    post({ status: 201 }, window.location.origin);
    post({ status: 200 }, 'https://vertrag.example.org');
    post('201', 'https://vertrag.example.org');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByTitle('Online-Vertragsabschluss')).toBeTruthy();

    post({ status: 201 }, 'https://vertrag.example.org');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m-con/list'), { timeout: 10_000 });
  });

  it('says "not configured" (error 65) and frames nothing', async () => {
    const response = new Response(JSON.stringify({ error: 65 }), { status: 404, headers: { 'content-type': 'application/json' } });
    frameMock.mockRejectedValue(new HTTPError(response, new Request('http://localhost/api-conclusion/frame-token'), {} as never));
    renderFrame();
    await screen.findByText('Die Seite für Online-Verträge ist auf diesem Server nicht eingerichtet.');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('the new-conclusion route with and without the beta flag', () => {
  function renderRoute(route: string, beta: Record<string, boolean>) {
    return renderWithProviders(
      <Routes>
        <Route path="m-con/rc/:mode" element={<NewConclusionScreen><p>Formular</p></NewConclusionScreen>} />
        <Route path="m-con/rc/:mode/:first/:second" element={<NewConclusionScreen><p>Formular</p></NewConclusionScreen>} />
      </Routes>,
      { route, session: { atoms: ['conclusion_r', 'conclusion_w'], beta } },
    );
  }

  it('flag on: create without prefill is the frame', async () => {
    frameMock.mockResolvedValue(answer);
    renderRoute('/m-con/rc/create', { new_conclusion_frame: true });
    expect(await screen.findByTitle('Online-Vertragsabschluss')).toBeTruthy();
    expect(screen.queryByText('Formular')).toBeNull();
  });

  it('flag on, create with sid/lid: the form', () => {
    renderRoute('/m-con/rc/create/5/0', { new_conclusion_frame: true });
    expect(screen.getByText('Formular')).toBeTruthy();
    expect(frameMock).not.toHaveBeenCalled();
  });

  it('flag off: the form', () => {
    renderRoute('/m-con/rc/create', {});
    expect(screen.getByText('Formular')).toBeTruthy();
    expect(frameMock).not.toHaveBeenCalled();
  });
});
