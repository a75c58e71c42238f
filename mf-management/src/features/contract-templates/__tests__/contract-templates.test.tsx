import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import { ATOMS, type ContractTemplateRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import {
  createContractTemplate,
  deleteContractTemplate,
  getContractTemplate,
  getContractTemplates,
  updateContractTemplate,
} from '../api/contract-templates';

jest.mock('../api/contract-templates');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

const adults: ContractTemplateRow = {
  id: 3, school_id: 1, school: 'Kampfsportschule Wien', name: 'Erwachsene', notes: '', pay_interval: 1, c_country_iso: 'at',
  amount_gross: 6900, activation_gross: 4900, tax_percent: 20, c_interval_start: 12, c_cperiod_start: 1, c_interval_follow: 1,
  c_cperiod_follow: 1, currency: 'EUR', version: 2, uc: 14,
};
const spare: ContractTemplateRow = { ...adults, id: 4, name: 'Probe', amount_gross: 0, activation_gross: 0, uc: 0, version: 1 };

function renderArea(route: string, atoms: readonly string[] = ATOMS) {
  const Settings = routes['m-conf'];
  return renderWithProviders(
    <Routes>
      <Route path="m-conf/*" element={<Settings />} />
    </Routes>,
    // A level-3 user: the superadmin may everything whatever the atoms.
    { route, session: { atoms: [...atoms] as never, user: { ...makeAppState().user, level: 3 } } },
  );
}

function answer(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-contract/data'), {} as never);
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.mocked(getContractTemplates).mockReset().mockResolvedValue([adults, spare]);
  jest.mocked(getContractTemplate).mockReset().mockImplementation(async (id) => {
    const { school: _school, uc: _uc, ...template } = [adults, spare].find((row) => row.id === id)!;
    return template;
  });
  jest.mocked(createContractTemplate).mockReset().mockResolvedValue(9);
  jest.mocked(updateContractTemplate).mockReset().mockResolvedValue(3);
  jest.mocked(deleteContractTemplate).mockReset().mockResolvedValue(undefined);
});

describe('contract template list', () => {
  it('lists the templates with school, interval, amounts, terms and use count; delete only for unused ones', async () => {
    renderArea('/m-conf/contract');
    const table = await screen.findByRole('table', { name: 'Vertragsvorlagen' });
    const row = await rowOf('Erwachsene');
    expect(within(row).getByText('Kampfsportschule Wien')).toBeTruthy();
    expect(within(row).getByText('monatlich')).toBeTruthy();
    expect(row.textContent).toMatch(/69,00\s€/);
    expect(row.textContent).toContain('12 / 1 Monate');
    expect(within(row).getByText('14')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '„Erwachsene“ bearbeiten' }).getAttribute('href')).toBe('/m-conf/contract/edit/3');
    expect(within(row).getByRole('link', { name: '„Erwachsene“ kopieren' }).getAttribute('href')).toBe('/m-conf/contract/template/3');
    expect(within(row).queryByRole('button', { name: '„Erwachsene“ löschen' })).toBeNull();
    expect(within(await rowOf('Probe')).getByRole('button', { name: '„Probe“ löschen' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').length).toBe(8);
    expect(screen.getByRole('link', { name: 'Neue Vertragsvorlage' }).getAttribute('href')).toBe('/m-conf/contract/create');
  });

  it('deletes an unused template after the confirmation', async () => {
    const { user } = renderArea('/m-conf/contract');
    await user.click(within(await rowOf('Probe')).getByRole('button', { name: '„Probe“ löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteContractTemplate).toHaveBeenCalledWith(4));
    expect(await screen.findByText('Vertragsvorlage gelöscht.')).toBeTruthy();
  });

  it('says why when the server refuses the delete (contracts use it meanwhile)', async () => {
    jest.mocked(deleteContractTemplate).mockRejectedValueOnce(answer(400, { error: 58 }));
    const { user } = renderArea('/m-conf/contract');
    await user.click(within(await rowOf('Probe')).getByRole('button', { name: '„Probe“ löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('kann nicht gelöscht werden');
  });

  it('a reader sees no create, copy or delete', async () => {
    renderArea('/m-conf/contract', ['s_contract_r']);
    const row = await rowOf('Probe');
    expect(within(row).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(row).queryByRole('link', { name: /kopieren/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neue Vertragsvorlage' })).toBeNull();
  });

  it('shows an error panel with retry when the list fails', async () => {
    jest.mocked(getContractTemplates).mockRejectedValueOnce(answer(503, { error: 1 }));
    const { user } = renderArea('/m-conf/contract');
    await user.click(await screen.findByRole('button', { name: /Erneut|Wiederholen/i }));
    expect(await rowOf('Erwachsene')).toBeTruthy();
  });
});

describe('contract template form', () => {
  it('creates a template with every field; amounts go out in cents, tax with a decimal comma', async () => {
    const { user } = renderArea('/m-conf/contract/create');
    const form = await screen.findByRole('form', { name: 'Vertragsvorlage' });
    await user.selectOptions(within(form).getByLabelText(/^Schule/), 'Kampfsportschule Wien');
    await user.type(within(form).getByLabelText(/^Name/), 'Kinder');
    await user.selectOptions(within(form).getByLabelText(/^Zahlungsintervall/), 'vierteljährlich (3 Monate)');
    await user.clear(within(form).getByLabelText(/^Betrag brutto/));
    await user.type(within(form).getByLabelText(/^Betrag brutto/), '159,50');
    await user.clear(within(form).getByLabelText(/^Aktivierungsgebühr/));
    await user.type(within(form).getByLabelText(/^Aktivierungsgebühr/), '49');
    await user.clear(within(form).getByLabelText(/^Steuersatz/));
    await user.type(within(form).getByLabelText(/^Steuersatz/), '7,7');
    await user.selectOptions(within(form).getByLabelText(/^Mindestlaufzeit/), '24 Monate');
    await user.selectOptions(within(form).getByLabelText(/^Kündigungsfrist zur Mindestlaufzeit/), '3 Monate');
    await user.selectOptions(within(form).getByLabelText(/^Verlängerung/), '6 Monate');
    await user.selectOptions(within(form).getByLabelText(/^Währung/), 'CHF');
    await user.type(within(form).getByLabelText(/^Notizen/), 'Bis 14 Jahre');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(createContractTemplate).toHaveBeenCalledWith({
        school_id: 1, name: 'Kinder', notes: 'Bis 14 Jahre', pay_interval: 3, c_country_iso: 'at', amount_gross: 15_950, activation_gross: 4900,
        tax_percent: 7.7, c_interval_start: 24, c_cperiod_start: 3, c_interval_follow: 6, c_cperiod_follow: 1, currency: 'CHF',
      }, expect.stringMatching(/^[\w.:-]{8,128}$/)),
    );
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('offers only the bounds of spec 001 as choices and explains the German maximum term', async () => {
    const { user } = renderArea('/m-conf/contract/create');
    const form = await screen.findByRole('form', { name: 'Vertragsvorlage' });
    const start = within(form).getByLabelText(/^Mindestlaufzeit/);
    const realOptions = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent).filter(Boolean);
    expect(realOptions(start)).toHaveLength(24);
    expect(realOptions(within(form).getByLabelText(/^Verlängerung/))).toHaveLength(12);
    expect(realOptions(within(form).getByLabelText(/^Kündigungsfrist zur Verlängerung/))).toEqual(['1 Monat', '2 Monate', '3 Monate']);
    expect(realOptions(within(form).getByLabelText(/^Zahlungsintervall/))).toHaveLength(4);
    expect(realOptions(within(form).getByLabelText(/^Währung/))).toHaveLength(16);
    expect(form.textContent).not.toContain('unbefristet');
    await user.selectOptions(within(form).getByLabelText(/^Land/), 'Deutschland');
    expect(form.textContent).toContain('In Deutschland sind höchstens 24 Monate erlaubt');
  });

  it('refuses a save without name and school (messages at the fields, nothing sent)', async () => {
    const { user } = renderArea('/m-conf/contract/create');
    const form = await screen.findByRole('form', { name: 'Vertragsvorlage' });
    await user.clear(within(form).getByLabelText(/^Steuersatz/));
    await user.type(within(form).getByLabelText(/^Steuersatz/), '120');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByLabelText(/^Schule/).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText(/^Steuersatz/).getAttribute('aria-invalid')).toBe('true');
    expect(createContractTemplate).not.toHaveBeenCalled();
  });

  it('copies a template as a new one (template route)', async () => {
    const { user } = renderArea('/m-conf/contract/template/3');
    const form = await screen.findByRole('form', { name: 'Vertragsvorlage' });
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Erwachsene (Kopie)');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createContractTemplate).toHaveBeenCalledWith(expect.objectContaining({ name: 'Erwachsene (Kopie)', amount_gross: 6900, school_id: 1 }), expect.any(String)));
    expect(updateContractTemplate).not.toHaveBeenCalled();
  });

  it('saves a change with the version read; a stale version shows the conflict notice', async () => {
    jest.mocked(updateContractTemplate).mockRejectedValueOnce(answer(409, { error: 9 }));
    jest.mocked(getContractTemplate).mockImplementation(async () => {
      const { school: _school, uc: _uc, ...template } = adults;
      return template;
    });
    const { user } = renderArea('/m-conf/contract/edit/3');
    const form = await screen.findByRole('form', { name: 'Vertragsvorlage' });
    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Erwachsene 2027');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateContractTemplate).toHaveBeenCalledWith(3, expect.objectContaining({ name: 'Erwachsene 2027' }), 2));
    expect(await screen.findByText(/inzwischen|meanwhile|geändert/i)).toBeTruthy();
  });

  it('without s_contract_w the form is read-only', async () => {
    renderArea('/m-conf/contract/edit/3', ['s_contract_r']);
    const form = await screen.findByRole('form', { name: 'Vertragsvorlage' });
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Speichern' })).toBeNull();
  });
});
