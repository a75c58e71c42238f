// `npm run bench:bundle`: production build, then, in Debian's Chromium against the real
// server, the JavaScript each screen loads (raw and gzip) and how many copies of each shared
// library the page ends up with. A measurement script, not a test: print and record in README.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const skipBuild = process.argv.includes('--no-build');

if (!skipBuild) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await new Promise((resolvePort) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolvePort(p));
  });
});
const work = mkdtempSync(join(tmpdir(), 'sbo-bench-'));
const server = spawn(process.execPath, [join(root, 'api/dist/server.js')], {
  cwd: work,
  env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), STATIC_ROOT: root, DEMO: '1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Loads one screen in a fresh page; returns the JS files fetched and their sizes. */
async function measure(path, { loginFirst }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (loginFirst) {
    await page.goto(`${base}/`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('form button[type="submit"]').click();
    await page.locator('nav').first().waitFor();
  }
  const scripts = new Map();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js')) return;
    try {
      const body = await response.body();
      scripts.set(url, { raw: body.length, gzip: gzipSync(body).length });
    } catch {
    // not listening yet
  }
  });
  // A fresh load of the screen, as a user who opens the URL directly.
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const copies = await page.evaluate(() => {
    const fed = window.__FEDERATION__;
    const counts = {};
    if (!fed || !fed.__SHARE__) return counts;
    for (const instance of Object.values(fed.__SHARE__)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const entry of Object.values(versions)) {
            if (entry.loaded || entry.lib) {
              counts[pkg] ??= new Set();
              counts[pkg].add(`${entry.from}@${entry.version}`);
            }
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, [...v]]));
  });
  await context.close();
  const files = [...scripts.entries()];
  const total = files.reduce((acc, [, s]) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }), { raw: 0, gzip: 0 });
  return { path, files, total, copies };
}

const screens = [
  { label: 'login page', path: '/', loginFirst: false },
  { label: '/m-dash', path: '/m-dash', loginFirst: true },
  { label: 'finance /m-fin/dashboard', path: '/m-fin/dashboard', loginFirst: true },
  { label: 'association /e-dash', path: '/e-dash', loginFirst: true },
  { label: 'content /c-news', path: '/c-news', loginFirst: true },
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const results = [];
for (const screen of screens) {
  const r = await measure(screen.path, screen);
  results.push({ ...screen, ...r });
}

console.log('\n| screen | JS files | raw | gzip | shared libraries loaded more than once |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const r of results) {
  const twice = Object.entries(r.copies).filter(([, v]) => v.length > 1).map(([k, v]) => `${k} (${v.join(', ')})`);
  console.log(`| ${r.label} | ${r.files.length} | ${kb(r.total.raw)} | ${kb(r.total.gzip)} | ${twice.length ? twice.join('; ') : 'none'} |`);
}
const last = results[results.length - 1];
console.log('\nShared libraries in the page after visiting /c-news (package: providing app@version):');
for (const [pkg, v] of Object.entries(last.copies).sort()) console.log(`  ${pkg}: ${v.join(', ')}`);

// Per app: the JS each app contributes across all screens measured.
const byApp = {};
for (const r of results) {
  for (const [url, s] of r.files) {
    const app = url.includes('/remotes/') ? url.split('/remotes/')[1].split('/')[0] : 'shell';
    byApp[app] ??= new Map();
    byApp[app].set(url, s);
  }
}
console.log('\n| app | JS files loaded | raw | gzip |');
console.log('| --- | ---: | ---: | ---: |');
for (const [app, files] of Object.entries(byApp)) {
  const t = [...files.values()].reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
  console.log(`| ${app} | ${files.size} | ${kb(t.raw)} | ${kb(t.gzip)} |`);
}

const login = results[0];
const ok = login.total.gzip <= 200 * 1024 && results.every((r) => Object.values(r.copies).every((v) => v.length <= 1));
console.log(`\nTargets: login page <= 200 KB gzip (${kb(login.total.gzip)}), no shared library loaded twice: ${ok ? 'met' : 'NOT met'}`);

await browser.close();
server.kill('SIGTERM');
rmSync(work, { recursive: true, force: true });
