import { backends, createSchool, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../../test/support/test-app.js';

/**
 * Issue 10 items 1 and 4: an admin limited to schools acts only on level-3 users whose
 * schools lie within his own, never on all-schools users, other admins or the superadmin;
 * roles used outside his schools are read-only for him.
 */
describe.each(backends())('school-limited admins on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  let grazAdmin: { id: number; username: string; cookie: string };
  let allSchoolsAdmin: { id: number; username: string; cookie: string };
  let superadmin: { id: number; username: string; cookie: string };
  let office: { id: number; username: string };
  let wienUser: { id: number; username: string };
  let grazUser: { id: number; username: string };
  let grazAndWienUser: { id: number; username: string };
  let otherGrazAdmin: { id: number; username: string };

  const as = (cookie: string, method: string, url: string, payload?: unknown) => t.request({ method, url, headers: { cookie }, payload });
  const userForm = (username: string, overrides: Record<string, unknown> = {}) => ({
    username,
    salutation_id: 1,
    firstname: 'Martina',
    lastname: 'Leitner',
    email: `${username}@example.test`,
    status: 2,
    schools: [graz],
    role_id: null,
    ...overrides,
  });
  const newPassword = { current: TEST_PASSWORD, pw: 'Graz-Takeover-2026', pwc: 'Graz-Takeover-2026' };
  const loginStatus = async (username: string, password: string) =>
    (await t.request({ method: 'POST', url: '/api-auth/login', payload: { username, password } })).statusCode;
  const roleOf = async (userId: number) =>
    (await t.db.query<{ role_id: number }>('SELECT role_id FROM users WHERE id = $1', [userId])).rows[0].role_id;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    wien = await createSchool(t.db, 'Wien', 'at');
    graz = await createSchool(t.db, 'Graz', 'at');
    superadmin = await t.loginAs({ level: 1 });
    grazAdmin = await t.loginAs({ level: 2, schools: [graz] });
    allSchoolsAdmin = await t.loginAs({ level: 2 });
    office = await createUser(t.db, { atoms: ['student_r', 'finance_r'] });
    wienUser = await createUser(t.db, { atoms: ['student_r'], schools: [wien] });
    grazUser = await createUser(t.db, { atoms: ['student_r'], schools: [graz] });
    grazAndWienUser = await createUser(t.db, { atoms: ['student_r'], schools: [graz, wien] });
    otherGrazAdmin = await createUser(t.db, { level: 2, schools: [graz] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cannot set the password of an all-schools user (the take-over of issue 10 item 1)', async () => {
    const res = await as(grazAdmin.cookie, 'PUT', `/api-user/cpw?id=${office.id}`, newPassword);
    expect(res.statusCode).toBe(404);
    expect(await loginStatus(office.username, 'Graz-Takeover-2026')).toBe(401);
    expect(await loginStatus(office.username, TEST_PASSWORD)).toBe(200);
  });

  it('cannot set the password of users outside his schools, of other admins or of the superadmin', async () => {
    for (const target of [wienUser, grazAndWienUser, otherGrazAdmin, { id: superadmin.id, username: superadmin.username }]) {
      const res = await as(grazAdmin.cookie, 'PUT', `/api-user/cpw?id=${target.id}`, newPassword);
      expect([target.username, res.statusCode]).toEqual([target.username, 404]);
      expect(await loginStatus(target.username, TEST_PASSWORD)).toBe(200);
    }
  });

  it('sets the password of a user of his school, and his own', async () => {
    const target = await createUser(t.db, { atoms: ['student_r'], schools: [graz] });
    expect((await as(grazAdmin.cookie, 'PUT', `/api-user/cpw?id=${target.id}`, newPassword)).statusCode).toBe(200);
    expect(await loginStatus(target.username, 'Graz-Takeover-2026')).toBe(200);
    const self = await t.loginAs({ level: 2, schools: [graz] });
    expect((await as(self.cookie, 'PUT', `/api-user/cpw?id=${self.id}`, { current: TEST_PASSWORD, pw: 'Own-Choice-2026', pwc: 'Own-Choice-2026' })).statusCode).toBe(200);
  });

  it('cannot change an all-schools user (cut to his school, new e-mail) (issue 10 item 4)', async () => {
    const res = await as(grazAdmin.cookie, 'PUT', `/api-user/data?id=${office.id}`, { ...userForm(office.username, { email: 'taken-over@example.test', role_id: await roleOf(office.id) }), version: 1 });
    expect(res.statusCode).toBe(404);
    const stored = await t.db.query<{ email: string; school_access: number }>('SELECT email, school_access FROM users WHERE id = $1', [office.id]);
    expect(stored.rows[0]).toEqual({ email: `${office.username}@example.test`, school_access: 1 });
  });

  it('cannot change users outside his schools, other admins or the superadmin', async () => {
    for (const target of [wienUser, grazAndWienUser, otherGrazAdmin]) {
      const res = await as(grazAdmin.cookie, 'PUT', `/api-user/data?id=${target.id}`, { ...userForm(target.username, { role_id: await roleOf(target.id) }), version: 1 });
      expect([target.username, res.statusCode]).toEqual([target.username, 404]);
    }
    const onSuper = await as(grazAdmin.cookie, 'PUT', `/api-user/data?id=${superadmin.id}`, { ...userForm(superadmin.username), version: 1 });
    expect(onSuper.statusCode).toBe(404);
  });

  it("edits a user of his school but never widens the user's schools beyond his own", async () => {
    const role = await roleOf(grazUser.id);
    const widened = await as(grazAdmin.cookie, 'PUT', `/api-user/data?id=${grazUser.id}`, { ...userForm(grazUser.username, { schools: [graz, wien], role_id: role }), version: 1 });
    expect(widened.statusCode).toBe(400);
    expect(widened.json()).toEqual({ error: 4, fields: { schools: 'form.invalid' } });
    const allSchools = await as(grazAdmin.cookie, 'PUT', `/api-user/data?id=${grazUser.id}`, { ...userForm(grazUser.username, { status: 1, schools: [], role_id: role }), version: 1 });
    expect(allSchools.statusCode).toBe(400);
    expect(allSchools.json()).toEqual({ error: 4, fields: { status: 'form.invalid' } });
    const stored = await t.db.query('SELECT school_id FROM user_schools WHERE user_id = $1', [grazUser.id]);
    expect(stored.rows).toEqual([{ school_id: graz }]);
    const edited = await as(grazAdmin.cookie, 'PUT', `/api-user/data?id=${grazUser.id}`, { ...userForm(grazUser.username, { lastname: 'Pichler', role_id: role }), version: 1 });
    expect(edited.statusCode).toBe(200);
  });

  it('lists and reads only the users he may manage, and himself', async () => {
    const list = await as(grazAdmin.cookie, 'GET', '/api-user/data');
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(grazAdmin.id);
    expect(ids).toContain(grazUser.id);
    for (const hidden of [office.id, wienUser.id, grazAndWienUser.id, otherGrazAdmin.id, superadmin.id, allSchoolsAdmin.id]) expect(ids).not.toContain(hidden);
    for (const hidden of [office.id, grazAndWienUser.id, otherGrazAdmin.id, superadmin.id]) {
      expect((await as(grazAdmin.cookie, 'GET', `/api-user/data?id=${hidden}`)).statusCode).toBe(404);
    }
    expect((await as(grazAdmin.cookie, 'GET', `/api-user/data?id=${grazUser.id}`)).json().data.id).toBe(grazUser.id);
    expect((await as(grazAdmin.cookie, 'GET', `/api-user/data?id=${grazAdmin.id}`)).json().data.id).toBe(grazAdmin.id);
  });

  it('an admin with all schools manages every level-3 user, but no other admin', async () => {
    const ids = ((await as(allSchoolsAdmin.cookie, 'GET', '/api-user/data')).json() as { id: number }[]).map((u) => u.id);
    for (const seen of [office.id, wienUser.id, grazUser.id, grazAndWienUser.id, allSchoolsAdmin.id]) expect(ids).toContain(seen);
    for (const hidden of [grazAdmin.id, otherGrazAdmin.id, superadmin.id]) expect(ids).not.toContain(hidden);
    const target = await createUser(t.db, { atoms: ['student_r'] });
    expect((await as(allSchoolsAdmin.cookie, 'PUT', `/api-user/cpw?id=${target.id}`, newPassword)).statusCode).toBe(200);
    expect((await as(allSchoolsAdmin.cookie, 'PUT', `/api-user/cpw?id=${grazAdmin.id}`, newPassword)).statusCode).toBe(404);
  });

  it('deleting stays with the superadmin', async () => {
    expect((await as(grazAdmin.cookie, 'DELETE', `/api-user/data?id=${grazUser.id}`)).statusCode).toBe(403);
    const doomed = await createUser(t.db, { atoms: [], schools: [wien] });
    expect((await as(superadmin.cookie, 'DELETE', `/api-user/data?id=${doomed.id}`)).statusCode).toBe(200);
  });

  describe('roles', () => {
    let outsideRole: number;
    let grazRole: number;
    let unusedRole: number;
    let mixedRole: number;

    const makeRole = async (name: string) =>
      (await t.db.query<{ id: number }>("INSERT INTO roles (role_name, atoms) VALUES ($1, '{student_r}') RETURNING id", [name])).rows[0].id;
    const assign = (userId: number, roleId: number) => t.db.query('UPDATE users SET role_id = $2 WHERE id = $1', [userId, roleId]);

    beforeAll(async () => {
      outsideRole = await makeRole('Büro (alle Schulen)');
      grazRole = await makeRole('Trainer Graz');
      unusedRole = await makeRole('Noch frei');
      mixedRole = await makeRole('Graz und Wien');
      await assign(office.id, outsideRole);
      await assign(grazUser.id, grazRole);
      await assign(grazAndWienUser.id, mixedRole);
    });

    it('the role list and single answers say which roles he may not edit, and why', async () => {
      const list = (await as(grazAdmin.cookie, 'GET', '/api-base/role')).json() as { id: number; ro: boolean; ro_reason: string | null }[];
      const byId = new Map(list.map((r) => [r.id, r]));
      expect(byId.get(outsideRole)).toMatchObject({ ro: true, ro_reason: 'used_outside_schools' });
      expect(byId.get(mixedRole)).toMatchObject({ ro: true, ro_reason: 'used_outside_schools' });
      expect(byId.get(grazRole)).toMatchObject({ ro: false, ro_reason: null });
      expect(byId.get(unusedRole)).toMatchObject({ ro: false, ro_reason: null });
      expect((await as(grazAdmin.cookie, 'GET', `/api-base/role?id=${outsideRole}`)).json()).toMatchObject({ id: outsideRole, uc: 1, ro: true, ro_reason: 'used_outside_schools' });
      const forAll = (await as(allSchoolsAdmin.cookie, 'GET', '/api-base/role')).json() as { ro: boolean }[];
      expect(forAll.every((r) => r.ro === false)).toBe(true);
    });

    it('cannot edit or delete a role used outside his schools (403 {error: 13}); nothing changes', async () => {
      const edit = await as(grazAdmin.cookie, 'PUT', `/api-base/role?id=${outsideRole}`, { role_name: 'Büro (alle Schulen)', atoms: ['student_r', 'student_w', 'finance_w'], version: 1 });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({ error: 13 });
      const mixed = await as(grazAdmin.cookie, 'PUT', `/api-base/role?id=${mixedRole}`, { role_name: 'Graz und Wien', atoms: [], version: 1 });
      expect(mixed.statusCode).toBe(403);
      const removal = await as(grazAdmin.cookie, 'DELETE', `/api-base/role?id=${outsideRole}`);
      expect(removal.statusCode).toBe(403);
      expect(removal.json()).toEqual({ error: 13 });
      const stored = await t.db.query<{ atoms: string[] }>('SELECT atoms FROM roles WHERE id = $1', [outsideRole]);
      expect(stored.rows[0].atoms).toEqual(['student_r']);
    });

    it('edits roles used only within his schools; the superadmin and all-schools admins edit any', async () => {
      expect((await as(grazAdmin.cookie, 'PUT', `/api-base/role?id=${grazRole}`, { role_name: 'Trainer Graz', atoms: ['student_r', 'reminder_r'], version: 1 })).statusCode).toBe(200);
      expect((await as(grazAdmin.cookie, 'DELETE', `/api-base/role?id=${unusedRole}`)).statusCode).toBe(200);
      expect((await as(allSchoolsAdmin.cookie, 'PUT', `/api-base/role?id=${outsideRole}`, { role_name: 'Büro', atoms: ['student_r', 'finance_r'], version: 1 })).statusCode).toBe(200);
      expect((await as(superadmin.cookie, 'PUT', `/api-base/role?id=${mixedRole}`, { role_name: 'Graz und Wien', atoms: ['student_r'], version: 1 })).statusCode).toBe(200);
    });

    it('level-3 users manage neither roles nor other users', async () => {
      const user = await t.loginAs({ atoms: ['student_r', 'student_w'], schools: [graz] });
      expect((await as(user.cookie, 'GET', '/api-base/role')).statusCode).toBe(403);
      expect((await as(user.cookie, 'PUT', `/api-base/role?id=${grazRole}`, { role_name: 'x', atoms: [], version: 1 })).statusCode).toBe(403);
      expect((await as(user.cookie, 'GET', '/api-user/data')).statusCode).toBe(403);
      expect((await as(user.cookie, 'PUT', `/api-user/cpw?id=${grazUser.id}`, newPassword)).statusCode).toBe(404);
    });
  });
});
