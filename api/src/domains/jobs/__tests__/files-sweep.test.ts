import type { StudentDocumentUploadResponse } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { JOBS } from '../registry.js';
import { multipart, tinyPdf } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { confirmFiles, putPending } from '../../../files/file-intents.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-28T08:00:00Z');
const MINUTE = 60_000;

/**
 * Write intents (migration 114) and the hourly files.sweep job on both databases: a file whose
 * transaction committed is never swept; a file put before a transaction that never committed
 * (a crash) is removed with its intent once the intent is older than an hour, not before.
 */
describe.each(backends())('file write intents and files.sweep on %s', (backend) => {
  let t: TestApp;
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const intents = async (keys: string[]) => (await sql<{ key: string }>('SELECT key FROM file_intents WHERE key = ANY($1::text[]) ORDER BY key', [keys])).map((r) => r.key);
  // The registered job, as the runner calls it, with the test clock's time.
  const sweep = () => JOBS.find((job) => job.name === 'files.sweep')!.run({ app: t.app, now: t.clock.now(), key: '', payload: null, attempt: 1 });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a put whose transaction commits leaves no intent, and the sweep hours later keeps the file', async () => {
    t.clock.set(NOW);
    const bytes = Buffer.from('committed file');
    const key = await putPending(t.app, bytes);
    expect(await intents([key])).toEqual([key]);
    await t.db.transaction((tx) => confirmFiles(tx, [key]));
    expect(await intents([key])).toEqual([]);
    t.clock.advance(3 * 60 * MINUTE);
    await sweep();
    expect((await t.app.files.read(key)).equals(bytes)).toBe(true);
  });

  it('a crash between put and commit leaves the intent; the sweep removes the file and the intent after an hour, not before', async () => {
    t.clock.set(NOW);
    const key = await putPending(t.app, Buffer.from('orphan'));
    // The business transaction confirms and then fails before its commit; the route's own
    // cleanup never runs (the process "died").
    await expect(
      t.db.transaction(async (tx) => {
        await confirmFiles(tx, [key]);
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await intents([key])).toEqual([key]);

    t.clock.advance(59 * MINUTE);
    await sweep();
    expect(await t.app.files.size(key)).toBe(6);
    expect(await intents([key])).toEqual([key]);

    t.clock.advance(2 * MINUTE);
    await sweep();
    expect(await t.app.files.size(key)).toBeNull();
    expect(await intents([key])).toEqual([]);
  });

  it('a file the store fails to remove keeps its intent, the run fails with the count, and the next sweep removes it', async () => {
    t.clock.set(NOW);
    const stuck = await putPending(t.app, Buffer.from('stuck'));
    const loose = await putPending(t.app, Buffer.from('loose'));
    t.clock.advance(61 * MINUTE);
    const remove = t.app.files.remove.bind(t.app.files);
    const failing = jest.spyOn(t.app.files, 'remove').mockImplementation((key) => (key === stuck ? Promise.reject(new Error('EACCES: permission denied')) : remove(key)));
    try {
      await expect(sweep()).rejects.toThrow('1 of 2 files could not be removed; their intents stay for the next sweep (first: EACCES: permission denied)');
    } finally {
      failing.mockRestore();
    }
    expect(await intents([stuck, loose])).toEqual([stuck]);
    expect(await t.app.files.size(stuck)).toBe(5);
    expect(await t.app.files.size(loose)).toBeNull();

    t.clock.advance(60 * MINUTE);
    await sweep();
    expect(await intents([stuck])).toEqual([]);
    expect(await t.app.files.size(stuck)).toBeNull();
  });

  it('a student document upload still works: stored, no intent left, downloads byte-identically after a sweep', async () => {
    t.clock.set(NOW);
    const cookie = await t.login('office', DEMO_PASSWORD);
    const [student] = await sql<{ id: number }>(`SELECT s.id FROM students s JOIN schools sc ON sc.id = s.school_id WHERE sc.name LIKE '%Graz%' ORDER BY s.id LIMIT 1`);
    const body = multipart([
      { name: 'tid', value: '2' },
      { name: 'file', filename: 'Zeugnis.pdf', contentType: 'application/pdf', data: tinyPdf() },
    ]);
    const res = await t.request({ method: 'POST', url: `/api-document/doc-student?stid=${student!.id}`, headers: { cookie, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const [document] = res.json<StudentDocumentUploadResponse>().documents;
    const [stored] = await sql<{ file_key: string }>('SELECT file_key FROM student_documents WHERE id = $1', [document!.id]);
    expect(await intents([stored!.file_key])).toEqual([]);

    t.clock.advance(2 * 60 * MINUTE);
    await sweep();
    // A new session: the first one timed out during the two hours.
    const later = await t.login('office', DEMO_PASSWORD);
    const download = await t.request({ method: 'GET', url: `/api-document/sddl?id=${document!.id}`, headers: { cookie: later } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPdf())).toBe(true);
  });
});
