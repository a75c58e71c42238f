import { act, fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router';
import { HTTPError } from 'shared-kernel';
import type { NewsFile, NewsForm, NewsItem } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getNews } from '../api/get-news';
import { getNewsList } from '../api/get-news-list';
import { createNews, updateNews } from '../api/save-news';
import { uploadNewsFile } from '../api/upload-news-file';

jest.mock('../api/get-news');
jest.mock('../api/get-news-list');
jest.mock('../api/save-news');
jest.mock('../api/upload-news-file');

// Forms with many fields and user-event are slow on the small shared test machines.
jest.setTimeout(40_000);

const photo: NewsFile = { id: 5, name: 'halle.jpg', size: 120_000, mime: 'image/jpeg', image: true };
const flyer: NewsFile = { id: 6, name: 'flyer.pdf', size: 2_400_000, mime: 'application/pdf', image: false };

function item(overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    content_id: 7,
    title: 'Sommercamp',
    teaser: 'Eine Woche Training',
    body: '<p>Anmeldung <strong>jetzt</strong> offen</p>',
    date_published: '2026-06-01T06:00:00Z',
    date_expired: '2026-07-01T06:00:00Z',
    active: true,
    visibility: 4,
    schools: [],
    school_id: 2,
    files: [photo, flyer],
    editable: true,
    created_at: '2026-05-01T10:00:00Z',
    updated_at: '2026-05-01T10:00:00Z',
    version: 3,
    ...overrides,
  };
}

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderNews(route: string, session = {}) {
  const News = routes['c-news'];
  return renderWithProviders(
    <Routes>
      <Route path="c-news/*" element={<News />} />
    </Routes>,
    { route, session },
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function httpError(status: number, body: unknown): HTTPError {
  const request = new Request('http://localhost/api-content/news-file', { method: 'POST' });
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, request, {} as never);
}

const save = () => screen.getByRole('button', { name: 'Speichern' });
const editor = () => screen.getByRole('textbox', { name: 'Text' });

/** The error text a field points to with aria-describedby. */
function describedText(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

beforeEach(() => {
  jest.mocked(getNews).mockReset().mockResolvedValue(item());
  jest.mocked(getNewsList).mockReset().mockResolvedValue({ rows: [], pages: 0, total: 0 });
  jest.mocked(createNews).mockReset().mockResolvedValue(undefined);
  jest.mocked(updateNews).mockReset().mockResolvedValue(4);
  jest.mocked(uploadNewsFile).mockReset();
});

describe('news form: validation', () => {
  it('requires title and assignment, schools only for certain schools, and an expiry after the publish date', async () => {
    const { user } = renderNews('/c-news/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'News anlegen' })).toBeTruthy();

    await user.click(save());
    const title = screen.getByRole('textbox', { name: 'Titel' });
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(title)).toContain('Pflichtfeld');
    const assignment = screen.getByRole('radiogroup', { name: 'Zuordnung' });
    expect(assignment.textContent).toContain('Pflichtfeld');
    // Focus goes to the first problem.
    expect(document.activeElement).toBe(title);
    expect(screen.queryByRole('group', { name: 'Schulen' })).toBeNull();

    await user.type(title, 'Sommercamp');
    await user.click(within(assignment).getByRole('radio', { name: 'Nur bestimmte Schulen' }));
    const schools = screen.getByRole('group', { name: 'Schulen' });
    await user.click(save());
    await waitFor(() => expect(schools.textContent).toContain('Mindestens eine Schule muss ausgewählt sein.'));
    expect(within(schools).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['1', '2']);

    await user.click(within(assignment).getByRole('radio', { name: 'Alle Schulen' }));
    expect(screen.queryByRole('group', { name: 'Schulen' })).toBeNull();

    const published = screen.getByRole('textbox', { name: 'Veröffentlichen am' });
    const expired = screen.getByRole('textbox', { name: 'Ablaufdatum' });
    await user.type(published, '01.06.2026 08:00:00');
    await user.type(expired, '31.05.2026 08:00:00');
    await user.click(save());
    await waitFor(() => expect(describedText(expired)).toContain('Das Ablaufdatum muss nach dem Veröffentlichungsdatum liegen.'));
    await user.clear(expired);
    await user.type(expired, '31.02.2026 08:00:00');
    await waitFor(() => expect(describedText(expired)).toContain('Ungültiges Datum'));
    expect(createNews).not.toHaveBeenCalled();
  });
});

describe('news form: saving', () => {
  it('creates news with ISO date-times, visibility and schools, then shows the notice and returns to the list', async () => {
    const { user } = renderNews('/c-news/create');
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), '  Sommercamp 2026 ');
    await user.type(screen.getByRole('textbox', { name: 'Teaser' }), 'Eine Woche Training');
    await user.type(editor(), 'Anmeldung offen');
    await user.type(screen.getByRole('textbox', { name: 'Veröffentlichen am' }), '01.06.2026 08:00:00');
    await user.type(screen.getByRole('textbox', { name: 'Ablaufdatum' }), '30.06.2026 23:59:59');
    await user.click(screen.getByRole('radio', { name: 'Nur bestimmte Schulen' }));
    await user.click(within(screen.getByRole('group', { name: 'Schulen' })).getByRole('checkbox', { name: 'Kampfsportschule München' }));
    // Owner: the first school of the filter, a select because the user has two schools.
    const owner = screen.getByRole('combobox', { name: 'Eigentümer-Schule' }) as HTMLSelectElement;
    expect(owner.selectedOptions[0].textContent).toBe('Kampfsportschule Wien');
    await user.click(save());

    await waitFor(() => expect(createNews).toHaveBeenCalledTimes(1));
    const body: NewsForm = jest.mocked(createNews).mock.calls[0][0];
    expect(body).toEqual({
      title: 'Sommercamp 2026',
      teaser: 'Eine Woche Training',
      body: 'Anmeldung offen',
      date_published: dayjs('2026-06-01T08:00:00').format(),
      date_expired: dayjs('2026-06-30T23:59:59').format(),
      active: true,
      visibility: 3,
      schools: [2],
      school_id: 1,
      files: [],
    });
    expect(body.date_published).toMatch(/^2026-06-01T08:00:00[+-]\d{2}:\d{2}$/);
    expect(updateNews).not.toHaveBeenCalled();

    // The notice titled News, and back on the list.
    const notices = screen.getByRole('region', { name: 'Meldungen' });
    const notice = await within(notices).findByRole('status');
    expect(notice.textContent).toContain('News');
    expect(notice.textContent).toContain('Erfolgreich gespeichert!');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    await waitFor(() => expect(getNewsList).toHaveBeenCalled());
    // It goes away after 3 seconds.
    await waitForElementToBeRemoved(() => within(notices).queryByRole('status'), { timeout: 4500 });
  });

  it('changes an item with PUT and keeps untouched values, dates and files', async () => {
    const { user } = renderNews('/c-news/edit/7');
    const title = await screen.findByRole('textbox', { name: 'Titel' });
    expect(screen.getByRole('heading', { level: 1, name: 'News bearbeiten' })).toBeTruthy();
    expect(getNews).toHaveBeenCalledWith(7, expect.anything());
    expect((screen.getByRole('textbox', { name: 'Veröffentlichen am' }) as HTMLInputElement).value).toBe(
      dayjs('2026-06-01T06:00:00Z').format('DD.MM.YYYY HH:mm:ss'),
    );
    expect(editor().innerHTML).toBe('<p>Anmeldung <strong>jetzt</strong> offen</p>');
    expect(screen.getByRole('radio', { name: 'Alle Schulen' })).toHaveProperty('checked', true);
    expect(screen.getByRole('link', { name: 'flyer.pdf' }).getAttribute('href')).toBe('/api-content/news-file?id=6');
    expect(screen.getByRole('img', { name: 'halle.jpg' }).getAttribute('src')).toBe('/api-content/news-file?id=5');

    await user.clear(title);
    await user.type(title, 'Sommercamp (verschoben)');
    await user.click(screen.getByRole('checkbox', { name: 'Aktiv' }));
    await user.click(screen.getByRole('button', { name: '„flyer.pdf“ entfernen' }));
    await user.click(save());

    await waitFor(() => expect(updateNews).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateNews).mock.calls[0]).toEqual([
      7,
      {
        title: 'Sommercamp (verschoben)',
        teaser: 'Eine Woche Training',
        body: '<p>Anmeldung <strong>jetzt</strong> offen</p>',
        date_published: '2026-06-01T06:00:00Z',
        date_expired: '2026-07-01T06:00:00Z',
        active: false,
        visibility: 4,
        schools: [],
        school_id: 2,
        files: [5],
      },
      3,
    ]);
    expect(createNews).not.toHaveBeenCalled();
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('saves a template as a new item owned by the user’s school when the original is another school’s', async () => {
    jest.mocked(getNews).mockResolvedValue(item({ visibility: 3, schools: [1, 2], school_id: 99, editable: false }));
    const { user } = renderNews('/c-news/template/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'News aus Vorlage anlegen' })).toBeTruthy();
    const schools = await screen.findByRole('group', { name: 'Schulen' });
    expect(within(schools).getByRole('checkbox', { name: 'Kampfsportschule Wien' })).toHaveProperty('checked', true);
    await user.click(save());

    await waitFor(() => expect(createNews).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createNews).mock.calls[0][0]).toMatchObject({
      title: 'Sommercamp',
      visibility: 3,
      schools: [1, 2],
      school_id: 1,
      files: [5, 6],
      date_published: '2026-06-01T06:00:00Z',
    });
    expect(updateNews).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays on the form', async () => {
    jest.mocked(updateNews).mockRejectedValue(httpError(400, { error: 4, fields: { title: 'form.too_long' } }));
    const { user } = renderNews('/c-news/edit/7');
    await screen.findByRole('textbox', { name: 'Titel' });
    await user.click(save());
    expect(await screen.findByText('Die Daten konnten auf dem Server nicht gespeichert werden.')).toBeTruthy();
    expect(describedText(screen.getByRole('textbox', { name: 'Titel' }))).toContain('Feldlänge überschritten');
    expect(screen.getByRole('heading', { level: 1, name: 'News bearbeiten' })).toBeTruthy();
  });
});

describe('news form: permissions', () => {
  it('cannot save without c_news_w, and says why', async () => {
    renderNews('/c-news/create', userWith(['c_news_r']));
    const button = await screen.findByRole('button', { name: 'Speichern' });
    expect(button).toHaveProperty('disabled', true);
    expect(describedText(button)).toContain('Ihrem Konto fehlt das Recht, News zu bearbeiten');
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveProperty('disabled', true);
  });

  it('shows another school’s item read only in edit mode', async () => {
    jest.mocked(getNews).mockResolvedValue(item({ editable: false, school_id: 99 }));
    renderNews('/c-news/edit/7');
    const button = await screen.findByRole('button', { name: 'Speichern' });
    expect(button).toHaveProperty('disabled', true);
    expect(describedText(button)).toContain('gehört einer anderen Schule');
    expect(editor().getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('button', { name: '„flyer.pdf“ entfernen' })).toHaveProperty('disabled', true);
  });

  it('goes back to the list for unknown modes and missing ids', async () => {
    renderNews('/c-news/view/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    expect(getNews).not.toHaveBeenCalled();
  });
});

describe('news form: hostile bodies', () => {
  const hostile =
    '<p>Hallo</p><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">klick</a>' +
    '<p onclick="window.__pwned=3" style="color:red">Text</p><script>window.__pwned=4</script>';

  afterEach(() => {
    delete (window as { __pwned?: number }).__pwned;
  });

  it('sanitises the body before it is put into the editor, the preview and the request', async () => {
    jest.mocked(getNews).mockResolvedValue(item({ body: hostile }));
    const { user } = renderNews('/c-news/edit/7');
    await screen.findByRole('textbox', { name: 'Titel' });
    const html = editor().innerHTML;
    expect(html).toContain('<p>Hallo</p>');
    expect(html).toContain('<a>klick</a>');
    expect(html).not.toMatch(/onerror|onclick|javascript|script|style|<img/i);

    await user.click(screen.getByRole('button', { name: 'Vorschau anzeigen' }));
    const preview = screen.getByRole('region', { name: 'Vorschau' });
    expect(preview.innerHTML).toContain('Hallo');
    expect(preview.innerHTML).not.toMatch(/onerror|onclick|javascript|script|style|<img/i);

    await user.click(save());
    await waitFor(() => expect(updateNews).toHaveBeenCalled());
    expect(jest.mocked(updateNews).mock.calls[0][1].body).not.toMatch(/onerror|onclick|javascript|script|style|<img/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('sanitises pasted HTML', async () => {
    renderNews('/c-news/create');
    const box = await screen.findByRole('textbox', { name: 'Text' });
    // In act: the form validates the new body asynchronously.
    await act(async () => {
      fireEvent.paste(box, {
        clipboardData: { getData: (type: string) => (type === 'text/html' ? hostile : 'Hallo') },
      });
    });
    expect(box.innerHTML).toContain('Hallo');
    expect(box.innerHTML).not.toMatch(/onerror|onclick|javascript|script|style|<img/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('news form: attachments and images', () => {
  it('uploads at once, blocks saving while an upload runs, and sends the file ids', async () => {
    const upload = deferred<NewsFile>();
    jest.mocked(uploadNewsFile).mockReturnValueOnce(upload.promise);
    const { user } = renderNews('/c-news/create');
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Mit Bild');
    await user.click(screen.getByRole('radio', { name: 'Alle Schulen' }));

    const input = screen.getByLabelText('Anhänge und Bilder') as HTMLInputElement;
    await user.upload(input, new File(['jpeg'], 'dojo.jpg', { type: 'image/jpeg' }));
    expect(uploadNewsFile).toHaveBeenCalledWith(expect.any(File), expect.any(AbortSignal));
    expect(screen.getByText('Wird hochgeladen: dojo.jpg')).toBeTruthy();

    await user.click(save());
    await waitFor(() => expect(describedText(input)).toContain('Ein Upload läuft noch.'));
    expect(createNews).not.toHaveBeenCalled();

    await act(async () => upload.resolve({ id: 42, name: 'dojo.jpg', size: 4, mime: 'image/jpeg', image: true }));
    expect(await screen.findByRole('img', { name: 'dojo.jpg' })).toBeTruthy();
    expect(screen.queryByText('Wird hochgeladen: dojo.jpg')).toBeNull();

    // An image can be put into the text.
    await user.click(screen.getByRole('button', { name: '„dojo.jpg“ in den Text einfügen' }));
    expect(editor().innerHTML).toContain('<img src="/api-content/news-file?id=42" alt="dojo.jpg">');

    await user.click(save());
    await waitFor(() => expect(createNews).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createNews).mock.calls[0][0]).toMatchObject({
      files: [42],
      body: '<img src="/api-content/news-file?id=42" alt="dojo.jpg">',
    });
  });

  it('shows why a file was refused (server code or size limit)', async () => {
    jest.mocked(uploadNewsFile).mockRejectedValueOnce(httpError(400, { error: 1100 }));
    const { user } = renderNews('/c-news/create');
    const input = (await screen.findByLabelText('Anhänge und Bilder')) as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    const refusal = await screen.findByText(/„tool\.exe“ wurde nicht hochgeladen/);
    expect(refusal.textContent).toContain('Dieser Dateityp wird nicht angenommen');

    const big = new File(['x'], 'riesig.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, big);
    expect((await screen.findByText(/„riesig\.pdf“ wurde nicht hochgeladen/)).textContent).toContain('Die Datei ist zu groß.');
    expect(uploadNewsFile).toHaveBeenCalledTimes(1);
  });
});
