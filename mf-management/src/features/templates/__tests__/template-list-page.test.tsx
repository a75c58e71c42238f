import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TemplateListRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { deleteTemplate, getTemplateList } from '../api/templates';

jest.mock('../api/templates');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const rows: TemplateListRow[] = [
  { id: 7, dc: '2026-03-04T09:15:00Z', sid: [1, 2], n: 'Willkommensbrief', type: 2 },
  { id: 8, dc: '2026-01-20T12:00:00Z', sid: [2, 99], n: 'Einladung Probetraining', type: 1 },
];

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderArea(session = {}) {
  const Templates = routes['m-template'];
  return renderWithProviders(
    <Routes>
      <Route path="m-template/*" element={<Templates />} />
    </Routes>,
    { route: '/m-template/base', session },
  );
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name, {}, { timeout: 15_000 });
  return cell.closest('tr') as HTMLElement;
}

beforeEach(() => {
  jest.mocked(getTemplateList).mockReset().mockResolvedValue({ rows, pages: 1, total: 2 });
  jest.mocked(deleteTemplate).mockReset().mockResolvedValue(undefined);
});

describe('custom template list', () => {
  it('shows creation date, schools, name and type, newest first, with edit, copy and delete', async () => {
    renderArea();
    const row = await rowOf('Willkommensbrief');
    expect(row.textContent).toContain('04.03.2026');
    expect(row.textContent).toContain('Kampfsportschule Wien, Kampfsportschule München');
    expect(row.textContent).toContain('Schüler');
    expect((await rowOf('Einladung Probetraining')).textContent).toContain('Kampfsportschule München, Schule 99');
    expect(getTemplateList).toHaveBeenCalledWith(expect.objectContaining({ sorted: [{ id: 'dc', desc: true }] }), expect.anything());
    expect(within(row).getByRole('link', { name: '„Willkommensbrief“ bearbeiten' }).getAttribute('href')).toBe('/m-template/base/edit/7');
    expect(within(row).getByRole('link', { name: '„Willkommensbrief“ kopieren' }).getAttribute('href')).toBe('/m-template/base/template/7');
    expect(within(row).getByRole('button', { name: '„Willkommensbrief“ löschen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neue Vorlage' }).getAttribute('href')).toBe('/m-template/base/create');
  });

  it('offers only what the atoms allow', async () => {
    const view = renderArea(userWith(['template_r']));
    let row = await rowOf('Willkommensbrief');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neue Vorlage' })).toBeNull();
    view.unmount();

    renderArea(userWith(['template_r', 'template_w']));
    row = await rowOf('Willkommensbrief');
    expect(within(row).getAllByRole('link').map((link) => link.textContent)).toEqual(['Bearbeiten', 'Kopieren']);
    expect(within(row).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Neue Vorlage' })).toBeTruthy();
  });

  it('without template_r the screen refuses', async () => {
    renderArea(userWith(['student_r']));
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getTemplateList).not.toHaveBeenCalled();
  });

  it('deletes after the really_delete confirmation and reloads', async () => {
    const { user } = renderArea(userWith(['template_r', 'template_d']));
    const row = await rowOf('Einladung Probetraining');
    await user.click(within(row).getByRole('button', { name: '„Einladung Probetraining“ löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Wirklich löschen?');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteTemplate).toHaveBeenCalledWith(8));
    await waitFor(() => expect(getTemplateList).toHaveBeenCalledTimes(2));
  });
});
