import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { HTTPError } from 'shared-kernel';
import type { SchoolSettings, SchoolSettingsListRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getSchoolSettings, getSettingsSchools, saveSchoolSettings, uploadSchoolImage } from '../api/school-settings-api';

jest.mock('../api/school-settings-api', () => ({
  ...jest.requireActual('../api/school-settings-api'),
  getSettingsSchools: jest.fn(),
  getSchoolSettings: jest.fn(),
  saveSchoolSettings: jest.fn(),
  uploadSchoolImage: jest.fn(),
}));

const schools: SchoolSettingsListRow[] = [
  { sid: 1, n: 'Kampfkunstschule Wien', slug: 'wien', microsite_on: true, msu: 'https://www.schule.example/wien', address_complete: true },
  { sid: 2, n: 'Kampfkunstschule Graz', slug: 'graz', microsite_on: false, msu: 'https://www.schule.example/graz', address_complete: false },
];

const settings = (overrides: Partial<SchoolSettings> = {}): SchoolSettings => ({
  slug: 'wien', microsite_on: true, highlight_text: '', hidden_gmaps: false, facebook_type: '', facebook_url: '',
  twitter_type: '', twitter_id: '', twitter_url: '', business_companies: '', contact_form_on: true, contact_email: '',
  version: 4, school_setting_id: 1, cfh_school_image: null, products: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  tt: [{ id: 11, k: 1, pid: 4, n: 'Erwachsene Basis', ts: '18:00', te: '19:30', wd: 1, url: '' }],
  address: { n: 'Kampfkunstschule Wien', as: 'Hauptstraße', ah: '1', az: '1010', ac: 'Wien', c: 'at', msu: 'https://www.schule.example/wien', cs: true },
  ...overrides,
});

const session = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 as const }, atoms: atoms as never });

function renderSettings(route: string, atoms = ['c_settings_r', 'c_settings_w']) {
  const Settings = routes['c-settings'];
  return renderWithProviders(
    <Routes>
      <Route path="c-settings/*" element={<Settings />} />
      <Route path="e-ticket/*" element={<p>Supportanfrage</p>} />
    </Routes>,
    { route, session: session(atoms) },
  );
}

function httpError(status: number, body: object): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-config/school'), {} as never);
}

jest.setTimeout(30_000);

beforeEach(() => {
  jest.mocked(getSettingsSchools).mockReset().mockResolvedValue(schools);
  jest.mocked(getSchoolSettings).mockReset().mockResolvedValue(settings());
  jest.mocked(saveSchoolSettings).mockReset().mockResolvedValue(5);
  jest.mocked(uploadSchoolImage).mockReset().mockResolvedValue(77);
});

describe('/c-settings', () => {
  it('lists the schools with "view microsite", settings and the address warning', async () => {
    const { user } = renderSettings('/c-settings');
    const table = await screen.findByRole('table', { name: 'Schulen' });
    const wien = within(table).getByRole('row', { name: /Wien/ });
    expect(within(wien).getByRole('link', { name: 'Microsite ansehen: Kampfkunstschule Wien (neues Fenster)' }).getAttribute('href')).toBe(
      'https://www.schule.example/wien',
    );
    expect(within(wien).queryByText('Straße/Ort fehlerhaft oder unvollständig', { exact: false })).toBeNull();
    const graz = within(table).getByRole('row', { name: /Graz/ });
    expect(within(graz).getByText(/Straße\/Ort fehlerhaft oder unvollständig/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kalender der Schulen' }).getAttribute('href')).toBe('/c-calendar');
    await user.click(within(graz).getByRole('link', { name: 'Supportanfrage stellen' }));
    expect(await screen.findByText('Supportanfrage')).toBeTruthy();
  });

  it('opens the tabs by keyboard, keeps the tab in the URL and saves the settings with the version', async () => {
    const { user } = renderSettings('/c-settings/edit/1?tab=social');
    const tabs = await screen.findByRole('tablist', { name: 'Bereiche der Einstellungen' });
    expect(within(tabs).getByRole('tab', { name: 'Social Media / Partner' }).getAttribute('aria-selected')).toBe('true');
    await user.type(screen.getByLabelText('Facebook-Adresse', { exact: false }), 'https://facebook.example/wien');
    act(() => within(tabs).getByRole('tab', { name: 'Social Media / Partner' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Stundenplan' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(tabs).getByRole('tab', { name: 'Stundenplan' }));
    await user.keyboard('{Home}');
    expect(within(tabs).getByRole('tab', { name: 'Allgemein' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByLabelText('Karte auf der Microsite ausblenden'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(saveSchoolSettings).toHaveBeenCalledWith(1, expect.objectContaining({ facebook_url: 'https://facebook.example/wien', hidden_gmaps: true, tt: [], version: 4 }));
    expect(await screen.findByText('Erfolgreich gespeichert!', { exact: false })).toBeTruthy();
  });

  it('adds, changes and deletes timetable events with their markers', async () => {
    const { user } = renderSettings('/c-settings/edit/1?tab=timetable');
    const table = await screen.findByRole('table', { name: 'Stundenplan' });
    await user.click(screen.getByRole('button', { name: 'Termin hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termin hinzufügen' });
    await user.selectOptions(within(dialog).getByLabelText('Wochentag', { exact: false }), 'Mittwoch');
    await user.type(within(dialog).getByLabelText('Beginn', { exact: false }), '17:00');
    await user.type(within(dialog).getByLabelText('Ende', { exact: false }), '16:00');
    await user.selectOptions(within(dialog).getByLabelText('Angebot', { exact: false }), 'Kinder 7–10 Jahre');
    await user.type(within(dialog).getByLabelText('Bezeichnung', { exact: false }), 'Kids Basis{Enter}');
    expect(await within(dialog).findByText('Das Ende muss nach dem Beginn liegen.')).toBeTruthy();
    const end = within(dialog).getByLabelText('Ende', { exact: false });
    await user.clear(end);
    await user.type(end, '18:00{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const added = within(table).getByRole('row', { name: /Kids Basis/ });
    expect(within(added).getByText('Neu')).toBeTruthy();
    expect(within(added).getByText('Mittwoch')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: '„Erwachsene Basis“ bearbeiten' }));
    const edit = await screen.findByRole('dialog', { name: 'Termin bearbeiten' });
    const name = within(edit).getByLabelText('Bezeichnung', { exact: false });
    await user.clear(name);
    await user.type(name, 'Erwachsene Fortgeschritten');
    await user.click(within(edit).getByRole('button', { name: 'Übernehmen' }));
    expect(within(within(table).getByRole('row', { name: /Erwachsene Fortgeschritten/ })).getByText('Geändert')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: '„Kids Basis“ löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    expect(within(table).queryByRole('row', { name: /Kids Basis/ })).toBeNull();
    await user.click(within(table).getByRole('button', { name: '„Erwachsene Fortgeschritten“ löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Noch keine Termine im Stundenplan.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(saveSchoolSettings).toHaveBeenCalledWith(1, expect.objectContaining({
      tt: [{ id: 11, k: 4, pid: 4, n: 'Erwachsene Fortgeschritten', ts: '18:00', te: '19:30', wd: 1, url: '' }],
    }));
  });

  it('shows the server\'s school image errors and the new image after an upload', async () => {
    const { user } = renderSettings('/c-settings/edit/1');
    const input = await screen.findByLabelText('Schulbild hochladen');
    jest.mocked(uploadSchoolImage).mockRejectedValueOnce(httpError(400, { error: 36 }));
    const file = new File([new Uint8Array([1, 2, 3])], 'bild.png', { type: 'image/png' });
    await user.upload(input, file);
    expect((await screen.findByRole('alert')).textContent).toMatch(/3:1/);
    await user.upload(input, file);
    const image = await screen.findByRole('img', { name: 'Schulbild von Kampfkunstschule Wien' });
    expect(image.getAttribute('src')).toBe('/api-config/school-image?sid=1&size=1050x350&v=77');
    expect(uploadSchoolImage).toHaveBeenCalledWith(1, file);
  });

  it('a stale version shows the conflict notice and keeps the entries', async () => {
    jest.mocked(saveSchoolSettings).mockRejectedValueOnce(httpError(409, { error: 9 }));
    const { user } = renderSettings('/c-settings/edit/1?tab=contact');
    const email = await screen.findByLabelText('E-Mail-Adresse für Benachrichtigungen', { exact: false });
    await user.type(email, 'info@schule.example');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toMatch(/geändert|gespeichert/i);
    jest.mocked(getSchoolSettings).mockResolvedValueOnce(settings({ version: 6, highlight_text: 'Ferien' }));
    await user.click(within(notice).getByRole('button'));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('info@schule.example');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(saveSchoolSettings).toHaveBeenLastCalledWith(1, expect.objectContaining({ contact_email: 'info@schule.example', version: 6 }));
  });

  it('without c_settings_w: read only, the reason is given', async () => {
    renderSettings('/c-settings/edit/1', ['c_settings_r']);
    expect(((await screen.findByLabelText('Adressname der Microsite', { exact: false })) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/fehlt das Recht/)).toBeTruthy();
    await act(async () => {});
  });
});
