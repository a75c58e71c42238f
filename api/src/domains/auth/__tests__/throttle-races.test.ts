import * as password from '../../../auth/password.js';
import { backends, createClock, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../../test/support/test-app.js';

/**
 * Issue 10 items 5 and 6: the attempt is counted before the password is checked, so however
 * many requests race, at most the allowed number of argon2 checks run (5 free failures + the
 * one that blocks, per account; 30 + 1 per address); password checks of signed-in sessions
 * count against the account like logins.
 */
describe.each(backends())('throttles under concurrency on %s', (backend) => {
  let t: TestApp;
  let checks: jest.SpyInstance[];

  /** Password checks (argon2 verifications, also the dummy one for unknown users) since the last reset. */
  const checkCount = () => checks.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  const resetChecks = () => checks.forEach((spy) => spy.mockClear());

  const login = (username: string, secret: string, address: string) =>
    t.request({ method: 'POST', url: '/api-auth/login', payload: { username, password: secret }, headers: { 'x-forwarded-for': address } });
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  };

  beforeAll(async () => {
    // TRUST_PROXY: the test sets each request's client address with X-Forwarded-For.
    t = await createTestApp({ backend, env: { TRUST_PROXY: '1' }, clock: createClock(new Date('2026-11-21T09:00:00Z')) });
    checks = [jest.spyOn(password, 'verifyPassword'), jest.spyOn(password, 'burnPasswordCheck')];
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('50 parallel wrong passwords from 50 addresses: 6 checks, the rest 429, then the right password is refused too', async () => {
    const victim = await createUser(t.db);
    resetChecks();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(victim.username, `guess-${i}`, `198.51.100.${i + 1}`)));
    expect(checkCount()).toBe(6);
    expect(statuses(answers)).toEqual({ 401: 6, 429: 44 });
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const right = await login(victim.username, TEST_PASSWORD, '198.51.100.200');
    expect(right.statusCode).toBe(429);
    expect(checkCount()).toBe(6);
  });

  it('50 parallel wrong passwords from one address against one account: 6 checks', async () => {
    const victim = await createUser(t.db);
    resetChecks();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(victim.username, `guess-${i}`, '203.0.113.7')));
    expect(checkCount()).toBe(6);
    expect(statuses(answers)).toEqual({ 401: 6, 429: 44 });
    expect((await login(victim.username, TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(429);
    // Attempts refused by the account's block checked nothing and do not count against the
    // address: another user of the same office address still signs in.
    const colleague = await createUser(t.db);
    expect((await login(colleague.username, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(200);
  });

  it('50 parallel attempts from one address at 50 accounts: 31 checks (30 free + the one that blocks)', async () => {
    const real = await createUser(t.db);
    resetChecks();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`sprayed-${i}`, 'Summer2026!', '192.0.2.99')));
    expect(checkCount()).toBe(31);
    expect(statuses(answers)).toEqual({ 401: 31, 429: 19 });
    expect((await login(real.username, TEST_PASSWORD, '192.0.2.99')).statusCode).toBe(429);
    expect((await login(real.username, TEST_PASSWORD, '192.0.2.100')).statusCode).toBe(200);
  });

  describe('password checks of signed-in sessions', () => {
    const changePassword = (user: { id: number; cookie: string }, current: string) =>
      t.request({
        method: 'PUT',
        url: `/api-user/cpw?id=${user.id}`,
        headers: { cookie: user.cookie },
        payload: { current, pw: 'Neues-Passwort-2026', pwc: 'Neues-Passwort-2026' },
      });
    const link = (user: { cookie: string }, secret: string) =>
      t.request({ method: 'POST', url: '/api-user/link', headers: { cookie: user.cookie }, payload: { mno: 'AT-300001', dob: '1985-06-30', password: secret } });

    beforeAll(async () => {
      await t.db.query("INSERT INTO network_members (mno, firstname, lastname, dob) VALUES ('AT-300001', 'Eva', 'Brandt', '1985-06-30')");
    });

    it('a wrong current password (428) is counted per account: after 6 the answer is 429 {error: 11} with Retry-After, also for the right one', async () => {
      const user = await t.loginAs({});
      resetChecks();
      for (let i = 0; i < 6; i++) {
        const wrong = await changePassword(user, `wrong-${i}`);
        expect(wrong.statusCode).toBe(428);
        expect(wrong.json()).toEqual({ error: 5 });
      }
      for (let i = 0; i < 9; i++) {
        const blocked = await changePassword(user, `wrong-again-${i}`);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual({ error: 11 });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      const right = await changePassword(user, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ error: 11 });
      expect(checkCount()).toBe(6);
      // Counted like logins: the account's sign-in is blocked as well.
      expect((await login(user.username, TEST_PASSWORD, '198.18.0.1')).statusCode).toBe(429);
      t.clock.advance(Number(right.headers['retry-after']) * 1000 + 1000);
      expect((await changePassword(user, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('20 parallel wrong current passwords: 6 checks', async () => {
      const user = await t.loginAs({});
      resetChecks();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => changePassword(user, `wrong-${i}`)));
      expect(checkCount()).toBe(6);
      expect(statuses(answers)).toEqual({ 428: 6, 429: 14 });
    });

    it('a wrong password when linking (401) is counted per account: after 6 the answer is 429 {error: 11}', async () => {
      const user = await t.loginAs({});
      resetChecks();
      for (let i = 0; i < 6; i++) {
        const wrong = await link(user, `wrong-${i}`);
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ error: 2 });
      }
      for (let i = 0; i < 9; i++) {
        const blocked = await link(user, TEST_PASSWORD);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual({ error: 11 });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(checkCount()).toBe(6);
      const stored = await t.db.query<{ mno: string | null }>('SELECT mno FROM users WHERE id = $1', [user.id]);
      expect(stored.rows[0].mno).toBeNull();
    });
  });
});
