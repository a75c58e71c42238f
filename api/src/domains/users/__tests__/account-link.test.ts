import { backends, createTestApp, TEST_PASSWORD, type TestApp } from '../../../../test/support/test-app.js';

/**
 * Issue 10 item 10: linking an account to a membership number needs proof the network gives
 * (the member's birth date as its register holds it), and a number is linked to one account
 * at a time.
 */
describe.each(backends())('linking an account to a membership number on %s', (backend) => {
  let t: TestApp;

  const link = (cookie: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api-user/link', headers: { cookie }, payload });
  const linkedNumber = async (userId: number) =>
    (await t.db.query<{ mno: string | null }>('SELECT mno FROM users WHERE id = $1', [userId])).rows[0].mno;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    await t.db.query(
      `INSERT INTO network_members (mno, firstname, lastname, dob) VALUES
         ('AT-100001', 'Sabine', 'Hofer', '1979-03-14'),
         ('AT-100002', 'Florian', 'Pichler', '1991-10-02'),
         ('DE-200003', 'Jonas', 'Weber', '1988-01-20'),
         ('AT-100004', 'Ohne', 'Geburtsdatum', NULL)`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a number without the member's birth date (anyone could link the superadmin's number before)", async () => {
    const user = await t.loginAs({});
    const bare = await link(user.cookie, { mno: 'AT-100001', password: TEST_PASSWORD });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ error: 4, fields: { dob: 'form.required' } });
    expect(await linkedNumber(user.id)).toBeNull();
  });

  it('a wrong birth date, an unknown number, a number without a birth date on file or a wrong password: 401 {error: 2}, nothing linked', async () => {
    const user = await t.loginAs({});
    for (const payload of [
      { mno: 'AT-100001', dob: '1979-03-15', password: TEST_PASSWORD },
      { mno: 'AT-999999', dob: '1979-03-14', password: TEST_PASSWORD },
      { mno: 'AT-100004', dob: '1979-03-14', password: TEST_PASSWORD },
      { mno: 'AT-100001', dob: '1979-03-14', password: 'not-my-password' },
    ]) {
      const res = await link(user.cookie, payload);
      expect([payload, res.statusCode, res.json()]).toEqual([payload, 401, { error: 2 }]);
    }
    expect(await linkedNumber(user.id)).toBeNull();
  });

  it('links with the right number (any case), birth date and password', async () => {
    const user = await t.loginAs({});
    const res = await link(user.cookie, { mno: 'at-100002', dob: '1991-10-02', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, mno: 'AT-100002' });
    expect(await linkedNumber(user.id)).toBe('AT-100002');
    const state = await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: user.cookie } });
    expect(state.json().user.mno).toBe('AT-100002');
    // Linking the own number again is fine.
    expect((await link(user.cookie, { mno: 'AT-100002', dob: '1991-10-02', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('a number linked to another account answers 409 {error: 12}; after the unlink it can be linked', async () => {
    const first = await t.loginAs({});
    const second = await t.loginAs({});
    const proof = { mno: 'DE-200003', dob: '1988-01-20', password: TEST_PASSWORD };
    expect((await link(first.cookie, proof)).statusCode).toBe(200);
    const taken = await link(second.cookie, proof);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 12 });
    expect(await linkedNumber(first.id)).toBe('DE-200003');
    expect(await linkedNumber(second.id)).toBeNull();
    expect((await t.request({ method: 'POST', url: '/api-user/unlink', headers: { cookie: first.cookie } })).statusCode).toBe(200);
    expect((await link(second.cookie, proof)).statusCode).toBe(200);
    expect(await linkedNumber(second.id)).toBe('DE-200003');
  });

  it('two accounts linking the same number at once: one wins, the other gets 409', async () => {
    await t.db.query("INSERT INTO network_members (mno, firstname, lastname, dob) VALUES ('AT-100005', 'Lena', 'Gruber', '2001-07-07')");
    const users = await Promise.all([t.loginAs({}), t.loginAs({}), t.loginAs({}), t.loginAs({})]);
    const answers = await Promise.all(users.map((user) => link(user.cookie, { mno: 'AT-100005', dob: '2001-07-07', password: TEST_PASSWORD })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const holders = await t.db.query("SELECT id FROM users WHERE mno = 'AT-100005'");
    expect(holders.rowCount).toBe(1);
  });

  it('refuses implausible birth dates as bad input', async () => {
    const user = await t.loginAs({});
    for (const dob of ['1979-02-30', '1899-12-31', '2999-01-01', '14.03.1979']) {
      const res = await link(user.cookie, { mno: 'AT-100001', dob, password: TEST_PASSWORD });
      expect([dob, res.statusCode, res.json()]).toEqual([dob, 400, { error: 4, fields: { dob: 'form.invalid_date' } }]);
    }
  });
});
