import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createJobRunner, enqueueJob, nextScheduled, type JobDefinition } from '../../../jobs/runner.js';
import { jobsOf } from '../registry.js';
import { listJobStatus } from '../repository.js';

const NOW = new Date('2026-11-27T10:00:00Z');

/**
 * The job runner (issue 17) on both databases: a job scheduled by two runners at once runs
 * once, a deferred run enqueued twice at once is one run, failures are retried with growing
 * waits (scheduled jobs never give up, deferred runs after maxAttempts), and on PGlite the
 * started runner of the one process runs what is enqueued by itself (NOTIFY) and due
 * schedules (its poll), VACUUM included.
 */
describe.each(backends())('job runner on %s', (backend) => {
  let t: TestApp;
  const ran: string[] = [];
  let failUntil = 0;
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  // Jobs of this test: the runner's behaviour, not a product job's.
  const counted: JobDefinition = {
    name: 'test.counted',
    schedule: { everyMs: 60_000, atStart: true },
    run: async ({ key }) => {
      ran.push(`counted:${key}`);
      // Long enough that the second runner looks while the first still runs.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
  const flaky: JobDefinition = {
    name: 'test.flaky',
    maxAttempts: 3,
    backoffMs: 10_000,
    run: async ({ attempt, key }) => {
      ran.push(`flaky:${key}:${attempt}`);
      if (attempt <= failUntil) throw new Error(`attempt ${attempt} failed`);
    },
  };
  const hourly: JobDefinition = {
    name: 'test.hourly-failing',
    schedule: { everyMs: 3_600_000 },
    backoffMs: 60_000,
    run: async () => {
      throw new Error('no connection to the bank');
    },
  };
  // Each test's runners know only the jobs it looks at: a runner claims only jobs it knows.

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    ran.length = 0;
  });

  it('a job registered and run by two runners at the same time runs once', async () => {
    const a = createJobRunner(t.app, [counted], { worker: 'a' });
    const b = createJobRunner(t.app, [counted], { worker: 'b' });
    await Promise.all([a.register(), b.register(), a.register()]);
    expect(await sql(`SELECT name, run_at FROM jobs WHERE key = ''`)).toEqual([{ name: 'test.counted', run_at: NOW }]);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(ran).toEqual(['counted:']);
    const runs = await sql<{ worker: string; ok: boolean }>(`SELECT worker, ok FROM job_runs WHERE name = 'test.counted'`);
    expect(runs).toHaveLength(1);
    expect(['a', 'b']).toContain(runs[0]!.worker);
    // Next regular run a minute after it ended; a process starting again does not run it again.
    expect((await sql(`SELECT run_at, state, locked_by FROM jobs WHERE name = 'test.counted'`))[0]).toEqual({ run_at: new Date(NOW.getTime() + 60_000), state: 'pending', locked_by: null });
    await b.register();
    expect(await b.tick()).toBe(0);
    t.clock.advance(60_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(ran).toEqual(['counted:', 'counted:']);
    t.clock.set(NOW);
  });

  it('a deferred run enqueued twice at the same moment is one run', async () => {
    const a = createJobRunner(t.app, [flaky], { worker: 'a' });
    const b = createJobRunner(t.app, [flaky], { worker: 'b' });
    const enqueue = () => t.db.transaction((tx) => enqueueJob(tx, 'test.flaky', { key: 'invoice-2026-11-27', now: t.clock.now() }));
    const answers = await Promise.all([enqueue(), enqueue(), enqueue()]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.tick(), b.tick()]);
    expect(ran).toEqual(['flaky:invoice-2026-11-27:1']);
    // Done: enqueued again later, still nothing to do.
    expect(await enqueue()).toBe(false);
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);
    expect(await sql(`SELECT state, attempts FROM jobs WHERE name = 'test.flaky' AND key = 'invoice-2026-11-27'`)).toEqual([{ state: 'done', attempts: 0 }]);
  });

  it('a failing deferred run is retried after 10 s, then 20 s, and given up after its third attempt', async () => {
    const runner = createJobRunner(t.app, [flaky], { worker: 'a' });
    failUntil = 99;
    await t.db.transaction((tx) => enqueueJob(tx, 'test.flaky', { key: 'k1', now: t.clock.now() }));
    const state = async () => (await sql<{ state: string; attempts: number; run_at: Date; last_error: string | null }>(
      `SELECT state, attempts, run_at, last_error FROM jobs WHERE name = 'test.flaky' AND key = 'k1'`,
    ))[0]!;
    expect(await runner.tick()).toBe(1);
    expect(await state()).toEqual({ state: 'pending', attempts: 1, run_at: new Date(NOW.getTime() + 10_000), last_error: 'attempt 1 failed' });
    // Not before its time.
    t.clock.advance(9_999);
    expect(await runner.tick()).toBe(0);
    t.clock.advance(1);
    expect(await runner.tick()).toBe(1);
    expect(await state()).toEqual({ state: 'pending', attempts: 2, run_at: new Date(NOW.getTime() + 30_000), last_error: 'attempt 2 failed' });
    t.clock.advance(20_000);
    expect(await runner.tick()).toBe(1);
    expect(await state()).toEqual(expect.objectContaining({ state: 'failed', attempts: 3, last_error: 'attempt 3 failed' }));
    t.clock.advance(3_600_000);
    expect(await runner.tick()).toBe(0);
    expect(ran).toEqual(['flaky:k1:1', 'flaky:k1:2', 'flaky:k1:3']);

    // One that fails once succeeds on its retry; the failure count goes back to 0.
    failUntil = 1;
    await t.db.transaction((tx) => enqueueJob(tx, 'test.flaky', { key: 'k2', now: t.clock.now() }));
    await runner.tick();
    t.clock.advance(10_000);
    await runner.tick();
    expect(await sql(`SELECT state, attempts, last_error FROM jobs WHERE key = 'k2'`)).toEqual([{ state: 'done', attempts: 0, last_error: null }]);
    expect(await sql(`SELECT ok, error FROM job_runs WHERE key = 'k2' ORDER BY id`)).toEqual([
      { ok: false, error: 'attempt 1 failed' },
      { ok: true, error: null },
    ]);
    t.clock.set(NOW);
  });

  it('a failing scheduled job retries sooner than its next regular run and never gives up; the superadmin sees it', async () => {
    const runner = createJobRunner(t.app, [hourly], { worker: 'a' });
    await runner.register();
    // Not at start: first an hour after it was registered.
    expect(await runner.tick()).toBe(0);
    t.clock.set(new Date(NOW.getTime() + 3_600_000));
    const start = t.clock.now().getTime();
    expect(await runner.tick()).toBe(1);
    const row = async () => (await sql<{ attempts: number; run_at: Date; state: string }>(`SELECT attempts, run_at, state FROM jobs WHERE name = 'test.hourly-failing'`))[0]!;
    expect(await row()).toEqual({ attempts: 1, run_at: new Date(start + 60_000), state: 'pending' });
    for (let i = 0; i < 7; i += 1) {
      t.clock.set((await row()).run_at);
      expect(await runner.tick()).toBe(1);
    }
    // 1, 2, 4, ... 64 minutes: capped by the hourly schedule, still pending.
    const last = await row();
    expect(last.attempts).toBe(8);
    expect(last.state).toBe('pending');
    expect(last.run_at.getTime() - t.clock.now().getTime()).toBe(3_600_000);
    // What GET /api-base/jobs answers for it (jobs-routes.test.ts: the route itself).
    expect(await listJobStatus(t.db, [hourly], t.clock.now())).toEqual([
      expect.objectContaining({
        name: 'test.hourly-failing',
        every_ms: 3_600_000,
        daily_at: null,
        next_run: last.run_at.toISOString(),
        running: false,
        last_ok: false,
        last_worker: 'a',
        last_finished: t.clock.now().toISOString(),
        failures: 8,
        runs: 0,
        last_error: 'no connection to the bank',
        last_error_at: t.clock.now().toISOString(),
      }),
    ]);
    t.clock.set(NOW);
  });

  it('the next daily run is the next HH:mm UTC', () => {
    expect(nextScheduled({ dailyAt: '02:00' }, new Date('2026-11-27T01:59:00Z'))).toEqual(new Date('2026-11-27T02:00:00Z'));
    expect(nextScheduled({ dailyAt: '02:00' }, new Date('2026-11-27T02:00:00Z'))).toEqual(new Date('2026-11-28T02:00:00Z'));
    expect(() => createJobRunner(t.app, [{ name: 'x', schedule: { dailyAt: '25:00' }, run: async () => undefined }])).toThrow('HH:mm');
  });

  if (backend === 'pglite') {
    it('PGlite, one process: the started runner runs an enqueued job at once and VACUUM on its schedule', async () => {
      const product = jobsOf(t.app);
      expect(product.map((job) => job.name)).toEqual(['sessions.sweep', 'leads.invitations', 'invoices.daily', 'jobs.cleanup', 'files.sweep', 'db.vacuum']);
      const runner = createJobRunner(t.app, [...product, counted, flaky], { pollMs: 100_000 });
      try {
        await runner.start();
        // Poll far off: only the NOTIFY of the enqueue can wake the runner.
        await t.db.transaction((tx) => enqueueJob(tx, 'test.flaky', { key: 'pglite-now', now: t.clock.now() }));
        await waitFor(() => ran.includes('flaky:pglite-now:1'));
        // VACUUM runs outside a transaction (inside one PostgreSQL refuses it).
        await t.db.query(`UPDATE jobs SET run_at = $1 WHERE name = 'db.vacuum'`, [t.clock.now()]);
        await t.db.transaction((tx) => enqueueJob(tx, 'test.flaky', { key: 'wake', now: t.clock.now() }));
        await waitFor(async () => (await sql(`SELECT 1 FROM job_runs WHERE name = 'db.vacuum' AND ok`)).length === 1);
        expect(await sql(`SELECT ok, error, worker FROM job_runs WHERE name IN ('db.vacuum', 'sessions.sweep') ORDER BY name`)).toEqual([
          { ok: true, error: null, worker: runner.worker },
          { ok: true, error: null, worker: runner.worker },
        ]);
      } finally {
        await runner.stop();
      }
    });
  } else {
    it('PostgreSQL server: no VACUUM job (the server vacuums itself)', () => {
      expect(jobsOf(t.app).map((job) => job.name)).toEqual(['sessions.sweep', 'leads.invitations', 'invoices.daily', 'jobs.cleanup', 'files.sweep']);
    });
  }
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
