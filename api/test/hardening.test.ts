import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/index.js';
import { listenForTests } from './support/http-client.js';
import { backends, createTestApp, type TestApp } from './support/test-app.js';

function makeStaticRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'sbo-static-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(root, 'shell', 'dist', 'main.3f9a1c2e7b.js'), 'console.log("shell")');
  mkdirSync(join(root, 'mf-finance', 'dist'), { recursive: true });
  writeFileSync(join(root, 'mf-finance', 'dist', 'mf-manifest.json'), '{"name":"finance"}');
  writeFileSync(join(root, 'mf-finance', 'dist', 'remoteEntry.js'), 'var finance;');
  writeFileSync(join(root, 'mf-finance', 'dist', '412.8c1d2e3f4a.js'), 'chunk v1');
  return root;
}

describe.each(backends())('hardening on %s', (backend) => {
  let t: TestApp;
  let staticRoot: string;
  let cookie: string;

  beforeAll(async () => {
    staticRoot = makeStaticRoot();
    t = await createTestApp({
      backend,
      env: { STATIC_ROOT: staticRoot, MIN_CLIENT_VERSION: '0.1.0', REMOTE_URL_CONTENT: 'https://cdn.example.com/content/mf-manifest.json' },
    });
    cookie = (await t.loginAs({ level: 1 })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('refuses state-changing requests without X-Client-Version or from another site (403 {error: 3})', async () => {
    const bare = await t.rawRequest({ method: 'POST', url: '/api-base/filter', headers: { cookie }, payload: { name: 'schools', value: [] } });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({ error: 3 });
    const crossSite = await t.request({ method: 'POST', url: '/api-base/filter', headers: { cookie, 'sec-fetch-site': 'cross-site' }, payload: { name: 'schools', value: [] } });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.request({ method: 'POST', url: '/api-base/filter', headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload: { name: 'schools', value: [] } });
    expect(sameOrigin.statusCode).toBe(200);
    // Reading needs no header.
    expect((await t.rawRequest({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 412 {error: 1} to a client older than MIN_CLIENT_VERSION, on any method', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await t.rawRequest({ method, url: '/api-application-state/get-state', headers: { cookie, 'x-client-version': '0.0.9' } });
      expect(res.statusCode).toBe(412);
      expect(res.json()).toEqual({ error: 1 });
    }
    const current = await t.rawRequest({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie, 'x-client-version': '0.1.0' } });
    expect(current.statusCode).toBe(200);
  });

  it('sends the security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/m-dash' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example\.com/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP
  });

  it('serves the shell with SPA fallback and the remotes with cache and CORS headers, read per request', async () => {
    const deep = await t.request({ method: 'GET', url: '/m-student/details/5' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>shell</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const chunk = await t.request({ method: 'GET', url: '/main.3f9a1c2e7b.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const manifest = await t.request({ method: 'GET', url: '/remotes/finance/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.request({ method: 'GET', url: '/remotes/finance/remoteEntry.js' })).headers['cache-control']).toBe('no-cache');
    expect((await t.request({ method: 'GET', url: '/remotes/finance/412.8c1d2e3f4a.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A copied new build is served at once.
    writeFileSync(join(staticRoot, 'mf-finance', 'dist', 'mf-manifest.json'), '{"name":"finance","v":2}');
    expect((await t.request({ method: 'GET', url: '/remotes/finance/mf-manifest.json' })).json()).toEqual({ name: 'finance', v: 2 });

    const missing = await t.request({ method: 'GET', url: '/remotes/finance/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>shell</title>');
    expect((await t.request({ method: 'GET', url: '/remotes/finance/..%2f..%2fshell%2fdist%2findex.html' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/remotes/unknown/mf-manifest.json' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api-nothing-here' })).statusCode).toBe(404);

    const registry = await t.request({ method: 'GET', url: '/remotes.json' });
    expect(registry.headers['cache-control']).toBe('no-cache');
    expect(registry.json()).toEqual({
      management: '/remotes/management/mf-manifest.json',
      finance: '/remotes/finance/mf-manifest.json',
      association: '/remotes/association/mf-manifest.json',
      content: 'https://cdn.example.com/content/mf-manifest.json',
    });
  });

  it('says how to build when the shell is not built', async () => {
    rmSync(join(staticRoot, 'shell', 'dist', 'index.html'));
    const res = await t.request({ method: 'GET', url: '/m-dash' });
    expect(res.body).toMatch(/npm run build/);
    writeFileSync(join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  });

  it('health and readiness', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document built from the route schemas at /api-docs', async () => {
    const page = await t.request({ method: 'GET', url: '/api-docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api-docs/static/swagger-ui-bundle.js');
    const doc = (await t.request({ method: 'GET', url: '/api-docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api-auth/login', '/api-user/data', '/api-base/role']));
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/remotes'))).toBe(false);
  });

  it('never leaks internals: an unexpected error answers 500 {error: 8}', async () => {
    const app = buildApp(t.config, { db: t.db, logger: false });
    app.register(async (instance) => {
      instance.get('/api-explode', { config: { access: 'public' } }, async () => {
        throw new Error('secret SQL: SELECT password_hash FROM users');
      });
    });
    const send = await listenForTests(app);
    const res = await send({ method: 'GET', url: '/api-explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 8 });
    await app.server.close();
  });

  it('a transaction that lost a deadlock or a serialization conflict answers 503 {error: 1} with Retry-After (try again), not 500', async () => {
    const app = buildApp(t.config, { db: t.db, logger: false });
    app.register(async (instance) => {
      for (const code of ['40P01', '40001']) {
        instance.get(`/api-conflict-${code}`, { config: { access: 'public' } }, async () => {
          throw Object.assign(new Error('deadlock detected'), { code });
        });
      }
    });
    const send = await listenForTests(app);
    for (const code of ['40P01', '40001']) {
      const res = await send({ method: 'GET', url: `/api-conflict-${code}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: 1 });
    }
    await app.server.close();
  });

  if (backend === 'postgres') {
    it('database down: 503 {error: 1} quickly, /readyz not ready, recovers by itself', async () => {
      const target = new URL(process.env.TEST_DATABASE_URL!);
      const sockets = new Set<net.Socket>();
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client);
        sockets.add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop);
        upstream.on('error', drop);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const proxyPort = (proxy.address() as net.AddressInfo).port;
      const dbUrl = new URL(t.config.databaseUrl!);
      dbUrl.host = `127.0.0.1:${proxyPort}`;
      const config = { ...loadConfig({ DATABASE_URL: dbUrl.toString(), PG_CONNECT_TIMEOUT_MS: '500', LOG_LEVEL: 'silent' }), staticRoot };
      const db = await openDb(config);
      const app = buildApp(config, { db, logger: false });
      const send = await listenForTests(app);
      try {
        expect((await send({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        // The database goes away.
        await new Promise<void>((resolve) => {
          proxy.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
        const started = Date.now();
        const down = await send({ method: 'POST', url: '/api-auth/login', headers: { 'x-client-version': '9.9.9' }, payload: { username: 'x', password: 'y' } });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ error: 1 });
        expect(Date.now() - started).toBeLessThan(3000);
        expect((await send({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
        // It comes back on the same address.
        await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
        expect((await send({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        const back = await send({ method: 'POST', url: '/api-auth/login', headers: { 'x-client-version': '9.9.9' }, payload: { username: 'x', password: 'y' } });
        expect(back.statusCode).toBe(401);
      } finally {
        await app.close();
        proxy.close();
        for (const socket of sockets) socket.destroy();
      }
    });
  }
});
