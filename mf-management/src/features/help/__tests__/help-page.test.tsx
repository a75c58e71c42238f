import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { http } from 'shared-kernel';
import { HELP_VIDEO_KEYS, type HelpVideoInfo } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes.js';

const videos: HelpVideoInfo[] = HELP_VIDEO_KEYS.map((k) => ({ k, installed: k === 'first-steps', captions: false, type: k === 'first-steps' ? 'video/webm' : null }));

function renderAt(path: string) {
  const Help = routes['m-help'];
  return renderWithProviders(
    <Routes>
      <Route path="m-help/*" element={<Help />} />
    </Routes>,
    { route: path, session: { atoms: [] } },
  );
}

afterEach(() => jest.restoreAllMocks());

describe('/m-help', () => {
  it('shows the tutorials (no atom needed) and plays the chosen one from the API', async () => {
    const get = jest.spyOn(http, 'get').mockReturnValue({ json: () => Promise.resolve(videos) } as unknown as ReturnType<typeof http.get>);
    const { user } = renderAt('/m-help');
    expect(screen.getByRole('heading', { name: 'Hilfe', level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Video-Anleitungen' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('video source')?.getAttribute('src')).toBe('/api-base/video?k=first-steps'));
    expect(get).toHaveBeenCalledWith('api-base/videos', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Microsite' }));
    expect(screen.getByRole('heading', { name: 'Microsite', level: 2 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('nicht installiert');
  });
});
