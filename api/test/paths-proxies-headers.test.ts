import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redactUrl } from '../src/app.js';
import { parseTrustProxy } from '../src/config.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { backends, createTestApp, createUser, TEST_PASSWORD, type TestApp, type TestResponse } from './support/test-app.js';

/**
 * Issue 10 item 3 (hooks decide on the routed path, not the raw URL), item 11 (TRUST_PROXY
 * counts hops) and the headers paragraph (Permissions-Policy, no-store on API answers,
 * source maps only with SOURCE_MAPS=public).
 */

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/** A built shell and finance remote, each with a source map beside its bundle. */
function makeStaticRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'sbo-static-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(root, 'shell', 'dist', 'main.3f9a1c2e7b.js'), 'console.log("shell")\n//# sourceMappingURL=main.3f9a1c2e7b.js.map');
  writeFileSync(join(root, 'shell', 'dist', 'main.3f9a1c2e7b.js.map'), '{"version":3,"sources":["webpack://shell/src/secret.ts"]}');
  mkdirSync(join(root, 'mf-finance', 'dist'), { recursive: true });
  writeFileSync(join(root, 'mf-finance', 'dist', '412.8c1d2e3f4a.js'), 'chunk');
  writeFileSync(join(root, 'mf-finance', 'dist', '412.8c1d2e3f4a.js.map'), '{"version":3,"sources":["webpack://finance/src/x.ts"]}');
  return root;
}

describe('TRUST_PROXY and log redaction, parsed', () => {
  it('reads TRUST_PROXY as a hop count or a proxy list, never as "trust every hop"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.5 ,loopback,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.5', 'loopback', 'fd00::/8']);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('99')).toThrow(/TRUST_PROXY/);
  });

  it('masks secret query parameters in logged URLs also when their names are percent-encoded', () => {
    expect(redactUrl('/api-user/pw-link?k=abc&x=1')).toBe('/api-user/pw-link?k=[Redacted]&x=1');
    expect(redactUrl('/api-user/pw-link?%6B=abc')).toBe('/api-user/pw-link?%6B=[Redacted]');
    expect(redactUrl('/api-user/pw-link?x=1&%74oken=abc')).toBe('/api-user/pw-link?x=1&%74oken=[Redacted]');
    expect(redactUrl('/api-fin/income?id=5&%zz=1')).toBe('/api-fin/income?id=5&%zz=1');
  });
});

describe.each(backends())('requests decided on the routed path on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let income: Record<string, unknown>;

  const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const incomes = () => count('SELECT count(*)::int AS n FROM income');
  const auditRows = () => count('SELECT count(*)::int AS n FROM audit_log');
  const incomeAudits = () => count("SELECT count(*)::int AS n FROM audit_log WHERE method = 'POST' AND route = '/api-fin/income' AND status = 200");

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo' });
    cookie = await t.login('finance', DEMO_PASSWORD);
    const school = (await t.db.query<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%Wien%' ORDER BY id LIMIT 1")).rows[0]!.id;
    const account = (await t.db.query<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND is_main', [school])).rows[0]!.id;
    income = {
      school_id: school,
      payment_cat_id: 4,
      custom_category: null,
      payment_method_id: 2,
      account_id: account,
      payment_date: new Date().toISOString().slice(0, 10),
      amount: 4_200,
      tax_percent: 20,
      annotation: 'Pfad-Test',
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const ENCODED_WRITE_PATHS = [
    '/%61pi-fin/income',
    '/api%2Dfin/income',
    '/api%2dfin/income',
    '/%61pi%2Dfin/%69ncome',
    '/%61%70%69%2d%66%69%6E/income',
    '//api-fin/income',
    '/api-fin//income',
    '///%61pi-fin//income',
  ];

  it.each(ENCODED_WRITE_PATHS)('%s: refused without X-Client-Version, written and audited with it', async (url) => {
    const before = { incomes: await incomes(), audits: await incomeAudits() };
    const bare = await t.rawRequest({ method: 'POST', url, headers: { cookie }, payload: income });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({ error: 3 });
    const crossSite = await t.request({ method: 'POST', url, headers: { cookie, 'sec-fetch-site': 'cross-site' }, payload: income });
    expect(crossSite.statusCode).toBe(403);
    expect(await incomes()).toBe(before.incomes);

    const sent = await t.request({ method: 'POST', url, headers: { cookie }, payload: income });
    expect(sent.statusCode).toBe(200);
    const { id } = sent.json<{ id: number }>();
    expect(await incomes()).toBe(before.incomes + 1);
    expect(await incomeAudits()).toBe(before.audits + 1);
    const row = (await t.db.query<{ entity_id: string | null; user_id: number | null }>(
      "SELECT entity_id, user_id FROM audit_log WHERE route = '/api-fin/income' ORDER BY id DESC LIMIT 1",
    )).rows[0]!;
    expect(row.user_id).not.toBeNull();
    expect(row.entity_id === null || row.entity_id === String(id)).toBe(true);
  });

  it('an encoded path of a stale client gets 412 like the plain one', async () => {
    const stale = await t.rawRequest({ method: 'GET', url: '/%61pi-application-state/get-state', headers: { cookie, 'x-client-version': '0.0.1' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ error: 1 });
  });

  it.each(['/api-fin/%E0%A4%A', '/%zz', '/api-fin/income%', '/%61pi-fin/%C0%AF'])(
    '%s: an undecodable path answers 400 {error: 4} and writes nothing',
    async (url) => {
      const before = { incomes: await incomes(), audits: await auditRows() };
      for (const send of [t.request, t.rawRequest]) {
        const res: TestResponse = await send({ method: 'POST', url, headers: { cookie }, payload: income });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 4 });
        expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect((await t.request({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(400);
      expect(await incomes()).toBe(before.incomes);
      expect(await auditRows()).toBe(before.audits);
    },
  );

  it('an encoded unknown API path is an API 404, not the shell', async () => {
    const res = await t.request({ method: 'GET', url: '/%61pi-nothing-here', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 3 });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe.each(backends())('TRUST_PROXY on %s', (backend) => {
  const login = (t: TestApp, username: string, password: string, forwardedFor: string) =>
    t.request({ method: 'POST', url: '/api-auth/login', payload: { username, password }, headers: { 'x-forwarded-for': forwardedFor } });
  const auditIps = async (t: TestApp, action: string) =>
    (await t.db.query<{ ip: string }>('SELECT ip FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows.map((r) => r.ip);

  it('1 = one hop: the proxy-appended address is the client; what the client put before it is ignored by the throttle and the audit', async () => {
    const t = await createTestApp({ backend, env: { TRUST_PROXY: '1' } });
    try {
      const user = await createUser(t.db);
      // 30 free failures per address, the 31st blocks it: the first address varies every time.
      for (let i = 1; i <= 31; i += 1) {
        expect((await login(t, `nobody-${i}`, 'Summer2026!', `6.6.6.${i}, 7.7.7.7`)).statusCode).toBe(401);
      }
      const blocked = await login(t, user.username, TEST_PASSWORD, '6.6.6.200, 7.7.7.7');
      expect(blocked.statusCode).toBe(429);
      expect((await login(t, user.username, TEST_PASSWORD, '6.6.6.6, 7.7.7.8')).statusCode).toBe(200);
      const failed = await auditIps(t, 'login_failed');
      expect(failed).toHaveLength(31);
      expect(new Set(failed)).toEqual(new Set(['7.7.7.7']));
      expect(await auditIps(t, 'login')).toEqual(['7.7.7.8']);
    } finally {
      await t.close();
    }
  });

  it('a proxy list: every trusted proxy is skipped, the first untrusted address from the right is the client', async () => {
    const t = await createTestApp({ backend, env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
    try {
      await login(t, 'nobody', 'x-1', '6.6.6.6, 10.1.2.3');
      await login(t, 'nobody', 'x-2', '6.6.6.6, 7.7.7.7, 10.1.2.3');
      expect(await auditIps(t, 'login_failed')).toEqual(['6.6.6.6', '7.7.7.7']);
    } finally {
      await t.close();
    }
  });
});

describe.each(backends())('headers and source maps on %s', (backend) => {
  let staticRoot: string;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    staticRoot = makeStaticRoot();
    t = await createTestApp({ backend, env: { STATIC_ROOT: staticRoot } });
    cookie = (await t.loginAs({ level: 1 })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('without TRUST_PROXY a client-sent X-Forwarded-For is ignored', async () => {
    await t.request({ method: 'POST', url: '/api-auth/login', payload: { username: 'nobody', password: 'x' }, headers: { 'x-forwarded-for': '6.6.6.6' } });
    const ips = (await t.db.query<{ ip: string }>("SELECT ip FROM audit_log WHERE action = 'login_failed'")).rows.map((r) => r.ip);
    expect(ips).toEqual([expect.stringMatching(/127\.0\.0\.1$/)]);
  });

  it('Permissions-Policy on every answer: pages, files, API answers, errors', async () => {
    const answers = await Promise.all([
      t.request({ method: 'GET', url: '/m-dash' }),
      t.request({ method: 'GET', url: '/main.3f9a1c2e7b.js' }),
      t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } }),
      t.request({ method: 'GET', url: '/api-application-state/get-state' }),
      t.request({ method: 'POST', url: '/api-nothing', payload: {} }),
      t.request({ method: 'GET', url: '/remotes/finance/missing.js' }),
      t.request({ method: 'GET', url: '/healthz' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 401, 404, 404, 200]);
    for (const res of answers) expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it('Cache-Control: no-store on every /api-* answer, errors included (student photos: documents.test.ts)', async () => {
    const answers = await Promise.all([
      t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } }),
      t.request({ method: 'POST', url: '/api-base/changes', headers: { cookie }, payload: { page: 0, pageSize: 10, sorted: [], filtered: [] } }),
      t.request({ method: 'GET', url: '/api-user/data?id=1', headers: { cookie } }),
      t.request({ method: 'GET', url: '/api-student/pd?id=999999', headers: { cookie } }),
      t.request({ method: 'GET', url: '/api-application-state/get-state' }),
      t.request({ method: 'GET', url: '/api-nothing' }),
      t.request({ method: 'POST', url: '/api-auth/login', payload: { username: 'nobody', password: 'x' } }),
    ]);
    for (const res of answers) expect([res.statusCode, res.headers['cache-control']]).toEqual([res.statusCode, 'no-store']);
    // Not personal: the shell and its hashed bundles keep their caching, the API docs too.
    expect((await t.request({ method: 'GET', url: '/m-dash' })).headers['cache-control']).toBe('no-cache');
    expect((await t.request({ method: 'GET', url: '/main.3f9a1c2e7b.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.request({ method: 'GET', url: '/api-docs/json' })).headers['cache-control']).toBe('no-cache');
  });

  it('source maps are not served without SOURCE_MAPS=public, however the path is spelled', async () => {
    for (const url of [
      '/main.3f9a1c2e7b.js.map',
      '/main.3f9a1c2e7b.js.MAP',
      '/main.3f9a1c2e7b.js%2Emap',
      '/main.3f9a1c2e7b.js.map/',
      '//main.3f9a1c2e7b.js.map',
      '/remotes/finance/412.8c1d2e3f4a.js.map',
      '/remotes/finance/412.8c1d2e3f4a.js%2emap',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('sources');
    }
    // The bundles themselves are served.
    expect((await t.request({ method: 'GET', url: '/remotes/finance/412.8c1d2e3f4a.js' })).statusCode).toBe(200);
  });

  it('SOURCE_MAPS=public serves them', async () => {
    const open = await createTestApp({ backend, env: { STATIC_ROOT: staticRoot, SOURCE_MAPS: 'public' } });
    try {
      const shellMap = await open.request({ method: 'GET', url: '/main.3f9a1c2e7b.js.map' });
      expect(shellMap.statusCode).toBe(200);
      expect(shellMap.json()).toEqual(expect.objectContaining({ version: 3 }));
      expect((await open.request({ method: 'GET', url: '/remotes/finance/412.8c1d2e3f4a.js.map' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
