import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import type { AccountData, AccountRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { createAccount, deleteAccount, getAccount, getAccountList, lookupIban, updateAccount } from '../api/accounts';

jest.mock('../api/accounts');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

const rows: AccountRow[] = [
  {
    id: 4, school_id: 1, sn: 'Kampfsportschule Wien', name: 'Geschäftskonto', sepa_name: 'Kampfsportschule Wien', sepa_ci: 'AT92ZZZ00000012345',
    sepa_iban: 'AT483200000012345864', sepa_bic: 'RLNWATWWXXX', sepa_bank: 'Raiffeisenlandesbank NÖ-Wien', is_main: true, currency: 'EUR', in_use: false,
  },
  {
    id: 5, school_id: 1, sn: 'Kampfsportschule Wien', name: 'Rücklagenkonto', sepa_name: 'Kampfsportschule Wien', sepa_ci: '',
    sepa_iban: 'AT611904300234573201', sepa_bic: 'SPIHAT22XXX', sepa_bank: 'Sparkasse', is_main: false, currency: 'EUR', in_use: false,
  },
];
const { sn: _sn, in_use: _inUse, ...first } = rows[0]!;
const loaded: AccountData = { ...first, sepa_pain_version: 'pain.008.001.02', version: 3 };

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderArea(route: string, session = {}) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route, session },
  );
}

function httpError(status: number, body: unknown) {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-account/data'), {} as never);
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name, {}, { timeout: 15_000 });
  return cell.closest('tr') as HTMLElement;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

beforeEach(() => {
  jest.mocked(getAccountList).mockReset().mockResolvedValue({ rows, pages: 1, total: 2 });
  jest.mocked(getAccount).mockReset().mockResolvedValue(loaded);
  jest.mocked(createAccount).mockReset().mockResolvedValue(9);
  jest.mocked(updateAccount).mockReset().mockResolvedValue(4);
  jest.mocked(deleteAccount).mockReset().mockResolvedValue(undefined);
  jest.mocked(lookupIban).mockReset().mockResolvedValue({ valid: true, bic: 'COBADEFFXXX', bank: 'Commerzbank' });
});

describe('bank account list', () => {
  it('shows school, name, creditor, IBAN in groups, BIC, bank and the main account, with edit and delete', async () => {
    renderArea('/m-conf/account');
    const row = await rowOf('Geschäftskonto');
    expect(row.textContent).toContain('Kampfsportschule Wien');
    expect(row.textContent).toContain('AT48 3200 0000 1234 5864');
    expect(row.textContent).toContain('RLNWATWWXXX');
    expect(row.textContent).toContain('Hauptkonto');
    expect((await rowOf('Rücklagenkonto')).textContent).not.toContain('Hauptkonto');
    expect(within(row).getByRole('link', { name: '„Geschäftskonto“ (Kampfsportschule Wien) bearbeiten' }).getAttribute('href')).toBe('/m-conf/account/edit/4');
    expect(within(row).getByRole('button', { name: '„Geschäftskonto“ (Kampfsportschule Wien) löschen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neues Konto' }).getAttribute('href')).toBe('/m-conf/account/create');
  });

  it('offers only what the atoms allow; without s_account_r the screen refuses', async () => {
    const view = renderArea('/m-conf/account', userWith(['s_account_r']));
    const row = await rowOf('Geschäftskonto');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neues Konto' })).toBeNull();
    view.unmount();

    renderArea('/m-conf/account', userWith(['finance_r']));
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getAccountList).toHaveBeenCalledTimes(1);
  });

  it('offers no delete for an account in use', async () => {
    jest.mocked(getAccountList).mockResolvedValue({ rows: [{ ...rows[0]!, in_use: true }, rows[1]!], pages: 1, total: 2 });
    renderArea('/m-conf/account');
    expect(within(await rowOf('Geschäftskonto')).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(await rowOf('Geschäftskonto')).getByRole('link', { name: /bearbeiten/ })).toBeTruthy();
    expect(within(await rowOf('Rücklagenkonto')).getByRole('button', { name: /löschen/ })).toBeTruthy();
  });

  it('deletes after really_delete; an account in use meanwhile shows error 56 and stays', async () => {
    jest.mocked(deleteAccount).mockRejectedValueOnce(httpError(400, { error: 56 }));
    const { user } = renderArea('/m-conf/account');
    await user.click(within(await rowOf('Geschäftskonto')).getByRole('button', { name: /löschen/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    const error = await screen.findByRole('alertdialog');
    await waitFor(() => expect(error.textContent).toContain('Das Konto wird noch verwendet'));
    await user.click(within(error).getByRole('button'));
    expect(getAccountList).toHaveBeenCalledTimes(1);

    await user.click(within(await rowOf('Rücklagenkonto')).getByRole('button', { name: /löschen/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteAccount).toHaveBeenLastCalledWith(5));
    await waitFor(() => expect(getAccountList).toHaveBeenCalledTimes(2));
  });
});

describe('bank account form', () => {
  it('creates an account: the IBAN lookup fills BIC and bank, the checks run before saving', async () => {
    const { user } = renderArea('/m-conf/account/create');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Schule/ }), 'Kampfsportschule München');
    await user.type(input('Bezeichnung'), 'Seminarkonto');
    await user.type(input('Gläubiger (Kontoinhaber)'), 'Kampfsportschule München');
    await user.type(input('Gläubiger-ID'), 'DE98ZZZ09999999998');
    expect(screen.queryByLabelText('BIC', { exact: false })).toBeNull();
    await user.type(input('IBAN'), 'de89 3704 0044 0532 0130 00');
    await user.tab();
    await waitFor(() => expect(input('BIC').value).toBe('COBADEFFXXX'));
    expect(lookupIban).toHaveBeenCalledWith('DE89370400440532013000');
    expect(input('Bank').value).toBe('Commerzbank');
    await user.click(screen.getByLabelText('Hauptkonto der Schule'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ungültige Gläubiger-ID')).toBeTruthy();
    expect(createAccount).not.toHaveBeenCalled();

    await user.clear(input('Gläubiger-ID'));
    await user.type(input('Gläubiger-ID'), 'DE98ZZZ09999999999');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(createAccount).toHaveBeenCalledWith({
        school_id: 2, name: 'Seminarkonto', sepa_name: 'Kampfsportschule München', sepa_ci: 'DE98ZZZ09999999999',
        sepa_iban: 'DE89370400440532013000', sepa_bic: 'COBADEFFXXX', sepa_bank: 'Commerzbank', is_main: true,
        sepa_pain_version: 'pain.008.001.08',
      }, expect.stringMatching(/^[\w.:-]{8,128}$/)),
    );
    expect(await screen.findByRole('heading', { name: 'Konten' })).toBeTruthy();
  });

  it('edits with the version read; a stale save shows the conflict notice and saves against the new version', async () => {
    jest.mocked(updateAccount).mockRejectedValueOnce(httpError(409, { error: 9 }));
    const { user } = renderArea('/m-conf/account/edit/4');
    await waitFor(() => expect(input('Bezeichnung').value).toBe('Geschäftskonto'));
    expect((screen.getByRole('combobox', { name: /^Schule/ }) as HTMLSelectElement).disabled).toBe(true);
    expect(input('BIC').value).toBe('RLNWATWWXXX');
    await user.clear(input('Bezeichnung'));
    await user.type(input('Bezeichnung'), 'Hauptkonto Wien');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(updateAccount).toHaveBeenLastCalledWith(4, expect.objectContaining({ name: 'Hauptkonto Wien', school_id: 1, sepa_pain_version: 'pain.008.001.02' }), 3);
    jest.mocked(getAccount).mockResolvedValueOnce({ ...loaded, sepa_name: 'Wien-Mitte GmbH', version: 5 });
    await user.click(await screen.findByRole('button', { name: 'Aktuellen Stand laden' }));
    expect(await screen.findByText('Wien-Mitte GmbH')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateAccount).toHaveBeenLastCalledWith(4, expect.objectContaining({ name: 'Hauptkonto Wien' }), 5));
  });

  it('is read-only without s_account_w', async () => {
    renderArea('/m-conf/account/edit/4', userWith(['s_account_r']));
    await waitFor(() => expect(input('Bezeichnung').value).toBe('Geschäftskonto'));
    expect(input('Bezeichnung').disabled).toBe(true);
    expect(input('IBAN').disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Zum Speichern fehlt die Berechtigung „Konten schreiben“.')).toBeTruthy();
  });
});
