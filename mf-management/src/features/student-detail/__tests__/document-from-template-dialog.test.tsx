import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from 'shared-kernel/testing';
import { getStudentTemplates } from '../api/templates';
import { DocumentFromTemplateDialog } from '../components/document-from-template-dialog';
import '../i18n';

jest.mock('../api/templates');

jest.setTimeout(40_000);

function renderDialog(onClose = jest.fn()) {
  return {
    onClose,
    ...renderWithProviders(
      <Routes>
        <Route path="m-student/details/:id" element={<DocumentFromTemplateDialog studentId={17} schoolId={3} onClose={onClose} />} />
        <Route path="m-template/doc/:templateId/:entityId" element={<p>Dokument-Seite</p>} />
      </Routes>,
      { route: '/m-student/details/17' },
    ),
  };
}

describe("the student toolbar's document from template", () => {
  it("offers the school's student templates and opens the chosen one for the student", async () => {
    jest.mocked(getStudentTemplates).mockResolvedValue([
      { base: 4, n: 'Begrüßung', system: false },
      { base: 9, n: 'Prüfungseinladung', system: false },
    ]);
    const { user } = renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Dokument aus Vorlage' })).toBeTruthy();
    expect(getStudentTemplates).toHaveBeenCalledWith(3, expect.anything());
    await user.selectOptions(await screen.findByLabelText('Vorlage'), 'Prüfungseinladung');
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByText('Dokument-Seite')).toBeTruthy();
  });

  it('says when there is no template and closes by its cancel button', async () => {
    jest.mocked(getStudentTemplates).mockResolvedValue([]);
    const { user, onClose } = renderDialog();
    expect(await screen.findByText('Keine Vorlagen für Schüler vorhanden.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Öffnen' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
