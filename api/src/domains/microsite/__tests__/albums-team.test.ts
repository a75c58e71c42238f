import sharp from 'sharp';
import type { Album, AlbumFile, AlbumListRow, TeamMember } from 'shared-kernel/contracts';
import { multipart } from '../../../../test/support/multipart.js';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/** A small JPEG in one colour (with an EXIF block the upload must drop). */
const jpeg = (r: number, g: number, b: number, width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
    .jpeg()
    .toBuffer();

describe.each(backends())('microsite albums and team on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(NOW),
    users: {
      editor: { atoms: ['c_gallery_r', 'c_gallery_w', 'c_gallery_d', 'team_r', 'team_w'], schools: ['wien'] },
      writer: { atoms: ['c_gallery_r', 'c_gallery_w'], schools: ['wien'] },
      reader: { atoms: ['c_gallery_r', 'team_r'], schools: ['wien'] },
      graz: { atoms: ['c_gallery_r', 'c_gallery_w', 'c_gallery_d', 'team_r', 'team_w'], schools: ['graz'] },
    },
  });
  const { call, sql, cookies } = s;
  let t: TestApp;
  let wien: number;
  let graz: number;
  beforeAll(() => {
    ({ t, wien, graz } = s);
  });
  const upload = async (user: string, data: Buffer, query = `?sid=${wien}`) => {
    const body = multipart([{ name: 'file', filename: 'foto.jpg', data }]);
    return t.request({ method: 'POST', url: `/api-content/album-file${query}`, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const uploadId = async (user: string, colour: [number, number, number]) => {
    const res = await upload(user, await jpeg(...colour));
    expect(res.statusCode).toBe(200);
    return res.json<AlbumFile>().id;
  };
  const form = (files: number[], overrides: Record<string, unknown> = {}) => ({
    title: 'Sommerlager 2026',
    date_published: '2026-11-20T08:00:00.000Z',
    date_expired: null,
    active: true,
    visibility: 1,
    schools: [],
    school_id: wien,
    files,
    ...overrides,
  });
  const album = async (id: number, user = 'editor') => (await call('GET', `/api-content/album?id=${id}`, user)).json<Album>();

  it('creates an album from three uploads, re-orders, replaces at an index and removes images', async () => {
    const [red, green, blue] = [await uploadId('editor', [200, 0, 0]), await uploadId('editor', [0, 200, 0]), await uploadId('editor', [0, 0, 200])];
    const created = await call('POST', '/api-content/album', 'editor', form([red, green, blue]));
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const first = await album(id);
    expect(first).toEqual(expect.objectContaining({ title: 'Sommerlager 2026', school_id: wien, visibility: 1, version: 1 }));
    expect(first.files.map((f) => f.id)).toEqual([red, green, blue]);

    const reordered = await call('PUT', `/api-content/album?id=${id}`, 'editor', { ...form([blue, red, green]), version: 1 });
    expect(reordered.json()).toEqual({ success: true, version: 2 });
    expect((await album(id)).files.map((f) => f.id)).toEqual([blue, red, green]);

    // A stale version changes nothing.
    const stale = await call('PUT', `/api-content/album?id=${id}`, 'editor', { ...form([red, green, blue]), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 9 });
    expect((await album(id)).files.map((f) => f.id)).toEqual([blue, red, green]);

    // Replace the image at index 1 (red) with a new upload; its bytes go.
    const redKey = (await sql<{ file_key: string }>('SELECT file_key FROM album_files WHERE id = $1', [red]))[0]!.file_key;
    const yellow = await uploadId('editor', [200, 200, 0]);
    expect((await call('PUT', `/api-content/album?id=${id}`, 'editor', { ...form([blue, yellow, green]), version: 2 })).statusCode).toBe(200);
    expect((await album(id)).files.map((f) => f.id)).toEqual([blue, yellow, green]);
    expect(await sql('SELECT 1 FROM album_files WHERE id = $1', [red])).toHaveLength(0);
    expect(await t.app.files.size(redKey)).toBeNull();

    // The list shows the first image as cover, in size x200, made once and kept.
    const list = (await call('GET', '/api-content/album-list', 'reader')).json<{ rows: AlbumListRow[] }>().rows;
    expect(list.find((row) => row.content_id === id)).toEqual(expect.objectContaining({ cover: blue, images: 3, schools: ['Kampfkunstschule Wien-Mitte'] }));
    const cover = await call('GET', `/api-cubic/image/${blue}-0x200`, 'reader');
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(cover.rawPayload).metadata();
    expect(meta.height).toBe(200);
    expect(meta.exif).toBeUndefined();
    expect((await call('GET', `/api-cubic/image/${blue}-0x200`, 'reader')).rawPayload.equals(cover.rawPayload)).toBe(true);
    expect((await call('GET', `/api-cubic/image/${blue}-123x9`, 'reader')).statusCode).toBe(400);
  });

  it('refuses an album without images, without schools for status 3, or with files it may not use', async () => {
    const none = await call('POST', '/api-content/album', 'editor', form([]));
    expect(none.statusCode).toBe(400);
    const noSchools = await call('POST', '/api-content/album', 'editor', form([await uploadId('editor', [1, 2, 3])], { visibility: 3, schools: [] }));
    expect(noSchools.json()).toEqual({ error: 4, fields: { schools: 'form.one_school' } });
    // Someone else's upload, the same file twice, another school as owner.
    const foreign = await uploadId('writer', [9, 9, 9]);
    expect((await call('POST', '/api-content/album', 'editor', form([foreign]))).json()).toEqual({ error: 4, fields: { files: 'form.invalid' } });
    const mine = await uploadId('editor', [8, 8, 8]);
    expect((await call('POST', '/api-content/album', 'editor', form([mine, mine]))).statusCode).toBe(400);
    expect((await call('POST', '/api-content/album', 'editor', form([mine], { school_id: graz }))).json()).toEqual({ error: 4, fields: { school_id: 'form.invalid' } });
    expect((await call('POST', '/api-content/album', 'editor', form([mine], { visibility: 3, schools: [graz] }))).json()).toEqual({ error: 4, fields: { schools: 'form.invalid' } });
    // A PDF is no album image.
    const pdf = await upload('editor', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(400);
    expect(await sql('SELECT 1 FROM albums WHERE title = $1 AND school_id = $2', ['Sommerlager 2026', graz])).toHaveLength(0);
  });

  it("keeps albums to their school and their atoms; a copy gets its own images", async () => {
    const image = await uploadId('editor', [50, 50, 50]);
    const id = (await call('POST', '/api-content/album', 'editor', form([image], { title: 'Prüfung' }))).json<{ id: number }>().id;
    for (const [method, url] of [['GET', `/api-content/album?id=${id}`], ['DELETE', `/api-content/album?id=${id}`], ['GET', `/api-cubic/image/${image}-400x0`]] as const) {
      expect((await call(method, url, 'graz')).statusCode).toBe(404);
    }
    expect((await call('PUT', `/api-content/album?id=${id}`, 'graz', { ...form([image], { school_id: graz }), version: 1 })).statusCode).toBe(404);
    expect((await call('GET', '/api-content/album-list', 'graz')).json<{ rows: AlbumListRow[] }>().rows.some((row) => row.content_id === id)).toBe(false);
    expect((await call('POST', '/api-content/album', 'reader', form([image]))).statusCode).toBe(403);
    expect((await call('DELETE', `/api-content/album?id=${id}`, 'writer')).statusCode).toBe(403);

    const copy = (await call('POST', '/api-content/album', 'editor', form([image], { title: 'Prüfung (Kopie)' }))).json<{ id: number }>().id;
    const copied = await album(copy);
    expect(copied.files).toHaveLength(1);
    expect(copied.files[0]!.id).not.toBe(image);
    expect((await call('DELETE', `/api-content/album?id=${id}`, 'editor')).statusCode).toBe(200);
    expect((await call('GET', `/api-content/album?id=${id}`, 'editor')).statusCode).toBe(404);
    expect((await call('GET', `/api-cubic/image/${copied.files[0]!.id}-400x0`, 'reader')).statusCode).toBe(200);
  });

  it('lists the team, hides and shows trainers only, and keeps photos to the school', async () => {
    const team = async (user = 'editor') => (await call('GET', `/api-base/team?sid=${wien}`, user)).json<{ rows: TeamMember[] }>().rows;
    const members = await team();
    expect(members).toHaveLength(3);
    expect(members.every((m) => m.sid === wien && m.h === 0 && m.fh === null)).toBe(true);
    const licensee = members.find((m) => m.msrid.includes(1))!;
    const trainer = members.find((m) => m.msrid.includes(3))!;
    expect(licensee.gr).toBe('4. Dan');

    const hide = await call('DELETE', `/api-base/team?mno=${trainer.mno}&sid=${wien}&role=3`, 'editor');
    expect(hide.statusCode).toBe(200);
    expect((await team()).find((m) => m.mno === trainer.mno)!.h).toBe(1);
    expect((await call('POST', '/api-base/team', 'editor', { mno: trainer.mno, sid: wien, role: 3 })).statusCode).toBe(200);
    expect((await team()).find((m) => m.mno === trainer.mno)!.h).toBe(0);

    const notHideable = await call('DELETE', `/api-base/team?mno=${licensee.mno}&sid=${wien}&role=3`, 'editor');
    expect(notHideable.statusCode).toBe(400);
    expect(notHideable.json()).toEqual({ error: 39 });
    expect((await call('DELETE', `/api-base/team?mno=${trainer.mno}&sid=${wien}&role=3`, 'reader')).statusCode).toBe(403);
    expect((await call('DELETE', `/api-base/team?mno=${trainer.mno}&sid=${wien}&role=3`, 'graz')).statusCode).toBe(404);
    expect((await call('GET', `/api-base/team?sid=${wien}`, 'graz')).statusCode).toBe(404);
    expect((await call('DELETE', `/api-base/team?mno=NOBODY-1&sid=${wien}&role=3`, 'editor')).statusCode).toBe(404);

    const photo = async (data: Buffer) => {
      const body = multipart([{ name: 'file', filename: 'me.jpg', data }]);
      return t.request({ method: 'PUT', url: `/api-base/tpu?sid=${wien}&mno=${trainer.mno}`, headers: { cookie: cookies.editor!, ...body.headers }, payload: body.payload });
    };
    const first = (await photo(await jpeg(10, 100, 10))).json<{ fh: number }>().fh;
    const second = await photo(await jpeg(100, 10, 10));
    expect(second.statusCode).toBe(200);
    const fh = second.json<{ fh: number }>().fh;
    expect((await team()).find((m) => m.mno === trainer.mno)!.fh).toBe(fh);
    expect(await sql('SELECT 1 FROM team_photos WHERE id = $1', [first])).toHaveLength(0);
    const image = await call('GET', `/api-cubic/image/${fh}-0x200/members`, 'reader');
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).height).toBe(200);
    expect((await call('GET', `/api-cubic/image/${fh}-0x200/members`, 'graz')).statusCode).toBe(404);
  });
});
