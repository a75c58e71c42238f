import { backends, createClock, createTestApp, createUser, sessionCookieOf, TEST_PASSWORD, type TestApp } from './support/test-app.js';

const MINUTE = 60_000;

describe.each(backends())('sessions on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-21T08:00:00Z')) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('login sets an HttpOnly, SameSite=Lax, Path=/ cookie and answers the session', async () => {
    const user = await createUser(t.db, { atoms: ['student_r'] });
    const res = await t.request({ method: 'POST', url: '/api-auth/login', payload: { username: user.username.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sbo_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, username: user.username, level: 3, schoolAccess: 1 });
    expect(body.atoms).toEqual(['student_r']);
    expect(body.filter).toEqual([]);
    // Only the hash is stored.
    const stored = await t.db.query<{ token_hash: Buffer }>('SELECT token_hash FROM sessions WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(Buffer.from(stored.rows[0].token_hash).toString('base64url')).not.toBe(cookie.value);
  });

  it('the cookie is Secure when the request came over TLS through a trusted proxy', async () => {
    const proxied = await createTestApp({ backend, env: { TRUST_PROXY: '1' } });
    try {
      const user = await createUser(proxied.db);
      const res = await proxied.request({
        method: 'POST',
        url: '/api-auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: user.username, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'sbo_session')!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await proxied.close();
    }
  });

  it('every login gets a new token', async () => {
    const user = await createUser(t.db);
    const first = await t.login(user.username);
    const second = await t.login(user.username);
    expect(first).not.toBe(second);
    for (const cookie of [first, second]) {
      const res = await t.request({ method: 'GET', url: '/api-application-state/get-state?module=main', headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('without a session the API answers 401 {error: 2}', async () => {
    const res = await t.request({ method: 'GET', url: '/api-application-state/get-state' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 2 });
    const forged = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: 'sbo_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('idle timeout slides with use and ends after 30 idle minutes', async () => {
    const user = await createUser(t.db);
    const cookie = await t.login(user.username);
    const state = () => t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
    t.clock.advance(25 * MINUTE);
    expect((await state()).statusCode).toBe(200); // slides the idle window
    t.clock.advance(25 * MINUTE);
    expect((await state()).statusCode).toBe(200); // 50 minutes after login, 25 idle
    t.clock.advance(31 * MINUTE);
    expect((await state()).statusCode).toBe(401);
  });

  it('absolute expiry ends the session after 12 hours however active it is', async () => {
    const user = await createUser(t.db);
    const cookie = await t.login(user.username);
    for (let i = 0; i < 24; i++) {
      t.clock.advance(29 * MINUTE);
      const res = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
    t.clock.advance(29 * MINUTE); // 12 h 25 min after login
    const res = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the session on the server (a copied cookie stops working)', async () => {
    const user = await createUser(t.db);
    const cookie = await t.login(user.username);
    const out = await t.request({ method: 'POST', url: '/api-auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sbo_session')?.value).toBe('');
    const res = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'logout' AND user_id = $1", [user.id]);
    expect(audit.rowCount).toBe(1);
  });

  it('disabling a user ends all their sessions at once', async () => {
    const user = await createUser(t.db);
    const cookie = await t.login(user.username);
    const admin = await t.loginAs({ level: 1 });
    const detail = await t.request({ method: 'GET', url: `/api-user/data?id=${user.id}`, headers: { cookie: admin.cookie } });
    const d = detail.json().data;
    const res = await t.request({
      method: 'PUT',
      url: `/api-user/data?id=${user.id}`,
      headers: { cookie: admin.cookie },
      payload: { username: d.un, salutation_id: 1, firstname: d.fn, lastname: d.ln, email: d.email, role_id: d.role_id, status: 1, schools: [], disabled: true, version: d.version },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const relogin = await t.request({ method: 'POST', url: '/api-auth/login', payload: { username: user.username, password: TEST_PASSWORD } });
    expect(relogin.statusCode).toBe(401);
  });

  if (backend === 'postgres') {
    it('two server instances on one PostgreSQL share sessions', async () => {
      const { buildApp } = await import('../src/app.js');
      const { openDb } = await import('../src/db/index.js');
      const { listenForTests } = await import('./support/http-client.js');
      const secondDb = await openDb(t.config);
      const second = buildApp(t.config, { db: secondDb, now: t.clock.now, logger: false });
      const onSecondServer = await listenForTests(second);
      try {
        const user = await createUser(t.db);
        const login = await onSecondServer({
          method: 'POST',
          url: '/api-auth/login',
          headers: { 'x-client-version': t.config.version },
          payload: { username: user.username, password: TEST_PASSWORD },
        });
        const cookie = sessionCookieOf(login);
        const onFirst = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
        expect(onFirst.statusCode).toBe(200);
        expect(onFirst.json().user.id).toBe(user.id);
        await t.request({ method: 'POST', url: '/api-auth/logout', headers: { cookie } });
        const onSecond = await onSecondServer({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } });
        expect(onSecond.statusCode).toBe(401);
      } finally {
        await second.close();
      }
    });
  }
});
