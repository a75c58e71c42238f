import { ATOMS } from 'shared-kernel/contracts';
import { backends, createSchool, createTestApp, createUser, type TestApp } from './support/test-app.js';

const userForm = (overrides: Record<string, unknown> = {}) => ({
  username: `new${Math.random().toString(36).slice(2, 8)}`,
  salutation_id: 1,
  firstname: 'Mia',
  lastname: 'Huber',
  email: 'mia@example.test',
  status: 1,
  schools: [],
  ...overrides,
});

describe.each(backends())('users, roles, filter and state on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  let role: number;

  beforeAll(async () => {
    t = await createTestApp({ backend, env: { BETA_FLAGS: 'dd,newlist', COUNTRY: 'de', NETWORK_BRAND: 'Budo-Netz' } });
    wien = await createSchool(t.db, 'Wien', 'at');
    graz = await createSchool(t.db, 'Graz', 'at');
    role = (await t.db.query<{ id: number }>("INSERT INTO roles (role_name, atoms) VALUES ('Trainer', '{student_r,reminder_r}') RETURNING id")).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('get-state answers the session and the product settings', async () => {
    const user = await t.loginAs({ atoms: ['student_r', 'reminder_r'], schools: [graz] });
    const res = await t.request({ method: 'GET', url: '/api-application-state/get-state?module=main', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state.atoms.sort()).toEqual(['reminder_r', 'student_r']);
    expect(state.schools).toEqual([{ id: graz, name: 'Graz', country: 'at' }]);
    expect(state).toMatchObject({ country: 'de', currency: 'EUR', brand: 'Budo-Netz', beta: { dd: true, newlist: true }, disabledMemberStatuses: [3, 8], version: t.config.version });
  });

  it('an atom taken away works on the next request', async () => {
    const user = await t.loginAs({ atoms: ['student_r'] });
    const state = () => t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: user.cookie } });
    expect((await state()).json().atoms).toEqual(['student_r']);
    await t.db.query("UPDATE roles SET atoms = '{}' WHERE id = (SELECT role_id FROM users WHERE id = $1)", [user.id]);
    expect((await state()).json().atoms).toEqual([]);
  });

  it('the school filter accepts only own schools; empty = all', async () => {
    const user = await t.loginAs({ schools: [wien, graz] });
    const set = (value: unknown[]) => t.request({ method: 'POST', url: '/api-base/filter', headers: { cookie: user.cookie }, payload: { name: 'schools', value } });
    expect((await set([graz])).json()).toEqual({ filter: [graz] });
    expect((await t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: user.cookie } })).json().filter).toEqual([graz]);
    const other = await createSchool(t.db, 'Linz', 'at');
    const refused = await set([other]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(4);
    expect((await set([])).json()).toEqual({ filter: [] });
  });

  it('admins manage users by the rules of spec 001 §6', async () => {
    const admin = await t.loginAs({ level: 2 });
    const create = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api-user/data', headers: { cookie: admin.cookie }, payload });
    // Only a superadmin grants the admin flag.
    expect((await create({ ...userForm({ admin: true, role_id: role }), pw1: 'Judo-Gi-2026', pw2: 'Judo-Gi-2026' })).statusCode).toBe(403);
    // A level-3 user needs a role; common passwords are refused.
    expect((await create({ ...userForm(), pw1: 'Judo-Gi-2026', pw2: 'Judo-Gi-2026' })).json()).toEqual({ error: 4, fields: { role_id: 'form.required' } });
    expect((await create({ ...userForm({ role_id: role }), pw1: 'qwertz123', pw2: 'qwertz123' })).json().fields.pw1).toBe('form.pw_common');
    const made = await create({ ...userForm({ role_id: role, username: 'mia.huber' }), pw1: 'Judo-Gi-2026', pw2: 'Judo-Gi-2026' });
    expect(made.statusCode).toBe(200);
    const id = made.json().id;
    expect((await t.request({ method: 'POST', url: '/api-auth/login', payload: { username: 'mia.huber', password: 'Judo-Gi-2026' } })).statusCode).toBe(200);
    // Taken username, also in other case.
    expect((await create({ ...userForm({ role_id: role, username: 'MIA.HUBER' }), pw1: 'Judo-Gi-2026', pw2: 'Judo-Gi-2026' })).json().fields.username).toBe('form.username_taken');
    const check = await t.request({ method: 'GET', url: '/api-user/check?u=mia.huber', headers: { cookie: admin.cookie } });
    expect(check.json()).toEqual({ success: true, valid: true, available: false });
    // An admin cannot edit another admin (who does not exist for him: 404); only a superadmin deletes.
    const otherAdmin = await createUser(t.db, { level: 2 });
    const edit = await t.request({ method: 'PUT', url: `/api-user/data?id=${otherAdmin.id}`, headers: { cookie: admin.cookie }, payload: { ...userForm({ username: otherAdmin.username }), version: 1 } });
    expect(edit.statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api-user/data?id=${id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(403);
    const superadmin = await t.loginAs({ level: 1 });
    expect((await t.request({ method: 'DELETE', url: `/api-user/data?id=${id}`, headers: { cookie: superadmin.cookie } })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api-user/data?id=${superadmin.id}`, headers: { cookie: superadmin.cookie } })).statusCode).toBe(403);
  });

  it('a user restricted to schools sees only users sharing a school; others answer 404', async () => {
    const grazAdmin = await t.loginAs({ level: 2, schools: [graz] });
    const wienUser = await createUser(t.db, { schools: [wien], atoms: ['student_r'] });
    const grazUser = await createUser(t.db, { schools: [graz], atoms: ['student_r'] });
    const list = (await t.request({ method: 'GET', url: '/api-user/data', headers: { cookie: grazAdmin.cookie } })).json() as { id: number }[];
    const ids = list.map((u) => u.id);
    expect(ids).toContain(grazUser.id);
    expect(ids).not.toContain(wienUser.id);
    expect((await t.request({ method: 'GET', url: `/api-user/data?id=${wienUser.id}`, headers: { cookie: grazAdmin.cookie } })).statusCode).toBe(404);
    // 'All schools' only by someone who has it.
    const allSchools = await t.request({
      method: 'POST',
      url: '/api-user/data',
      headers: { cookie: grazAdmin.cookie },
      payload: { ...userForm({ role_id: role, status: 1 }), pw1: 'Judo-Gi-2026', pw2: 'Judo-Gi-2026' },
    });
    expect(allSchools.statusCode).toBe(400);
    const outside = await t.request({
      method: 'POST',
      url: '/api-user/data',
      headers: { cookie: grazAdmin.cookie },
      payload: { ...userForm({ role_id: role, status: 2, schools: [wien] }), pw1: 'Judo-Gi-2026', pw2: 'Judo-Gi-2026' },
    });
    expect(outside.json().fields).toEqual({ schools: 'form.invalid' });
  });

  it('roles: create, update, refuse deleting one in use (409 {error: 3}), delete an unused one', async () => {
    const admin = await t.loginAs({ level: 2 });
    const headers = { cookie: admin.cookie };
    const made = await t.request({ method: 'POST', url: '/api-base/role', headers, payload: { role_name: 'Kasse', atoms: ['finance_r', 'finance_w'] } });
    expect(made.statusCode).toBe(200);
    const id = made.json().id;
    expect((await t.request({ method: 'POST', url: '/api-base/role', headers, payload: { role_name: 'kasse', atoms: [] } })).json().fields).toEqual({ role_name: 'form.name_taken' });
    expect((await t.request({ method: 'POST', url: '/api-base/role', headers, payload: { role_name: 'X', atoms: ['root_access'] } })).statusCode).toBe(400);
    expect((await t.request({ method: 'PUT', url: `/api-base/role?id=${id}`, headers, payload: { role_name: 'Kasse', atoms: [...ATOMS], version: 1 } })).json()).toEqual({ success: true, version: 2 });
    expect((await t.request({ method: 'GET', url: `/api-base/role?id=${id}`, headers })).json()).toMatchObject({ id, role_name: 'Kasse', uc: 0, atoms: [...ATOMS], version: 2 });
    await t.db.query("INSERT INTO users (username, password_hash, level, role_id) VALUES ('holder', 'x', 3, $1)", [id]);
    const inUse = await t.request({ method: 'DELETE', url: `/api-base/role?id=${id}`, headers });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: 3 });
    await t.db.query("DELETE FROM users WHERE username = 'holder'");
    expect((await t.request({ method: 'DELETE', url: `/api-base/role?id=${id}`, headers })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api-base/role?id=${id}`, headers })).statusCode).toBe(404);
  });

  it('every write is audited with who, route, status and entity', async () => {
    const admin = await t.loginAs({ level: 1 });
    const res = await t.request({ method: 'POST', url: '/api-base/role', headers: { cookie: admin.cookie }, payload: { role_name: 'Audited', atoms: [] } });
    const id = res.json().id;
    const rows = await t.db.query<{ user_id: number; route: string; status: number; entity: string; entity_id: string }>(
      "SELECT user_id, route, status, entity, entity_id FROM audit_log WHERE route = '/api-base/role' AND method = 'POST' ORDER BY id DESC LIMIT 1",
    );
    expect(rows.rows[0]).toEqual({ user_id: admin.id, route: '/api-base/role', status: 200, entity: 'role', entity_id: String(id) });
    const changes = (await t.request({ method: 'GET', url: '/api-base/changes', headers: { cookie: admin.cookie } })).json();
    expect(changes[0]).toMatchObject({ route: '/api-base/role', method: 'POST', entity: 'role', entity_id: String(id), username: admin.username });
  });

  it('the outbox shows an admin no password mails of other admins', async () => {
    const otherAdmin = await createUser(t.db, { level: 2, email: 'boss@example.test' });
    const staff = await createUser(t.db, { email: 'staff@example.test' });
    await t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username: otherAdmin.username } });
    await t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username: staff.username } });
    const admin = await t.loginAs({ level: 2 });
    const seen = (await t.request({ method: 'GET', url: '/api-base/outbox', headers: { cookie: admin.cookie } })).json() as { recipient: string }[];
    expect(seen.map((m) => m.recipient)).toContain('staff@example.test');
    expect(seen.map((m) => m.recipient)).not.toContain('boss@example.test');
    const superadmin = await t.loginAs({ level: 1 });
    const all = (await t.request({ method: 'GET', url: '/api-base/outbox', headers: { cookie: superadmin.cookie } })).json() as { recipient: string }[];
    expect(all.map((m) => m.recipient)).toContain('boss@example.test');
  });
});
