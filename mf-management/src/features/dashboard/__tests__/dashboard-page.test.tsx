import { screen, waitFor, within } from '@testing-library/react';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { todayIso, useSessionStore } from 'shared-kernel';
import type { Atom, MapDataResponse, StudentStatusCount, TicketListRow, UpcomingReminder } from 'shared-kernel/contracts';
import type { StudentMapProps } from '../../student-dashboard/components/student-map';
import { routes } from '../../../routes.js';

// Leaflet needs a real layout engine: a stand-in shows what the block hands the map.
const mapProps: StudentMapProps[] = [];
jest.mock('../../student-dashboard/components/student-map', () => ({
  StudentMap: (props: StudentMapProps) => {
    mapProps.push(props);
    return (
      <div data-testid="map" data-view={JSON.stringify(props.view)}>
        {props.markers.map((marker) => (
          <button key={marker.id} type="button" onClick={() => props.onSelect(marker.id)}>
            {marker.label}
          </button>
        ))}
      </div>
    );
  },
}));

// The chart is the finance remote's (loaded at run time): a stand-in shows what the slot asks for.
jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  RemoteSlot: ({ name, props }: { name: string; props: { refreshKey: number } }) => (
    <p data-testid="remote-slot">
      {name} #{props.refreshKey}
    </p>
  ),
}));

jest.setTimeout(30_000);

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

const COUNTS: StudentStatusCount[] = [
  { status: 1, count: 3 }, { status: 2, count: 120 }, { status: 3, count: 4 },
  { status: 4, count: 30 }, { status: 5, count: 2 }, { status: 6, count: 0 },
];
const TICKETS: TicketListRow[] = [
  { id: 11, dc: '2026-11-20T09:00:00Z', tsid: 1, type: 4, cat: null, subject: 'Gürtelprüfung Termin', school_id: 1, sender: 'Anna Admin', dlm: '2026-11-20T09:00:00Z' },
  { id: 12, dc: '2026-11-18T09:00:00Z', tsid: 3, type: 4, cat: null, subject: 'Alte Frage', school_id: 1, sender: 'Anna Admin', dlm: '2026-11-18T09:00:00Z' },
  { id: 13, dc: '2026-11-21T09:00:00Z', tsid: 2, type: 5, cat: null, subject: 'Verträge bestellt', school_id: 2, sender: 'Otto Office', dlm: '2026-11-21T09:00:00Z' },
];
const MAP: MapDataResponse = {
  points: [
    { id: 7, fn: 'Max', ln: 'Muster', c: 'Wien', sst: 2, lat: 48.2, long: 16.37 },
    { id: 8, fn: 'Lea', ln: 'Lang', c: 'München', sst: 2, lat: 48.14, long: 11.58 },
  ],
  total: 3, withoutPosition: 1, capped: false,
};

type Route = 'reminders' | 'counts' | 'tickets' | 'map' | 'filter';
const ROUTES: Record<Route, (url: URL) => boolean> = {
  reminders: (url) => url.pathname === '/api-reminder/upcoming',
  counts: (url) => url.pathname === '/api-student/status-counts',
  tickets: (url) => url.pathname === '/api-base/ticket',
  map: (url) => url.pathname === '/api-base/map-data',
  filter: (url) => url.pathname === '/api-base/filter',
};

/** A server answering each dashboard call; `failing` ones answer 500. Records what was asked. */
function serve(failing: Set<Route> = new Set()) {
  const calls: { route: Route; body: string | null }[] = [];
  globalThis.fetch = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    const route = (Object.keys(ROUTES) as Route[]).find((name) => ROUTES[name](url));
    if (!route) return new Response(null, { status: 404 });
    calls.push({ route, body: request.method === 'POST' ? await request.text() : null });
    if (failing.has(route)) return new Response(null, { status: 500 });
    const answers: Record<Route, unknown> = {
      reminders: [
        reminder({ reminder_id: 1, date_deadline: '2020-01-02', subject: 'Vertrag nachfassen', student_id: 7, ref_name: 'Max Muster' }),
        reminder({ reminder_id: 2, subject: 'Probetraining', lead_id: 3, ref_name: 'Lea Lang' }),
      ],
      counts: COUNTS,
      tickets: TICKETS,
      map: MAP,
      filter: { filter: [2] },
    };
    return new Response(JSON.stringify(answers[route]), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, count: (route: Route) => calls.filter((call) => call.route === route).length, failing };
}

const DashboardRoutes = routes['m-dash'];
const levelThree = (atoms: Atom[]) => ({ user: { ...makeAppState().user, level: 3 as const }, atoms });
const section = (name: string) => screen.getByRole('region', { name });

describe('management dashboard', () => {
  beforeEach(() => {
    mapProps.length = 0;
  });

  it('shows every block: reminders, student status counts, open requests, the finance chart and the map', async () => {
    const server = serve();
    renderWithProviders(<DashboardRoutes />, { route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeTruthy();

    const overdue = (await screen.findByText('Vertrag nachfassen')).closest('tr');
    expect(overdue?.textContent).toContain('02.01.2020 (überfällig)');
    expect(overdue?.textContent).toContain('Schüler: Max Muster');
    expect(screen.getByText('Probetraining').closest('tr')?.textContent).toContain('(heute fällig)');
    expect(screen.getByRole('link', { name: 'Alle Wiedervorlagen' }).getAttribute('href')).toBe('/m-reminder/list');

    const students = await screen.findByRole('region', { name: 'Schüler' });
    const active = await within(students).findByRole('link', { name: 'Aktiv' });
    expect(active.getAttribute('href')).toBe('/m-student/list?fj.sst=2');
    expect(active.closest('tr')?.textContent).toContain('120');
    expect(within(students).getByText('Gesamt').closest('tr')?.textContent).toContain('159');

    const requests = section('Offene Anfragen');
    expect((await within(requests).findByRole('link', { name: 'Verträge bestellt' })).getAttribute('href')).toBe('/e-ticket/edit/1/13');
    const rows = within(requests).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([expect.stringContaining('21.11.2026'), expect.stringContaining('20.11.2026')]);
    expect(within(requests).queryByText('Alte Frage')).toBeNull();
    expect(rows[0]).toContain('Wartet auf Antwort');

    expect(within(section('Einnahmen und Ausgaben')).getByTestId('remote-slot').textContent).toBe('finance/IncomeExpenseChart #0');

    const map = section('Schülerkarte');
    expect(await within(map).findByText('2 von 3 Schülern auf der Karte', { exact: false })).toBeTruthy();
    expect(within(map).getByText('1 ohne Koordinaten', { exact: false })).toBeTruthy();
    expect(within(map).getByRole('button', { name: 'Große Karte' })).toBeTruthy();
    expect(server.calls.find((call) => call.route === 'map')?.body).toBe(JSON.stringify({ filtered: [] }));
  });

  it('zooms the map to 17 on the student chosen, and back to all', async () => {
    serve();
    const { user } = renderWithProviders(<DashboardRoutes />, { route: '/' });
    const map = section('Schülerkarte');
    await user.click(await within(map).findByRole('button', { name: 'Lea Lang, München' }));
    expect(mapProps[mapProps.length - 1]!.view).toEqual({ kind: 'point', center: [48.14, 11.58], zoom: 17 });
    expect(within(map).getByRole('link', { name: 'Lea Lang' }).getAttribute('href')).toBe('/m-student/details/8');
    await user.click(within(map).getByRole('button', { name: 'Alle zeigen' }));
    expect(mapProps[mapProps.length - 1]!.view.kind).toBe('bounds');
  });

  it.each<[Route, string]>([
    ['counts', 'Schüler'],
    ['tickets', 'Offene Anfragen'],
    ['map', 'Schülerkarte'],
    ['reminders', 'Anstehende Wiedervorlagen'],
  ])('one failing call (%s) shows an error panel in its block only; the others show; retry loads it', async (failing, blockName) => {
    const server = serve(new Set([failing]));
    const { user } = renderWithProviders(<DashboardRoutes />, { route: '/' });
    const broken = await screen.findByRole('region', { name: blockName });
    expect((await within(broken).findByRole('alert')).textContent).toContain('Serverfehler.');
    // Every other block has its content.
    if (failing !== 'reminders') expect(await screen.findByText('Vertrag nachfassen')).toBeTruthy();
    if (failing !== 'counts') expect(await within(section('Schüler')).findByRole('link', { name: 'Aktiv' })).toBeTruthy();
    if (failing !== 'tickets') expect(await within(section('Offene Anfragen')).findByText('Gürtelprüfung Termin')).toBeTruthy();
    if (failing !== 'map') expect(await within(section('Schülerkarte')).findByText(/2 von 3 Schülern/)).toBeTruthy();
    expect(within(section('Einnahmen und Ausgaben')).getByTestId('remote-slot')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    server.failing.clear();
    await user.click(within(broken).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(within(section(blockName)).queryByRole('alert')).toBeNull());
  });

  it('refresh loads every block again (and the finance chart with a new key)', async () => {
    const server = serve();
    const { user } = renderWithProviders(<DashboardRoutes />, { route: '/' });
    await within(section('Schülerkarte')).findByText(/2 von 3 Schülern/);
    await user.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await waitFor(() => expect(server.count('map')).toBe(2));
    expect(server.count('reminders')).toBe(2);
    expect(server.count('counts')).toBe(2);
    expect(server.count('tickets')).toBe(2);
    expect(within(section('Einnahmen und Ausgaben')).getByTestId('remote-slot').textContent).toBe('finance/IncomeExpenseChart #1');
  });

  it('the school selector sets the school filter; the blocks load for that school', async () => {
    const server = serve();
    const { user } = renderWithProviders(<DashboardRoutes />, { route: '/' });
    await within(section('Schüler')).findByRole('link', { name: 'Aktiv' });
    const select = screen.getByRole('combobox', { name: 'Schule' });
    expect((select as HTMLSelectElement).value).toBe('all');
    await user.selectOptions(select, 'Kampfsportschule München');
    await waitFor(() => expect(useSessionStore.getState().appState?.filter).toEqual([2]));
    expect(server.calls.find((call) => call.route === 'filter')?.body).toBe(JSON.stringify({ name: 'schools', value: [2] }));
    await waitFor(() => expect(server.count('counts')).toBe(2));
    expect((screen.getByRole('combobox', { name: 'Schule' }) as HTMLSelectElement).value).toBe('2');
  });

  it('shows only the blocks the atoms allow: no finance chart without finance_r, no requests without e_ticket_r', async () => {
    const server = serve();
    renderWithProviders(<DashboardRoutes />, { route: '/', session: levelThree(['student_r', 'reminder_r']) });
    await within(section('Schüler')).findByRole('link', { name: 'Aktiv' });
    expect(screen.queryByRole('region', { name: 'Einnahmen und Ausgaben' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Offene Anfragen' })).toBeNull();
    expect(server.count('tickets')).toBe(0);
  });

  it('a user without student_r, reminder_r and finance_r sees the heading and no block, and nothing is called', () => {
    serve();
    renderWithProviders(<DashboardRoutes />, { route: '/', session: levelThree(['lead_r']) });
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
