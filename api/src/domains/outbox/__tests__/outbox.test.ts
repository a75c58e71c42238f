import { backends, createSchool, createTestApp, createUser, type TestApp } from '../../../../test/support/test-app.js';

interface Mail {
  recipient: string;
  body: string;
}

/**
 * Issue 10 item 2: the outbox (the delivery stand-in without SMTP) shows an admin only mails
 * about users he may manage, and password-link keys only to the superadmin.
 */
describe.each(backends())('the outbox on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;

  const requestLink = (username: string) => t.request({ method: 'POST', url: '/api-auth/pwl1', payload: { username } });
  const outboxAs = async (cookie: string): Promise<Mail[]> => {
    const res = await t.request({ method: 'GET', url: '/api-base/outbox', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const keyIn = (body: string) => /\/password-reset\?k=([^\s]+)/.exec(body)?.[1];

  beforeAll(async () => {
    t = await createTestApp({ backend });
    wien = await createSchool(t.db, 'Wien', 'at');
    graz = await createSchool(t.db, 'Graz', 'at');
    await requestLink((await createUser(t.db, { schools: [wien], email: 'wien-only@example.test' })).username);
    await requestLink((await createUser(t.db, { email: 'all-schools@example.test' })).username);
    await requestLink((await createUser(t.db, { schools: [graz], email: 'graz-only@example.test' })).username);
    await requestLink((await createUser(t.db, { level: 2, schools: [graz], email: 'graz-admin@example.test' })).username);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a Graz admin sees only mails about users he manages: not the Wien user's or the all-schools user's reset link", async () => {
    const grazAdmin = await t.loginAs({ level: 2, schools: [graz] });
    const recipients = (await outboxAs(grazAdmin.cookie)).map((m) => m.recipient);
    expect(recipients).toContain('graz-only@example.test');
    expect(recipients).not.toContain('wien-only@example.test');
    expect(recipients).not.toContain('all-schools@example.test');
    expect(recipients).not.toContain('graz-admin@example.test');
  });

  it('an admin with all schools sees mails about every level-3 user, none about other admins', async () => {
    const admin = await t.loginAs({ level: 2 });
    const recipients = (await outboxAs(admin.cookie)).map((m) => m.recipient);
    expect(recipients).toEqual(expect.arrayContaining(['graz-only@example.test', 'wien-only@example.test', 'all-schools@example.test']));
    expect(recipients).not.toContain('graz-admin@example.test');
  });

  it('masks the key of password links for admins (the masked link opens nothing), also in mails about themselves', async () => {
    const admin = await t.loginAs({ level: 2, email: 'me-admin@example.test' });
    await requestLink(admin.username);
    const mails = await outboxAs(admin.cookie);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(keyIn(mail.body)).toBe('********');
      expect(mail.body).toContain('/password-reset?k=********');
    }
    const check = await t.request({ method: 'GET', url: `/api-auth/pwr?k=${encodeURIComponent('********')}` });
    expect(check.statusCode).toBe(403);
  });

  it('the superadmin sees every mail with working links', async () => {
    const superadmin = await t.loginAs({ level: 1 });
    const mails = await outboxAs(superadmin.cookie);
    expect(mails.map((m) => m.recipient)).toEqual(expect.arrayContaining(['graz-admin@example.test', 'wien-only@example.test', 'all-schools@example.test']));
    const key = keyIn(mails.find((m) => m.recipient === 'wien-only@example.test')!.body)!;
    expect(key).not.toBe('********');
    expect((await t.request({ method: 'GET', url: `/api-auth/pwr?k=${key}` })).json()).toEqual({ valid: true });
  });
});
