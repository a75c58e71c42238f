import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'shared-kernel';
import { Route, Routes } from 'react-router';
import type { ConclusionDataResponse, ConclusionListRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getConclusionData } from '../api/conclusion-form';
import {
  activateConclusion, createPreStudent, deleteConclusion, downloadConclusionPdf, downloadSepaMandate, getConclusionList,
} from '../api/conclusions';

jest.mock('../api/conclusions');
jest.mock('../api/conclusion-form');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const base: ConclusionListRow = {
  ccid: 1, dc: '2026-03-04T09:15:00Z', sid: 1, sn: 'Kampfsportschule Wien', cn: 'AT-1001', fn: 'Lena', ln: 'Berger', po: false, act: false,
  date_withdrawal: null, cs: '2026-04-01', createdBy: 'Anna Admin', mno: null, stu: null, sepa: true,
};
const rows: ConclusionListRow[] = [
  base,
  { ...base, ccid: 2, cn: 'AT-1002', fn: 'Paul', ln: 'Huber', po: true, date_withdrawal: '2026-03-10', createdBy: 'Contracts' },
  { ...base, ccid: 3, cn: 'AT-1003', fn: 'Mia', ln: 'Gruber', act: true, stu: 42 },
  { ...base, ccid: 4, cn: 'AT-1004', fn: 'Tom', ln: 'Wagner', act: true, stu: 43, mno: 'N-77', sepa: false },
];

const userWith = (atoms: string[], overrides = {}) => ({ ...overrides, user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderList(session = {}) {
  const Conclusions = routes['m-con'];
  return renderWithProviders(
    <Routes>
      <Route path="m-con/*" element={<Conclusions />} />
      <Route path="m-student/details/:id" element={<p>student detail</p>} />
    </Routes>,
    { route: '/m-con/list', session },
  );
}

async function rowOf(lastname: string) {
  const cell = await screen.findByText(lastname, {}, { timeout: 15_000 });
  return cell.closest('tr') as HTMLElement;
}

const buttonNames = (row: HTMLElement) => within(row).queryAllByRole('button').map((button) => button.textContent);

function httpError(status: number, body: unknown) {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api-conclusion/actcon'), {} as never);
}

beforeEach(() => {
  jest.mocked(getConclusionList).mockReset().mockResolvedValue({ rows, pages: 1, total: rows.length });
  jest.mocked(deleteConclusion).mockReset().mockResolvedValue(undefined);
  jest.mocked(activateConclusion).mockReset().mockResolvedValue({ success: true, stu: 42, scid: 5, version: 4, created: true });
  // The activation dialog reads the conclusion's version.
  jest.mocked(getConclusionData).mockReset().mockResolvedValue({ data: { id: 1, version: 3 } } as unknown as ConclusionDataResponse);
  jest.mocked(createPreStudent).mockReset().mockResolvedValue(undefined);
  jest.mocked(downloadConclusionPdf).mockReset().mockResolvedValue(undefined);
  jest.mocked(downloadSepaMandate).mockReset().mockResolvedValue(undefined);
});

describe('conclusion list', () => {
  it('asks the server for page 0 with 20 rows, newest first, and shows the row fields', async () => {
    renderList();
    const row = await rowOf('Berger');
    expect(getConclusionList).toHaveBeenCalledWith(
      expect.objectContaining({ page: 0, pageSize: 20, sorted: [{ id: 'dc', desc: true }], filtered: [] }),
      expect.anything(),
    );
    expect(row.textContent).toContain('04.03.2026');
    expect(row.textContent).toContain('Kampfsportschule Wien');
    expect(row.textContent).toContain('AT-1001');
    expect(row.textContent).toContain('01.04.2026');
    expect(screen.getByRole('searchbox', { name: /Vorname/ })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: /Nachname/ })).toBeTruthy();
  });

  it('marks a withdrawn row orange and with a sign, and a row of the online contracts', async () => {
    renderList();
    const row = await rowOf('Huber');
    expect(row.className).toContain('sbo-row-warning');
    expect(within(row).getByTitle('Widerruf am 10.03.2026')).toBeTruthy();
    expect(within(row).getByText('Online-Vertrag')).toBeTruthy();
    expect((await rowOf('Berger')).className).not.toContain('sbo-row-warning');
  });

  it('offers edit, activate and delete only before activation; PDF only for paper; pre-student only activated without mno', async () => {
    renderList();
    const open = await rowOf('Berger');
    expect(buttonNames(open)).toEqual(['Aktivieren', 'SEPA-Mandat', 'Löschen']);
    expect(within(open).getByRole('link', { name: 'Vertragsabschluss von Lena Berger bearbeiten' }).getAttribute('href')).toBe('/m-con/rc/edit/1');
    const paper = await rowOf('Huber');
    expect(buttonNames(paper)).toEqual(['Aktivieren', 'PDF', 'SEPA-Mandat', 'Löschen']);
    expect(within(paper).getByRole('link', { name: /bearbeiten/ }).getAttribute('href')).toBe('/m-con/lc/edit/2');
    const activated = await rowOf('Gruber');
    expect(buttonNames(activated)).toEqual(['SEPA-Mandat', 'Vorab-Schüler anlegen']);
    expect(within(activated).queryByRole('link', { name: /bearbeiten/ })).toBeNull();
    expect(within(activated).getByRole('link', { name: 'Schüler Mia Gruber öffnen, Nr. 42' }).getAttribute('href')).toBe('/m-student/details/42');
    // Paying by transfer or cash: no mandate to download.
    expect(buttonNames(await rowOf('Wagner'))).toEqual([]);
  });

  it('offers only what the atoms allow', async () => {
    const view = renderList(userWith(['conclusion_r']));
    const row = await rowOf('Huber');
    expect(buttonNames(row)).toEqual(['SEPA-Mandat']);
    expect(within(row).queryByRole('link', { name: /bearbeiten/ })).toBeNull();
    expect(buttonNames(await rowOf('Gruber'))).toEqual(['SEPA-Mandat']);
    expect(screen.queryByRole('link', { name: /Neuer/ })).toBeNull();
    view.unmount();

    renderList(userWith(['conclusion_r', 'conclusion_d']));
    expect(buttonNames(await rowOf('Huber'))).toEqual(['SEPA-Mandat', 'Löschen']);
  });

  it('without conclusion_r the screen refuses', async () => {
    renderList(userWith(['student_r']));
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(getConclusionList).not.toHaveBeenCalled();
  });

  it('shows a regular and a paper create button in Austria, one (paper) in Germany; German edits use the regular form', async () => {
    const view = renderList();
    await rowOf('Berger');
    expect(screen.getByRole('link', { name: 'Neuer Vertragsabschluss' }).getAttribute('href')).toBe('/m-con/rc/create');
    expect(screen.getByRole('link', { name: 'Neuer Papiervertrag' }).getAttribute('href')).toBe('/m-con/lc/create');
    view.unmount();

    renderList({ country: 'de' });
    const paper = await rowOf('Huber');
    expect(screen.queryByRole('link', { name: 'Neuer Vertragsabschluss' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Neuer Papiervertrag' })).toBeTruthy();
    expect(within(paper).getByRole('link', { name: /bearbeiten/ }).getAttribute('href')).toBe('/m-con/rc/edit/2');
  });

  it('activates with an optional withdrawal date and reloads', async () => {
    const { user } = renderList();
    await user.click(within(await rowOf('Berger')).getByRole('button', { name: 'Vertragsabschluss von Lena Berger aktivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vertragsabschluss aktivieren' });
    await user.type(within(dialog).getByRole('textbox', { name: /Widerrufsdatum/ }), '15.04.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Aktivieren' }));
    await waitFor(() => expect(activateConclusion).toHaveBeenCalledWith(1, '2026-04-15', 3));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(getConclusionList).toHaveBeenCalledTimes(2));
  });

  it('a failed activation shows error 8 and keeps the dialog', async () => {
    jest.mocked(activateConclusion).mockRejectedValue(httpError(400, { error: 66 }));
    const { user } = renderList();
    await user.click(within(await rowOf('Berger')).getByRole('button', { name: /aktivieren/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aktivieren' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Serverfehler.');
    expect(activateConclusion).toHaveBeenCalledWith(1, null, 3);
  });

  it('deletes after really_delete, downloads the PDF and the mandate, creates the pre-student', async () => {
    const { user } = renderList();
    await user.click(within(await rowOf('Huber')).getByRole('button', { name: 'Papiervertrag von Paul Huber als PDF' }));
    await waitFor(() => expect(downloadConclusionPdf).toHaveBeenCalledWith(2));
    await user.click(within(await rowOf('Huber')).getByRole('button', { name: 'SEPA-Mandat von Paul Huber herunterladen' }));
    await waitFor(() => expect(downloadSepaMandate).toHaveBeenCalledWith(2));
    await user.click(within(await rowOf('Gruber')).getByRole('button', { name: 'Vorab-Schüler anlegen: Mia Gruber' }));
    await waitFor(() => expect(createPreStudent).toHaveBeenCalledWith(3));
    await user.click(within(await rowOf('Huber')).getByRole('button', { name: 'Vertragsabschluss von Paul Huber löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteConclusion).toHaveBeenCalledWith(2));
  });
});
