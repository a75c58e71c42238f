import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JobRunAnswer, JobStatus, StudentDocumentUploadResponse } from 'shared-kernel/contracts';
import type { AppConfig } from '../src/config.js';
import { openDb, type Db } from '../src/db/index.js';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { multipart, tinyPdf } from './support/multipart.js';
import { startTestS3, type TestS3 } from './support/s3.js';
import { createSchool, createUser } from './support/test-app.js';
import { createTestConfig } from './support/test-db.js';

/**
 * Issue 17 "proven": two API processes (the built server, started as `npm start` and the
 * browser tests start it) on one PostgreSQL database serve one session alternately, and the
 * job runner of both runs each job once. Needs a PostgreSQL server (TEST_DATABASE_URL; CI sets
 * it) and `npm run build:server` (npm test builds before the API tests).
 *
 * Files: the processes share no disk (each its own DATA_DIR); uploads go to the object store,
 * here the local S3 stand-in (s3rver) the file tests use.
 */
const REPO_ROOT = resolve(__dirname, '..', '..');
const SERVER = join(REPO_ROOT, 'api', 'dist', 'server.js');
const POLL_MS = 200;
const run = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const TITLE = process.env.TEST_DATABASE_URL
  ? 'two API processes on one PostgreSQL database'
  : 'two API processes on one PostgreSQL database (skipped: TEST_DATABASE_URL is not set; CI sets it)';

interface Process {
  base: string;
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(config: AppConfig, dataDir: string, env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    cwd: dataDir,
    env: {
      ...process.env,
      DATABASE_URL: config.databaseUrl!,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_ROOT: REPO_ROOT,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: String(POLL_MS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk) => (log += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid!,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(50);
  }
}

run(TITLE, () => {
  let config: AppConfig;
  let drop: () => Promise<void>;
  let db: Db;
  let dataDirs: string[] = [];
  let s3: TestS3;
  let bucket: string;
  let a: Process;
  let b: Process;
  let admin: { username: string; password: string };
  let student: number;
  const runsOf = async (name: string) =>
    (await db.query<{ worker: string; ok: boolean; key: string }>('SELECT worker, ok, key FROM job_runs WHERE name = $1 ORDER BY id', [name])).rows;

  beforeAll(async () => {
    if (!existsSync(SERVER)) throw new Error('api/dist/server.js is missing: run `npm run build:server` before this test');
    ({ config, drop } = await createTestConfig('postgres'));
    dataDirs = [mkdtempSync(join(tmpdir(), 'sbo-scale-out-a-')), mkdtempSync(join(tmpdir(), 'sbo-scale-out-b-'))];
    s3 = await startTestS3();
    bucket = await s3.newBucket('sbo-scale-out');
    // The database as an installation has it before its processes start: migrated, a
    // superadmin (create-admin), a school with a student.
    db = await openDb(config);
    admin = await createUser(db, { level: 1 });
    const school = await createSchool(db, 'Kampfkunst Linz');
    student = (await db.query<{ id: number }>(`INSERT INTO students (school_id, firstname, lastname, city) VALUES ($1, 'Lena', 'Berger', 'Linz') RETURNING id`, [school])).rows[0]!.id;
    // Both at the same moment: each registers every job schedule at start.
    [a, b] = await Promise.all(dataDirs.map((dir) => startServer(config, dir, s3.env(bucket))));
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await drop?.();
    await s3?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const call = async (server: Process, method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) => {
    const json = body !== undefined && !Buffer.isBuffer(body);
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: { 'x-client-version': config.version, cookie, ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as Buffer),
    });
    return res;
  };

  it('one session, requests alternating: login on A, list and upload on B (into the object store), download on A, logout on B ends it on A', async () => {
    const login = await call(a, 'POST', '/api-auth/login', '', { username: admin.username, password: admin.password });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^sbo_session=/);

    const list = await call(b, 'POST', '/api-student/list', cookie, { page: 0, pageSize: 25, sorted: [], filtered: [] });
    expect(list.status).toBe(200);
    expect((await list.json()) as { total: number }).toEqual(expect.objectContaining({ total: 1 }));

    const form = multipart([
      { name: 'tid', value: '2' },
      { name: 'dr', value: '2026-11-20' },
      { name: 'file', filename: 'Zeugnis.pdf', contentType: 'application/pdf', data: tinyPdf('zwei Prozesse') },
    ]);
    const upload = await call(b, 'POST', `/api-document/doc-student?stid=${student}`, cookie, form.payload, form.headers);
    expect(upload.status).toBe(200);
    const [document] = ((await upload.json()) as StudentDocumentUploadResponse).documents;
    // In the bucket, not on B's disk.
    const { file_key: key } = (await db.query<{ file_key: string }>('SELECT file_key FROM student_documents WHERE id = $1', [document!.id])).rows[0]!;
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(tinyPdf('zwei Prozesse').length);

    const download = await call(a, 'GET', `/api-document/sddl?id=${document!.id}`, cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(tinyPdf('zwei Prozesse'))).toBe(true);

    expect((await call(b, 'POST', '/api-auth/logout', cookie, {})).status).toBe(200);
    await waitFor(async () => (await call(a, 'POST', '/api-student/list', cookie, { page: 0, pageSize: 25, sorted: [], filtered: [] })).status === 401, 'A to see the logout');
  });

  it('jobs: registered by both at start, each ran once; "run now" sent to both at once runs once', async () => {
    const cookie = (
      (await call(b, 'POST', '/api-auth/login', '', { username: admin.username, password: admin.password })).headers.get('set-cookie') ?? ''
    ).split(';')[0]!;
    const workers = [a.pid, b.pid].map(String);
    // The hourly sweep runs at start; both processes started together and registered it.
    await waitFor(async () => (await runsOf('sessions.sweep')).length === 1, 'the first sweep');
    await wait(POLL_MS * 5);
    const first = await runsOf('sessions.sweep');
    expect(first).toHaveLength(1);
    expect(workers).toContain(first[0]!.worker.split(':').pop());

    // "Run now" with one Idempotency-Key to both processes at the same moment: one run.
    const key = { 'idempotency-key': 'scale-out-run-0001' };
    const answers = await Promise.all([a, b].map((server) => call(server, 'POST', '/api-base/jobs/run', cookie, { name: 'sessions.sweep' }, key)));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const queued = await Promise.all(answers.map(async (res) => ((await res.json()) as JobRunAnswer).queued));
    expect(queued.sort()).toEqual([false, true]);
    await waitFor(async () => (await runsOf('sessions.sweep')).length === 2, 'the run now');
    await wait(POLL_MS * 5);
    const runs = await runsOf('sessions.sweep');
    expect(runs.map((r) => [r.ok, r.key])).toEqual([
      [true, ''],
      [true, expect.stringMatching(/^manual:\d+:scale-out-run-0001$/)],
    ]);
    expect(workers).toContain(runs[1]!.worker.split(':').pop());

    // What the superadmin sees, from either process.
    const listed = (await (await call(a, 'GET', '/api-base/jobs', cookie)).json()) as JobStatus[];
    expect(listed.map((job) => job.name)).toEqual(['sessions.sweep', 'leads.invitations', 'invoices.daily', 'jobs.cleanup', 'files.sweep']);
    expect(listed[0]).toEqual(expect.objectContaining({ runs: 2, last_ok: true, queued: 0, failures: 0, running: false }));
    // Every minute: once at start, again if the test outlives a minute.
    expect(listed[1]!.runs).toBeGreaterThanOrEqual(1);
  });
});
