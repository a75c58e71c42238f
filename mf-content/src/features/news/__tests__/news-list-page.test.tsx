import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { formatDateTime } from 'shared-kernel';
import type { NewsListResponse, NewsListRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { deleteNews } from '../api/delete-news';
import { getNewsList } from '../api/get-news-list';

jest.mock('../api/get-news-list');
jest.mock('../api/delete-news');

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

const rows: NewsListRow[] = [
  {
    content_id: 1, schools: [], visibility: 4, title: 'Sommercamp', active: true,
    date_published: '2026-06-01T08:00:05Z', date_expired: '2026-07-01T18:30:00Z', content_status_id: 1, school_id: 1,
  },
  {
    content_id: 2, schools: [], visibility: 4, title: 'Verbandsnews', active: false,
    date_published: null, date_expired: null, content_status_id: 1, school_id: 99,
  },
  {
    content_id: 3, schools: ['Kampfsportschule Wien', 'Kampfsportschule München'], visibility: 3, title: 'Prüfungstermine',
    active: true, date_published: '2026-05-02T10:00:00Z', date_expired: null, content_status_id: 1, school_id: 2,
  },
];
const answer: NewsListResponse = { rows, pages: 1, total: 3 };

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderArea(route: string, session = {}) {
  const ContentDash = routes['c-dash'];
  const News = routes['c-news'];
  return renderWithProviders(
    <Routes>
      <Route path="c-dash/*" element={<ContentDash />} />
      <Route path="c-news/*" element={<News />} />
    </Routes>,
    { route, session },
  );
}

async function rowOf(title: string) {
  const cell = await screen.findByText(title, {}, { timeout: 15_000 });
  const row = cell.closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${title}`);
  return row;
}

beforeEach(() => {
  jest.mocked(getNewsList).mockReset().mockResolvedValue(answer);
  jest.mocked(deleteNews).mockReset().mockResolvedValue(undefined);
});

describe('news list', () => {
  it('sends /c-dash to the news and shows schools, title, active and date-times with the row actions', async () => {
    renderArea('/c-dash');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    const own = await rowOf('Sommercamp');
    expect(jest.mocked(getNewsList).mock.calls[0][0]).toEqual({
      page: 0, pageSize: 25, sorted: [{ id: 'date_published', desc: true }], filtered: [],
    });
    expect(own.textContent).toContain('Alle Schulen');
    expect(own.textContent).toContain('Ja');
    expect(own.textContent).toContain(formatDateTime('2026-06-01T08:00:05Z', true));
    expect(own.textContent).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:05/);
    expect(within(own).getByRole('link', { name: '„Sommercamp“ bearbeiten' }).getAttribute('href')).toBe('/c-news/edit/1');
    expect(within(own).getByRole('link', { name: '„Sommercamp“ kopieren' }).getAttribute('href')).toBe('/c-news/template/1');
    expect(within(own).getByRole('button', { name: '„Sommercamp“ löschen' })).toBeTruthy();

    const certain = await rowOf('Prüfungstermine');
    expect(certain.textContent).toContain('Kampfsportschule Wien, Kampfsportschule München');

    // Shown to the user's schools by another school: copy only.
    const foreign = await rowOf('Verbandsnews');
    expect(foreign.textContent).toContain('Nein');
    expect(foreign.textContent).toContain('Andere Schule (nur lesen)');
    expect(within(foreign).queryByRole('link', { name: '„Verbandsnews“ bearbeiten' })).toBeNull();
    expect(within(foreign).queryByRole('button', { name: '„Verbandsnews“ löschen' })).toBeNull();
    expect(within(foreign).getByRole('link', { name: '„Verbandsnews“ kopieren' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'News anlegen' }).getAttribute('href')).toBe('/c-news/create');
  });

  it('lets keyboard users tab through a row’s actions and move between rows with the arrows', async () => {
    const { user } = renderArea('/c-news');
    const row = await rowOf('Sommercamp');
    const edit = within(row).getByRole('link', { name: '„Sommercamp“ bearbeiten' });
    edit.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(row).getByRole('link', { name: '„Sommercamp“ kopieren' }));
    await user.tab();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: '„Sommercamp“ löschen' }));
    // Down: the first action of the same column in the next row (another school's: copy only).
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: '„Verbandsnews“ kopieren' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: '„Prüfungstermine“ bearbeiten' }));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(edit);
  });

  it('offers edit and copy only with c_news_w and delete only with c_news_d', async () => {
    const { unmount } = renderArea('/c-news', userWith(['c_news_r']));
    let row = await rowOf('Sommercamp');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'News anlegen' })).toBeNull();
    unmount();

    renderArea('/c-news', userWith(['c_news_r', 'c_news_w']));
    row = await rowOf('Sommercamp');
    expect(within(row).getByRole('link', { name: '„Sommercamp“ bearbeiten' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: '„Sommercamp“ kopieren' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '„Sommercamp“ löschen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'News anlegen' })).toBeTruthy();
  });

  it('makes news of a school outside the school filter read-only (the server changes only those in view)', async () => {
    // Sommercamp belongs to school 1; the filter shows school 2 only.
    renderArea('/c-news', { filter: [2] });
    const row = await rowOf('Sommercamp');
    expect(within(row).queryByRole('link', { name: '„Sommercamp“ bearbeiten' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '„Sommercamp“ löschen' })).toBeNull();
    expect(within(row).getByRole('link', { name: '„Sommercamp“ kopieren' })).toBeTruthy();
    const own = await rowOf('Prüfungstermine');
    expect(within(own).getByRole('link', { name: '„Prüfungstermine“ bearbeiten' })).toBeTruthy();
  });

  it('deletes after confirmation and reloads the list', async () => {
    const { user } = renderArea('/c-news', userWith(['c_news_r', 'c_news_d']));
    const row = await rowOf('Sommercamp');
    expect(within(row).queryByRole('link', { name: '„Sommercamp“ bearbeiten' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: '„Sommercamp“ löschen' }));
    const question = screen.getByRole('alertdialog', { name: 'Bitte bestätigen' });
    expect(question.textContent).toContain('Wirklich löschen?');
    await user.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(deleteNews).not.toHaveBeenCalled();

    const callsBefore = jest.mocked(getNewsList).mock.calls.length;
    await user.click(within(row).getByRole('button', { name: '„Sommercamp“ löschen' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteNews).toHaveBeenCalledWith(1));
    await waitFor(() => expect(jest.mocked(getNewsList).mock.calls.length).toBeGreaterThan(callsBefore));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the errors.3 dialog titled errors.error when a delete fails', async () => {
    jest.mocked(deleteNews).mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderArea('/c-news');
    const row = await rowOf('Sommercamp');
    const callsBefore = jest.mocked(getNewsList).mock.calls.length;
    await user.click(within(row).getByRole('button', { name: '„Sommercamp“ löschen' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));

    const failure = await screen.findByRole('alertdialog', { name: 'Fehler' });
    expect(failure.textContent).toContain('Die Aktion konnte nicht ausgeführt werden');
    await user.click(within(failure).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(jest.mocked(getNewsList).mock.calls.length).toBe(callsBefore);
  });
});
