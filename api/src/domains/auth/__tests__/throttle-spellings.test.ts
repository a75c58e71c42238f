import * as password from '../../../auth/password.js';
import { backends, createClock, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../../test/support/test-app.js';

/**
 * Issue 25 defect 5: usernames are case-insensitive, so every throttle key of an account is
 * made from one normalisation (trim, NFKC, lower case): wrong guesses in any spelling of the
 * name count against the one account, on sign-in, password change, account link and
 * password-link requests alike.
 */
describe.each(backends())('throttle keys by any spelling of the username on %s', (backend) => {
  let t: TestApp;
  let checks: jest.SpyInstance[];
  let address = 0;
  const checkCount = () => checks.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  const resetChecks = () => checks.forEach((spy) => spy.mockClear());

  /** Each attempt from its own address: only the account's key can throttle it. */
  const login = (username: string, secret: string) =>
    t.request({
      method: 'POST',
      url: '/api-auth/login',
      payload: { username, password: secret },
      headers: { 'x-forwarded-for': `198.51.${Math.floor(++address / 250)}.${(address % 250) + 1}` },
    });
  /** Twelve spellings of `name` (mixed case, one '.', ending in 'r', e.g. 'Maria.Huber'): casings, spaces, fullwidth and other compatibility forms. */
  const spellings = (name: string): string[] => {
    const fullwidth = (text: string) => [...text].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
    return [
      name,
      name.toLowerCase(),
      name.toUpperCase(),
      [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(''),
      `  ${name}`,
      `${name.toUpperCase()}\t `,
      `\u00a0${name.toLowerCase()}\u3000`,
      fullwidth(name),
      fullwidth(name.toUpperCase()),
      `${fullwidth(name.slice(0, 1))}${name.slice(1)}`,
      name.replace('.', '\uff0e'), // FULLWIDTH FULL STOP
      `${name.slice(0, -1)}\u02b3`, // MODIFIER LETTER SMALL R for the last 'r'
    ];
  };
  const statuses = (responses: { statusCode: number }[]) => responses.map((res) => res.statusCode);

  beforeAll(async () => {
    t = await createTestApp({ backend, env: { TRUST_PROXY: '1' }, clock: createClock(new Date('2026-11-21T09:00:00Z')) });
    checks = [jest.spyOn(password, 'verifyPassword'), jest.spyOn(password, 'burnPasswordCheck')];
    await t.db.query("INSERT INTO network_members (mno, firstname, lastname, dob) VALUES ('AT-300002', 'Eva', 'Brandt', '1985-06-30')");
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('the twelve spellings are twelve different texts that all name the account', async () => {
    const names = spellings('Maria.Huber');
    expect(new Set(names).size).toBe(12);
    await createUser(t.db, { username: 'Maria.Huber' });
    // Each spelling signs in (one at a time, each success clears the failures).
    for (const name of names) expect((await login(name, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('login: 12 wrong guesses in 12 spellings are throttled exactly like 12 in one spelling (6 checks, then 429)', async () => {
    const expected = [401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429];
    await createUser(t.db, { username: 'Maria.Gruber' });
    resetChecks();
    const same: number[] = [];
    for (let i = 0; i < 12; i++) same.push((await login('Maria.Gruber', `guess-${i}`)).statusCode);
    expect(same).toEqual(expected);
    expect(checkCount()).toBe(6);

    await createUser(t.db, { username: 'Maria.Berger' });
    resetChecks();
    const spelled: number[] = [];
    for (const [i, name] of spellings('Maria.Berger').entries()) spelled.push((await login(name, `guess-${i}`)).statusCode);
    expect(spelled).toEqual(expected);
    expect(checkCount()).toBe(6);
    // Blocked in every spelling, also with the right password.
    for (const name of spellings('Maria.Berger')) expect((await login(name, TEST_PASSWORD)).statusCode).toBe(429);
    expect(checkCount()).toBe(6);
  });

  it('login: 12 parallel wrong guesses in 12 spellings: 6 checks', async () => {
    await createUser(t.db, { username: 'Maria.Steiner' });
    resetChecks();
    const answers = await Promise.all(spellings('Maria.Steiner').map((name, i) => login(name, `guess-${i}`)));
    expect(checkCount()).toBe(6);
    expect(statuses(answers).sort()).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
  });

  it('password change and account link share the key: wrong sign-ins in other spellings block them, and theirs block the sign-in', async () => {
    const changePassword = (user: { id: number; cookie: string }, current: string) =>
      t.request({
        method: 'PUT',
        url: `/api-user/cpw?id=${user.id}`,
        headers: { cookie: user.cookie },
        payload: { current, pw: 'Neues-Passwort-2026', pwc: 'Neues-Passwort-2026' },
      });
    const link = (user: { cookie: string }, secret: string) =>
      t.request({ method: 'POST', url: '/api-user/link', headers: { cookie: user.cookie }, payload: { mno: 'AT-300002', dob: '1985-06-30', password: secret } });

    for (const route of ['cpw', 'link'] as const) {
      const username = route === 'cpw' ? 'Paul.Wagner' : 'Paula.Wagner';
      const user = await t.loginAs({ username });
      const names = spellings(username);
      const attempt = (secret: string) => (route === 'cpw' ? changePassword(user, secret) : link(user, secret));
      const refused = route === 'cpw' ? 428 : 401;
      resetChecks();
      // 3 wrong sign-ins in 3 spellings, 3 wrong checks of the session: the 7th is refused everywhere.
      for (const name of names.slice(7, 10)) expect((await login(name, 'wrong')).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(refused);
      expect(checkCount()).toBe(6);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      for (const name of names) expect((await login(name, TEST_PASSWORD)).statusCode).toBe(429);
      expect(checkCount()).toBe(6);
    }
  });

  it('password-link requests: 12 in 12 spellings send the links of 12 in one spelling (5 an hour per account)', async () => {
    const count = async (userId: number) =>
      Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_links WHERE user_id = $1', [userId])).rows[0]!.n);
    const request = (username: string) => t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username } });
    const one = await createUser(t.db, { username: 'Eva.Brandt' });
    for (let i = 0; i < 12; i++) expect((await request('Eva.Brandt')).statusCode).toBe(200);
    const spelled = await createUser(t.db, { username: 'Eva.Brandner' });
    for (const name of spellings('Eva.Brandner')) expect((await request(name)).statusCode).toBe(200);
    expect(await count(one.id)).toBe(5);
    expect(await count(spelled.id)).toBe(5);
  });
});
