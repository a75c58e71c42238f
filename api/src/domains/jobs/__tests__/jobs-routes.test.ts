import type { JobRunAnswer, JobStatus } from 'shared-kernel/contracts';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createJobRunner } from '../../../jobs/runner.js';
import { jobsOf } from '../registry.js';

const NOW = new Date('2026-11-27T10:00:00Z');

/** /api-base/jobs (issue 17): the superadmin sees every job's state and may run one now; nobody else. */
describe.each(backends())('jobs routes on %s', (backend) => {
  let t: TestApp;
  let superadmin: string;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    superadmin = (await t.loginAs({ level: 1 })).cookie;
    admin = (await t.loginAs({ level: 2 })).cookie;
    user = (await t.loginAs({ level: 3, atoms: ['student_r'] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (cookie = superadmin) => t.request({ method: 'GET', url: '/api-base/jobs', headers: { cookie } });
  const runNow = (name: string, headers: Record<string, string> = {}, cookie = superadmin) =>
    t.request({ method: 'POST', url: '/api-base/jobs/run', payload: { name }, headers: { cookie, ...headers } });

  it('only the superadmin: 401 without a session, 403 for an admin and a user', async () => {
    expect((await t.request({ method: 'GET', url: '/api-base/jobs' })).statusCode).toBe(401);
    expect((await list(admin)).statusCode).toBe(403);
    expect((await list(user)).statusCode).toBe(403);
    expect((await runNow('sessions.sweep', {}, admin)).statusCode).toBe(403);
    expect((await runNow('sessions.sweep', {}, user)).statusCode).toBe(403);
  });

  it('lists each job with its schedule; never run: no last run, nothing pending until a runner registered it', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const jobs = res.json<JobStatus[]>();
    expect(jobs.map((job) => job.name)).toEqual(jobsOf(t.app).map((job) => job.name));
    expect(jobs.find((job) => job.name === 'sessions.sweep')).toEqual({
      name: 'sessions.sweep',
      every_ms: 3_600_000,
      daily_at: null,
      next_run: null,
      running: false,
      last_started: null,
      last_finished: null,
      last_ok: null,
      last_worker: null,
      failures: 0,
      given_up: 0,
      last_error: null,
      last_error_at: null,
      runs: 0,
      queued: 0,
    });
    expect(jobs.find((job) => job.name === 'jobs.cleanup')).toEqual(expect.objectContaining({ every_ms: null, daily_at: '03:30' }));
  });

  it('run now: queued once per Idempotency-Key, run by a runner, then shown with its last run and next run', async () => {
    const runner = createJobRunner(t.app, jobsOf(t.app), { worker: 'test-host:1' });
    await runner.register();
    await runner.tick();
    const before = (await list()).json<JobStatus[]>().find((job) => job.name === 'sessions.sweep')!;
    expect(before).toEqual(expect.objectContaining({ runs: 1, last_ok: true, last_worker: 'test-host:1', next_run: '2026-11-27T11:00:00.000Z' }));

    const key = { 'idempotency-key': 'run-now-0001' };
    const answers = await Promise.all([runNow('sessions.sweep', key), runNow('sessions.sweep', key)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json<JobRunAnswer>().queued).sort()).toEqual([false, true]);
    const queued = (await list()).json<JobStatus[]>().find((job) => job.name === 'sessions.sweep')!;
    expect(queued).toEqual(expect.objectContaining({ queued: 1, next_run: NOW.toISOString() }));

    expect(await runner.tick()).toBe(1);
    const after = (await list()).json<JobStatus[]>().find((job) => job.name === 'sessions.sweep')!;
    expect(after).toEqual(expect.objectContaining({ runs: 2, queued: 0, last_ok: true, next_run: '2026-11-27T11:00:00.000Z' }));
    // The same key later: still that one run.
    expect((await runNow('sessions.sweep', key)).json()).toEqual({ success: true, queued: false });
    // Without a key every request is a run.
    expect((await runNow('sessions.sweep')).json()).toEqual({ success: true, queued: true });
    expect(await runner.tick()).toBe(1);
    await runner.stop();
  });

  it('bad input is 400, a job this installation does not run 404', async () => {
    expect((await runNow('no.such.job')).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api-base/jobs/run', payload: {}, headers: { cookie: superadmin } })).statusCode).toBe(400);
    expect((await runNow('sessions.sweep', { 'idempotency-key': 'x' })).statusCode).toBe(400);
    expect((await runNow('db.vacuum')).statusCode).toBe(backend === 'pglite' ? 200 : 404);
  });
});
