import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TemplateBaseData, TemplateData } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { createTemplate, getTemplate, getTemplateBaseData, getTemplateList, previewTemplate, updateTemplate } from '../api/templates';

jest.mock('../api/templates');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const baseData: TemplateBaseData = {
  placeholders: [
    { name: 'school', description: { de: 'Name der Schule', en: 'School name' }, types: [1, 2, 3] },
    { name: 'student_name', description: { de: 'Name des Schülers', en: 'Student name' }, types: [2, 3] },
    { name: 'contact', description: { de: 'Name des Interessenten', en: 'Lead name' }, types: [1] },
  ],
  types: [],
  system: [],
};

const template: TemplateData = {
  id: 7, name: 'Willkommensbrief', schools: [2], type: 2, subject: 'Willkommen in der ##school##',
  content: '<p>Hallo ##student_name##, ##unbekannt##</p>', created_at: '2026-03-04T09:15:00Z', created_by: 'admin', version: 3,
};

function renderArea(route: string) {
  const Templates = routes['m-template'];
  return renderWithProviders(
    <Routes>
      <Route path="m-template/*" element={<Templates />} />
    </Routes>,
    { route },
  );
}

beforeEach(() => {
  jest.mocked(getTemplateBaseData).mockReset().mockResolvedValue(baseData);
  jest.mocked(getTemplate).mockReset().mockResolvedValue(template);
  jest.mocked(getTemplateList).mockReset().mockResolvedValue({ rows: [], pages: 0, total: 0 });
  jest.mocked(createTemplate).mockReset().mockResolvedValue(undefined);
  jest.mocked(updateTemplate).mockReset().mockResolvedValue(4);
  jest.mocked(previewTemplate).mockReset().mockImplementation(async (request) => ({
    data: { subject: request.subject.replace('##school##', 'Kampfsportschule München'), content: request.content },
    key: request.content.includes('##unbekannt##') ? ['unbekannt'] : [],
  }));
});

describe('custom template form', () => {
  it('refuses to save an empty form and names every required field', async () => {
    const { user } = renderArea('/m-template/base/create');
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('combobox', { name: /^Typ/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /^Betreff/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /^Inhalt/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Kampfsportschule Wien' }).getAttribute('aria-invalid')).toBe('true');
    expect(createTemplate).not.toHaveBeenCalled();
  });

  it('inserts a placeholder at the cursor, offers the placeholders of the chosen type and creates the template', async () => {
    const { user } = renderArea('/m-template/base/create');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Begrüßung');
    await user.click(screen.getByRole('checkbox', { name: 'Kampfsportschule Wien' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^Typ/ }), 'Interessent');
    const help = screen.getByRole('region', { name: 'Platzhalter' });
    await waitFor(() => expect(within(help).queryByRole('button', { name: '##student_name## einfügen' })).toBeNull());
    await user.type(screen.getByRole('textbox', { name: /^Betreff/ }), 'Hallo');
    await user.click(within(help).getByRole('button', { name: '##contact## einfügen' }));
    const content = screen.getByRole('textbox', { name: /^Inhalt/ });
    await waitFor(() => expect(content.innerHTML).toContain('##contact##'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createTemplate).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createTemplate).mock.calls[0]![0]).toEqual({
      name: 'Begrüßung', schools: [1], type: 1, subject: 'Hallo', content: expect.stringContaining('##contact##'),
    });
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('edit: loads the template, shows the preview with the unknown placeholder warning and saves with the version', async () => {
    const { user } = renderArea('/m-template/base/edit/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vorlage bearbeiten' })).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Vorschau' });
    await waitFor(() => expect(within(preview).getByTestId('template-preview-subject').textContent).toBe('Willkommen in der Kampfsportschule München'));
    const warning = within(preview).getByRole('status');
    expect(warning.textContent).toContain('Unbekannte Platzhalter');
    expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['##unbekannt##']);
    expect(previewTemplate).toHaveBeenCalledWith(expect.objectContaining({ subject: template.subject, type: 2 }), expect.anything());

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Brief neu');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateTemplate).toHaveBeenCalledWith(7, expect.objectContaining({ name: 'Brief neu', schools: [2], type: 2 }), 3));
  });

  it('copy: prefills every field from the source and saves a new template', async () => {
    const { user } = renderArea('/m-template/base/template/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vorlage kopieren' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Willkommensbrief (Kopie)');
    expect((screen.getByRole('checkbox', { name: 'Kampfsportschule München' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Kampfsportschule Wien' }) as HTMLInputElement).checked).toBe(false);
    const type = screen.getByRole('combobox', { name: /^Typ/ }) as HTMLSelectElement;
    expect(type.selectedOptions[0]!.textContent).toBe('Schüler');
    expect((screen.getByRole('textbox', { name: /^Betreff/ }) as HTMLInputElement).value).toBe('Willkommen in der ##school##');
    expect(screen.getByRole('textbox', { name: /^Inhalt/ }).innerHTML).toContain('Hallo ##student_name##');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createTemplate).toHaveBeenCalledWith(expect.objectContaining({ name: 'Willkommensbrief (Kopie)', schools: [2], type: 2 })));
    expect(updateTemplate).not.toHaveBeenCalled();
  });
});
