import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { JobStatus } from 'shared-kernel/contracts';
import { formatDateTime } from 'shared-kernel';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getJobs, runJobNow } from '../api/jobs';

import { getUsers } from '../../users/api/users';

jest.mock('../api/jobs');
jest.mock('../../users/api/users');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

const base: JobStatus = {
  name: 'sessions.sweep',
  every_ms: 3_600_000,
  daily_at: null,
  next_run: '2026-11-27T11:00:00.000Z',
  running: false,
  last_started: '2026-11-27T10:00:00.000Z',
  last_finished: '2026-11-27T10:00:00.200Z',
  last_ok: true,
  last_worker: 'app-1:4711',
  failures: 0,
  given_up: 0,
  last_error: null,
  last_error_at: null,
  runs: 5,
  queued: 0,
};
const failing: JobStatus = {
  ...base,
  name: 'leads.invitations',
  every_ms: 60_000,
  last_ok: false,
  last_worker: 'app-2:815',
  failures: 3,
  last_error: 'connect ECONNREFUSED 10.0.0.5:587',
  last_error_at: '2026-11-27T09:58:00.000Z',
};
const never: JobStatus = { ...base, name: 'jobs.cleanup', every_ms: null, daily_at: '03:30', last_started: null, last_finished: null, last_ok: null, last_worker: null, next_run: '2026-11-28T03:30:00.000Z', runs: 0 };

function renderArea(route: string, level: 1 | 2 | 3 = 1) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    { route, session: { user: { ...makeAppState().user, level } } },
  );
}

// Dates show in the browser's time zone as DD.MM.YYYY HH:mm.
const dt = (iso: string) => formatDateTime(iso);

const rowOf = async (label: string) => (await screen.findByRole('rowheader', { name: new RegExp(`^${label}`) })).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.mocked(getJobs).mockReset().mockResolvedValue([base, failing, never]);
  jest.mocked(runJobNow).mockReset().mockResolvedValue({ success: true, queued: true });
});

describe('jobs screen', () => {
  it('shows each job with its schedule, last run (outcome, process), next run, failures and the last error', async () => {
    renderArea('/m-conf/jobs');
    const table = await screen.findByRole('table', { name: 'Hintergrundaufgaben' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Aufgabe',
      'Zeitplan',
      'Letzter Lauf',
      'Nächster Lauf',
      'Fehlschläge in Folge',
      'Letzter Fehler',
      'Aktionen',
    ]);
    const sweep = await rowOf('Abgelaufene Sitzungen löschen');
    const cells = within(sweep).getAllByRole('cell').map((cell) => cell.textContent);
    expect(dt(base.next_run!)).toMatch(/^27\.11\.2026 \d\d:00$/);
    expect(cells.slice(0, 5)).toEqual(['alle 60 Minuten', `${dt(base.last_started!)}erfolgreichauf app-1:4711`, dt(base.next_run!), '0', '–']);

    const invitations = await rowOf('Geplante Einladungen versenden');
    const failed = within(invitations).getAllByRole('cell').map((cell) => cell.textContent);
    expect(failed[0]).toBe('jede Minute');
    expect(failed[1]).toContain('fehlgeschlagen');
    expect(failed[3]).toBe('3');
    expect(failed[4]).toBe(`${dt(failing.last_error_at!)}connect ECONNREFUSED 10.0.0.5:587`);

    const cleanup = await rowOf('Alte Laufprotokolle löschen');
    expect(within(cleanup).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 3)).toEqual(['täglich 03:30 UTC', 'noch nie', dt(never.next_run!)]);
  });

  it('"run now" enqueues the job, says so and reloads the list', async () => {
    const { user } = renderArea('/m-conf/jobs');
    const row = await rowOf('Abgelaufene Sitzungen löschen');
    await user.click(within(row).getByRole('button', { name: '„Abgelaufene Sitzungen löschen“ jetzt ausführen' }));
    await waitFor(() => expect(runJobNow).toHaveBeenCalledWith('sessions.sweep'));
    expect(await screen.findByText('„Abgelaufene Sitzungen löschen“ wird ausgeführt.')).toBeTruthy();
    await waitFor(() => expect(getJobs).toHaveBeenCalledTimes(2));
  });

  it('a failed load shows the error with retry', async () => {
    jest.mocked(getJobs).mockRejectedValueOnce(new Error('offline'));
    const { user } = renderArea('/m-conf/jobs');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('table', { name: 'Hintergrundaufgaben' })).toBeTruthy();
  });

  it('English texts', async () => {
    renderWithProviders(
      <Routes>
        <Route path="m-conf/*" element={(() => { const Settings = routes['m-conf']; return <Settings />; })()} />
      </Routes>,
      { route: '/m-conf/jobs', language: 'en' },
    );
    expect(await screen.findByRole('table', { name: 'Background jobs' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Run “Delete ended sessions” now' })).toBeTruthy();
    expect(screen.getByText('every 60 minutes')).toBeTruthy();
  });

  it('not for an admin (level 2): no table, no request', async () => {
    renderArea('/m-conf/jobs', 2);
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(getJobs).not.toHaveBeenCalled();
  });

  it('the superadmin reaches it from the user list; an admin sees no link', async () => {
    jest.mocked(getUsers).mockResolvedValue([]);
    const first = renderArea('/m-conf/user', 1);
    expect((await screen.findByRole('link', { name: 'Hintergrundaufgaben' })).getAttribute('href')).toBe('/m-conf/jobs');
    first.unmount();
    renderArea('/m-conf/user', 2);
    await screen.findByRole('link', { name: 'Neuer Benutzer' });
    expect(screen.queryByRole('link', { name: 'Hintergrundaufgaben' })).toBeNull();
  });
});
