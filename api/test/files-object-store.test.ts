import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { StudentDocumentUploadResponse } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { multipart, tinyPdf, type FormPart } from './support/multipart.js';
import { startTestS3, type TestS3 } from './support/s3.js';
import { backends, createTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(120_000);

// The app configured for the object store (S3_URL, S3_BUCKET, keys), as an operator with
// several API machines would run it: what a client uploads lands in the bucket and comes
// back from it, with the same safe download headers as from the folder.
describe.each(backends())('uploads and downloads through the object store on %s', (backend) => {
  let s3: TestS3;
  let bucket: string;
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let student: number;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string) => t.request({ method, url, headers: { cookie: cookies[user]! } });
  const upload = (method: string, url: string, user: string, parts: FormPart[]) => {
    const body = multipart(parts);
    return t.request({ method, url, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const objectSize = async (key: string) => {
    try {
      return (await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
    } catch {
      return null;
    }
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = await s3.newBucket();
    t = await createTestApp({ backend, seed: 'demo', env: s3.env(bucket) });
    for (const user of ['office', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    student = (await sql<{ id: number }>("SELECT s.id FROM students s JOIN schools sc ON sc.id = s.school_id WHERE sc.name LIKE '%Graz%' ORDER BY s.id LIMIT 1"))[0]!.id;
  });

  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('stores an uploaded document in the bucket and downloads it from there with the safe headers', async () => {
    expect(t.app.files.kind).toBe('s3');
    const text = `${'Protokoll der Prüfung, Zeile für Zeile.\n'.repeat(40_000)}Ende.\n`; // ~1.6 MB
    const res = await upload('POST', `/api-document/doc-student?stid=${student}`, 'office', [
      { name: 'tid', value: '2' },
      { name: 'dr', value: '2026-11-20' },
      { name: 'file', filename: 'Zeugnis Müller.PDF', contentType: 'application/pdf', data: tinyPdf() },
      { name: 'file', filename: 'protokoll.txt', data: text },
    ]);
    expect(res.statusCode).toBe(200);
    const [pdf, protocol] = res.json<StudentDocumentUploadResponse>().documents;

    // In the bucket under the key the database keeps; nothing in the local files folder.
    const rows = await sql<{ id: number; file_key: string }>('SELECT id, file_key FROM student_documents WHERE student_id = $1 ORDER BY id', [student]);
    expect(rows.map((r) => r.id)).toEqual([pdf!.id, protocol!.id]);
    const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: rows[0]!.file_key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(tinyPdf())).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);

    const download = await call('GET', `/api-document/sddl?id=${pdf!.id}&tid=2`, 'trainer');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(tinyPdf().length));
    expect(download.headers['content-disposition']).toBe("attachment; filename=\"Zeugnis Mueller.pdf\"; filename*=UTF-8''Zeugnis%20M%C3%BCller.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(tinyPdf())).toBe(true);

    const big = await call('GET', `/api-document/sddl?id=${protocol!.id}`, 'trainer');
    expect([big.statusCode, big.headers['content-type'], big.headers['content-length']]).toEqual([200, 'text/plain; charset=utf-8', String(Buffer.byteLength(text))]);
    expect(big.body).toBe(text);
  });

  it('answers 404 for a document whose object is gone, and deleting a document removes its object', async () => {
    const res = await upload('POST', `/api-document/doc-student?stid=${student}`, 'office', [{ name: 'file', filename: 'a.txt', data: 'Notiz A' }, { name: 'file', filename: 'b.txt', data: 'Notiz B' }]);
    const [a, b] = res.json<StudentDocumentUploadResponse>().documents;
    const key = async (id: number) => (await sql<{ file_key: string }>('SELECT file_key FROM student_documents WHERE id = $1', [id]))[0]!.file_key;
    const keyA = await key(a!.id);
    const keyB = await key(b!.id);
    expect([await objectSize(keyA), await objectSize(keyB)]).toEqual([7, 7]);

    // Lost from the bucket (a restore without it): the client sees 404 {error: 3}, not a 500.
    await s3.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyA }));
    const missing = await call('GET', `/api-document/sddl?id=${a!.id}`, 'trainer');
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 3 }]);

    expect((await call('DELETE', `/api-document/doc-student?id=${b!.id}&stid=${student}`, 'office')).statusCode).toBe(200);
    expect(await objectSize(keyB)).toBeNull();
    expect((await call('GET', `/api-document/sddl?id=${b!.id}`, 'trainer')).statusCode).toBe(404);
  });

  it('keeps a student picture and its sizes in the bucket', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    const res = await upload('PUT', `/api-student/pic-save?id=${student}`, 'office', [{ name: 'file', filename: 'foto.jpg', data: jpeg }]);
    expect(res.statusCode).toBe(200);
    const { sifh } = res.json<{ sifh: string }>();
    const image = await call('GET', `/api-cubic/image?f=${sifh}-200x0&n=members`, 'trainer');
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(200);
    const stored = (await sql<{ file_key: string }>('SELECT file_key FROM student_pictures WHERE student_id = $1', [student]))[0]!;
    expect(await objectSize(stored.file_key)).toBeGreaterThan(0);
    expect(await objectSize(`${stored.file_key}.200x0`)).toBe(image.rawPayload.length);
  });
});
