import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { HTTPError } from 'shared-kernel';
import type { SystemTemplateData, SystemTemplateRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getSystemTemplate, getSystemTemplates, resetSystemTemplate, saveSystemTemplate } from '../api/system-templates';
import { getTemplateBaseData, previewTemplate } from '../api/templates';

jest.mock('../api/system-templates');
jest.mock('../api/templates');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const rows: SystemTemplateRow[] = [
  { key: 'inv_trial', name: { de: 'Einladung zum Probetraining', en: 'Invitation to trial' }, type: 1, overridden: false },
  { key: 'rep_memb_canc', name: { de: 'Kündigungsbestätigung', en: 'Cancellation confirmation' }, type: 3, overridden: true },
  { key: 'dunning_1', name: { de: '1. Mahnung', en: '1st dunning' }, type: 2, overridden: false },
];

function level(schoolId: number | null, over: Partial<SystemTemplateData> = {}): SystemTemplateData {
  return {
    key: 'rep_memb_canc', name: rows[1]!.name, type: 3, school_id: schoolId,
    subject: schoolId === null ? 'Kündigung (alle)' : `Kündigung Schule ${schoolId}`, content: '<p>Text</p>',
    source: schoolId === null ? 'all' : 'default', default_subject: 'Kündigung', default_content: '<p>Text</p>', version: 2, ...over,
  };
}

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

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
  jest.mocked(getSystemTemplates).mockReset().mockResolvedValue(rows);
  jest.mocked(getSystemTemplate).mockReset().mockImplementation(async (_key, schoolId) => level(schoolId));
  jest.mocked(saveSystemTemplate).mockReset().mockResolvedValue(3);
  jest.mocked(resetSystemTemplate).mockReset().mockResolvedValue(undefined);
  jest.mocked(getTemplateBaseData).mockReset().mockResolvedValue({ placeholders: [], types: [], system: [] });
  jest.mocked(previewTemplate).mockReset().mockImplementation(async (request) => ({ data: { subject: request.subject, content: request.content }, key: [] }));
});

describe('system templates', () => {
  it('lists the system templates and filters them by the search text', async () => {
    const { user } = renderArea('/m-conf/template');
    const table = await screen.findByRole('table', { name: 'Systemvorlagen' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Kündigungsbestätigung').parentElement!.textContent).toContain('Angepasst');
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'mahn');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Systemvorlage „1. Mahnung“ bearbeiten' }).getAttribute('href')).toBe('/m-conf/template/edit/dunning_1');
    await user.clear(screen.getByRole('searchbox', { name: 'Suche' }));
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'xyz');
    expect(within(table).getByText('Keine Systemvorlage gefunden.')).toBeTruthy();
  });

  it('without s_template_r the screens refuse', async () => {
    renderArea('/m-conf/template/edit/rep_memb_canc', userWith(['template_r']));
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getSystemTemplate).not.toHaveBeenCalled();
  });

  it('edits one school: loads that level, saves its subject with the version, resets an override of all schools', async () => {
    const { user } = renderArea('/m-conf/template/edit/rep_memb_canc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Systemvorlage: Kündigungsbestätigung' })).toBeTruthy();
    const levelPicker = screen.getByRole('combobox', { name: 'Gilt für' });
    const subject = await screen.findByRole('textbox', { name: /^Betreff/ });
    expect((subject as HTMLInputElement).value).toBe('Kündigung (alle)');
    expect(screen.getByText('Angepasster Text für alle Schulen.')).toBeTruthy();

    // All-schools level has its own override: it can be reset.
    await user.click(screen.getByRole('button', { name: 'Auf Standard zurücksetzen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('„Alle Schulen“');
    await user.click(within(dialog).getByRole('button', { name: 'Auf Standard zurücksetzen' }));
    await waitFor(() => expect(resetSystemTemplate).toHaveBeenCalledWith('rep_memb_canc', null));

    await user.selectOptions(levelPicker, 'Kampfsportschule München');
    await waitFor(() => expect(getSystemTemplate).toHaveBeenLastCalledWith('rep_memb_canc', 2, expect.anything()));
    const schoolSubject = await screen.findByDisplayValue('Kündigung Schule 2');
    expect(screen.getByText('Standardtext.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Auf Standard zurücksetzen' })).toBeNull();
    await user.clear(schoolSubject);
    await user.type(schoolSubject, 'Ihre Kündigung in München');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(saveSystemTemplate).toHaveBeenCalledWith('rep_memb_canc', 2, { subject: 'Ihre Kündigung in München', content: '<p>Text</p>' }, 2),
    );
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('shows the conflict notice when someone saved the same level meanwhile', async () => {
    jest.mocked(saveSystemTemplate).mockRejectedValue(
      new HTTPError(new Response(JSON.stringify({ error: 9 }), { status: 409 }), new Request('http://localhost/api-template/system-data'), {} as never),
    );
    const { user } = renderArea('/m-conf/template/edit/rep_memb_canc');
    const subject = await screen.findByRole('textbox', { name: /^Betreff/ });
    await user.type(subject, '!');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('button', { name: 'Aktuellen Stand laden' })).toBeTruthy();
    expect((subject as HTMLInputElement).value).toBe('Kündigung (alle)!');
  });

  it('a user without s_template_w reads but cannot save or reset', async () => {
    renderArea('/m-conf/template/edit/rep_memb_canc', userWith(['s_template_r']));
    await screen.findByDisplayValue('Kündigung (alle)');
    expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Auf Standard zurücksetzen' })).toBeNull();
    expect(screen.getByText(/fehlt das Recht, Systemvorlagen zu bearbeiten/)).toBeTruthy();
  });
});
