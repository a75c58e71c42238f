import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from 'shared-kernel/testing';
import type { NewsListResponse } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function page(pageIndex: number): NewsListResponse {
  return {
    rows: [{
      content_id: pageIndex + 1, schools: [], visibility: 4, title: `Sommercamp ${pageIndex + 1}`, active: true,
      date_published: '2026-06-01T08:00:00Z', date_expired: null, content_status_id: 1, school_id: 1,
    }],
    pages: 2,
    total: 26,
  };
}

describe('content area', () => {
  it('sends /c-dash to the news and pages through them', async () => {
    const bodies: unknown[] = [];
    globalThis.fetch = jest.fn(async (request: Request) => {
      const body = (await request.json()) as { page: number };
      bodies.push(body);
      return new Response(JSON.stringify(page(body.page)), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const ContentDash = routes['c-dash'];
    const News = routes['c-news'];
    const { user } = renderWithProviders(
      <Routes>
        <Route path="c-dash/*" element={<ContentDash />} />
        <Route path="c-news/*" element={<News />} />
      </Routes>,
      { route: '/c-dash' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    const row = (await screen.findByText('Sommercamp 1')).closest('tr');
    expect(row?.textContent).toContain('Alle Schulen');
    expect(row?.textContent).toContain('01.06.2026');
    expect(bodies[0]).toEqual({ page: 0, pageSize: 25, sorted: [{ id: 'date_published', desc: true }], filtered: [] });
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Sommercamp 2')).toBeTruthy();
    expect(screen.getByText('Seite 2 von 2 (26 Einträge)')).toBeTruthy();
  });
});
