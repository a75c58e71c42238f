import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'shared-kernel';
import { Route, Routes } from 'react-router';
import type { ConfigForm, ConfigItem } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getConfigForm, saveConfigForm, uploadConfigImage } from '../api/config-form';

jest.mock('../api/config-form', () => ({
  ...jest.requireActual('../api/config-form'),
  getConfigForm: jest.fn(),
  saveConfigForm: jest.fn(),
  uploadConfigImage: jest.fn(),
}));

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

function httpError(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api'), {} as ConstructorParameters<typeof HTTPError>[2]);
}

const item = (k: string, m: string, v: unknown, over: Partial<ConfigItem> = {}): ConfigItem =>
  ({ k, t: `config.k.${k}`, m, v, d: v, o: false, ...over }) as ConfigItem;

const generalItems = (): ConfigItem[] => [
  item('pr_logo', 'cimage', null),
  item('pr_sender', 'text', 'Kampfkunst GmbH · Ring 1 · 1010 Wien', { o: true, d: 'Netzwerk GmbH', r: { len: 150 } }),
  item('pr_city', 'text', 'Wien', { r: { len: 80 } }),
  item('pr_footer', 'plainte', ''),
  item('pr_layout', 'radio', 1, { s: [1, 2, 3, 4].map((v) => ({ v, t: `config.layout.${v}` })) }),
  item('iv_m1_days', 'num', 14, { r: { min: 0, max: 365 } }),
  item('payment_cat', 'catlist', ['', '', '', '', ''], { s: [1, 2, 3, 4, 5].map((v) => ({ v, t: `payment_cat.${v}` })), r: { len: 60 } }),
  item('sepa_iban', 'sepa_iban', ''),
  item('sepa_bic', 'sepa_bic', ''),
  item('sepa_ci', 'sepa_ci', ''),
  item('sepa_name', 'sepa_name', ''),
  item('sepa_cor1', 'switch', false),
];

const form = (items = generalItems(), over: Partial<ConfigForm> = {}): ConfigForm => ({ cat: 'general', school: null, version: 3, items, ...over });

function renderArea(route: string, session = {}) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    { route, session },
  );
}

beforeEach(() => {
  jest.mocked(getConfigForm).mockReset().mockImplementation(async (cat, school) => form(generalItems(), { cat, school }));
  jest.mocked(saveConfigForm).mockReset().mockResolvedValue(4);
  jest.mocked(uploadConfigImage).mockReset().mockResolvedValue(77);
});

describe('configuration forms', () => {
  it('renders every mode of the spec with a label, and the nip notice for an unknown mode', async () => {
    const all: ConfigItem[] = [
      item('a_switch', 'switch', true, { t: 'Schalter' }),
      item('a_text', 'text', 'x', { t: 'Text' }),
      item('a_email', 'email', 'a@b.example', { t: 'E-Mail-Feld' }),
      item('a_num', 'num', 3, { t: 'Zahl' }),
      item('a_emailname', 'emailname', 'A <a@b.example>', { t: 'Absender' }),
      item('a_iban', 'sepa_iban', 'AT611904300234573201', { t: 'Konto-IBAN' }),
      item('a_bic', 'sepa_bic', 'GIBAATWW', { t: 'Konto-BIC' }),
      item('a_ci', 'sepa_ci', '', { t: 'Gläubiger' }),
      item('a_name', 'sepa_name', '', { t: 'Inhaber' }),
      item('a_image', 'cimage', 5, { t: 'Bild' }),
      item('a_textlist', 'textlist', ['eins'], { t: 'Textliste' }),
      item('a_catlist', 'catlist', ['Miete'], { t: 'Kategorien', s: [{ v: 1, t: 'expense_cat.1' }] }),
      item('a_emaillist', 'emaillist', ['x@y.example'], { t: 'Adressen' }),
      item('a_plainte', 'plainte', 'Zeile', { t: 'Mehrzeilig' }),
      item('a_rte', 'rte', '<p>Gruß</p>', { t: 'Reichtext' }),
      item('a_rtesw', 'rtesw', { on: true, html: '<p>x</p>' }, { t: 'Fußtext' }),
      item('a_template', 'template', 'rep_memb_canc', { t: 'Vorlage' }),
      item('a_select', 'select', 2, { t: 'Auswahl', s: [{ v: 1, t: 'Eins' }, { v: 2, t: 'Zwei' }] }),
      item('a_radio', 'radio', 1, { t: 'Knopf', s: [{ v: 1, t: 'Links' }, { v: 2, t: 'Rechts' }] }),
      item('a_mystery', 'mystery', null, { t: 'Geheim' }),
    ];
    jest.mocked(getConfigForm).mockResolvedValue(form(all));
    renderArea('/m-conf/general');
    expect(await screen.findByRole('heading', { level: 1, name: 'Allgemeine Einstellungen' })).toBeTruthy();
    expect(((await screen.findByRole('checkbox', { name: 'Schalter' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Text' }) as HTMLInputElement).value).toBe('x');
    expect(screen.getByRole('textbox', { name: 'E-Mail-Feld' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Zahl' }) as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('textbox', { name: 'Absender' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Konto-IBAN' }) as HTMLInputElement).value).toBe('AT61 1904 3002 3457 3201');
    expect(screen.getByRole('textbox', { name: 'Konto-BIC' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Gläubiger' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Inhaber' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Bild (Vorschau)' }).getAttribute('src')).toContain('/api-config/image?id=5');
    expect(screen.getByLabelText('Bild hochladen')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Textliste 1' }) as HTMLInputElement).value).toBe('eins');
    expect((screen.getByRole('textbox', { name: 'Miete' }) as HTMLInputElement).value).toBe('Miete');
    expect((screen.getByRole('textbox', { name: 'Adressen 1' }) as HTMLInputElement).value).toBe('x@y.example');
    expect(screen.getByRole('textbox', { name: 'Mehrzeilig' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Reichtext' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Fußtext: aktiv' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Fußtext' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Vorlage' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('rep_memb_canc');
    expect((screen.getByRole('combobox', { name: 'Auswahl' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Zwei');
    const radios = screen.getByRole('group', { name: 'Knopf' });
    expect((within(radios).getByRole('radio', { name: 'Links' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('note').textContent).toContain('Geheim');
    expect(screen.getByRole('note').textContent).toContain('nicht bearbeitet werden');
  });

  it('saves only the changed items with the version read; nothing changed warns config.no_change', async () => {
    const { user } = renderArea('/m-conf/general');
    const city = await screen.findByRole('textbox', { name: 'Ort (vor dem Datum)' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Nichts geändert, es gibt nichts zu speichern.')).toBeTruthy();
    expect(saveConfigForm).not.toHaveBeenCalled();

    await user.clear(city);
    await user.type(city, 'Graz');
    await user.click(within(screen.getByRole('group', { name: 'Layout' })).getByRole('radio', { name: /Layout 3/ }));
    await user.click(screen.getByRole('checkbox', { name: 'COR1-Vereinbarung mit der Bank' }));
    await user.type(screen.getByRole('textbox', { name: 'Prüfungsgebühren' }), 'Gürtelprüfungen');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(saveConfigForm).toHaveBeenCalledWith(
        'general',
        null,
        [
          { k: 'pr_city', v: 'Graz', d: false },
          { k: 'pr_layout', v: 3, d: false },
          { k: 'payment_cat', v: ['', '', 'Gürtelprüfungen', '', ''], d: false },
          { k: 'sepa_cor1', v: true, d: false },
        ],
        3,
      ),
    );
    expect(await screen.findByText('Einstellungen gespeichert.')).toBeTruthy();
  });

  it('goes back to the default of an own value (d = true)', async () => {
    const { user } = renderArea('/m-conf/general');
    await screen.findByRole('textbox', { name: 'Absenderzeile' });
    expect(screen.getByText('Vorgabe: Netzwerk GmbH')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Absenderzeile: Vorgabe verwenden' }));
    expect((screen.getByRole('textbox', { name: 'Absenderzeile' }) as HTMLInputElement).value).toBe('Netzwerk GmbH');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saveConfigForm).toHaveBeenCalledWith('general', null, [{ k: 'pr_sender', v: null, d: true }], 3));
  });

  it("refuses invalid values ('form contains errors') and shows the server's field messages", async () => {
    const { user } = renderArea('/m-conf/general');
    const iban = await screen.findByRole('textbox', { name: 'IBAN' });
    await user.type(iban, 'AT61 1904 3002 3457 3202');
    await user.clear(screen.getByRole('textbox', { name: '1. Mahnung nach' }));
    await user.type(screen.getByRole('textbox', { name: '1. Mahnung nach' }), '400');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Das Formular enthält Fehler.');
    expect(saveConfigForm).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'IBAN' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: '1. Mahnung nach' }).getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByRole('textbox', { name: 'IBAN' }));
    await user.clear(screen.getByRole('textbox', { name: '1. Mahnung nach' }));
    await user.type(screen.getByRole('textbox', { name: '1. Mahnung nach' }), '10');
    jest.mocked(saveConfigForm).mockRejectedValueOnce(httpError(400, { error: 4, fields: { iv_m1_days: 'form.invalid_number' } }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '1. Mahnung nach' }).getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows the conflict notice on a stale version and saves against the reloaded one', async () => {
    const { user } = renderArea('/m-conf/general');
    const city = await screen.findByRole('textbox', { name: 'Ort (vor dem Datum)' });
    await user.type(city, ' Mitte');
    jest.mocked(saveConfigForm).mockRejectedValueOnce(httpError(409, { error: 9 }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('inzwischen von jemand anderem gespeichert');
    jest.mocked(getConfigForm).mockResolvedValue(form(generalItems(), { version: 5 }));
    await user.click(within(alert).getByRole('button', { name: 'Aktuellen Stand laden' }));
    await screen.findByRole('status');
    expect((screen.getByRole('textbox', { name: 'Ort (vor dem Datum)' }) as HTMLInputElement).value).toBe('Wien Mitte');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saveConfigForm).toHaveBeenLastCalledWith('general', null, [{ k: 'pr_city', v: 'Wien Mitte', d: false }], 5));
  });

  it('asks "Bitte erst speichern!" before switching school with unsaved changes', async () => {
    const { user } = renderArea('/m-conf/general');
    const picker = await screen.findByRole('combobox', { name: 'Gültig für' });
    expect(Array.from((picker as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Alle Schulen (Vorgabe)', 'Kampfsportschule Wien', 'Kampfsportschule München']);
    await user.type(screen.getByRole('textbox', { name: 'Ort (vor dem Datum)' }), 'x');
    await user.selectOptions(picker, 'Kampfsportschule München');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Bitte erst speichern!');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(getConfigForm).toHaveBeenLastCalledWith('general', null, expect.anything());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Gültig für' }), 'Kampfsportschule München');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(getConfigForm).toHaveBeenLastCalledWith('general', 2, expect.anything()));
  });

  it('leads a user without all schools to his school, uploads a logo, and is read-only without the write atom', async () => {
    const school = { user: { ...makeAppState().user, level: 3 as const, schoolAccess: 2 as const }, schools: [{ id: 1, name: 'Kampfsportschule Wien', country: 'at' as const }] };
    const { user } = renderArea('/m-conf/general', { ...school, atoms: ['s_general_r', 's_general_w'] });
    await waitFor(() => expect(getConfigForm).toHaveBeenCalledWith('general', 1, expect.anything()));
    const picker = await screen.findByRole('combobox', { name: 'Gültig für' });
    expect(Array.from((picker as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Kampfsportschule Wien']);
    await user.upload(screen.getByLabelText('Logo hochladen'), new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(uploadConfigImage).toHaveBeenCalledWith('pr_logo', 1, expect.any(File)));
    expect((await screen.findByRole('img', { name: 'Logo (Vorschau)' })).getAttribute('src')).toContain('id=77');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saveConfigForm).toHaveBeenCalledWith('general', 1, [{ k: 'pr_logo', v: 77, d: false }], 3));
  });

  it('shows the values read-only without the write atom, and refuses without the read atom', async () => {
    const reader = { user: { ...makeAppState().user, level: 3 as const }, atoms: ['s_general_r' as const] };
    const { unmount } = renderArea('/m-conf/general', reader);
    expect(((await screen.findByRole('textbox', { name: 'Ort (vor dem Datum)' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.getByText('Sie dürfen diese Einstellungen nur ansehen.')).toBeTruthy();
    unmount();
    renderArea('/m-conf/comm', reader);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Kommunikation' })).toBeNull());
    expect(getConfigForm).not.toHaveBeenCalledWith('comm', expect.anything(), expect.anything());
  });
});
