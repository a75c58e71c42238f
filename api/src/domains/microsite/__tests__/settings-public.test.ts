import sharp from 'sharp';
import type { AlbumFile, SchoolSettings, SchoolSettingsListRow, TeamMember } from 'shared-kernel/contracts';
import { multipart } from '../../../../test/support/multipart.js';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })[format]().toBuffer();

const ALL = ['c_settings_r', 'c_settings_w', 'c_gallery_r', 'c_gallery_w', 'c_news_r', 'c_news_w', 'team_r', 'team_w'] as const;

describe.each(backends())('microsite settings and the public API on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(NOW),
    env: { MICROSITE_ORIGINS: 'https://www.schule-wien.example' },
    users: {
      editor: { atoms: [...ALL], schools: ['wien'] },
      reader: { atoms: ['c_settings_r'], schools: ['wien'] },
      graz: { atoms: [...ALL], schools: ['graz'] },
      both: { atoms: [...ALL], schools: ['wien', 'graz'] },
    },
  });
  const { call, sql, cookies } = s;
  let t: TestApp;
  let wien: number;
  let graz: number;
  beforeAll(() => {
    ({ t, wien, graz } = s);
  });
  const send = (method: string, url: string, user: string, data: Buffer) => {
    const body = multipart([{ name: 'file', filename: 'bild.jpg', data }]);
    return t.request({ method, url, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const settings = async (sid = wien) => (await call('GET', `/api-config/school?sid=${sid}`, 'editor')).json<SchoolSettings>();
  const save = (overrides: Record<string, unknown>, current: SchoolSettings, user = 'editor', sid = wien) => {
    const { school_setting_id: _id, cfh_school_image: _image, products: _products, address: _address, tt: _tt, ...form } = current;
    return call('POST', `/api-config/school?sid=${sid}`, user, { ...form, tt: [], ...overrides });
  };
  const pub = (path: string, headers: Record<string, string> = {}) => t.rawRequest({ method: 'GET', url: `/public/schools/${path}`, headers });
  const contact = (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.rawRequest({
      method: 'POST',
      url: '/public/schools/wien/contact',
      headers: { 'content-type': 'application/json', ...headers },
      payload: { firstname: 'Lena', lastname: 'Berger', email: 'lena@example.org', message: 'Probetraining?', submission_key: 'k-00000001', ...overrides },
    });

  it('reads and saves settings with versions, applies timetable markers and refuses a taken slug', async () => {
    const list = (await call('GET', '/api-config/school-list', 'editor')).json<{ rows: SchoolSettingsListRow[] }>().rows;
    expect(list).toEqual([expect.objectContaining({ sid: wien, slug: 'wien', microsite_on: true, address_complete: true })]);
    const before = await settings();
    expect(before).toEqual(expect.objectContaining({ slug: 'wien', version: 1, products: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }));
    expect(before.address).toEqual(expect.objectContaining({ ac: 'Wien', cs: true, msu: expect.stringMatching(/\/public\/schools\/wien\/settings$/) }));
    expect(before.tt).toHaveLength(4);
    const [monday, , wednesday] = before.tt;

    const saved = await save(
      {
        highlight_text: 'Betriebsurlaub bis 6. Jänner',
        facebook_type: 'likebox',
        facebook_url: 'https://facebook.com/kampfkunst-wien',
        tt: [
          { k: 6, pid: 7, n: 'Selbstverteidigung', ts: '18:00', te: '19:30', wd: 5, url: '' },
          { ...monday, k: 5, n: 'Kinder 6-9', te: '17:15' },
          { ...wednesday, k: 4 },
        ],
      },
      before,
    );
    expect(saved.json()).toEqual({ success: true, version: 2 });
    const after = await settings();
    expect(after.highlight_text).toBe('Betriebsurlaub bis 6. Jänner');
    expect(after.tt.map((e) => `${e.wd} ${e.ts}-${e.te} ${e.n}`)).toEqual(['1 16:30-17:15 Kinder 6-9', '1 17:45-19:00 Jugend', '5 18:00-19:30 Selbstverteidigung', '6 10:00-11:30 Erwachsene']);

    expect((await save({ highlight_text: 'alt' }, before)).statusCode).toBe(409);
    const taken = await save({ slug: 'graz' }, after);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: 38, fields: { slug: 'form.invalid' } });
    expect((await settings()).version).toBe(2);
    // An end before the start, a weekday 8, another school's event: 400, nothing changed.
    expect((await save({ tt: [{ k: 6, pid: 1, n: 'x', ts: '19:00', te: '18:00', wd: 1 }] }, after)).statusCode).toBe(400);
    expect((await save({ tt: [{ k: 6, pid: 1, n: 'x', ts: '18:00', te: '19:00', wd: 8 }] }, after)).statusCode).toBe(400);
    const grazEvent = (await sql<{ id: number }>('SELECT id FROM timetable_events WHERE school_id = $1 LIMIT 1', [graz]))[0]!.id;
    const foreign = await save({ tt: [{ id: grazEvent, k: 4, pid: 1, n: 'x', ts: '18:00', te: '19:00', wd: 1 }] }, after);
    expect(foreign.json()).toEqual({ error: 4, fields: { tt: 'form.invalid' } });
    expect(await sql('SELECT 1 FROM timetable_events WHERE id = $1', [grazEvent])).toHaveLength(1);

    expect((await call('GET', `/api-config/school?sid=${wien}`, 'graz')).statusCode).toBe(404);
    expect((await save({}, after, 'graz')).statusCode).toBe(404);
    expect((await save({}, after, 'reader')).statusCode).toBe(403);
    expect((await call('GET', `/api-config/school?sid=${wien}`, 'reader')).statusCode).toBe(200);
  });

  it('checks the school image on the server: JPG or PNG, at least 1050x350, ratio 3:1', async () => {
    const url = `/api-config/school-image?sid=${wien}`;
    expect((await send('POST', url, 'editor', await image(900, 300))).json()).toEqual({ error: 35 });
    expect((await send('POST', url, 'editor', await image(1200, 350))).json()).toEqual({ error: 36 });
    expect((await send('POST', url, 'editor', await image(1500, 500, 'webp'))).json()).toEqual({ error: 1104 });
    expect((await send('POST', url, 'editor', Buffer.from('%PDF-1.4\n%%EOF\n'))).json()).toEqual({ error: 1104 });
    expect((await send('POST', url, 'reader', await image(1500, 500))).statusCode).toBe(403);
    expect((await send('POST', `/api-config/school-image?sid=${wien}`, 'graz', await image(1500, 500))).statusCode).toBe(404);
    const ok = await send('POST', url, 'editor', await image(1500, 500, 'png'));
    expect(ok.statusCode).toBe(200);
    expect((await settings()).cfh_school_image).toBe(ok.json<{ id: number }>().id);
    const stored = await call('GET', `/api-config/school-image?sid=${wien}&size=1050x350`, 'reader');
    expect(stored.headers['content-type']).toBe('image/png');
    expect(await sharp(stored.rawPayload).metadata()).toEqual(expect.objectContaining({ width: 1050, height: 350 }));
  });

  it('serves only published, unexpired, non-hidden content of schools with the microsite on, cacheably', async () => {
    const upload = async (sid: number, user: string) => {
      const body = multipart([{ name: 'file', filename: 'a.jpg', data: await image(800, 600) }]);
      const res = await t.request({ method: 'POST', url: `/api-content/album-file?sid=${sid}`, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
      return res.json<AlbumFile>().id;
    };
    const makeAlbum = async (title: string, overrides: Record<string, unknown> = {}, sid = wien, user = 'editor') =>
      (await call('POST', '/api-content/album', user, {
        title, date_published: '2026-11-01T00:00:00Z', date_expired: null, active: true, visibility: 1, schools: [], school_id: sid,
        files: [await upload(sid, user)], ...overrides,
      })).json<{ id: number }>().id;
    const live = await makeAlbum('Live');
    await makeAlbum('Entwurf', { active: false });
    await makeAlbum('Ohne Datum', { date_published: null });
    await makeAlbum('Später', { date_published: '2026-12-24T00:00:00Z' });
    await makeAlbum('Abgelaufen', { date_expired: '2026-11-10T00:00:00Z' });
    await makeAlbum('Nur Graz', {}, graz, 'graz');
    await makeAlbum('Für alle', { visibility: 4 }, graz, 'graz');
    await makeAlbum('Für Wien', { visibility: 3, schools: [wien] }, graz, 'both');

    const albums = await pub('wien/albums');
    expect(albums.statusCode).toBe(200);
    expect(albums.headers['cache-control']).toBe('public, max-age=300');
    const rows = albums.json<{ rows: { id: number; title: string; images: { id: number; urls: Record<string, string> }[] }[] }>().rows;
    expect(rows.map((r) => r.title).sort()).toEqual(['Für Wien', 'Für alle', 'Live']);
    const liveImage = rows.find((r) => r.id === live)!.images[0]!;
    const fetched = await t.rawRequest({ method: 'GET', url: liveImage.urls['0x200']! });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['cache-control']).toBe('public, max-age=86400');
    const grazOnly = (await pub('graz/albums')).json<{ rows: { id: number; title: string; images: { id: number }[] }[] }>().rows;
    expect(grazOnly.map((r) => r.title).sort()).toEqual(['Für alle', 'Nur Graz']);
    // Wien's image is not served under Graz's address.
    expect((await pub(`graz/images/${liveImage.id}-0x200`)).statusCode).toBe(404);

    // ETag: the same answer again is 304; a change makes a new tag.
    const etag = albums.headers.etag as string;
    expect((await pub('wien/albums', { 'if-none-match': etag })).statusCode).toBe(304);
    await makeAlbum('Noch eins');
    const changed = await pub('wien/albums', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    // News: drafts, expired and another school's items stay out.
    const news = (title: string, overrides: Record<string, unknown>) =>
      call('POST', '/api-content/news', 'editor', {
        title, teaser: '', body: '<p>x</p>', date_published: '2026-11-01T00:00:00Z', date_expired: null, active: true, visibility: 1,
        schools: [], school_id: wien, files: [], ...overrides,
      });
    await news('Neuigkeit', {});
    await news('Entwurf-News', { active: false });
    await news('Alt-News', { date_expired: '2026-11-02T00:00:00Z' });
    const newsTitles = (await pub('wien/news')).json<{ rows: { title: string }[] }>().rows.map((r) => r.title);
    expect(newsTitles).toContain('Neuigkeit');
    expect(newsTitles).not.toContain('Entwurf-News');
    expect(newsTitles).not.toContain('Alt-News');
    expect((await pub('graz/news')).json<{ rows: { title: string }[] }>().rows.map((r) => r.title)).not.toContain('Neuigkeit');

    // Team: hidden trainers are left out; no membership number, birth date or e-mail.
    const team = (await call('GET', `/api-base/team?sid=${wien}`, 'editor')).json<{ rows: TeamMember[] }>().rows;
    const trainer = team.find((m) => m.msrid.includes(3))!;
    await call('DELETE', `/api-base/team?mno=${trainer.mno}&sid=${wien}&role=3`, 'editor');
    const publicTeam = await pub('wien/team');
    const members = publicTeam.json<{ rows: Record<string, unknown>[] }>().rows;
    expect(members).toHaveLength(2);
    expect(members.some((m) => m.lastname === trainer.ln && m.firstname === trainer.fn)).toBe(false);
    expect(publicTeam.body).not.toMatch(/AT-\d|mno|dob|@/);

    const timetable = (await pub('graz/timetable')).json<{ rows: { wd: number; ts: string }[] }>().rows;
    expect(timetable[0]).toEqual(expect.objectContaining({ wd: 1, ts: '16:30', te: '17:30', pid: 1 }));
    expect((await pub('wien/settings')).json()).toEqual(expect.objectContaining({ name: 'Kampfkunstschule Wien-Mitte', slug: 'wien', city: 'Wien' }));

    // A school whose microsite is off, or no such school: 404.
    await t.db.query('UPDATE school_settings SET microsite_on = false WHERE school_id = $1', [graz]);
    expect((await pub('graz/albums')).statusCode).toBe(404);
    expect((await pub('graz/settings')).statusCode).toBe(404);
    expect((await pub('nirgendwo/news')).statusCode).toBe(404);
    await t.db.query('UPDATE school_settings SET microsite_on = true WHERE school_id = $1', [graz]);
  });

  it('allows browsers of the configured origins only (CORS), without cookies or client version', async () => {
    const allowed = await pub('wien/timetable', { origin: 'https://www.schule-wien.example' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://www.schule-wien.example');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await pub('wien/timetable', { origin: 'https://evil.example' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.rawRequest({
      method: 'OPTIONS',
      url: '/public/schools/wien/contact',
      headers: { origin: 'https://www.schule-wien.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST');
  });

  it('makes exactly one lead per submission, ignores the honeypot and limits submissions', async () => {
    const leads = async () => sql<{ lastname: string; lead_origin_id: number; email: string }>(
      'SELECT lastname, lead_origin_id, email FROM leads WHERE school_id = $1 AND lastname IN ($2, $3) ORDER BY id',
      [wien, 'Berger', 'Bot'],
    );
    const first = await contact();
    expect(first.statusCode).toBe(200);
    expect((await contact()).statusCode).toBe(200);
    expect(await leads()).toEqual([{ lastname: 'Berger', lead_origin_id: 5, email: 'lena@example.org' }]);

    expect((await contact({ lastname: 'Bot', submission_key: 'k-bot-0001', website: 'https://spam.example' })).json()).toEqual({ success: true });
    expect(await leads()).toHaveLength(1);
    expect((await contact({ lastname: '', submission_key: 'k-00000099' })).statusCode).toBe(400);
    expect((await contact({ email: '', phone: '', submission_key: 'k-00000098' })).statusCode).toBe(400);

    // Five per client address and school in ten minutes (the bot's counts; refused input and a double submit do not).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await contact({ submission_key: `k-more-${i}000` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await contact({ submission_key: 'k-more-9000' });
    expect(limited.json()).toEqual({ error: 37 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes: accepted again.
    t.clock.advance(11 * 60_000);
    expect((await contact({ submission_key: 'k-later-0001' })).statusCode).toBe(200);
  });
});
