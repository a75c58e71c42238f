import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'shared-kernel';
import { Route, Routes } from 'react-router';
import type { LeadImportRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { discardStagedLeads, getStagedLeads, importStagedLeads, uploadLeadFile } from '../api/lead-import';

jest.mock('../api/lead-import');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const row = (id: number, fn: string, ln: string, extra: Partial<LeadImportRow> = {}): LeadImportRow => ({
  id, dc: '2024-02-03', fn, ln, z: '8010', c: 'Graz', em: `${fn.toLowerCase()}@example.test`, p1: '0316 1', p2: '', sid: 1, sn: 'Kampfsportschule Wien', ...extra,
});
const rows = [row(1, 'Jürgen', 'Größer'), row(2, 'Ännchen', 'Öztürk', { dc: null }), row(3, 'Uwe', 'Weiß')];

function renderArea(session = {}) {
  const Import = routes['m-import'];
  return renderWithProviders(
    <Routes>
      <Route path="m-import/*" element={<Import />} />
    </Routes>,
    { route: '/m-import/leglead', session },
  );
}

function httpError(status: number, body: object): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-import/leglead/upload'), {} as never);
}

beforeEach(() => {
  jest.mocked(getStagedLeads).mockReset().mockResolvedValue({ rows, pages: 1, total: 3 });
  jest.mocked(uploadLeadFile).mockReset().mockResolvedValue({
    staged: 3,
    columns: [
      { header: 'Vorname', field: 'firstname' },
      { header: 'Nachname', field: 'lastname' },
      { header: 'Handynr', field: null },
    ],
  });
  jest.mocked(discardStagedLeads).mockReset().mockResolvedValue(undefined);
  jest.mocked(importStagedLeads).mockReset().mockResolvedValue({ success: true, created: 1, skipped: [{ id: 3, name: 'Uwe Weiß', reason: 'email' }] });
});

describe('legacy lead import', () => {
  it('shows the staged rows with creation date, names, zip, city, e-mail, phones and school, 20 per page, with prefix filters', async () => {
    renderArea();
    const table = await screen.findByRole('table', { name: 'Bereitgestellte Zeilen' });
    const first = (await within(table).findByText('Größer')).closest('tr') as HTMLElement;
    expect(first.textContent).toContain('03.02.2024');
    for (const text of ['Jürgen', '8010', 'Graz', 'jürgen@example.test', '0316 1', 'Kampfsportschule Wien']) expect(first.textContent).toContain(text);
    expect(getStagedLeads).toHaveBeenCalledWith(expect.objectContaining({ page: 0, pageSize: 20 }), expect.anything());
    for (const label of ['Vorname', 'Nachname', 'PLZ', 'Ort', 'E-Mail', 'Telefon', 'Mobil', 'Schule']) {
      expect(screen.getByLabelText(`Filter ${label}`)).toBeTruthy();
    }
  });

  it('uploads a file for the chosen school and lets the user map an unknown column', async () => {
    const { user } = renderArea();
    await screen.findByText('Größer');
    await user.click(screen.getByRole('button', { name: 'Hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte eine Datei auswählen.');

    const file = new File(['Vorname;Nachname;Handynr\nA;B;1\n'], 'export.csv', { type: 'text/csv' });
    await user.selectOptions(screen.getByLabelText('Schule (für Zeilen ohne bekannte Schule)'), 'Kampfsportschule München');
    await user.upload(screen.getByLabelText('Datei (CSV oder XLSX)'), file);
    await user.click(screen.getByRole('button', { name: 'Hochladen' }));
    await waitFor(() => expect(uploadLeadFile).toHaveBeenCalledWith(file, 2, {}));
    expect((await screen.findByRole('status')).textContent).toBe('3 Zeilen bereitgestellt.');

    const mapping = screen.getByRole('region', { name: 'Spaltenzuordnung' });
    await user.selectOptions(within(mapping).getByLabelText('Handynr'), 'Mobil');
    await user.click(within(mapping).getByRole('button', { name: 'Zuordnung übernehmen' }));
    await waitFor(() => expect(uploadLeadFile).toHaveBeenLastCalledWith(file, 2, { Handynr: 'mobile' }));
    expect(screen.getByRole('region', { name: 'Spaltenzuordnung' })).toBeTruthy();
  });

  it('shows the server\'s reason when a file cannot be imported', async () => {
    jest.mocked(uploadLeadFile).mockRejectedValue(httpError(400, { error: 81 }));
    const { user } = renderArea();
    await screen.findByText('Größer');
    await user.upload(screen.getByLabelText('Datei (CSV oder XLSX)'), new File(['x'], 'x.csv'));
    await user.click(screen.getByRole('button', { name: 'Hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Kopfzeile fehlt');
  });

  it('alerts when nothing is selected, imports the selected rows and shows the report', async () => {
    const { user } = renderArea();
    const table = await screen.findByRole('table', { name: 'Bereitgestellte Zeilen' });
    await within(table).findByText('Größer');
    await user.click(screen.getByRole('button', { name: 'Ausgewählte importieren' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nichts ausgewählt: bitte mindestens eine Zeile auswählen.');
    expect(importStagedLeads).not.toHaveBeenCalled();

    await user.click(within(table).getByRole('checkbox', { name: /Jürgen Größer/ }));
    await user.click(within(table).getByRole('checkbox', { name: /Uwe Weiß/ }));
    await user.click(screen.getByRole('button', { name: 'Ausgewählte importieren' }));
    await waitFor(() => expect(importStagedLeads).toHaveBeenCalledWith([1, 3]));
    const report = await screen.findByRole('status', { name: 'Ergebnis des Imports' });
    expect(report.textContent).toContain('1 Interessenten angelegt, 1 übersprungen.');
    expect(report.textContent).toContain('Uwe Weiß: gleiche E-Mail-Adresse in der Schule');
    expect(await screen.findByText('Vorgang erfolgreich ausgeführt.')).toBeTruthy();
    await waitFor(() => expect(getStagedLeads).toHaveBeenCalledTimes(2));
  });

  it('shows op_failed when the import fails', async () => {
    jest.mocked(importStagedLeads).mockRejectedValue(httpError(500, { error: 8 }));
    const { user } = renderArea();
    const table = await screen.findByRole('table', { name: 'Bereitgestellte Zeilen' });
    await user.click(await within(table).findByRole('checkbox', { name: /Jürgen Größer/ }));
    await user.click(screen.getByRole('button', { name: 'Ausgewählte importieren' }));
    expect(await screen.findByText('Der Vorgang ist fehlgeschlagen.')).toBeTruthy();
  });

  it('cancel discards the uploaded rows on the server after confirmation, and keeps them when the user says no', async () => {
    const { user } = renderArea();
    await screen.findByRole('table', { name: 'Bereitgestellte Zeilen' });
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Die hochgeladenen Zeilen verwerfen?');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(discardStagedLeads).not.toHaveBeenCalled();

    jest.mocked(getStagedLeads).mockResolvedValue({ rows: [], pages: 0, total: 0 });
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(discardStagedLeads).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('Größer')).toBeNull());
  });

  it('needs lead_w', async () => {
    renderArea({ user: { ...makeAppState().user, level: 3 }, atoms: ['lead_r'] as never });
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getStagedLeads).not.toHaveBeenCalled();
  });
});
