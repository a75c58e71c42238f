import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { StudentDocumentUploadResponse } from 'shared-kernel/contracts';
import { buildApp } from '../../app.js';
import { parseFilesToS3Args, runFilesToS3 } from '../../cli/files-to-s3.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';
import { listenForTests } from '../../../test/support/http-client.js';
import { multipart, tinyPdf } from '../../../test/support/multipart.js';
import { startTestS3, type TestS3 } from '../../../test/support/s3.js';
import { createTestApp, sessionCookieOf } from '../../../test/support/test-app.js';
import { variantKey } from '../file-store.js';
import { FolderFileStore } from '../folder-store.js';

jest.setTimeout(120_000);

describe('npm run files:to-s3 (the folder into the object store)', () => {
  let s3: TestS3;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3.stop();
  });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sbo-move-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = async (argv: string[], env: Record<string, string>) => {
    const lines: string[] = [];
    const code = await runFilesToS3(argv, { DATA_DIR: dataDir, ...env }, (line) => lines.push(line));
    return { code, lines, summary: lines.filter((line) => /^\d+ files:/.test(line)).at(-1) };
  };
  const object = async (bucket: string, key: string) => {
    try {
      const got = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await got.Body!.transformToByteArray());
    } catch {
      return null;
    }
  };

  it('copies every file under its key, skips what is there with the same size, resumes after a cut, reports counts', async () => {
    const folder = new FolderFileStore(join(dataDir, 'files'));
    const big = Buffer.alloc(2 * 1024 * 1024 + 5, 7);
    const a = await folder.put(Buffer.from('Datei A'));
    const b = await folder.put(big);
    const c = await folder.put(Buffer.from('Datei C'));
    const cSmall = await folder.put(Buffer.from('C klein'), variantKey(c, '60x0'));
    // Not files of the store: a write under way and a stray file; they stay out.
    writeFileSync(join(dataDir, 'files', `${a}.0123456789ab.tmp`), 'half');
    mkdirSync(join(dataDir, 'files', 'zz'));
    writeFileSync(join(dataDir, 'files', 'zz', 'notes.txt'), 'x');
    const bucket = await s3.newBucket();
    // An earlier run got `a` across and was cut off in the middle of `b`.
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: a, Body: 'Datei A' }));
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: b, Body: big.subarray(0, 1000) }));

    const dry = await run(['--dry-run'], s3.env(bucket));
    expect([dry.code, dry.summary]).toEqual([0, '4 files: 3 to copy (2.0 MB), 1 already in the bucket, 0 failed']);
    expect(await object(bucket, c)).toBeNull();

    const first = await run([], s3.env(bucket));
    expect(first.code).toBe(0);
    expect(first.lines[0]).toBe(`Copying the files of ${join(dataDir, 'files')} into s3://${bucket} at ${s3.url} ...`);
    expect(first.summary).toBe('4 files: 3 copied (2.0 MB), 1 already in the bucket, 0 failed');
    expect((await object(bucket, b))!.equals(big)).toBe(true);
    expect((await object(bucket, c))!.toString()).toBe('Datei C');
    expect((await object(bucket, cSmall))!.toString()).toBe('C klein');
    expect(await object(bucket, 'zz/notes.txt')).toBeNull();

    const again = await run([], s3.env(bucket));
    expect([again.code, again.summary]).toEqual([0, '4 files: 0 copied (0.0 MB), 4 already in the bucket, 0 failed']);

    // A file uploaded to the old server meanwhile comes along on the next run; --delete-local
    // empties the folder once the bucket holds each file.
    const d = await folder.put(Buffer.from('Datei D'));
    const last = await run(['--delete-local', '--concurrency', '2'], s3.env(bucket));
    expect([last.code, last.summary]).toEqual([0, '5 files: 1 copied (0.0 MB), 4 already in the bucket, 0 failed, 5 local files removed']);
    expect((await object(bucket, d))!.toString()).toBe('Datei D');
    expect(await folder.size(a)).toBeNull();
    expect((await run([], s3.env(bucket))).summary).toBe('0 files: 0 copied (0.0 MB), 0 already in the bucket, 0 failed');
  });

  it('refuses to run without an object store, with a bucket it cannot use, or with unknown arguments', async () => {
    await expect(run([], {})).rejects.toThrow('no object store configured: set S3_BUCKET');
    await expect(run([], s3.env('never-created'))).rejects.toThrow('The object store bucket "never-created" cannot be used (it does not exist)');
    expect(() => parseFilesToS3Args(['--delete'])).toThrow('unknown argument "--delete"');
    expect(() => parseFilesToS3Args(['--concurrency', '0'])).toThrow('--concurrency must be a whole number from 1 to 32');
    expect(() => parseFilesToS3Args(['--from'])).toThrow('--from needs a value');
    expect(parseFilesToS3Args(['--from=/srv/files', '--dry-run'])).toMatchObject({ from: '/srv/files', dryRun: true, deleteLocal: false, concurrency: 4 });
    const help = await run(['--help'], {});
    expect([help.code, help.lines[0]]).toEqual([0, expect.stringContaining('npm run files:to-s3 -- [--from DIR]')]);
  });

  it('moves what a running installation stored: after the move a server on the object store serves the same document', async () => {
    const t = await createTestApp({ backend: 'pglite', seed: 'demo' });
    try {
      expect(t.app.files.kind).toBe('folder');
      const office = await t.login('office', DEMO_PASSWORD);
      const student = (await t.db.query<{ id: number }>('SELECT id FROM students ORDER BY id LIMIT 1')).rows[0]!.id;
      const body = multipart([{ name: 'file', filename: 'Vertrag.pdf', data: tinyPdf('Vertrag') }]);
      const uploaded = await t.request({ method: 'POST', url: `/api-document/doc-student?stid=${student}`, headers: { cookie: office, ...body.headers }, payload: body.payload });
      const document = uploaded.json<StudentDocumentUploadResponse>().documents[0]!;

      const bucket = await s3.newBucket();
      const moved = await run(['--from', t.app.files.location], s3.env(bucket));
      expect([moved.code, moved.summary]).toEqual([0, '1 files: 1 copied (0.0 MB), 0 already in the bucket, 0 failed']);

      // The same database, a server process now configured for the bucket.
      const config = { ...t.config, s3: s3.settings(bucket) };
      const app = buildApp(config, { db: t.db, logger: false });
      try {
        const request = await listenForTests(app);
        const headers = { 'x-client-version': config.version };
        const login = await request({ method: 'POST', url: '/api-auth/login', headers, payload: { username: 'office', password: DEMO_PASSWORD } });
        const download = await request({ method: 'GET', url: `/api-document/sddl?id=${document.id}`, headers: { ...headers, cookie: sessionCookieOf(login) } });
        expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'application/pdf']);
        expect(download.rawPayload.equals(tinyPdf('Vertrag'))).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await t.close();
    }
  });
});
