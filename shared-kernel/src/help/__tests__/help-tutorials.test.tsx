import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { HelpVideoInfo } from '../../contracts/help-videos.js';
import { HELP_VIDEO_KEYS } from '../../contracts/help-videos.js';
import { renderWithProviders } from '../../testing/index.js';
import { HelpTutorials } from '../help-tutorials.js';
import { getHelpVideos } from '../help-videos-api.js';

jest.mock('../help-videos-api.js', () => ({
  ...jest.requireActual('../help-videos-api.js'),
  getHelpVideos: jest.fn(),
}));

const getVideosMock = jest.mocked(getHelpVideos);

const videos: HelpVideoInfo[] = HELP_VIDEO_KEYS.map((k) => ({
  k,
  installed: k === 'first-steps' || k === 'microsite',
  captions: k === 'first-steps',
  type: k === 'first-steps' ? 'video/mp4' : k === 'microsite' ? 'video/webm' : null,
}));

beforeEach(() => {
  getVideosMock.mockReset();
  getVideosMock.mockResolvedValue(videos);
});

describe('HelpTutorials', () => {
  it('lists the eight tutorials in a labelled navigation and plays the first one with captions', async () => {
    renderWithProviders(<HelpTutorials />);
    const nav = screen.getByRole('navigation', { name: 'Video-Anleitungen' });
    const buttons = nav.querySelectorAll('button');
    expect([...buttons].map((button) => button.textContent)).toEqual([
      'Erste Schritte',
      'Interessentenverwaltung',
      'Vertragsabschluss',
      'Schülerdaten',
      'IR und CNC',
      'Update-Video 1',
      'Netzwerk',
      'Microsite',
    ]);
    expect(screen.getByRole('button', { name: 'Erste Schritte' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Erste Schritte', level: 2 })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Erste Schritte' });
    await waitFor(() => expect(region.querySelector('video')).not.toBeNull());
    const video = region.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Erste Schritte', level: 2 }).id);
    expect(video.querySelector('source')!.getAttribute('src')).toBe('/api-base/video?k=first-steps');
    expect(video.querySelector('source')!.getAttribute('type')).toBe('video/mp4');
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe('/api-base/video-captions?k=first-steps');
    expect(track.getAttribute('srclang')).toBe('de');
    expect(track.getAttribute('label')).toBe('Deutsch (Untertitel)');
  });

  it('switches tutorials by keyboard and says when a video is not installed', async () => {
    const { user } = renderWithProviders(<HelpTutorials />);
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    // Tab to the second tutorial and press Enter.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Interessentenverwaltung' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Interessentenverwaltung' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Erste Schritte' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Interessentenverwaltung', level: 2 })).toBeTruthy();
    expect(screen.getByText(/Interessenten erfassen/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Dieses Video ist auf diesem Server nicht installiert.');
    expect(document.querySelector('video')).toBeNull();

    // An installed video without captions: no track.
    await user.click(screen.getByRole('button', { name: 'Microsite' }));
    const video = document.querySelector('video')!;
    expect(video.querySelector('source')!.getAttribute('src')).toBe('/api-base/video?k=microsite');
    expect(video.querySelector('track')).toBeNull();
  });

  it('shows the notice when the video fails to load, and speaks English', async () => {
    renderWithProviders(<HelpTutorials />, { language: 'en' });
    await waitFor(() => expect(document.querySelector('video source')).not.toBeNull());
    expect(screen.getByRole('navigation', { name: 'Video tutorials' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'First steps', level: 2 })).toBeTruthy();
    fireEvent.error(document.querySelector('video source')!);
    expect((await screen.findByRole('status')).textContent).toBe('This video is not installed on this server.');
  });

  it('shows an error panel with retry when the list cannot be loaded', async () => {
    getVideosMock.mockRejectedValueOnce(new TypeError('network down'));
    const { user } = renderWithProviders(<HelpTutorials />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kommunikationsfehler');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(getVideosMock).toHaveBeenCalledTimes(2);
  });
});
