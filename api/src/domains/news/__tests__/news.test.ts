import sharp from 'sharp';
import type { AssociationNewsItem, NewsFile, NewsItem, NewsListResponse } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { multipart, tinyPdf } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const TINY_PDF = tinyPdf();

const HOSTILE_BODY = [
  '<p onclick="alert(1)" style="color:red">Hallo <strong>Welt</strong></p>',
  '<script>alert(2)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
  '<img src=x onerror=alert(3)>',
  '<img src="data:image/png;base64,AAAA">',
  '<img src="/api-content/news-file?id=7" alt="Foto">',
  '<img src="https://cdn.example.com/a.jpg">',
  '<a href="javascript:alert(4)">böse</a>',
  '<a href="JaVaScRiPt&#58;alert(5)">auch böse</a>',
  '<a href="data:text/html,<script>alert(6)</script>">daten</a>',
  '<a href="https://example.com/info">gut</a>',
  '<a href="mailto:info@example.com">Mail</a>',
  '<svg onload="alert(7)"><circle/></svg>',
  '<h2>Titel</h2><ul><li>eins</li></ul><blockquote>Zitat</blockquote>',
].join('');

describe.each(backends())('news on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz' | 'muenchen' | 'berlin', number>;
  const cookies: Record<string, string> = {};

  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, payload: payload as object, headers: { cookie: cookies[user]! } });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const newsList = async (user: string) =>
    (await call('POST', '/api-content/news-list', user, { page: 0, pageSize: 100, sorted: [], filtered: [] })).json<NewsListResponse>();
  const upload = (user: string, filename: string, data: Buffer | string, query = '') => {
    const body = multipart([{ name: 'file', filename, data }]);
    return t.request({ method: 'POST', url: `/api-content/news-file${query}`, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };

  const form = (overrides: Record<string, unknown> = {}) => ({
    title: 'Sommerfest 2027',
    teaser: 'Alle sind eingeladen.',
    body: '<p>Grillen und Training im Park.</p>',
    date_published: '2026-11-22T08:00:00.000Z',
    date_expired: '2027-01-31T22:00:00.000Z',
    active: true,
    visibility: 3,
    schools: [schools.wien],
    school_id: schools.wien,
    files: [],
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    const idOf = (part: string) => rows.find((r) => r.name.includes(part))!.id;
    schools = { wien: idOf('Wien'), graz: idOf('Graz'), muenchen: idOf('München'), berlin: idOf('Berlin') };
    cookies.admin = await t.login('admin', DEMO_PASSWORD);
    cookies.office = await t.login('office', DEMO_PASSWORD);
    cookies.wienEditor = (await t.loginAs({ atoms: ['c_news_r', 'c_news_w', 'c_news_d'], schools: [schools.wien] })).cookie;
    cookies.wienWriter = (await t.loginAs({ atoms: ['c_news_r', 'c_news_w'], schools: [schools.wien] })).cookie;
    cookies.grazReader = (await t.loginAs({ atoms: ['c_news_r', 'c_news_w', 'c_news_d'], schools: [schools.graz] })).cookie;
    cookies.member = (await t.loginAs({ atoms: ['e_news_r'] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates a news item, reads it back, updates and deletes it', async () => {
    const created = await call('POST', '/api-content/news', 'wienEditor', form());
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const item = (await call('GET', `/api-content/news?id=${id}`, 'wienEditor')).json<NewsItem>();
    expect(item).toEqual({
      ...form(),
      content_id: id,
      files: [],
      editable: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
    });

    const updated = await call('PUT', `/api-content/news?id=${id}`, 'wienEditor', { ...form({ title: 'Sommerfest 2027 (verschoben)', visibility: 1, active: false }), version: 1 });
    expect(updated.json()).toEqual({ success: true, version: 2 });
    const after = (await call('GET', `/api-content/news?id=${id}`, 'wienEditor')).json<NewsItem>();
    expect(after).toEqual(expect.objectContaining({ title: 'Sommerfest 2027 (verschoben)', visibility: 1, active: false, schools: [] }));
    expect((await sql('SELECT 1 FROM news_schools WHERE news_id = $1', [id]))).toHaveLength(0);

    expect((await call('DELETE', `/api-content/news?id=${id}`, 'wienEditor')).statusCode).toBe(200);
    expect((await call('GET', `/api-content/news?id=${id}`, 'wienEditor')).statusCode).toBe(404);
  });

  it('sanitises the body: no script, style, iframe, event handler, javascript: or data: URL survives', async () => {
    const id = (await call('POST', '/api-content/news', 'wienEditor', form({ body: HOSTILE_BODY }))).json<{ id: number }>().id;
    const { body } = (await call('GET', `/api-content/news?id=${id}`, 'wienEditor')).json<NewsItem>();
    expect((await sql<{ body: string }>('SELECT body FROM news WHERE content_id = $1', [id]))[0]!.body).toBe(body);
    for (const forbidden of [/<script/i, /<style/i, /<iframe/i, /<svg/i, /\son\w+=/i, /javascript:/i, /data:/i, /style=/i, /alert\(2\)/, /display:none/]) {
      expect(body).not.toMatch(forbidden);
    }
    expect(body).toContain('<p>Hallo <strong>Welt</strong></p>');
    expect(body).toContain('<img src="/api-content/news-file?id=7" alt="Foto" />');
    expect(body).toContain('<img src="https://cdn.example.com/a.jpg" />');
    expect(body).toContain('<a href="https://example.com/info" rel="noopener noreferrer" target="_blank">gut</a>');
    expect(body).toContain('<a href="mailto:info@example.com" rel="noopener noreferrer" target="_blank">Mail</a>');
    // Refused links keep their text but lose the address.
    expect(body).toContain('<a>böse</a>');
    expect(body).toContain('<h2>Titel</h2><ul><li>eins</li></ul><blockquote>Zitat</blockquote>');
    expect(body.match(/<img/g)).toHaveLength(2);
  });

  it('shows a news item for certain schools only there', async () => {
    const id = (await call('POST', '/api-content/news', 'admin', form({ title: 'Nur Wien und München', schools: [schools.wien, schools.muenchen] }))).json<{ id: number }>().id;
    const wien = await newsList('wienEditor');
    const row = wien.rows.find((r) => r.content_id === id);
    expect(row).toEqual(expect.objectContaining({ visibility: 3, schools: expect.arrayContaining(['Kampfkunstschule Wien-Mitte']) }));
    expect((await newsList('grazReader')).rows.map((r) => r.content_id)).not.toContain(id);
    expect((await call('GET', `/api-content/news?id=${id}`, 'grazReader')).statusCode).toBe(404);
    expect((await call('GET', `/api-content/news?id=${id}`, 'admin')).json<NewsItem>().schools).toEqual([schools.wien, schools.muenchen].sort((a, b) => a - b));
  });

  it('lets other schools read news for all schools, but not change or delete them (404)', async () => {
    const [forAll] = await sql<{ content_id: number }>('SELECT content_id FROM news WHERE visibility = 4 AND school_id = $1 LIMIT 1', [schools.muenchen]);
    const read = await call('GET', `/api-content/news?id=${forAll!.content_id}`, 'grazReader');
    expect(read.statusCode).toBe(200);
    expect(read.json<NewsItem>().editable).toBe(false);
    expect((await call('PUT', `/api-content/news?id=${forAll!.content_id}`, 'grazReader', { ...form({ school_id: schools.graz, schools: [schools.graz] }), version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api-content/news?id=${forAll!.content_id}`, 'grazReader')).statusCode).toBe(404);
    expect(await sql('SELECT 1 FROM news WHERE content_id = $1', [forAll!.content_id])).toHaveLength(1);
  });

  it('refuses schools outside the user\'s schools, a missing assignment and bad dates with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ school_id: schools.graz }, 'school_id'],
      [{ schools: [schools.graz] }, 'schools'],
      [{ schools: [] }, 'schools'],
      [{ visibility: 2 }, 'visibility'],
      [{ title: '   ' }, 'title'],
      [{ date_expired: '2026-01-01T00:00:00Z' }, 'date_expired'],
      [{ date_published: '22.11.2026 08:00:00' }, 'date_published'],
      [{ files: [999_999] }, 'files'],
    ];
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM news'))[0]!.n;
    for (const [change, field] of cases) {
      const res = await call('POST', '/api-content/news', 'wienEditor', form(change));
      expect({ change, status: res.statusCode, field: Object.keys(res.json().fields ?? {})[0] }).toEqual({ change, status: 400, field });
    }
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM news'))[0]!.n).toBe(before);
  });

  it('needs c_news_w to save and c_news_d to delete', async () => {
    const id = (await call('POST', '/api-content/news', 'wienWriter', form())).json<{ id: number }>().id;
    const refused = await call('DELETE', `/api-content/news?id=${id}`, 'wienWriter');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 3 });
    expect((await call('POST', '/api-content/news', 'office', form())).statusCode).toBe(403);
    expect((await call('DELETE', `/api-content/news?id=${id}`, 'wienEditor')).statusCode).toBe(200);
  });

  it('uploads pictures (re-encoded, shown inline) and attachments, attaches them on save and removes them with the news', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00000' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .jpeg()
      .toBuffer();
    const picture = await upload('wienEditor', 'foto.jpg', jpeg);
    expect(picture.statusCode).toBe(200);
    const pictureFile = picture.json<NewsFile>();
    expect(pictureFile).toEqual({ id: expect.any(Number), name: 'foto.jpg', size: expect.any(Number), mime: 'image/jpeg', image: true });
    const pdf = (await upload('wienEditor', 'programm.pdf', TINY_PDF)).json<NewsFile>();
    expect(pdf).toEqual(expect.objectContaining({ mime: 'application/pdf', image: false }));

    // Checked by content: an HTML page is no picture, whatever its name.
    const html = await upload('wienEditor', 'bild.jpg', '<html><body onload="alert(1)"></body></html>');
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ error: 1100 });
    expect((await upload('wienEditor', 'foto.jpg', jpeg, `?sid=${schools.graz}`)).statusCode).toBe(400);

    const id = (await call('POST', '/api-content/news', 'wienEditor', form({ files: [pictureFile.id, pdf.id], body: `<p><img src="/api-content/news-file?id=${pictureFile.id}"></p>` }))).json<{ id: number }>().id;
    const item = (await call('GET', `/api-content/news?id=${id}`, 'wienEditor')).json<NewsItem>();
    expect(item.files.map((f) => f.id)).toEqual([pictureFile.id, pdf.id]);

    const shown = await call('GET', `/api-content/news-file?id=${pictureFile.id}`, 'wienEditor');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(shown.rawPayload).metadata()).exif).toBeUndefined();
    const attachment = await call('GET', `/api-content/news-file?id=${pdf.id}`, 'wienEditor');
    expect(attachment.headers['content-disposition']).toMatch(/^attachment;/);
    expect(attachment.rawPayload.equals(TINY_PDF)).toBe(true);
    // Graz does not see a news item shown only to Wien, nor its files.
    expect((await call('GET', `/api-content/news-file?id=${pictureFile.id}`, 'grazReader')).statusCode).toBe(404);

    // Another user's upload cannot be taken over.
    const foreignUpload = (await upload('admin', 'x.pdf', TINY_PDF, `?sid=${schools.wien}`)).json<NewsFile>();
    const { version } = (await call('GET', `/api-content/news?id=${id}`, 'wienEditor')).json<NewsItem>();
    expect((await call('PUT', `/api-content/news?id=${id}`, 'wienEditor', { ...form({ files: [pictureFile.id, foreignUpload.id] }), version })).statusCode).toBe(400);

    // Dropping a file from the list removes it; deleting the news removes the rest.
    expect((await call('PUT', `/api-content/news?id=${id}`, 'wienEditor', { ...form({ files: [pictureFile.id] }), version })).statusCode).toBe(200);
    expect((await call('GET', `/api-content/news-file?id=${pdf.id}`, 'wienEditor')).statusCode).toBe(404);
    expect((await call('DELETE', `/api-content/news?id=${id}`, 'wienEditor')).statusCode).toBe(200);
    expect(await sql('SELECT id FROM news_files WHERE id = ANY($1::int[])', [[pictureFile.id, pdf.id]])).toEqual([]);
    expect((await call('GET', `/api-content/news-file?id=${pictureFile.id}`, 'wienEditor')).statusCode).toBe(404);
  });

  it('copies a news item with its files: the copy gets its own bytes, so deleting the original keeps them', async () => {
    const pdf = (await upload('wienEditor', 'ausschreibung.pdf', TINY_PDF)).json<NewsFile>();
    const original = (await call('POST', '/api-content/news', 'wienEditor', form({ files: [pdf.id] }))).json<{ id: number }>().id;
    // "Copy" (create from template) sends the original's content and file ids.
    const copied = await call('POST', '/api-content/news', 'wienEditor', form({ title: 'Sommerfest 2027 (Kopie)', files: [pdf.id] }));
    expect(copied.statusCode).toBe(200);
    const copy = (await call('GET', `/api-content/news?id=${copied.json<{ id: number }>().id}`, 'wienEditor')).json<NewsItem>();
    expect(copy.files).toEqual([expect.objectContaining({ name: 'ausschreibung.pdf', mime: 'application/pdf' })]);
    expect(copy.files[0]!.id).not.toBe(pdf.id);
    // The original keeps its file.
    const originalItem = (await call('GET', `/api-content/news?id=${original}`, 'wienEditor')).json<NewsItem>();
    expect(originalItem.files.map((f) => f.id)).toEqual([pdf.id]);

    expect((await call('DELETE', `/api-content/news?id=${original}`, 'wienEditor')).statusCode).toBe(200);
    const download = await call('GET', `/api-content/news-file?id=${copy.files[0]!.id}`, 'wienEditor');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
    // Files of a news item the user cannot see are not copied: 400, nothing written.
    const grazOnly = (await upload('grazReader', 'intern.pdf', TINY_PDF)).json<NewsFile>();
    const grazNews = (await call('POST', '/api-content/news', 'grazReader', form({ school_id: schools.graz, schools: [schools.graz], files: [grazOnly.id] }))).json<{ id: number }>().id;
    expect(grazNews).toBeGreaterThan(0);
    const before = await sql('SELECT count(*)::int AS n FROM news');
    expect((await call('POST', '/api-content/news', 'wienEditor', form({ files: [grazOnly.id] }))).statusCode).toBe(400);
    expect(await sql('SELECT count(*)::int AS n FROM news')).toEqual(before);
  });

  describe('association news (e-news)', () => {
    it('answers the newest published association news to a linked member', async () => {
      const res = await call('GET', '/api-base/e-news', 'admin');
      expect(res.statusCode).toBe(200);
      const items = res.json<AssociationNewsItem[]>();
      expect(items.map((i) => i.title)).toEqual(['Neue Prüfungsordnung ab 2027', 'Trainerlehrgang im Frühjahr', 'Verträge jetzt in 20er-Paketen']);
      expect(items[0]).toEqual(expect.objectContaining({ teaser: expect.any(String), body: expect.stringContaining('<ul>'), date_published: '2026-11-18T09:00:00.000Z' }));
    });

    it('answers 409 to an account without a membership number and 403 without e_news_r', async () => {
      const unlinked = await call('GET', '/api-base/e-news', 'member');
      expect(unlinked.statusCode).toBe(409);
      expect(unlinked.json()).toEqual({ error: 3, fields: { mno: 'form.required' } });
      expect((await call('GET', '/api-base/e-news', 'office')).statusCode).toBe(403);
    });

    it('lets a superadmin publish (sanitised); future items wait for their date', async () => {
      const now = await call('POST', '/api-base/e-news', 'admin', { title: 'Jetzt', teaser: 'Kurz', body: '<p onmouseover="x()">Text</p><script>alert(1)</script>' });
      expect(now.statusCode).toBe(200);
      const later = await call('POST', '/api-base/e-news', 'admin', { title: 'Später', body: '', date_published: '2026-12-24T10:00:00Z' });
      expect(later.statusCode).toBe(200);
      const items = (await call('GET', '/api-base/e-news', 'admin')).json<AssociationNewsItem[]>();
      expect(items[0]).toEqual(expect.objectContaining({ title: 'Jetzt', body: '<p>Text</p>' }));
      expect(items.map((i) => i.title)).not.toContain('Später');
      expect((await call('POST', '/api-base/e-news', 'wienEditor', { title: 'x' })).statusCode).toBe(403);
      expect((await call('POST', '/api-base/e-news', 'admin', { title: '' })).statusCode).toBe(400);
    });
  });
});
