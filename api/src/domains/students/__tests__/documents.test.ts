import sharp from 'sharp';
import type { StudentDocumentList, StudentDocumentUploadResponse, StudentData, StudentListResponse } from 'shared-kernel/contracts';
import { toXlsx } from '../../../lib/export.js';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { multipart, pngClaiming, tinyPdf, type FormPart } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('student documents and pictures on %s', (backend) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let grazStudent: number;
  let wienStudent: number;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string) => t.request({ method, url, headers: { cookie: cookies[user]! } });
  const upload = (method: string, url: string, user: string, parts: FormPart[]) => {
    const body = multipart(parts);
    return t.request({ method, url, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const storedFiles = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM student_documents'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    for (const user of ['office', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    const first = async (name: string) =>
      (await sql<{ id: number }>('SELECT s.id FROM students s JOIN schools sc ON sc.id = s.school_id WHERE sc.name LIKE $1 ORDER BY s.id LIMIT 1', [`%${name}%`]))[0]!.id;
    grazStudent = await first('Graz');
    wienStudent = await first('Wien');
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('documents', () => {
    it('uploads PDF, text and office files (checked by content), lists them 10 per page, downloads and deletes them', async () => {
      const xlsx = await toXlsx([{ header: 'A', value: (r: { a: number }) => r.a, type: 'int' }], [{ a: 1 }]);
      const res = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [
        { name: 'tid', value: '2' },
        { name: 'dr', value: '2026-11-20' },
        { name: 'file', filename: 'Zeugnis Müller.PDF', contentType: 'application/pdf', data: tinyPdf() },
        { name: 'file', filename: 'notiz', contentType: 'application/octet-stream', data: 'Einfacher Text, Grüße.\n' },
        { name: 'file', filename: 'Liste.xlsx', contentType: 'application/octet-stream', data: xlsx },
      ]);
      expect(res.statusCode).toBe(200);
      const { documents } = res.json<StudentDocumentUploadResponse>();
      expect(documents.map((d) => [d.n, d.ext, d.tid, d.dr])).toEqual([
        ['Zeugnis Müller.pdf', 'pdf', 2, '2026-11-20'],
        ['notiz.txt', 'txt', 2, '2026-11-20'],
        ['Liste.xlsx', 'xlsx', 2, '2026-11-20'],
      ]);
      // Stored under server-made names, not the sender's.
      const keys = await sql<{ file_key: string }>('SELECT file_key FROM student_documents WHERE student_id = $1', [grazStudent]);
      expect(keys.every((k) => /^[0-9a-f]{2}\/[0-9a-f]{32}$/.test(k.file_key))).toBe(true);

      const listed = (await call('GET', `/api-document/doc-student?stid=${grazStudent}`, 'trainer')).json<StudentDocumentList>();
      expect(listed.total).toBe(3);
      expect(listed.rows.map((d) => d.id)).toEqual(documents.map((d) => d.id).reverse());
      expect(listed.rows[0]).toEqual(expect.objectContaining({ s: expect.any(Number), lc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }));

      const pdf = documents[0]!;
      const download = await call('GET', `/api-document/sddl?id=${pdf.id}&tid=2`, 'trainer');
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe("attachment; filename=\"Zeugnis Mueller.pdf\"; filename*=UTF-8''Zeugnis%20M%C3%BCller.pdf");
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.equals(tinyPdf())).toBe(true);
      const text = await call('GET', `/api-document/sddl?id=${documents[1]!.id}`, 'trainer');
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect((await call('GET', `/api-document/sddl?id=${pdf.id}&tid=1`, 'trainer')).statusCode).toBe(404);

      expect(await t.app.files.size(keys[0]!.file_key)).not.toBeNull();
      for (const document of documents) {
        const deleted = await call('DELETE', `/api-document/doc-student?id=${document.id}&stid=${grazStudent}`, 'office');
        expect(deleted.statusCode).toBe(200);
      }
      expect((await call('GET', `/api-document/doc-student?stid=${grazStudent}`, 'office')).json<StudentDocumentList>().total).toBe(0);
      expect(await t.app.files.size(keys[0]!.file_key)).toBeNull();
      expect((await call('GET', `/api-document/sddl?id=${pdf.id}`, 'trainer')).statusCode).toBe(404);
    });

    it('pages by 10, newest receipt date first', async () => {
      const parts: FormPart[] = Array.from({ length: 5 }, (_, i) => ({ name: 'file', filename: `d${i}.txt`, data: `Dokument ${i}` }));
      for (const dr of ['2026-01-01', '2026-02-01', '2026-03-01']) {
        const res = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [{ name: 'dr', value: dr }, ...parts]);
        expect(res.statusCode).toBe(200);
      }
      const page0 = (await call('GET', `/api-document/doc-student?stid=${grazStudent}&page=0`, 'office')).json<StudentDocumentList>();
      const page1 = (await call('GET', `/api-document/doc-student?stid=${grazStudent}&page=1`, 'office')).json<StudentDocumentList>();
      expect([page0.total, page0.pages, page0.rows.length, page1.rows.length]).toEqual([15, 2, 10, 5]);
      const dates = [...page0.rows, ...page1.rows].map((d) => d.dr);
      expect(dates).toEqual([...dates].sort().reverse());
      await sql('DELETE FROM student_documents WHERE student_id = $1', [grazStudent]);
    });

    it('refuses an HTML page named .pdf, too many and too large files, and non-multipart requests; nothing is stored', async () => {
      const before = await storedFiles();
      const html = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [
        { name: 'file', filename: 'rechnung.pdf', contentType: 'application/pdf', data: '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>' },
      ]);
      expect([html.statusCode, html.json()]).toEqual([400, { error: 1100 }]);
      const exe = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [
        { name: 'file', filename: 'bild.jpg', contentType: 'image/jpeg', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]) },
      ]);
      expect([exe.statusCode, exe.json()]).toEqual([400, { error: 1100 }]);
      const many = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office',
        Array.from({ length: 6 }, (_, i) => ({ name: 'file', filename: `n${i}.txt`, data: 'text' })));
      expect([many.statusCode, many.json()]).toEqual([400, { error: 1102 }]);
      const large = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [
        { name: 'file', filename: 'big.txt', data: Buffer.alloc(20 * 1024 * 1024 + 10, 'a') },
      ]);
      expect([large.statusCode, large.json()]).toEqual([400, { error: 1101 }]);
      const json = await t.request({ method: 'POST', url: `/api-document/doc-student?stid=${grazStudent}`, headers: { cookie: cookies.office! }, payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      const none = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [{ name: 'tid', value: '1' }]);
      expect(none.statusCode).toBe(400);
      const badDate = await upload('POST', `/api-document/doc-student?stid=${grazStudent}`, 'office', [
        { name: 'dr', value: '2026-02-30' },
        { name: 'file', filename: 'a.txt', data: 'text' },
      ]);
      expect(badDate.statusCode).toBe(400);
      expect(await storedFiles()).toBe(before);
    });

    it("another school's student or document answers 404 to the trainer", async () => {
      const res = await upload('POST', `/api-document/doc-student?stid=${wienStudent}`, 'office', [{ name: 'file', filename: 'w.pdf', data: tinyPdf('Wien') }]);
      const id = res.json<StudentDocumentUploadResponse>().documents[0]!.id;
      expect((await call('GET', `/api-document/sddl?id=${id}`, 'trainer')).statusCode).toBe(404);
      expect((await call('GET', `/api-document/doc-student?stid=${wienStudent}`, 'trainer')).statusCode).toBe(404);
      expect((await call('GET', `/api-document/sddl?id=${id}`, 'office')).statusCode).toBe(200);
      // Deleting through another student's id finds nothing.
      expect((await call('DELETE', `/api-document/doc-student?id=${id}&stid=${grazStudent}`, 'office')).statusCode).toBe(404);
    });
  });

  describe('pictures', () => {
    it('replaces the picture: re-encoded without EXIF/GPS, served in the list sizes, old files removed', async () => {
      const original = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#884422' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Familie Muster' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 4/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '15/1 26/1 3/1' } })
        .toBuffer();
      expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Familie Muster');

      const res = await upload('PUT', `/api-student/pic-save?id=${grazStudent}`, 'office', [
        { name: 'file', filename: 'IMG_0001.JPG', contentType: 'image/jpeg', data: original },
      ]);
      expect(res.statusCode).toBe(200);
      const { sifh } = res.json<{ sifh: string }>();
      expect(sifh).toMatch(/^[0-9a-f]{64}$/);
      expect((await t.request({ method: 'GET', url: `/api-student/data?id=${grazStudent}`, headers: { cookie: cookies.trainer! } })).json<StudentData>().sifh).toBe(sifh);
      const listed = (await t.request({
        method: 'POST', url: '/api-student/list', headers: { cookie: cookies.trainer! },
        payload: { page: 0, pageSize: 100, filtered: [{ id: 'sid', value: (await sql<{ school_id: number }>('SELECT school_id FROM students WHERE id = $1', [grazStudent]))[0]!.school_id }] },
      })).json<StudentListResponse>();
      expect(listed.rows.find((r) => r.id === grazStudent)!.sifh).toBe(sifh);

      const stored = (await sql<{ file_key: string; width: number }>('SELECT file_key, width FROM student_pictures WHERE student_id = $1', [grazStudent]))[0]!;
      expect(stored.width).toBe(1200);
      const storedMeta = await sharp(await t.app.files.read(stored.file_key)).metadata();
      expect(storedMeta.exif).toBeUndefined();

      for (const [size, width] of [['200x0', 200], ['60x0', 60], ['400x0', 400]] as const) {
        const image = await call('GET', `/api-cubic/image?f=${sifh}-${size}&n=members`, 'trainer');
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
        // Personal data: never kept in a cache (every /api-* answer is no-store).
        expect(image.headers['cache-control']).toBe('no-store');
        const meta = await sharp(image.rawPayload).metadata();
        expect([meta.width, meta.height, meta.exif]).toEqual([width, width * 0.75, undefined]);
      }
      expect((await call('GET', `/api-cubic/image?f=${sifh}-123x0`, 'trainer')).statusCode).toBe(400);

      // A new picture replaces the old one and its sizes.
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } }).png().toBuffer();
      const second = await upload('PUT', `/api-student/pic-save?id=${grazStudent}`, 'office', [{ name: 'file', filename: 'neu.png', data: png }]);
      expect(second.statusCode).toBe(200);
      expect(await t.app.files.size(stored.file_key)).toBeNull();
      expect(await t.app.files.size(`${stored.file_key}.200x0`)).toBeNull();
      expect((await call('GET', `/api-cubic/image?f=${sifh}-200x0`, 'trainer')).statusCode).toBe(404);
      const next = await call('GET', `/api-cubic/image?f=${second.json<{ sifh: string }>().sifh}-200x0`, 'trainer');
      expect([next.statusCode, next.headers['content-type']]).toEqual([200, 'image/png']);
    });

    it('refuses pixel floods, oversized files and non-images; the picture stays', async () => {
      const before = (await sql<{ picture_hash: string | null }>('SELECT picture_hash FROM students WHERE id = $1', [grazStudent]))[0]!.picture_hash;
      const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } }).png().toBuffer();
      const flood = await upload('PUT', `/api-student/pic-save?id=${grazStudent}`, 'office', [{ name: 'file', filename: 'flood.png', data: pngClaiming(small, 20000, 20000) }]);
      expect([flood.statusCode, flood.json()]).toEqual([400, { error: 1103 }]);
      const big = await upload('PUT', `/api-student/pic-save?id=${grazStudent}`, 'office', [{ name: 'file', filename: 'big.jpg', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
      expect([big.statusCode, big.json()]).toEqual([400, { error: 1101 }]);
      const pdf = await upload('PUT', `/api-student/pic-save?id=${grazStudent}`, 'office', [{ name: 'file', filename: 'foto.jpg', data: tinyPdf() }]);
      expect([pdf.statusCode, pdf.json()]).toEqual([400, { error: 1100 }]);
      expect((await sql<{ picture_hash: string | null }>('SELECT picture_hash FROM students WHERE id = $1', [grazStudent]))[0]!.picture_hash).toBe(before);
    });

    it("the photo of another school's student answers 404 to the trainer", async () => {
      const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } }).jpeg().toBuffer();
      const res = await upload('PUT', `/api-student/pic-save?id=${wienStudent}`, 'office', [{ name: 'file', filename: 'w.jpg', data: jpeg }]);
      const { sifh } = res.json<{ sifh: string }>();
      expect((await call('GET', `/api-cubic/image?f=${sifh}-60x0`, 'office')).statusCode).toBe(200);
      expect((await call('GET', `/api-cubic/image?f=${sifh}-60x0`, 'trainer')).statusCode).toBe(404);
      const write = await upload('PUT', `/api-student/pic-save?id=${wienStudent}`, 'trainer', [{ name: 'file', filename: 'w.jpg', data: jpeg }]);
      expect(write.statusCode).toBe(403);
    });
  });
});
