import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { backends, createClock, createTestApp, type TestApp } from './support/test-app.js';

const MINUTE = 60_000;
const LIST_BODY = {
  page: 0,
  pageSize: 25,
  sorted: [{ id: 'ln', desc: false }],
  filtered: [{ id: 'ln', value: 'be' }, { id: 'sst', value: 2 }],
};

/**
 * What one API request costs the database. Round trips are counted where they leave the
 * process: messages to the PGlite worker, queries a pg client sends to the server.
 */
describe.each(backends())('request cost on %s', (backend) => {
  let t: TestApp;
  let counting = false;
  const sent: string[] = [];
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(new Date('2026-11-21T08:00:00Z')) });
    const clientQuery = pg.Client.prototype.query;
    (pg.Client.prototype as { query: unknown }).query = function query(this: pg.Client, ...args: unknown[]) {
      if (counting) sent.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text));
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    };
    const postMessage = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function counted(this: Worker, message: unknown, ...rest: unknown[]) {
      const op = (message as { op?: string; sql?: string } | null)?.op;
      if (counting && op) sent.push(String((message as { sql?: string }).sql));
      return (postMessage as (...a: unknown[]) => void).call(this, message, ...rest);
    };
    restore.push(() => {
      pg.Client.prototype.query = clientQuery;
      Worker.prototype.postMessage = postMessage;
    });
  });
  afterAll(async () => {
    for (const undo of restore) undo();
    await t?.close();
  });

  async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
    sent.length = 0;
    counting = true;
    try {
      await request();
    } finally {
      counting = false;
    }
    return sent.map((sql) => sql.replace(/\s+/g, ' ').trim());
  }

  const auditRows = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;

  it('a student list page costs three round trips (BEGIN with role and scope, the page, COMMIT); the first after login also reads the session', async () => {
    const cookie = await t.login('admin', 'demo1234');
    const list = () => t.request({ method: 'POST', url: '/api-student/list', headers: { cookie }, payload: LIST_BODY });
    const first = await statementsOf(async () => expect((await list()).statusCode).toBe(200));
    expect(first).toHaveLength(4);
    expect(first[0]).toMatch(/FROM sessions s JOIN users u/);
    // The session's principal is now cached (auth/session-cache.ts) until a change is notified.
    const statements = await statementsOf(async () => expect((await list()).statusCode).toBe(200));
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/^BEGIN; SET LOCAL ROLE sbo_app; SELECT set_config\('app\.school_ids', '[\d,]+', true\)/);
    expect(statements[1]).toMatch(/FROM students/);
    expect(statements[2]).toBe('COMMIT');
  });

  it('a change to the user is heard: the next request reads the session again', async () => {
    const cookie = await t.login('admin', 'demo1234');
    const list = () => t.request({ method: 'POST', url: '/api-student/list', headers: { cookie }, payload: LIST_BODY });
    expect((await list()).statusCode).toBe(200);
    expect(await statementsOf(list)).toHaveLength(3);
    await t.db.query("UPDATE users SET firstname = firstname WHERE username = 'admin'");
    const again = await statementsOf(list);
    expect(again).toHaveLength(4);
    expect(again[0]).toMatch(/FROM sessions s JOIN users u/);
  });

  it('the session is slid forward at most once a minute', async () => {
    const cookie = await t.login('office', 'demo1234');
    const list = () => t.request({ method: 'POST', url: '/api-student/list', headers: { cookie }, payload: LIST_BODY });
    const lastSeen = async () =>
      (await t.db.query<{ at: Date }>('SELECT max(s.last_seen_at) AS at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = $1', ['office']))
        .rows[0].at.getTime();
    const loggedIn = await lastSeen();
    t.clock.advance(MINUTE / 2);
    const quiet = await statementsOf(list);
    expect(quiet.some((sql) => sql.startsWith('UPDATE sessions'))).toBe(false);
    expect(await lastSeen()).toBe(loggedIn);
    t.clock.advance(MINUTE / 2);
    const touched = await statementsOf(list);
    expect(touched.filter((sql) => sql.startsWith('UPDATE sessions'))).toHaveLength(1);
    expect(await lastSeen()).toBe(loggedIn + MINUTE);
  });

  it('list reads sent as POST leave no audit row; refused ones and writes do', async () => {
    const admin = await t.login('admin', 'demo1234');
    const before = await auditRows();
    for (const url of ['/api-student/list', '/api-reminder/list', '/api-content/news-list']) {
      const res = await t.request({ method: 'POST', url, headers: { cookie: admin }, payload: { page: 0, pageSize: 10 } });
      expect(res.statusCode).toBe(200);
    }
    expect(await auditRows()).toBe(before);

    // The trainer lacks the content atoms: the refusal is audited.
    const trainer = await t.login('trainer', 'demo1234');
    const refused = await t.request({ method: 'POST', url: '/api-content/news-list', headers: { cookie: trainer }, payload: { page: 0, pageSize: 10 } });
    expect(refused.statusCode).toBe(403);
    const last = await t.db.query<{ action: string; route: string }>('SELECT action, route FROM audit_log ORDER BY id DESC LIMIT 1');
    expect(last.rows[0]).toEqual({ action: 'refused', route: '/api-content/news-list' });

    // A write (saving the school filter) is audited as before.
    const write = await t.request({ method: 'POST', url: '/api-base/filter', headers: { cookie: admin }, payload: { name: 'schools', value: [] } });
    expect(write.statusCode).toBe(200);
    const written = await t.db.query<{ action: string; route: string }>('SELECT action, route FROM audit_log ORDER BY id DESC LIMIT 1');
    expect(written.rows[0]).toEqual({ action: 'write', route: '/api-base/filter' });
  });

  it('role and school scope hold for the whole scoped transaction and end with it', async () => {
    const inside = await t.db.scoped({ userId: 7, schoolIds: [2, 3] }, async (tx) => {
      const first = (await tx.query<{ role: string; schools: string; user: string }>(
        "SELECT current_user AS role, current_setting('app.school_ids') AS schools, current_setting('app.user_id') AS user",
      )).rows[0];
      await tx.query('SELECT 1');
      const later = (await tx.query<{ role: string }>('SELECT current_user AS role')).rows[0];
      return { ...first, later: later.role };
    });
    expect(inside).toEqual({ role: 'sbo_app', schools: '2,3', user: '7', later: 'sbo_app' });
    const after = (await t.db.query<{ role: string; schools: string | null }>(
      "SELECT current_user AS role, current_setting('app.school_ids', true) AS schools",
    )).rows[0];
    expect(after.role).not.toBe('sbo_app');
    expect(after.schools ?? '').toBe('');
  });

  it('a scope that is not all integers never reaches the SQL text', async () => {
    await expect(t.db.scoped({ userId: 1.5, schoolIds: [1] }, async () => 1)).rejects.toThrow(/integer/);
    const seen = await t.db.scoped({ userId: 1, schoolIds: [1, "1'); DROP TABLE students; --" as unknown as number, 2.5, 2] }, async (tx) =>
      (await tx.query<{ schools: string }>("SELECT current_setting('app.school_ids') AS schools")).rows[0].schools,
    );
    expect(seen).toBe('1,2');
    expect((await t.db.query('SELECT 1 FROM students LIMIT 1')).rowCount).toBe(1);
  });
});
