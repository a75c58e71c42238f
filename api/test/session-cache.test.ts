import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { SessionCache } from '../src/auth/session-cache.js';
import { openDb } from '../src/db/index.js';
import type { SessionPrincipal } from '../src/domains/users/principals-repository.js';
import { listenForTests, type TestRequest, type TestResponse } from './support/http-client.js';
import { backends, createSchool, createTestApp, createUser, TEST_PASSWORD, type TestApp } from './support/test-app.js';

const LIST_BODY = { page: 0, pageSize: 10 };

/**
 * The guard keeps a session's principal a few seconds (auth/session-cache.ts). Whatever ends
 * or narrows a session must still be refused on the very next request: every test first uses
 * the session twice (so it is cached), then changes it, then expects the refusal.
 */
describe.each(backends())('session cache on %s: revocation takes effect on the next request', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (cookie: string, method: string, url: string, payload?: unknown) => t.request({ method, url, headers: { cookie }, payload });
  const state = (cookie: string) => as(cookie, 'GET', '/api-application-state/get-state');
  const list = (cookie: string) => as(cookie, 'POST', '/api-student/list', LIST_BODY);
  /** Two requests: the second is answered from the cache. */
  const warm = async (cookie: string, request = state) => {
    expect((await request(cookie)).statusCode).toBe(200);
    expect((await request(cookie)).statusCode).toBe(200);
  };
  const sessionSchools = async (cookie: string) => {
    const res = await state(cookie);
    expect(res.statusCode).toBe(200);
    return (res.json() as { schools: { id: number; name: string }[] }).schools;
  };

  it('caches only while it listens for changes', () => {
    expect(t.app.sessionCache.listening).toBe(true);
  });

  it('logout', async () => {
    const cookie = await t.login('office', 'demo1234');
    await warm(cookie);
    expect((await as(cookie, 'POST', '/api-auth/logout')).statusCode).toBe(200);
    expect((await state(cookie)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions', async () => {
    const user = await createUser(t.db, { atoms: ['student_r'] });
    const mine = await t.login(user.username);
    const other = await t.login(user.username);
    await warm(other);
    const changed = await as(mine, 'PUT', `/api-user/cpw?id=${user.id}`, { current: TEST_PASSWORD, pw: 'Randori-Sensei-5', pwc: 'Randori-Sensei-5' });
    expect(changed.statusCode).toBe(200);
    expect((await state(other)).statusCode).toBe(401);
    expect((await state(mine)).statusCode).toBe(200);
  });

  it('a disabled user', async () => {
    const user = await createUser(t.db, { atoms: ['student_r'] });
    const cookie = await t.login(user.username);
    await warm(cookie);
    // Any writer, not only the user screen: the database's trigger tells every process.
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [user.id]);
    expect((await state(cookie)).statusCode).toBe(401);
  });

  it('a deleted user', async () => {
    const admin = await t.login('admin', 'demo1234');
    const user = await createUser(t.db, { atoms: ['student_r'] });
    const cookie = await t.login(user.username);
    await warm(cookie);
    expect((await as(admin, 'DELETE', `/api-user/data?id=${user.id}`)).statusCode).toBe(200);
    expect((await state(cookie)).statusCode).toBe(401);
  });

  it("atoms removed from the user's role", async () => {
    const admin = await t.login('admin', 'demo1234');
    const user = await createUser(t.db, { atoms: ['student_r'] });
    const roleId = (await t.db.query<{ role_id: number }>('SELECT role_id FROM users WHERE id = $1', [user.id])).rows[0].role_id;
    const cookie = await t.login(user.username);
    await warm(cookie, list);
    const version = (await t.db.query<{ version: number }>('SELECT version FROM roles WHERE id = $1', [roleId])).rows[0].version;
    const edited = await as(admin, 'PUT', `/api-base/role?id=${roleId}`, { role_name: `role ${user.username} without students`, atoms: [], version });
    expect(edited.statusCode).toBe(200);
    expect((await list(cookie)).statusCode).toBe(403);
  });

  it("the user's schools changed, a school renamed", async () => {
    const first = await createSchool(t.db);
    const second = await createSchool(t.db);
    const user = await createUser(t.db, { atoms: ['student_r'], schools: [first, second] });
    const cookie = await t.login(user.username);
    expect((await sessionSchools(cookie)).map((s) => s.id).sort()).toEqual([first, second].sort());
    await warm(cookie);
    await t.db.query('DELETE FROM user_schools WHERE user_id = $1 AND school_id = $2', [user.id, second]);
    expect((await sessionSchools(cookie)).map((s) => s.id)).toEqual([first]);
    await t.db.query("UPDATE schools SET name = 'Dojo Neu' WHERE id = $1", [first]);
    expect(await sessionSchools(cookie)).toEqual([expect.objectContaining({ id: first, name: 'Dojo Neu' })]);
  });

  // Last: it moves the clock.
  it('a session past its idle expiry, although cached', async () => {
    const cookie = await t.login('finance', 'demo1234');
    await warm(cookie);
    t.clock.advance(31 * 60_000);
    expect((await state(cookie)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const live = (userId: number): SessionPrincipal => ({
    principal: { user: { id: userId } as SessionPrincipal['principal']['user'], atoms: [], schools: [], filter: [] },
    lastSeenAt: new Date(),
    absoluteExpiresAt: new Date(Date.now() + 3_600_000),
  });

  it('keeps nothing while it does not listen, and forgets everything when listening stops', () => {
    const cache = new SessionCache(5_000, () => 0);
    cache.put('a', live(1), cache.begin());
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    cache.put('a', live(1), cache.begin());
    expect(cache.get('a')).toBeDefined();
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a read that started before a change', () => {
    const cache = new SessionCache(5_000, () => 0);
    cache.setListening(true);
    const generation = cache.begin();
    cache.invalidate('7');
    cache.put('a', live(1), generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it("forgets a user's sessions, everyone's on '*', and each entry after its time", () => {
    let now = 0;
    const cache = new SessionCache(5_000, () => now);
    cache.setListening(true);
    cache.put('a', live(1), cache.begin());
    cache.put('b', live(2), cache.begin());
    cache.invalidate('1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.invalidate('*');
    expect(cache.get('b')).toBeUndefined();
    cache.put('c', live(3), cache.begin());
    now = 4_999;
    expect(cache.get('c')).toBeDefined();
    now = 5_000;
    expect(cache.get('c')).toBeUndefined();
  });
});

const postgres = backends().includes('postgres') ? describe : describe.skip;

/** Two API processes on one PostgreSQL database: what one changes, the other refuses. */
postgres('session cache across two app instances on one PostgreSQL database', () => {
  let a: TestApp;
  let other: FastifyInstance;
  let requestOther: (options: TestRequest) => Promise<TestResponse>;

  beforeAll(async () => {
    a = await createTestApp({ backend: 'postgres', seed: 'demo' });
    other = buildApp(a.config, { db: await openDb(a.config), now: a.clock.now, logger: false });
    const raw = await listenForTests(other);
    requestOther = (options) => raw({ ...options, headers: { 'x-client-version': a.config.version, ...(options.headers ?? {}) } });
  });
  afterAll(async () => {
    await other?.close();
    await a?.close();
  });

  const stateOnOther = (cookie: string) => requestOther({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
  const listOnOther = (cookie: string) => requestOther({ method: 'POST', url: '/api-student/list', headers: { cookie }, payload: LIST_BODY });
  const warmOnOther = async (cookie: string, request = stateOnOther) => {
    expect((await request(cookie)).statusCode).toBe(200);
    expect((await request(cookie)).statusCode).toBe(200);
  };

  it('a logout on one is refused by the other once it has heard the NOTIFY', async () => {
    const cookie = await a.login('office', 'demo1234');
    const userId = (await a.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'office'")).rows[0].id;
    await warmOnOther(cookie);
    const heard = other.sessionCache.nextInvalidation(userId);
    expect((await a.request({ method: 'POST', url: '/api-auth/logout', headers: { cookie } })).statusCode).toBe(200);
    await heard;
    expect((await stateOnOther(cookie)).statusCode).toBe(401);
  });

  it("atoms removed from a role on one: the other answers 403", async () => {
    const admin = await a.login('admin', 'demo1234');
    const user = await createUser(a.db, { atoms: ['student_r'] });
    const roleId = (await a.db.query<{ role_id: number }>('SELECT role_id FROM users WHERE id = $1', [user.id])).rows[0].role_id;
    const cookie = await a.login(user.username);
    await warmOnOther(cookie, listOnOther);
    const heard = other.sessionCache.nextInvalidation(user.id);
    const version = (await a.db.query<{ version: number }>('SELECT version FROM roles WHERE id = $1', [roleId])).rows[0].version;
    const edited = await a.request({
      method: 'PUT',
      url: `/api-base/role?id=${roleId}`,
      headers: { cookie: admin },
      payload: { role_name: `no students ${user.username}`, atoms: [], version },
    });
    expect(edited.statusCode).toBe(200);
    await heard;
    expect((await listOnOther(cookie)).statusCode).toBe(403);
  });

  it('losing the listening connection stops the caching until it listens again', async () => {
    expect(other.sessionCache.listening).toBe(true);
    const stopped = new Promise<void>((resolve) => {
      const check = () => (other.sessionCache.listening ? setTimeout(check, 5) : resolve());
      check();
    });
    // Ends every connection of this database that is waiting after a LISTEN (the listening
    // ones of both instances; pool connections reconnect by themselves).
    const admin = new pg.Client({ connectionString: a.config.databaseUrl ?? undefined });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %'`,
      );
      await admin.query('SELECT 1');
    } finally {
      await admin.end();
    }
    await stopped;
    expect(other.sessionCache.get('anything')).toBeUndefined();
    const cookie = await a.login('finance', 'demo1234');
    expect((await stateOnOther(cookie)).statusCode).toBe(200);
    // It comes back (after about a second) and caches again.
    await new Promise<void>((resolve) => {
      const check = () => (other.sessionCache.listening ? resolve() : setTimeout(check, 50));
      check();
    });
    await warmOnOther(cookie);
  });
});
