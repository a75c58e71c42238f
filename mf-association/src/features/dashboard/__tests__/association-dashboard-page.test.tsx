import { screen } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import type { TicketListRow } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('association dashboard', () => {
  it('lists the support requests with their status', async () => {
    const rows: TicketListRow[] = [
      { id: 4, dc: '2026-11-02T09:00:00Z', tsid: 2, type: 4, cat: null, subject: 'Mitgliedsausweis', school_id: 1, sender: 'Anna Admin', dlm: '2026-11-03T10:15:00Z' },
    ];
    const urls: string[] = [];
    globalThis.fetch = jest.fn(async (request: Request) => {
      urls.push(request.url);
      return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const Dashboard = routes['e-dash'];
    renderWithProviders(<Dashboard />, { route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verband – Übersicht' })).toBeTruthy();
    const row = (await screen.findByText('Mitgliedsausweis')).closest('tr');
    expect(row?.textContent).toContain('02.11.2026');
    expect(row?.textContent).toContain('Wartet auf Antwort');
    expect(row?.textContent).toContain('Anna Admin');
    expect(urls).toEqual(['http://localhost/api-base/ticket?m=1']);
  });
});
