import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { ageInYears, todayIso } from 'shared-kernel';
import { makeAppState, mockExportDownloads, renderWithProviders } from 'shared-kernel/testing';
import type { PagedListRequest, ReminderRow, StudentListResponse, StudentListRow } from 'shared-kernel/contracts';
import { routes } from '../../../routes';
import { getOpenReminders } from '../api/get-open-reminders';
import { getStudentList } from '../api/get-student-list';
import { StudentListPage } from '../components/student-list-page';

jest.mock('../api/get-student-list');
jest.mock('../api/get-open-reminders');
// user-event sessions are slow on the small shared test machines.
jest.setTimeout(30_000);

const listMock = getStudentList as jest.MockedFunction<typeof getStudentList>;
const remindersMock = getOpenReminders as jest.MockedFunction<typeof getOpenReminders>;

function student(overrides: Partial<StudentListRow>): StudentListRow {
  return {
    id: 7, fn: 'Max', ln: 'Muster', b: 0, cc: 'EUR', sst: 2, ms: 1, p: [1, 3], ed: '2020-03-01', edtc: null,
    dob: '2012-05-04', mno: 'M-100', z: '8010', c: 'Graz', sid: 1, sn: 'Kampfsportschule Wien', sifh: 'abc123', remc: 0,
    rt: false, street: 'Hauptstraße', house_no: '1', lat: 47.07, long: 15.44, ...overrides,
  };
}

const rows: StudentListRow[] = [
  student({ id: 7, b: 1234, remc: 2, rt: true }),
  student({ id: 8, fn: 'Lea', ln: 'Lang', b: 0, sst: 1, ms: null, p: [], sifh: null, remc: 0, lat: null, long: null, dob: null }),
];

function answer(list: StudentListRow[], total = list.length): StudentListResponse {
  return { rows: list, total, pages: Math.max(1, Math.ceil(total / 25)) };
}

const lastBody = () => listMock.mock.calls[listMock.mock.calls.length - 1][0] as PagedListRequest;
const rowOf = (text: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(text))!;
const noFinance = { user: { ...makeAppState().user, level: 3 as const }, atoms: ['student_r' as const, 'reminder_r' as const] };

beforeEach(() => {
  listMock.mockReset();
  listMock.mockResolvedValue(answer(rows));
  remindersMock.mockReset();
  remindersMock.mockResolvedValue([]);
});

describe('student list', () => {
  it('maps the URL state to the request (page, sort, filters; one-letter prefix filters are not sent)', async () => {
    const StudentsRoutes = routes['m-student'];
    renderWithProviders(<StudentsRoutes />, { route: '/list?page=3&size=50&sort=-dob&f.ln=Mu&f.fn=M&fj.sst=2' });
    await screen.findByRole('heading', { level: 1, name: 'Schülerliste' });
    await waitFor(() => expect(listMock).toHaveBeenCalled());
    expect(lastBody()).toEqual({
      page: 2,
      pageSize: 50,
      sorted: [{ id: 'dob', desc: true }],
      filtered: [{ id: 'ln', value: 'Mu' }, { id: 'sst', value: 2 }],
    });
  });

  it('sorts by last name by default, asks for 2 characters before a text filter applies, and pages', async () => {
    listMock.mockResolvedValue(answer(rows, 60));
    const { user } = renderWithProviders(<StudentListPage />, { route: '/m-student/list' });
    await screen.findByRole('link', { name: 'Muster' });
    expect(lastBody()).toEqual({ page: 0, pageSize: 25, sorted: [{ id: 'ln', desc: false }], filtered: [] });
    expect(screen.getByText('60 Einträge')).toBeTruthy();

    const calls = listMock.mock.calls.length;
    await user.type(screen.getByLabelText('Filter Nachname'), 'M');
    expect(screen.getByText('Mindestens 2 Zeichen eingeben')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listMock.mock.calls.length).toBe(calls);
    await user.type(screen.getByLabelText('Filter Nachname'), 'u');
    await waitFor(() => expect(lastBody().filtered).toEqual([{ id: 'ln', value: 'Mu' }]));

    await user.selectOptions(screen.getByLabelText('Filter Status'), 'Vorläufig');
    await waitFor(() => expect(lastBody().filtered).toEqual([{ id: 'ln', value: 'Mu' }, { id: 'sst', value: 1 }]));
    await user.selectOptions(screen.getByLabelText('Filter Sparte'), 'Jugend');
    await waitFor(() => expect(lastBody().filtered).toContainEqual({ id: 'p', value: 3 }));

    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(lastBody().page).toBe(1));
    await user.selectOptions(screen.getByLabelText('Einträge pro Seite'), '100');
    await waitFor(() => expect(lastBody()).toMatchObject({ page: 0, pageSize: 100 }));
  });

  it('shows the rows: photo, reminder flag, names linking to the detail, highlight, translated status and dates', async () => {
    renderWithProviders(<StudentListPage />, { route: '/m-student/list', session: noFinance });
    const link = await screen.findByRole('link', { name: 'Muster' });
    expect(link.getAttribute('href')).toBe('/m-student/details/7');
    expect(screen.getByRole('link', { name: 'Lea' }).getAttribute('href')).toBe('/m-student/details/8');

    const max = rowOf('Muster');
    const photo = within(max).getByRole('img', { name: 'Max Muster' }) as HTMLImageElement;
    expect(photo.src).toBe('http://localhost/api-cubic/image?f=abc123-200x0&n=members');
    expect(photo.getAttribute('width')).toBe('60');
    expect(within(max).getByText('2 offene Wiedervorlagen')).toBeTruthy();
    expect(within(max).getByRole('img', { name: 'Netzwerk-Markierung' })).toBeTruthy();
    expect(max.className).toContain('networkRow');
    expect(max.textContent).toContain('Aktiv');
    expect(max.textContent).toContain('Kinder (4–6), Jugend');
    expect(max.textContent).toContain('01.03.2020');
    expect(max.textContent).toContain('04.05.2012');
    expect(max.textContent).toContain('M-100');
    expect(max.textContent).toContain('Kampfsportschule Wien');

    const lea = rowOf('Lang');
    expect(lea.className).not.toContain('networkRow');
    expect(within(lea).queryByRole('img')).toBeNull();
    expect(lea.textContent).toContain('Vorläufig');
    expect(within(lea).queryByText(/offene Wiedervorlage/)).toBeNull();
  });

  it('shows the balance column only with finance_r, red when the student owes', async () => {
    const { unmount } = renderWithProviders(<StudentListPage />, { route: '/m-student/list', session: noFinance });
    await screen.findByRole('link', { name: 'Muster' });
    expect(screen.queryByRole('columnheader', { name: /Saldo/ })).toBeNull();
    unmount();

    renderWithProviders(<StudentListPage />, { route: '/m-student/list?sort=-b' });
    await screen.findByRole('link', { name: 'Muster' });
    expect(screen.getByRole('columnheader', { name: /Saldo/ })).toBeTruthy();
    const owed = within(rowOf('Muster')).getByText(/12,34/);
    expect(owed.className).toContain('owing');
    expect(owed.textContent).toContain('(offener Betrag)');
    expect(within(rowOf('Lang')).getByText(/0,00/).className).not.toContain('owing');
    expect(lastBody().sorted).toEqual([{ id: 'b', desc: true }]);
  });

  it('never sends the balance sort without finance_r', async () => {
    renderWithProviders(<StudentListPage />, { route: '/m-student/list?sort=-b', session: noFinance });
    await screen.findByRole('link', { name: 'Muster' });
    expect(lastBody().sorted).toEqual([]);
  });

  it('offers the export only when the total is above 0: all filtered students, or the selection', async () => {
    listMock.mockResolvedValue(answer([], 0));
    const { unmount } = renderWithProviders(<StudentListPage />, { route: '/m-student/list' });
    expect(await screen.findByText('Keine Einträge gefunden')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Auswahl exportieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Als CSV exportieren' })).toBeNull();
    unmount();

    listMock.mockResolvedValue(answer(rows));
    // A one-letter first-name filter is not sent, so it is not exported either.
    const { user } = renderWithProviders(<StudentListPage />, { route: '/m-student/list?f.ln=Mu&f.fn=M' });
    await screen.findByRole('link', { name: 'Muster' });
    const bar = screen.getByRole('group', { name: 'Auswahl exportieren' });
    expect(within(bar).getByText('Keine Auswahl: alle 2 gefilterten Einträge werden exportiert')).toBeTruthy();
    const downloads = mockExportDownloads();
    try {
      await user.click(within(bar).getByRole('button', { name: 'Als CSV exportieren' }));
      await waitFor(() => expect(downloads.saved).toHaveBeenCalledTimes(1));
      expect(downloads.request(0)).toEqual({
        path: '/api-student/export-sel',
        format: 'csv',
        ids: null,
        filtered: [{ id: 'ln', value: 'Mu' }],
        sorted: [{ id: 'ln', desc: false }],
      });

      await user.click(within(rowOf('Lang')).getByRole('checkbox'));
      expect(within(bar).getByText('1 ausgewählt')).toBeTruthy();
      await user.click(within(bar).getByRole('button', { name: 'Als Excel exportieren' }));
      await waitFor(() => expect(downloads.saved).toHaveBeenCalledTimes(2));
      expect(downloads.request(1)).toEqual({ path: '/api-student/export-sel', format: 'xlsx', ids: '8', filtered: null, sorted: null });
    } finally {
      downloads.restore();
    }

    await user.click(within(bar).getByRole('button', { name: 'Auswahl aufheben' }));
    expect(within(bar).getByText('Keine Auswahl: alle 2 gefilterten Einträge werden exportiert')).toBeTruthy();
    expect((within(rowOf('Lang')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('shows an error toast when the export fails', async () => {
    const { user } = renderWithProviders(<StudentListPage />, { route: '/m-student/list' });
    await screen.findByRole('link', { name: 'Muster' });
    const downloads = mockExportDownloads(() => new Response(JSON.stringify({ error: 8 }), { status: 500, headers: { 'content-type': 'application/json' } }));
    try {
      await user.click(screen.getByRole('button', { name: 'Als Excel exportieren' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Serverfehler.');
      expect(downloads.saved).not.toHaveBeenCalled();
    } finally {
      downloads.restore();
    }
  });

  it('expands a row into address, age, open reminders (overdue red, today orange) and a show-on-map link', async () => {
    const reminders: ReminderRow[] = [
      {
        reminder_id: 1, date_created: '2020-01-01T10:00:00Z', date_deadline: '2020-01-02', subject: 'Vertrag nachfassen', notes: '',
        username: 'office', lead_id: null, student_id: 7, delegated_to: null, delegated_username: null, date_done: null,
        user_done: null, ref_name: 'Max Muster', school_id: 1, version: 1,
      },
      {
        reminder_id: 2, date_created: '2020-01-01T10:00:00Z', date_deadline: todayIso(), subject: 'Rückruf', notes: '',
        username: 'office', lead_id: null, student_id: 7, delegated_to: null, delegated_username: null, date_done: null,
        user_done: null, ref_name: 'Max Muster', school_id: 1, version: 1,
      },
    ];
    remindersMock.mockResolvedValue(reminders);
    const { user } = renderWithProviders(<StudentListPage />, { route: '/m-student/list' });
    await screen.findByRole('link', { name: 'Muster' });

    const expander = screen.getByRole('button', { name: 'Details zu Max Muster anzeigen' });
    expect(expander.getAttribute('aria-expanded')).toBe('false');
    await user.click(expander);
    const region = await screen.findByRole('region', { name: 'Max Muster' });
    const collapse = screen.getByRole('button', { name: 'Details zu Max Muster ausblenden' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    expect(collapse.getAttribute('aria-controls')).toBe(region.id);

    expect(region.textContent).toContain('Hauptstraße 1');
    expect(region.textContent).toContain('8010 Graz');
    expect(region.textContent).toContain(`${ageInYears('2012-05-04')} Jahre`);
    const overdue = (await within(region).findByText('Vertrag nachfassen')).closest('tr')!;
    expect(overdue.className).toContain('overdue');
    expect(overdue.textContent).toContain('02.01.2020 (überfällig)');
    const today = within(region).getByText('Rückruf').closest('tr')!;
    expect(today.className).toContain('today');
    expect(today.textContent).toContain('(heute fällig)');
    expect(remindersMock).toHaveBeenCalledWith(7, expect.anything());
    expect(within(region).getByRole('link', { name: 'Auf der Karte zeigen' }).getAttribute('href')).toBe('/m-student/dashboard?id=7');

    // Another row replaces it; a student without coordinates has no map link.
    await user.click(screen.getByRole('button', { name: 'Details zu Lea Lang anzeigen' }));
    const lea = await screen.findByRole('region', { name: 'Lea Lang' });
    expect(screen.queryByRole('region', { name: 'Max Muster' })).toBeNull();
    expect(within(lea).queryByRole('link', { name: 'Auf der Karte zeigen' })).toBeNull();
    expect(lea.textContent).toContain('Für diese Adresse sind keine Koordinaten vorhanden.');
    expect(lea.textContent).toContain('unbekannt');
    await user.click(within(lea).getByRole('button', { name: 'Details schließen' }));
    expect(screen.queryByRole('region', { name: 'Lea Lang' })).toBeNull();
  });

  it('leaves the reminders out of the expanded row without reminder_r', async () => {
    const { user } = renderWithProviders(<StudentListPage />, {
      route: '/m-student/list',
      session: { user: { ...makeAppState().user, level: 3 }, atoms: ['student_r'] },
    });
    await screen.findByRole('link', { name: 'Muster' });
    await user.click(screen.getByRole('button', { name: 'Details zu Max Muster anzeigen' }));
    const region = await screen.findByRole('region', { name: 'Max Muster' });
    expect(within(region).queryByText('Offene Wiedervorlagen')).toBeNull();
    expect(remindersMock).not.toHaveBeenCalled();
  });

  it('expands a row with Enter on its expander and opens the detail with Enter on a name', async () => {
    function DetailProbe() {
      return <p>Detail {useParams().id}</p>;
    }
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/m-student/list" element={<StudentListPage />} />
        <Route path="/m-student/details/:id" element={<DetailProbe />} />
      </Routes>,
      { route: '/m-student/list' },
    );
    const expander = await screen.findByRole('button', { name: 'Details zu Max Muster anzeigen' });
    expander.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Max Muster' })).toBeTruthy();
    expect(expander.getAttribute('aria-expanded')).toBe('true');

    // From the expander, the arrows reach the names: right to the first name, down to Lea's.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Details zu Lea Lang anzeigen' }));
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Max' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Muster' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Detail 7')).toBeTruthy();
  });

  it('shows the error panel and retries', async () => {
    listMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderWithProviders(<StudentListPage />, { route: '/m-student/list' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kommunikationsfehler');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: 'Muster' })).toBeTruthy();
  });

  it('says no permission without student_r', async () => {
    const StudentsRoutes = routes['m-student'];
    renderWithProviders(<StudentsRoutes />, {
      route: '/list',
      session: { user: { ...makeAppState().user, level: 3 }, atoms: ['finance_r'] },
    });
    expect(await screen.findByText('Keine Berechtigung')).toBeTruthy();
    expect(listMock).not.toHaveBeenCalled();
  });
});
