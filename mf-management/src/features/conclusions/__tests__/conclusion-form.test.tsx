import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { HTTPError } from 'shared-kernel';
import { GUARDIAN_FIELDS, type ConclusionData, type ConclusionDataResponse } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import {
  checkContractNumber, createConclusion, getAccountOptions, getConclusionData, lookupIban, updateConclusion,
} from '../api/conclusion-form';
import { getConclusionList } from '../api/conclusions';

jest.mock('../api/conclusion-form');
jest.mock('../api/conclusions');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

function emptyData(overrides: Partial<ConclusionData> = {}): ConclusionData {
  const guardian = Object.fromEntries(GUARDIAN_FIELDS.flatMap((field) => [[`pt_${field}`, null], [`pt2_${field}`, null]]));
  return {
    ...guardian,
    id: null, version: null, po: false, activated_at: null, date_withdrawal: null, student_id: null, created_at: null, created_by_name: null,
    cno_type_id: null, contract_no: null, school_id: null, products: [], ec_contract_id: null, c_contract_id: null, account_id: null,
    contract_start: null, payment_method_id: null, new_app: false, school_change: false, reentry: false, annotation: '', lead_id: null,
    salutation_id: null, title_id: null, firstname: null, lastname: null, supplement: null, street: null, house_no: null, zip: null,
    city: null, country_iso: null, email: null, phone_regular: null, phone_cellphone: null, birthdate: null, nationality: null,
    sibling: false, sibling_firstname: null, sibling_lastname: null, under_age: false, iva: false, iva2: false,
    sepa_name: null, co_street: null, co_house_no: null, co_zip: null, co_city: null, co_country_iso: null, sepa_iban: null,
    sepa_bic: null, sepa_bank: null, sepa_mandate_ref: null, sepa_date_mandate: null,
    ...overrides,
  } as ConclusionData;
}

function response(data: ConclusionData = emptyData(), extra: Partial<ConclusionDataResponse> = {}): ConclusionDataResponse {
  return {
    data,
    contracts: [
      { id: 11, name: 'Standard Wien', sid: 1, country_iso: 'at', pay_interval: 1, amount_gross: 5900, activation_gross: 0, currency: 'EUR' },
      { id: 12, name: 'Standard München', sid: 2, country_iso: 'de', pay_interval: 1, amount_gross: 6900, activation_gross: 0, currency: 'EUR' },
    ],
    products: [1, 2, 4],
    network_contracts: [
      { id: 21, name: 'Netzwerk AT Basis', country_iso: 'at' },
      { id: 22, name: 'Netzwerk DE Basis', country_iso: 'de' },
    ],
    country: 'at',
    ...extra,
  };
}

/** A complete conclusion of a 30-year-old adult paying by transfer (no guardian, no SEPA). */
const filled = emptyData({
  school_id: 1, products: [4], ec_contract_id: 21, c_contract_id: 11, account_id: 31, contract_start: '2026-12-01', payment_method_id: 2,
  salutation_id: 2, firstname: 'Max', lastname: 'Muster', street: 'Hauptstraße', house_no: '1', zip: '1010', city: 'Wien',
  country_iso: 'at', birthdate: '1996-05-03',
});

function httpError(status: number, body: unknown) {
  const answer = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(answer, new Request('http://localhost/api-conclusion/data'), {} as never);
}

function renderForm(route: string, session = {}) {
  const Conclusions = routes['m-con'];
  return renderWithProviders(
    <Routes>
      <Route path="m-con/*" element={<Conclusions />} />
      <Route path="m-conf/account/create" element={<p>account form</p>} />
    </Routes>,
    { route, session },
  );
}

const form = () => screen.findByRole('form', {}, { timeout: 15_000 });
const section = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  jest.mocked(getConclusionData).mockReset().mockResolvedValue(response());
  jest.mocked(getAccountOptions).mockReset().mockResolvedValue([
    { id: 31, name: 'Erste Bank Wien', school_id: 1, sepa_iban: 'AT611904300234573201', is_main: true, currency: 'EUR' },
    { id: 32, name: 'Sparkasse München', school_id: 2, sepa_iban: 'DE89370400440532013000', is_main: true, currency: 'EUR' },
  ]);
  jest.mocked(createConclusion).mockReset().mockResolvedValue(undefined);
  jest.mocked(updateConclusion).mockReset().mockResolvedValue(2);
  jest.mocked(checkContractNumber).mockReset().mockResolvedValue({ valid: true });
  jest.mocked(lookupIban).mockReset().mockResolvedValue({ valid: true, bic: 'GIBAATWWXXX', bank: 'Erste Bank' });
  jest.mocked(getConclusionList).mockReset().mockResolvedValue({ rows: [], pages: 0, total: 0 });
});

describe('conclusion form', () => {
  it('a 12-year-old switches under_age and the guardian section on by itself', async () => {
    const { user } = renderForm('/m-con/rc/create');
    await form();
    const person = section('Person');
    await user.type(within(section('Vertrag')).getByRole('textbox', { name: /Vertragsbeginn/ }), '01.12.2026');
    await user.type(within(person).getByRole('textbox', { name: /Geburtsdatum/ }), '03.05.2014');
    await user.tab();
    const guardian = section('Zahler / Erziehungsberechtigte:r');
    await waitFor(() => expect((within(guardian).getByRole('checkbox', { name: 'Minderjährig' }) as HTMLInputElement).checked).toBe(true));
    expect((within(guardian).getByRole('checkbox', { name: /Abweichende/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(guardian).getByRole('textbox', { name: /Vorname/ })).toBeTruthy();
  });

  it('ticking under_age ticks iva; new application, school change and re-entry exclude each other', async () => {
    const { user } = renderForm('/m-con/rc/create');
    await form();
    const guardian = section('Zahler / Erziehungsberechtigte:r');
    await user.click(within(guardian).getByRole('checkbox', { name: 'Minderjährig' }));
    await waitFor(() => expect((within(guardian).getByRole('checkbox', { name: /Abweichende/ }) as HTMLInputElement).checked).toBe(true));

    const contract = section('Vertrag');
    const box = (name: string) => within(contract).getByRole('checkbox', { name }) as HTMLInputElement;
    await user.click(box('Neuanmeldung'));
    await user.click(box('Schulwechsel'));
    await waitFor(() => expect(box('Neuanmeldung').checked).toBe(false));
    expect(box('Schulwechsel').checked).toBe(true);
    await user.click(box('Wiedereintritt'));
    await waitFor(() => expect(box('Schulwechsel').checked).toBe(false));
    expect(box('Wiedereintritt').checked).toBe(true);
  });

  it('offers the network contracts of the school country and clears the choice when the school changes', async () => {
    const { user } = renderForm('/m-con/rc/create');
    await form();
    const contract = section('Vertrag');
    const network = () => within(contract).getByRole('combobox', { name: /Netzwerk-Vertrag/ }) as HTMLSelectElement;
    await user.selectOptions(within(contract).getByRole('combobox', { name: /Schule/ }), 'Kampfsportschule Wien');
    expect(within(network()).queryByRole('option', { name: 'Netzwerk DE Basis' })).toBeNull();
    await user.selectOptions(network(), 'Netzwerk AT Basis');
    expect(network().selectedOptions[0].textContent).toBe('Netzwerk AT Basis');
    expect(within(within(contract).getByRole('combobox', { name: /Vertragsvorlage/ })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bitte wählen', 'Standard Wien']);
    await user.selectOptions(within(contract).getByRole('combobox', { name: /Schule/ }), 'Kampfsportschule München');
    await waitFor(() => expect(network().selectedOptions[0].textContent).toBe('Bitte wählen'));
    expect(within(network()).getByRole('option', { name: 'Netzwerk DE Basis' })).toBeTruthy();
    expect(within(network()).queryByRole('option', { name: 'Netzwerk AT Basis' })).toBeNull();
  });

  it('with SEPA, leaving a valid IBAN fills the BIC from the lookup', async () => {
    const { user } = renderForm('/m-con/rc/create');
    await form();
    await user.selectOptions(within(section('Vertrag')).getByRole('combobox', { name: /Zahlungsart/ }), 'SEPA-Lastschrift');
    const sepa = section('SEPA-Lastschrift');
    await user.type(within(sepa).getByRole('textbox', { name: /IBAN/ }), 'AT61 1904 3002 3457 3201');
    await user.tab();
    await waitFor(() => expect(lookupIban).toHaveBeenCalledWith('AT611904300234573201'));
    expect(((await within(sepa).findByRole('textbox', { name: /BIC/ })) as HTMLInputElement).value).toBe('GIBAATWWXXX');
  });

  it('saves a complete conclusion and returns to the list with save_succeeded', async () => {
    jest.mocked(getConclusionData).mockResolvedValue(response(filled));
    const { user } = renderForm('/m-con/rc/create');
    await form();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createConclusion).toHaveBeenCalledTimes(1));
    const [body, paper, key] = jest.mocked(createConclusion).mock.calls[0];
    expect(paper).toBe(false);
    expect(key).toEqual(expect.any(String));
    expect(body).toEqual(expect.objectContaining({ firstname: 'Max', school_id: 1, products: [4], birthdate: '1996-05-03' }));
    expect(body).not.toHaveProperty('id');
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    await waitFor(() => expect(getConclusionList).toHaveBeenCalled());
  });

  it('refuses to save without the required fields', async () => {
    const { user } = renderForm('/m-con/rc/create');
    await form();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await within(section('Person')).findAllByText('Pflichtfeld')).length).toBeGreaterThan(3);
    expect(createConclusion).not.toHaveBeenCalled();
  });

  it('a student that exists already (1005) is saved once the user confirms', async () => {
    jest.mocked(getConclusionData).mockResolvedValue(response(filled));
    jest.mocked(createConclusion).mockRejectedValueOnce(httpError(400, { error: 1005 })).mockResolvedValueOnce(undefined);
    const { user } = renderForm('/m-con/rc/create');
    await form();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Der Schüler existiert bereits.');
    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem speichern' }));
    await waitFor(() => expect(createConclusion).toHaveBeenCalledTimes(2));
    expect(jest.mocked(createConclusion).mock.calls[1][0]).toEqual(expect.objectContaining({ confirm_existing: true }));
  });

  it('checks the contract number of the paper form: taken (1006), invalid, check failed', async () => {
    jest.mocked(checkContractNumber).mockImplementation(async (cno) => {
      if (cno === 'AT-2000') return { valid: false, error: 1006 };
      if (cno === 'AT-3000') throw new TypeError('Failed to fetch');
      return cno === 'AT-4000' ? { valid: false } : { valid: true };
    });
    const { user } = renderForm('/m-con/lc/create');
    await form();
    const field = within(section('Vertrag')).getByRole('textbox', { name: /Vertragsnummer/ });
    await user.type(field, 'AT-2000');
    await user.tab();
    expect(await screen.findByText('Die Vertragsnummer ist bereits vergeben.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'AT-4000');
    expect(await screen.findByText('Ungültige Vertragsnummer.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'AT-3000');
    expect(await screen.findByText('Interner Serverfehler oder schlechte Internetverbindung')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'AT-5000');
    expect(await screen.findByText('Vertragsnummer ist frei.')).toBeTruthy();
  });

  it('Germany: the contract number type, and the number only when it is typed', async () => {
    const { user } = renderForm('/m-con/rc/create', { country: 'de' });
    await form();
    const contract = section('Vertrag');
    expect(within(contract).queryByRole('textbox', { name: /Vertragsnummer/ })).toBeNull();
    await user.selectOptions(within(contract).getByRole('combobox', { name: /Art der Vertragsnummer/ }), 'Vertragsnummer wird eingegeben');
    expect(await within(contract).findByRole('textbox', { name: /Vertragsnummer/ })).toBeTruthy();
    expect(within(section('Person')).getByRole('textbox', { name: /Namenszusatz/ })).toBeTruthy();
  });

  it('Germany: a paper conclusion is edited in the regular form (an lc edit address leads to rc); Austria keeps lc', async () => {
    jest.mocked(getConclusionData).mockResolvedValue(response({ ...filled, id: 9, version: 2, po: true, contract_no: 'DE-9' }, { country: 'de' }));
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    const Conclusions = routes['m-con'];
    const at = (country: 'at' | 'de') =>
      renderWithProviders(<><Routes><Route path="m-con/*" element={<Conclusions />} /></Routes><Where /></>, { route: '/m-con/lc/edit/9', session: { country } });
    const view = at('de');
    await form();
    expect(screen.getByTestId('where').textContent).toBe('/m-con/rc/edit/9');
    expect(getConclusionData).toHaveBeenLastCalledWith({ id: 9 }, expect.anything());
    view.unmount();
    at('at');
    await form();
    expect(screen.getByTestId('where').textContent).toBe('/m-con/lc/edit/9');
  });

  it('without a bank account or a contract template the warnings lead to their settings', async () => {
    jest.mocked(getAccountOptions).mockResolvedValue([]);
    jest.mocked(getConclusionData).mockResolvedValue(response(emptyData(), { contracts: [] }));
    const { user } = renderForm('/m-con/rc/create');
    await form();
    expect(screen.getByText('Anlegen eines Vertrags ohne Konto nicht möglich!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vertragsvorlage anlegen' }).getAttribute('href')).toBe('/m-conf/contract');
    await user.click(screen.getByRole('link', { name: 'Konto anlegen' }));
    expect(await screen.findByText('account form')).toBeTruthy();
  });

  it('warns about the chosen school when it has no bank account', async () => {
    jest.mocked(getAccountOptions).mockResolvedValue([
      { id: 31, name: 'Erste Bank Wien', school_id: 1, sepa_iban: 'AT611904300234573201', is_main: true, currency: 'EUR' },
    ]);
    const { user } = renderForm('/m-con/rc/create');
    await form();
    expect(screen.queryByText('Anlegen eines Vertrags ohne Konto nicht möglich!')).toBeNull();
    await user.selectOptions(within(section('Vertrag')).getByRole('combobox', { name: /Schule/ }), 'Kampfsportschule München');
    expect(await screen.findByText('Anlegen eines Vertrags ohne Konto nicht möglich!')).toBeTruthy();
    await user.selectOptions(within(section('Vertrag')).getByRole('combobox', { name: /Schule/ }), 'Kampfsportschule Wien');
    await waitFor(() => expect(screen.queryByText('Anlegen eines Vertrags ohne Konto nicht möglich!')).toBeNull());
  });

  it('opens with a student and a lead to prefill, and edits a saved one with its version', async () => {
    const view = renderForm('/m-con/rc/create/5/7');
    await form();
    expect(getConclusionData).toHaveBeenCalledWith({ sid: 5, lid: 7 }, expect.anything());
    view.unmount();

    jest.mocked(getConclusionData).mockResolvedValue(response({ ...filled, id: 9, version: 4, contract_no: 'AT-9' }));
    const { user } = renderForm('/m-con/rc/edit/9');
    await form();
    expect(getConclusionData).toHaveBeenLastCalledWith({ id: 9 }, expect.anything());
    expect(screen.getByRole('heading', { name: 'Vertragsabschluss bearbeiten' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateConclusion).toHaveBeenCalledWith(9, expect.objectContaining({ lastname: 'Muster' }), 4, false));
  });

  it('a conclusion opened for a student is saved for that student (its activation adds the contract there)', async () => {
    jest.mocked(getConclusionData).mockResolvedValue(response({ ...filled, student_id: 5 }));
    const { user } = renderForm('/m-con/rc/create/5');
    await form();
    expect(getConclusionData).toHaveBeenCalledWith({ sid: 5 }, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createConclusion).toHaveBeenCalledWith(expect.objectContaining({ student_id: 5, lastname: 'Muster' }), false, expect.any(String)));
  });

  it('an activated conclusion is read only', async () => {
    jest.mocked(getConclusionData).mockResolvedValue(response({ ...filled, id: 9, version: 1, activated_at: '2026-11-01T10:00:00Z' }));
    renderForm('/m-con/rc/edit/9');
    await form();
    expect(screen.getByText('Dieser Vertragsabschluss ist aktiviert und kann nicht mehr geändert werden.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each(['/m-con/rc/open', '/m-con/rc/edit', '/m-con/lc/edit/x', '/m-con/rc/edit/3/4', '/m-con/lc', '/m-con/rc/create/a/b/c'])(
    'the route %s shows the error panel',
    async (route) => {
      renderForm(route);
      expect(await screen.findByRole('heading', { name: 'Diese Adresse gibt es nicht' }, { timeout: 15_000 })).toBeTruthy();
      expect(getConclusionData).not.toHaveBeenCalled();
    },
  );
});
