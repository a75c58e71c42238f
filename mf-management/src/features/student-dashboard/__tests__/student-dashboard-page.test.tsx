import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ageInYears } from 'shared-kernel';
import { renderWithProviders } from 'shared-kernel/testing';
import type { PagedListRequest, StudentData, StudentListRow } from 'shared-kernel/contracts';
import { routes } from '../../../routes';
import { getStudentList } from '../../student-list/api/get-student-list';
import { getStudentData } from '../api/get-student-data';
import type { StudentMapProps } from '../components/student-map';
import { StudentDashboardPage } from '../components/student-dashboard-page';

jest.mock('../../student-list/api/get-student-list');
jest.mock('../api/get-student-data');

// Leaflet needs a real layout engine; the page's logic is tested against a stand-in that shows
// what the page hands the map (markers, view, selection, tiles) and lets a test click a marker.
const mapProps: StudentMapProps[] = [];
jest.mock('../components/student-map', () => ({
  StudentMap: (props: StudentMapProps) => {
    mapProps.push(props);
    return (
      <div data-testid="map" data-view={JSON.stringify(props.view)} data-selected={String(props.selectedId)}>
        {props.markers.map((marker) => (
          <button key={marker.id} type="button" data-testid="marker" onClick={() => props.onSelect(marker.id)}>
            {marker.label}
          </button>
        ))}
      </div>
    );
  },
}));
jest.setTimeout(30_000);

const listMock = getStudentList as jest.MockedFunction<typeof getStudentList>;
const dataMock = getStudentData as jest.MockedFunction<typeof getStudentData>;
const lastMap = () => mapProps[mapProps.length - 1];
const lastBody = () => listMock.mock.calls[listMock.mock.calls.length - 1][0] as PagedListRequest;

function student(overrides: Partial<StudentListRow>): StudentListRow {
  return {
    id: 7, fn: 'Max', ln: 'Muster', b: null, cc: 'EUR', sst: 2, ms: 1, p: [], ed: null, edtc: null, dob: '2012-05-04',
    mno: 'M-100', z: '8010', c: 'Graz', sid: 1, sn: 'Kampfsportschule Wien', sifh: 'abc123', remc: 0, rt: false,
    street: 'Hauptstraße', house_no: '1', lat: 47.07, long: 15.44, ...overrides,
  };
}

const rows = [
  student({}),
  student({ id: 8, fn: 'Lea', ln: 'Lang', sst: 4, z: '1010', c: 'Wien', lat: 48.21, long: 16.37, sifh: null, mno: null }),
  student({ id: 9, fn: 'Tom', ln: 'Ohne', c: 'Linz', lat: null, long: null }),
];

const data: StudentData = {
  stid: 7, salutation_id: 2, title_id: null, firstname: 'Max', lastname: 'Muster', email: null, phone_regular: null,
  phone_cellphone: null, dob: '2012-05-04', street: 'Hauptstraße', house_no: '1', zip: '8010', city: 'Graz', country_iso: 'at',
  lat: 47.07, long: 15.44, balance: null, c_currency: 'EUR', sifh: 'abc123', school_id: 1, sn: 'Kampfsportschule Wien',
  student_status_id: 2, e_member_status_id: 1, e_f_mv_mno: 'M-100', e_entry_date: null, e_cancel_date: null,
  e_contract_end: null, divisions: [], ia: false, remc: 0,
};

beforeEach(() => {
  mapProps.length = 0;
  listMock.mockReset();
  listMock.mockResolvedValue({ rows, total: 240, pages: 3 });
  dataMock.mockReset();
  dataMock.mockResolvedValue(data);
});

describe('student dashboard (map)', () => {
  it('shows one student at zoom 17 with the card for ?id=', async () => {
    const StudentsRoutes = routes['m-student'];
    renderWithProviders(<StudentsRoutes />, { route: '/dashboard?id=7' });
    const card = await screen.findByRole('region', { name: 'Max Muster' });
    expect(dataMock).toHaveBeenCalledWith(7, expect.anything());
    expect(listMock).not.toHaveBeenCalled();
    expect(JSON.parse(screen.getByTestId('map').getAttribute('data-view')!)).toEqual({ kind: 'point', center: [47.07, 15.44], zoom: 17 });
    expect(lastMap().markers).toEqual([{ id: 7, lat: 47.07, lng: 15.44, label: 'Max Muster, Graz' }]);
    expect(lastMap().selectedId).toBe(7);

    expect(within(card).getByRole('img', { name: 'Max Muster' }).getAttribute('src')).toBe('http://localhost/api-cubic/image?f=abc123-200x0&n=members');
    expect(card.textContent).toContain('Aktiv');
    expect(card.textContent).toContain('Hauptstraße 1');
    expect(card.textContent).toContain('8010 Graz');
    expect(card.textContent).toContain(`04.05.2012 (${ageInYears('2012-05-04')} Jahre)`);
    expect(card.textContent).toContain('M-100');
    expect(card.textContent).toContain('Kampfsportschule Wien');
    expect(within(card).getByRole('link', { name: 'Zum Schüler' }).getAttribute('href')).toBe('/m-student/details/7');
    expect(screen.getByRole('link', { name: 'Alle Schüler zeigen' }).getAttribute('href')).toBe('/m-student/dashboard');
  });

  it('shows the error panel when the student cannot be loaded', async () => {
    dataMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard?id=7' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kommunikationsfehler');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('region', { name: 'Max Muster' })).toBeTruthy();
  });

  it('maps the filtered students (at most 100) and fits them all in view', async () => {
    renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    expect(await screen.findByText(/3 von 240 Schülern angezeigt/)).toBeTruthy();
    expect(screen.getByText(/1 davon ohne Koordinaten/)).toBeTruthy();
    expect(screen.getByText(/höchstens 100 Schüler/)).toBeTruthy();
    expect(lastBody()).toEqual({ page: 0, pageSize: 100, sorted: [{ id: 'ln', desc: false }], filtered: [] });
    expect(lastMap().markers.map((marker) => marker.id)).toEqual([7, 8]);
    expect(lastMap().view).toEqual({ kind: 'bounds', bounds: [[47.07, 15.44], [48.21, 16.37]] });
    expect(screen.getByText('Einen Schüler in der Liste oder auf der Karte wählen, um seine Karte zu sehen.')).toBeTruthy();
    // Students without coordinates are listed (and can be chosen), marked as not on the map.
    expect(screen.getByRole('button', { name: /Ohne, Tom.*keine Koordinaten/ })).toBeTruthy();
  });

  it('shows the student card after choosing a student in the list or on the map', async () => {
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    const list = await screen.findByRole('region', { name: 'Schüler auf der Karte' });
    const lea = within(list).getByRole('button', { name: /Lang, Lea/ });
    expect(lea.getAttribute('aria-pressed')).toBe('false');
    await user.click(lea);
    const card = await screen.findByRole('region', { name: 'Lea Lang' });
    expect(lea.getAttribute('aria-pressed')).toBe('true');
    expect(lastMap().selectedId).toBe(8);
    expect(card.textContent).toContain('Gekündigt');
    expect(card.textContent).toContain('1010 Wien');
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Zum Schüler' }).getAttribute('href')).toBe('/m-student/details/8');

    await user.click(screen.getByRole('button', { name: 'Max Muster, Graz' }));
    expect(await screen.findByRole('region', { name: 'Max Muster' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lea Lang' })).toBeNull();
    expect(lastMap().selectedId).toBe(7);
  });

  it('zooms to 17 when the filter finds one student', async () => {
    listMock.mockResolvedValue({ rows: [rows[1]], total: 1, pages: 1 });
    renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    await screen.findByText(/1 von 1 Schülern angezeigt/);
    expect(lastMap().view).toEqual({ kind: 'point', center: [48.21, 16.37], zoom: 17 });
  });

  it('filters by name (from 2 characters) and status, keeping the filter in the URL', async () => {
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard?fj.sst=4' });
    await screen.findByText(/3 von 240/);
    expect(lastBody().filtered).toEqual([{ id: 'sst', value: 4 }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('4');

    const calls = listMock.mock.calls.length;
    await user.type(screen.getByLabelText('Suche (Name oder Mitgliedsnummer)'), 'M');
    expect(screen.getByText('Mindestens 2 Zeichen eingeben')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listMock.mock.calls.length).toBe(calls);
    await user.type(screen.getByLabelText('Suche (Name oder Mitgliedsnummer)'), 'u');
    await waitFor(() => expect(lastBody().filtered).toEqual([{ id: 'q', value: 'Mu' }, { id: 'sst', value: 4 }]));

    await user.selectOptions(screen.getByLabelText('Status'), 'Alle');
    await waitFor(() => expect(lastBody().filtered).toEqual([{ id: 'q', value: 'Mu' }]));
  });

  it('uses the configured tiles, or says that none are configured', async () => {
    const { unmount } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    await screen.findByText(/3 von 240/);
    expect(screen.getByRole('note').textContent).toBe(
      'Kein Kartenserver konfiguriert: die Schüler werden ohne Kartenhintergrund gezeigt.',
    );
    expect(lastMap().tileUrl).toBe('');
    unmount();

    renderWithProviders(<StudentDashboardPage />, {
      route: '/m-student/dashboard',
      session: { mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', mapAttribution: '© Example' },
    });
    await screen.findByText(/3 von 240/);
    expect(screen.queryByRole('note')).toBeNull();
    expect(lastMap()).toMatchObject({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' });
  });

  it('enlarges the map with a toggle button and leaves the large map with Escape', async () => {
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    await screen.findByText(/3 von 240/);
    const toggle = screen.getByRole('button', { name: 'Große Karte' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(lastMap().enlarged).toBe(true);
    expect(screen.getByText('Esc schließt die große Karte.')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(lastMap().enlarged).toBe(false);
  });
});
