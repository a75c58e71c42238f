import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { AssociationDocumentList, Atom } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { deleteDocumentEntry, getDocumentFolder, searchDocuments, updateDocumentEntry } from '../api/documents.js';

jest.mock('../api/documents.js', () => ({
  ...jest.requireActual('../api/documents.js'),
  getDocumentFolder: jest.fn(),
  searchDocuments: jest.fn(),
  updateDocumentEntry: jest.fn(),
  deleteDocumentEntry: jest.fn(),
  createDocumentFolder: jest.fn(),
  uploadDocuments: jest.fn(),
}));

jest.setTimeout(20_000);

const getFolderMock = jest.mocked(getDocumentFolder);
const searchMock = jest.mocked(searchDocuments);

const statutes: AssociationDocumentList = {
  folder: { id: 7, n: 'Satzung', p: 3, h: false },
  path: [{ id: 3, n: 'Verband' }],
  rows: [
    { id: 8, p: 7, folder: true, n: 'Archiv', ext: '', s: 0, dc: '2026-10-01T08:00:00Z', h: false, version: 1 },
    { id: 9, p: 7, folder: false, n: 'Satzung 2026.pdf', ext: 'pdf', s: 2048, dc: '2026-11-02T09:00:00Z', h: false, version: 3 },
  ],
  manage: false,
};

function session(atoms: Atom[], mno: string | null, level: 1 | 3 = 3) {
  const base = makeAppState();
  return makeAppState({ atoms, user: { ...base.user, level, mno } });
}

function renderAt(path: string, appState: ReturnType<typeof makeAppState>) {
  const Documents = routes['e-document'];
  return renderWithProviders(
    <Routes>
      <Route path="e-document/*" element={<Documents />} />
    </Routes>,
    { route: path, session: appState },
  );
}

beforeEach(() => {
  getFolderMock.mockReset();
  searchMock.mockReset();
  getFolderMock.mockResolvedValue(statutes);
});

describe('association documents', () => {
  it('shows the "link your account" notice without a membership number and loads nothing', async () => {
    renderAt('/e-document/root', session(['e_document_r'], null));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Mitgliedsnummer');
    expect(within(notice).getByRole('link', { name: 'Benutzerkonto jetzt verknüpfen' }).getAttribute('href')).toBe('/account-link');
    expect(getFolderMock).not.toHaveBeenCalled();
  });

  it('shows a folder with its path, the parent link, file type, size, date and the download link', async () => {
    renderAt('/e-document/7', session(['e_document_r'], 'AT-4711'));
    const table = await screen.findByRole('table', { name: 'Satzung' });
    expect(getFolderMock).toHaveBeenCalledWith('7', expect.anything());
    const path = screen.getByRole('navigation', { name: 'Ordnerpfad' });
    expect(within(path).getByRole('link', { name: 'Verband' }).getAttribute('href')).toBe('/e-document/3');
    expect(within(path).getByRole('link', { name: 'Dokumente' }).getAttribute('href')).toBe('/e-document/root');
    expect(screen.getByRole('link', { name: 'Zurück zum übergeordneten Ordner' }).getAttribute('href')).toBe('/e-document/3');

    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Archiv' }).getAttribute('href')).toBe('/e-document/8');
    expect(within(rows[1]!).getByRole('img', { name: 'Ordner' })).toBeTruthy();
    const file = within(rows[2]!).getByRole('link', { name: 'Satzung 2026.pdf' });
    expect(file.getAttribute('href')).toBe('/api-document/file?id=9');
    expect(within(rows[2]!).getByRole('img', { name: 'PDF-Datei' })).toBeTruthy();
    expect(rows[2]!.textContent).toContain('2 KB');
    expect(rows[2]!.textContent).toContain('02.11.2026');
    // Readers get no maintenance tools.
    expect(screen.queryByRole('button', { name: /löschen/ })).toBeNull();
  });

  it('searches across folders only with at least 2 characters', async () => {
    searchMock.mockResolvedValue({ folder: null, path: [], rows: [statutes.rows[1]!], manage: false });
    const { user } = renderAt('/e-document/root', session(['e_document_r'], 'AT-4711'));
    await screen.findByRole('table');
    const box = screen.getByRole('searchbox', { name: 'Dokumente durchsuchen' });
    await user.type(box, 'a');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte mindestens 2 Zeichen eingeben.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(searchMock).not.toHaveBeenCalled();

    await user.type(box, 'tz{Enter}');
    await waitFor(() => expect(searchMock).toHaveBeenCalledWith('atz', expect.anything()));
    expect(await screen.findByRole('heading', { name: '1 Treffer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Satzung 2026.pdf' })).toBeTruthy();
  });

  it('lets the superadmin hide and delete entries (a folder after confirming)', async () => {
    getFolderMock.mockResolvedValue({ ...statutes, manage: true });
    jest.mocked(updateDocumentEntry).mockResolvedValue();
    jest.mocked(deleteDocumentEntry).mockResolvedValue();
    const { user } = renderAt('/e-document/7', session(['e_document_r'], 'AT-1', 1));
    await user.click(await screen.findByRole('button', { name: '„Satzung 2026.pdf“ ausblenden' }));
    expect(updateDocumentEntry).toHaveBeenCalledWith(9, { h: true, version: 3 });
    await user.click(screen.getByRole('button', { name: '„Archiv“ löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('mit allem, was darin liegt');
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(deleteDocumentEntry).toHaveBeenCalledWith(8, true));
  });
});
