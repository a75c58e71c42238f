import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ageInYears } from 'shared-kernel';
import { renderWithProviders } from 'shared-kernel/testing';
import type { MapDataPoint, MapDataResponse, StudentData } from 'shared-kernel/contracts';
import { routes } from '../../../routes';
import { getMapData } from '../api/get-map-data';
import { getStudentData } from '../api/get-student-data';
import type { StudentMapProps } from '../components/student-map';
import { StudentDashboardPage } from '../components/student-dashboard-page';

jest.mock('../api/get-map-data');
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

const mapDataMock = getMapData as jest.MockedFunction<typeof getMapData>;
const dataMock = getStudentData as jest.MockedFunction<typeof getStudentData>;
const lastMap = () => mapProps[mapProps.length - 1];
const lastFilters = () => mapDataMock.mock.calls[mapDataMock.mock.calls.length - 1][0];

const points: MapDataPoint[] = [
  { id: 7, fn: 'Max', ln: 'Muster', c: 'Graz', sst: 2, lat: 47.07, long: 15.44 },
  { id: 8, fn: 'Lea', ln: 'Lang', c: 'Wien', sst: 4, lat: 48.21, long: 16.37 },
  { id: 9, fn: 'Ida', ln: 'Adler', c: null, sst: 2, lat: 47.5, long: 15.1 },
];
const answer: MapDataResponse = { points, total: 240, withoutPosition: 1, capped: false };

const max: StudentData = {
  stid: 7, salutation_id: 2, title_id: null, firstname: 'Max', lastname: 'Muster', email: null, phone_regular: null,
  phone_cellphone: null, dob: '2012-05-04', street: 'Hauptstraße', house_no: '1', zip: '8010', city: 'Graz', country_iso: 'at',
  lat: 47.07, long: 15.44, balance: null, c_currency: 'EUR', sifh: 'abc123', school_id: 1, sn: 'Kampfsportschule Wien',
  student_status_id: 2, e_member_status_id: 1, e_f_mv_mno: 'M-100', e_entry_date: null, e_cancel_date: null,
  e_contract_end: null, divisions: [], ia: false, remc: 0,
};
const lea: StudentData = {
  ...max, stid: 8, firstname: 'Lea', lastname: 'Lang', zip: '1010', city: 'Wien', lat: 48.21, long: 16.37, sifh: null,
  e_f_mv_mno: null, student_status_id: 4,
};

/** `count` located students named Name0000, Name0001, … (given in reverse, to show the list sorts). */
function manyPoints(count: number): MapDataPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 1000 + i, fn: 'Vera', ln: `Name${String(i).padStart(4, '0')}`, c: 'Linz', sst: 2, lat: 48.3 + i / 1e4, long: 14.29,
  })).reverse();
}

beforeEach(() => {
  mapProps.length = 0;
  mapDataMock.mockReset();
  mapDataMock.mockResolvedValue(answer);
  dataMock.mockReset();
  dataMock.mockImplementation(async (id) => (id === 8 ? lea : max));
});

describe('student dashboard (map)', () => {
  it('shows one student at zoom 17 with the card for ?id=', async () => {
    const StudentsRoutes = routes['m-student'];
    renderWithProviders(<StudentsRoutes />, { route: '/dashboard?id=7' });
    const card = await screen.findByRole('region', { name: 'Max Muster' });
    expect(dataMock).toHaveBeenCalledWith(7, expect.anything());
    expect(mapDataMock).not.toHaveBeenCalled();
    expect(JSON.parse((await screen.findByTestId('map')).getAttribute('data-view')!)).toEqual({ kind: 'point', center: [47.07, 15.44], zoom: 17 });
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

  it('maps every filtered student from map-data and fits them all in view', async () => {
    renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    expect(await screen.findByText(/3 von 240 Schülern auf der Karte/)).toBeTruthy();
    expect(screen.getByText(/1 ohne Koordinaten \(nicht auf der Karte\)/)).toBeTruthy();
    expect(screen.queryByText(/höchstens/)).toBeNull();
    expect(mapDataMock).toHaveBeenCalledTimes(1);
    expect(lastFilters()).toEqual([]);
    expect(lastMap().markers).toEqual([
      { id: 7, lat: 47.07, lng: 15.44, label: 'Max Muster, Graz' },
      { id: 8, lat: 48.21, lng: 16.37, label: 'Lea Lang, Wien' },
      { id: 9, lat: 47.5, lng: 15.1, label: 'Ida Adler' },
    ]);
    // The box around all of them (south-west, north-east).
    expect(lastMap().view).toEqual({ kind: 'bounds', bounds: [[47.07, 15.1], [48.21, 16.37]] });
    expect(screen.getByText('Einen Schüler in der Liste oder auf der Karte wählen, um seine Karte zu sehen.')).toBeTruthy();
    // The keyboard list: by name.
    const list = screen.getByRole('region', { name: 'Schüler auf der Karte' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Adler, Ida', 'Lang, LeaWien', 'Muster, MaxGraz']);
    expect(dataMock).not.toHaveBeenCalled();
  });

  it('says when the server stopped at its limit', async () => {
    mapDataMock.mockResolvedValue({ ...answer, total: 25_000, withoutPosition: 0, capped: true });
    renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    expect(await screen.findByText(/3 von 25000 Schülern auf der Karte/)).toBeTruthy();
    expect(screen.getByText(/Die Karte zeigt höchstens 20000 Schüler. Filter eingrenzen, um alle zu sehen./)).toBeTruthy();
    expect(screen.queryByText(/ohne Koordinaten/)).toBeNull();
  });

  it('loads the card of the student chosen in the list or on the map', async () => {
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    const list = await screen.findByRole('region', { name: 'Schüler auf der Karte' });
    const leaButton = within(list).getByRole('button', { name: /Lang, Lea/ });
    expect(leaButton.getAttribute('aria-pressed')).toBe('false');
    await user.click(leaButton);
    const card = await screen.findByRole('region', { name: 'Lea Lang' });
    expect(dataMock).toHaveBeenLastCalledWith(8, expect.anything());
    expect(leaButton.getAttribute('aria-pressed')).toBe('true');
    expect(lastMap().selectedId).toBe(8);
    expect(card.textContent).toContain('Gekündigt');
    expect(card.textContent).toContain('1010 Wien');
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Zum Schüler' }).getAttribute('href')).toBe('/m-student/details/8');

    await user.click(screen.getByRole('button', { name: 'Max Muster, Graz' }));
    expect(await screen.findByRole('region', { name: 'Max Muster' })).toBeTruthy();
    expect(dataMock).toHaveBeenLastCalledWith(7, expect.anything());
    expect(screen.queryByRole('region', { name: 'Lea Lang' })).toBeNull();
    expect(lastMap().selectedId).toBe(7);
  });

  it('shows an error with retry when the chosen student cannot be loaded', async () => {
    dataMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    const list = await screen.findByRole('region', { name: 'Schüler auf der Karte' });
    await user.click(within(list).getByRole('button', { name: /Muster, Max/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kommunikationsfehler');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('region', { name: 'Max Muster' })).toBeTruthy();
  });

  it('keeps the list usable with thousands of students: 200 by name, then the next ones on request', async () => {
    mapDataMock.mockResolvedValue({ points: manyPoints(450), total: 450, withoutPosition: 0, capped: false });
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    const list = await screen.findByRole('region', { name: 'Schüler auf der Karte' });
    expect(lastMap().markers).toHaveLength(450);
    let buttons = within(list).getAllByRole('button', { pressed: false });
    expect(buttons).toHaveLength(200);
    expect(buttons[0].textContent).toBe('Name0000, VeraLinz');
    expect(buttons[199].textContent).toBe('Name0199, VeraLinz');
    expect(within(list).getByText('250 weitere – Filter eingrenzen')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Nächste 200 zeigen' }));
    buttons = within(list).getAllByRole('button', { pressed: false });
    expect(buttons).toHaveLength(400);
    // The focus goes to the first of the new students.
    expect(document.activeElement).toBe(buttons[200]);
    expect(buttons[200].textContent).toBe('Name0200, VeraLinz');
    expect(within(list).getByText('50 weitere – Filter eingrenzen')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Nächste 50 zeigen' }));
    expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(450);
    expect(within(list).queryByText(/weitere/)).toBeNull();
  });

  it('zooms to 17 when the filter finds one student', async () => {
    mapDataMock.mockResolvedValue({ points: [points[1]], total: 1, withoutPosition: 0, capped: false });
    renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    await screen.findByText(/1 von 1 Schülern auf der Karte/);
    expect(lastMap().view).toEqual({ kind: 'point', center: [48.21, 16.37], zoom: 17 });
  });

  it('shows the country and says so when no student has coordinates', async () => {
    mapDataMock.mockResolvedValue({ points: [], total: 4, withoutPosition: 4, capped: false });
    renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    await screen.findByText(/0 von 4 Schülern auf der Karte/);
    expect(screen.getByText(/4 ohne Koordinaten/)).toBeTruthy();
    expect(screen.getByText('Keine Schüler mit Koordinaten für diesen Filter.')).toBeTruthy();
    expect(lastMap().view).toEqual({ kind: 'point', center: [47.6, 13.8], zoom: 7 });
  });

  it('filters by name (from 2 characters) and status, keeping the filter in the URL', async () => {
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard?fj.sst=4' });
    await screen.findByText(/3 von 240/);
    expect(lastFilters()).toEqual([{ id: 'sst', value: 4 }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('4');

    const calls = mapDataMock.mock.calls.length;
    await user.type(screen.getByLabelText('Suche (Name oder Mitgliedsnummer)'), 'M');
    expect(screen.getByText('Mindestens 2 Zeichen eingeben')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mapDataMock.mock.calls.length).toBe(calls);
    await user.type(screen.getByLabelText('Suche (Name oder Mitgliedsnummer)'), 'u');
    await waitFor(() => expect(lastFilters()).toEqual([{ id: 'q', value: 'Mu' }, { id: 'sst', value: 4 }]));

    await user.selectOptions(screen.getByLabelText('Status'), 'Alle');
    await waitFor(() => expect(lastFilters()).toEqual([{ id: 'q', value: 'Mu' }]));
  });

  it('forgets the chosen student when the new filter no longer finds it', async () => {
    const { user } = renderWithProviders(<StudentDashboardPage />, { route: '/m-student/dashboard' });
    const list = await screen.findByRole('region', { name: 'Schüler auf der Karte' });
    await user.click(within(list).getByRole('button', { name: /Lang, Lea/ }));
    await screen.findByRole('region', { name: 'Lea Lang' });
    mapDataMock.mockResolvedValue({ points: [points[0]], total: 1, withoutPosition: 0, capped: false });
    await user.selectOptions(screen.getByLabelText('Status'), 'Aktiv');
    await screen.findByText(/1 von 1 Schülern auf der Karte/);
    expect(screen.queryByRole('region', { name: 'Lea Lang' })).toBeNull();
    expect(lastMap().selectedId).toBeNull();
    expect(screen.getByText('Einen Schüler in der Liste oder auf der Karte wählen, um seine Karte zu sehen.')).toBeTruthy();
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
