import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { LeadListResponse, LeadListRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { deleteLead, getLeadList } from '../api/leads';

jest.mock('../api/leads', () => ({ ...jest.requireActual('../api/leads'), getLeadList: jest.fn(), deleteLead: jest.fn() }));

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const base: LeadListRow = {
  lid: 1, sid: 1, sn: 'Kampfsportschule Wien', fc: '2026-11-02', ln: 'Berger', fn: 'Lena', em: 'lena@example.com', p1: null, p2: null,
  x: 1, ls: 1, ie: 0, tr: 0, remc: 0, td: true,
};
const rows: LeadListRow[] = [
  base,
  { ...base, lid: 2, ln: 'Huber', fn: 'Paul', x: 4, ls: 7, ie: 2, remc: 2 },
  { ...base, lid: 3, ln: 'Gruber', fn: 'Mia', x: 8, ls: 6, ie: 3, tr: 3, td: false },
];
const answer = (shown: LeadListRow[]): LeadListResponse => ({
  rows: shown, pages: 1, total: shown.length, sug: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 0, 6: 0, 7: 0, 8: 1, 9: 0, 10: 0 },
});

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 as const }, atoms: atoms as never });

function renderList(session = {}, route = '/m-lead/list') {
  const Leads = routes['m-lead'];
  return renderWithProviders(
    <Routes>
      <Route path="m-lead/*" element={<Leads />} />
    </Routes>,
    { route, session },
  );
}

async function rowOf(lastname: string) {
  const link = await screen.findByRole('link', { name: new RegExp(`^.* ${lastname} bearbeiten$`) }, { timeout: 15_000 });
  return link.closest('tr') as HTMLElement;
}

beforeEach(() => {
  jest.mocked(getLeadList).mockReset().mockImplementation(async (request) => {
    const x = request.filtered.find((f) => f.id === 'x')?.value as number[] | undefined;
    return answer(x ? rows.filter((row) => x.includes(row.x)) : rows);
  });
  jest.mocked(deleteLead).mockReset().mockResolvedValue(undefined);
});

describe('lead list', () => {
  it('asks for page 0 with 20 rows, newest first contact first, and shows the columns', async () => {
    renderList();
    const row = await rowOf('Huber');
    expect(getLeadList).toHaveBeenCalledWith(expect.objectContaining({ page: 0, pageSize: 20, sorted: [{ id: 'fc', desc: true }], filtered: [] }), expect.anything());
    expect(row.textContent).toContain('02.11.2026');
    expect(row.textContent).toContain('Kampfsportschule Wien');
    expect(row.textContent).toContain('Infoabend vorbei');
    expect(row.textContent).toContain('In Bearbeitung');
    expect(within(row).getByText('2 offene Wiedervorlage(n)')).toBeTruthy();
    expect(within(row).getByText('Termin vorbei')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: /Name/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Status/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuer Interessent' }).getAttribute('href')).toBe('/m-lead/add');
  });

  it('shows the suggestion counters; a click filters by the code (in the URL), a second click resets', async () => {
    const { user } = renderList();
    await rowOf('Berger');
    const counters = screen.getByRole('group', { name: 'Vorschläge' });
    const passed = within(counters).getByRole('button', { name: 'Infoabend vorbei – Teilnahme erfassen oder neu einladen 1' });
    expect(within(counters).queryByRole('button', { name: /Zum Probetraining einladen/ })).toBeNull();
    await user.click(passed);
    await waitFor(() =>
      expect(getLeadList).toHaveBeenLastCalledWith(expect.objectContaining({ filtered: [{ id: 'x', value: [4] }] }), expect.anything()),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lena Berger bearbeiten' })).toBeNull());
    expect(passed.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Alle Vorschläge zeigen' }));
    await rowOf('Berger');
    expect(getLeadList).toHaveBeenLastCalledWith(expect.objectContaining({ filtered: [] }), expect.anything());
  });

  it('starts from a suggestion filter in the URL', async () => {
    renderList({}, `/m-lead/list?fj.x=${encodeURIComponent('[8]')}`);
    await rowOf('Gruber');
    expect(screen.queryByRole('link', { name: 'Lena Berger bearbeiten' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Vertrag abgeschlossen 1' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('deletes after confirmation only rows that may be deleted, and reloads', async () => {
    const { user } = renderList();
    const converted = await rowOf('Gruber');
    expect(within(converted).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(converted).getByText('Nicht löschbar: bereits Schüler geworden')).toBeTruthy();
    await user.click(within(await rowOf('Berger')).getByRole('button', { name: 'Lena Berger löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteLead).toHaveBeenCalledWith(1));
    await waitFor(() => expect(jest.mocked(getLeadList).mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('a reader sees neither add nor delete; without lead_r the screen refuses', async () => {
    const view = renderList(userWith(['lead_r']));
    expect(within(await rowOf('Berger')).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neuer Interessent' })).toBeNull();
    view.unmount();
    renderList(userWith(['student_r']));
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
  });
});
