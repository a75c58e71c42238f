import { screen } from '@testing-library/react';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { todayIso } from 'shared-kernel';
import type { UpcomingReminder } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function reminder(overrides: Partial<UpcomingReminder>): UpcomingReminder {
  return {
    reminder_id: 1, date_created: '2026-11-01T10:00:00Z', date_deadline: todayIso(), subject: 'Rückruf',
    notes: '', username: 'office', student_id: null, lead_id: null, delegated_to: null,
    delegated_username: null, ref_name: null, school_id: 1, ...overrides,
  };
}

const DashboardRoutes = routes['m-dash'];

describe('management dashboard', () => {
  it('shows the heading, the reminders with overdue and due-today marks, and the build line', async () => {
    const requests: string[] = [];
    globalThis.fetch = jest.fn(async (request: Request) => {
      requests.push(request.url);
      return new Response(JSON.stringify([
        reminder({ reminder_id: 1, date_deadline: '2020-01-02', subject: 'Vertrag nachfassen', student_id: 7, ref_name: 'Max Muster' }),
        reminder({ reminder_id: 2, subject: 'Probetraining', lead_id: 3, ref_name: 'Lea Lang' }),
      ]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    renderWithProviders(<DashboardRoutes />, { route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeTruthy();
    const overdue = (await screen.findByText('Vertrag nachfassen')).closest('tr');
    expect(overdue?.textContent).toContain('02.01.2020 (überfällig)');
    expect(overdue?.textContent).toContain('Schüler: Max Muster');
    const today = screen.getByText('Probetraining').closest('tr');
    expect(today?.textContent).toContain('(heute fällig)');
    expect(today?.textContent).toContain('Interessent: Lea Lang');
    expect(requests).toEqual(['http://localhost/api-reminder/upcoming']);
    expect(screen.getByRole('link', { name: 'Alle Wiedervorlagen' }).getAttribute('href')).toBe('/m-reminder/list');
  });

  it('shows the error panel and reloads on retry', async () => {
    let fail = true;
    globalThis.fetch = jest.fn(async () =>
      fail ? new Response(null, { status: 500 }) : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    ) as unknown as typeof fetch;
    const { user } = renderWithProviders(<DashboardRoutes />, { route: '/' });
    expect((await screen.findByRole('alert')).textContent).toContain('Serverfehler.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Keine offenen Wiedervorlagen in den nächsten 7 Tagen.')).toBeTruthy();
  });

  it('leaves the reminders out for a user without reminder_r', () => {
    globalThis.fetch = jest.fn() as unknown as typeof fetch;
    renderWithProviders(<DashboardRoutes />, {
      route: '/',
      session: { user: { ...makeAppState().user, level: 3 }, atoms: ['student_r'] },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Anstehende Wiedervorlagen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Alle Wiedervorlagen' })).toBeNull();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
