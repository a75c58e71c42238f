import { backends, createSchool, createTestApp, createUser, type TestApp } from '../../../../test/support/test-app.js';

/**
 * The level rules behind the users and roles screens (issue 11): every call those screens
 * make refuses a level-3 user and writes nothing, while his own settings stay his; an admin
 * limited to a school creates users only within it ("all schools" is not his to give).
 */
describe.each(backends())('the users screens’ level rules on %s', (backend) => {
  let t: TestApp;
  let graz: number;
  let wien: number;
  let roleId: number;

  const as = (cookie: string, method: string, url: string, payload?: unknown) => t.request({ method, url, headers: { cookie }, payload });
  const newUser = (username: string, overrides: Record<string, unknown> = {}) => ({
    username, salutation_id: 1, firstname: 'Eva', lastname: 'Empfang', email: `${username}@example.test`, status: 2, schools: [graz],
    role_id: roleId, pw1: 'Empfang-Tresen-77', pw2: 'Empfang-Tresen-77', ...overrides,
  });
  const count = async (table: 'users' | 'roles') => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    graz = await createSchool(t.db, 'Graz', 'at');
    wien = await createSchool(t.db, 'Wien', 'at');
    roleId = (await t.db.query<{ id: number }>("INSERT INTO roles (role_name, atoms) VALUES ('Empfang', '{lead_r}') RETURNING id")).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a level-3 user, whatever his atoms, gets 403 on every users and roles call, and nothing changes', async () => {
    const user = await t.loginAs({ atoms: ['student_r', 'student_w', 's_general_r', 's_general_w'], schools: [graz] });
    const other = await createUser(t.db, { atoms: ['student_r'], schools: [graz] });
    const [users, roles] = [await count('users'), await count('roles')];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api-user/data'],
      ['GET', `/api-user/data?id=${other.id}`],
      ['GET', '/api-user/check?u=someone'],
      ['POST', '/api-user/data', newUser('eva.empfang')],
      ['PUT', `/api-user/data?id=${other.id}`, { ...newUser(other.username), version: 1 }],
      ['DELETE', `/api-user/data?id=${other.id}`],
      ['GET', '/api-base/role'],
      ['GET', '/api-base/role-list'],
      ['POST', '/api-base/role', { role_name: 'Alles', atoms: ['finance_r'] }],
      ['PUT', `/api-base/role?id=${roleId}`, { role_name: 'Alles', atoms: ['finance_r'], version: 1 }],
      ['DELETE', `/api-base/role?id=${roleId}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(user.cookie, method, url, payload);
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    expect([await count('users'), await count('roles')]).toEqual([users, roles]);
    const role = (await t.db.query<{ role_name: string; atoms: string[] }>('SELECT role_name, atoms FROM roles WHERE id = $1', [roleId])).rows[0];
    expect(role).toEqual({ role_name: 'Empfang', atoms: ['lead_r'] });
  });

  it('the same user reads and saves his own settings (the user settings screen is everyone’s)', async () => {
    const user = await t.loginAs({ atoms: [], schools: [graz] });
    const read = await as(user.cookie, 'GET', '/api-user/settings');
    expect(read.statusCode).toBe(200);
    const saved = await as(user.cookie, 'PUT', '/api-user/settings', {
      o_ovr_mail_from: true, o_custom_signature: true, o_signature: 'Eva, Empfang', version: read.json().version,
    });
    expect(saved.statusCode).toBe(200);
    expect((await as(user.cookie, 'GET', '/api-user/settings')).json()).toMatchObject({ o_ovr_mail_from: true, o_signature: 'Eva, Empfang' });
  });

  it('an admin limited to Graz creates users only for Graz: no "all schools", no other school, no admin flag', async () => {
    const admin = await t.loginAs({ level: 2, schools: [graz] });
    const before = await count('users');
    const allSchools = await as(admin.cookie, 'POST', '/api-user/data', newUser('alle.schulen', { status: 1, schools: [] }));
    expect(allSchools.statusCode).toBe(400);
    expect(allSchools.json().fields).toEqual({ status: 'form.invalid' });
    const wienToo = await as(admin.cookie, 'POST', '/api-user/data', newUser('auch.wien', { schools: [graz, wien] }));
    expect(wienToo.json().fields).toEqual({ schools: 'form.invalid' });
    expect((await as(admin.cookie, 'POST', '/api-user/data', newUser('noch.ein.admin', { admin: true }))).statusCode).toBe(403);
    expect(await count('users')).toBe(before);
    const made = await as(admin.cookie, 'POST', '/api-user/data', newUser('graz.empfang'));
    expect(made.statusCode).toBe(200);
    const listed = (await as(admin.cookie, 'GET', '/api-user/data')).json() as { un: string }[];
    expect(listed.map((row) => row.un)).toContain('graz.empfang');
  });
});
