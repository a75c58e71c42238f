import { COMMON_PASSWORD_COUNT } from '../../../auth/common-passwords.js';
import { backends, createClock, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../../test/support/test-app.js';

const MINUTE = 60_000;

describe.each(backends())('login, password links and password changes on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-21T09:00:00Z')) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (username: string, password: string, ip?: string) =>
    t.request({ method: 'POST', url: '/api-auth/login', payload: { username, password }, headers: ip ? { 'x-forwarded-for': ip } : {} });

  it('a wrong password and an unknown user get the same 401 {error: 2}, both audited', async () => {
    const user = await createUser(t.db);
    const wrong = await login(user.username, 'not-the-password');
    const unknown = await login('nobody-here', 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 2 });
    expect(unknown.body).toBe(wrong.body);
    const audit = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'login_failed'");
    expect(audit.rowCount).toBeGreaterThanOrEqual(2);
  });

  it('throttles an account after repeated failures (429 + Retry-After), lets the real user in after the wait', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 6; i++) expect((await login(user.username, `guess-${i}`)).statusCode).toBe(401);
    const blocked = await login(user.username, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 2 });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(retryAfter * 1000 + 1000);
    const ok = await login(user.username, TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    // Success resets the count: a single typo afterwards is not blocked.
    expect((await login(user.username, 'typo')).statusCode).toBe(401);
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the block grows with failures but never beyond 15 minutes', async () => {
    const user = await createUser(t.db);
    let lastRetry = 0;
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 7; i++) await login(user.username, `flood-${round}-${i}`);
      const res = await login(user.username, 'flood');
      expect(res.statusCode).toBe(429);
      lastRetry = Number(res.headers['retry-after']);
      expect(lastRetry).toBeLessThanOrEqual(15 * 60);
      t.clock.advance(lastRetry * 1000 + 1000);
    }
    expect(lastRetry).toBe(15 * 60);
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    await t.db.query("DELETE FROM login_throttle WHERE key LIKE 'ip:%'");
  });

  it('throttles a client address that tries many accounts', async () => {
    const real = await createUser(t.db);
    for (let i = 0; i < 31; i++) await login(`sprayed-${i}`, 'Summer2026!');
    const res = await login(real.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await t.db.query("DELETE FROM login_throttle WHERE key LIKE 'ip:%'");
    expect((await login(real.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('password link: same answer for unknown users, mail in the outbox, reset ends sessions, link single-use', async () => {
    const user = await createUser(t.db, { email: 'reset-me@example.test' });
    const session = await t.login(user.username);
    const before = (await t.outbox()).length;

    const unknown = await t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username: 'ghost-user' } });
    const known = await t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username: 'Reset-Me@example.test' } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails[0].recipient).toBe('reset-me@example.test');
    const link = /http:\/\/localhost:\d+\/password-reset\?k=([A-Za-z0-9_%-]+)/.exec(mails[0].body);
    expect(link).not.toBeNull();
    const k = decodeURIComponent(link![1]);
    const stored = await t.db.query('SELECT 1 FROM password_links WHERE token_hash = $1', [Buffer.from(k)]);
    expect(stored.rowCount).toBe(0); // only the hash is stored

    expect((await t.request({ method: 'GET', url: `/api-auth/pwr?k=${encodeURIComponent(k)}` })).json()).toEqual({ valid: true });
    const common = await t.request({ method: 'POST', url: `/api-auth/pwr?k=${encodeURIComponent(k)}`, payload: { pw: 'password1', pwc: 'password1' } });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ error: 4, fields: { pw: 'form.pw_common' } });
    const mismatch = await t.request({ method: 'POST', url: `/api-auth/pwr?k=${encodeURIComponent(k)}`, payload: { pw: 'Tatami-Kumite-77', pwc: 'other' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.pwc).toBe('form.v_pwnomatch');

    const reset = await t.request({ method: 'POST', url: `/api-auth/pwr?k=${encodeURIComponent(k)}`, payload: { pw: 'Tatami-Kumite-77', pwc: 'Tatami-Kumite-77' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: session } })).statusCode).toBe(401);
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, 'Tatami-Kumite-77')).statusCode).toBe(200);

    const again = await t.request({ method: 'POST', url: `/api-auth/pwr?k=${encodeURIComponent(k)}`, payload: { pw: 'Another-Pass-88', pwc: 'Another-Pass-88' } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: 7 });
    expect((await t.request({ method: 'GET', url: `/api-auth/pwr?k=${encodeURIComponent(k)}` })).statusCode).toBe(403);
  });

  it('a password link expires after 30 minutes', async () => {
    const user = await createUser(t.db, { email: 'slow@example.test' });
    await t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username: user.username } });
    const k = decodeURIComponent(/\?k=([A-Za-z0-9_%-]+)/.exec((await t.outbox())[0].body)![1]);
    t.clock.advance(31 * MINUTE);
    const res = await t.request({ method: 'GET', url: `/api-auth/pwr?k=${encodeURIComponent(k)}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 7 });
  });

  it('password change needs the current password (428 {error: 5}) and ends the other sessions', async () => {
    const user = await createUser(t.db);
    const mine = await t.login(user.username);
    const other = await t.login(user.username);
    const wrong = await t.request({
      method: 'PUT',
      url: `/api-user/cpw?id=${user.id}`,
      headers: { cookie: mine },
      payload: { current: 'wrong', pw: 'Randori-Sensei-5', pwc: 'Randori-Sensei-5' },
    });
    expect(wrong.statusCode).toBe(428);
    expect(wrong.json()).toEqual({ error: 5 });
    const ok = await t.request({
      method: 'PUT',
      url: `/api-user/cpw?id=${user.id}`,
      headers: { cookie: mine },
      payload: { current: TEST_PASSWORD, pw: 'Randori-Sensei-5', pwc: 'Randori-Sensei-5' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: mine } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await login(user.username, 'Randori-Sensei-5')).statusCode).toBe(200);
  });

  it("a level-3 user cannot change someone else's password; an admin can change a level-3 user's with their own password", async () => {
    const victim = await createUser(t.db);
    const plain = await createUser(t.db);
    const plainCookie = await t.login(plain.username);
    const refused = await t.request({
      method: 'PUT',
      url: `/api-user/cpw?id=${victim.id}`,
      headers: { cookie: plainCookie },
      payload: { current: TEST_PASSWORD, pw: 'Hijack-Attempt-1', pwc: 'Hijack-Attempt-1' },
    });
    // Users he may not manage do not exist for him.
    expect(refused.statusCode).toBe(404);
    const admin = await t.loginAs({ level: 2 });
    const changed = await t.request({
      method: 'PUT',
      url: `/api-user/cpw?id=${victim.id}`,
      headers: { cookie: admin.cookie },
      payload: { current: TEST_PASSWORD, pw: 'Admin-Set-Pass-2', pwc: 'Admin-Set-Pass-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(victim.username, 'Admin-Set-Pass-2')).statusCode).toBe(200);
    const superadmin = await createUser(t.db, { level: 1 });
    const onSuper = await t.request({
      method: 'PUT',
      url: `/api-user/cpw?id=${superadmin.id}`,
      headers: { cookie: admin.cookie },
      payload: { current: TEST_PASSWORD, pw: 'Take-Over-Super-3', pwc: 'Take-Over-Super-3' },
    });
    expect(onSuper.statusCode).toBe(404);
  });

  it('ships a substantial common-password list', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(300);
  });
});
