// `npm run bench:bundle`: production build, then, in Debian's Chromium against the real
// server, the JavaScript every screen loads (scripts/bundle-screens.mjs lists them): files,
// raw and gzip bytes, the byte budget, and any source module loaded twice into the page.
// For a screen over budget it prints the largest modules and packages, read from the source
// maps of the files it loaded.
//
//   --no-build   measure the current build (npm run build first)
//   --check      the budget check of `npm test`: exit 1 when a screen is over its budget or a
//                library is loaded twice
//   --only PATH  measure one screen (and the screens it needs), e.g. --only /c-news
//   --json FILE  also write every screen's files and minified bytes per package to FILE
//
// Sizes come from the built files, not from timings: the same build gives the same table.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { analyseFile, builtFileOf, duplicateSources, largestParts, packageOf } from './bundle-analysis.mjs';
import { SCREENS, budgetOf } from './bundle-screens.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const check = args.includes('--check');
const jsonFile = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

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
  env: {
    ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'),
    STATIC_ROOT: root, DEMO: '1', LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let browser;

/** Stops the server and the browser and removes the scratch folder, whatever happened. */
async function cleanUp() {
  await browser?.close().catch(() => {});
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
}

const base = `http://127.0.0.1:${port}`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Opens one screen in a fresh browser context and waits until it has settled: no script
 * request in flight, no spinner, and one quiet second. Returns the script URLs it loaded (in
 * order), where it landed, and the page's errors.
 */
async function openScreen(path, storageState, linkPattern) {
  const context = await browser.newContext({ locale: 'de-DE', storageState });
  const page = await context.newPage();
  const scripts = [];
  const errors = [];
  const pending = new Set();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    // Every request counts for "settled" (a slow API answer may come before the next chunk).
    pending.add(request);
    lastActivity = Date.now();
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url());
    if (url.origin === base && !scripts.includes(url.pathname)) scripts.push(url.pathname);
    else if (url.origin !== base) errors.push(`script from another origin: ${request.url()}`);
  });
  const done = (request) => {
    if (pending.delete(request)) lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') errors.push(`failed to load ${request.url()}: ${request.failure()?.errorText}`);
    done(request);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  // Settled: the screen's heading is shown, no spinner, no request in flight, one quiet
  // moment. Under CPU load a screen may pause between chunks; the heading keeps a half-loaded
  // screen from counting as done.
  const deadline = Date.now() + 60_000;
  let settled = false;
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (pending.size > 0 || Date.now() - lastActivity < 700) continue;
    const heading = await page.locator('main h1').count();
    const busy = await page.locator('span[role="status"], [aria-busy="true"]').count();
    if (heading > 0 && busy === 0 && pending.size === 0) {
      settled = true;
      break;
    }
  }
  if (!settled) errors.push('did not settle within 60 s (no heading in <main>, a spinner stayed or requests kept going)');
  const alerts = await page.locator('[role="alert"]').allTextContents();
  for (const alert of alerts) if (alert.trim()) errors.push(`alert on the screen: ${alert.trim().slice(0, 200)}`);
  let link;
  if (linkPattern) {
    const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    link = hrefs.find((href) => linkPattern.test(href ?? ''));
  }
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { scripts, landed, errors, link };
}

/** Signs in once as the demo superadmin; every signed-in screen starts from that session. */
async function signIn() {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.locator('nav').first().waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The screens to measure: all, or --only one plus the screen its link comes from and /m-dash. */
function screensToMeasure() {
  if (!only) return SCREENS;
  const wanted = SCREENS.find((s) => s.path === only);
  if (!wanted) throw new Error(`${only} is not in scripts/bundle-screens.mjs`);
  const needed = new Set(['/m-dash', wanted.path, wanted.linkFrom?.on].filter(Boolean));
  return SCREENS.filter((s) => needed.has(s.path));
}

async function measureAll() {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (i > 240) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const session = await signIn();
  const screens = screensToMeasure();
  const linkPatterns = new Map();
  for (const screen of screens) {
    if (screen.linkFrom) linkPatterns.set(screen.linkFrom.on, [...(linkPatterns.get(screen.linkFrom.on) ?? []), screen]);
  }
  const links = new Map();
  const results = [];
  for (const screen of screens) {
    let path = screen.path;
    const errors = [];
    if (screen.linkFrom) {
      path = links.get(screen);
      if (!path) {
        results.push({ screen, path: screen.path, files: [], errors: [`no link like ${screen.linkFrom.link} on ${screen.linkFrom.on}`] });
        continue;
      }
    }
    const wanted = linkPatterns.get(screen.path) ?? [];
    const opened = await openScreen(path, screen.signedOut ? undefined : session, wanted.length ? combined(wanted) : undefined);
    for (const other of wanted) {
      // One link serves every screen that asked this screen for one; each keeps its own pattern.
      if (opened.link && other.linkFrom.link.test(opened.link)) links.set(other, opened.link);
    }
    if (wanted.length && !opened.link) {
      const again = await openScreen(path, session, combined(wanted));
      for (const other of wanted) if (again.link && other.linkFrom.link.test(again.link)) links.set(other, again.link);
    }
    errors.push(...opened.errors);
    const files = [];
    for (const urlPath of opened.scripts) {
      const built = builtFileOf(root, urlPath);
      if (!built) {
        errors.push(`script ${urlPath} is not a built file`);
        continue;
      }
      const name = urlPath.split('/').pop();
      files.push({ app: built.app, name, ...analyseFile(root, built.app, built.file) });
    }
    results.push({ screen, path, landed: opened.landed, files, errors });
  }
  return results;
}

function combined(screens) {
  return { test: (href) => screens.some((s) => s.linkFrom.link.test(href)), toString: () => screens.map((s) => s.linkFrom.link).join(' or ') };
}

function report(results) {
  const dash = results.find((r) => r.screen.path === '/m-dash');
  const dashGzip = dash ? dash.files.reduce((sum, f) => sum + f.gzip, 0) : 0;
  let failures = 0;
  const lines = [];
  lines.push('| screen | lands on | JS files | raw | gzip | budget | within budget | loaded twice |');
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | --- | --- |');
  const details = [];
  const repeated = new Map();
  for (const r of results) {
    const raw = r.files.reduce((sum, f) => sum + f.raw, 0);
    const gzip = r.files.reduce((sum, f) => sum + f.gzip, 0);
    const budget = budgetOf(r.screen.path, dashGzip, r.landed);
    const { instances, repeats } = duplicateSources(r.files);
    for (const d of repeats) repeated.set(d.source, d);
    const twicePackages = [...new Set(instances.map((d) => d.pkg))];
    const over = gzip > budget;
    const failed = over || instances.length > 0 || r.errors.length > 0;
    if (failed) failures++;
    const label = r.screen.signedOut ? 'login page (/)' : r.path;
    const landed = r.landed && r.landed !== r.path ? r.landed : '';
    const verdict = r.errors.length ? 'ERROR' : over ? `**NO** (+${kb(gzip - budget)})` : 'yes';
    lines.push(`| ${label} | ${landed} | ${r.files.length} | ${kb(raw)} | ${kb(gzip)} | ${kb(budget)} | ${verdict} | ${twicePackages.join(', ') || 'none'} |`);
    if (failed) {
      const text = [`\n${label}:`];
      for (const error of r.errors) text.push(`  error: ${error}`);
      if (instances.length) {
        text.push('  loaded twice, by two apps (source: files):');
        for (const d of instances.slice(0, 20)) text.push(`    ${d.source}: ${d.files.join(', ')}`);
        if (instances.length > 20) text.push(`    … and ${instances.length - 20} more`);
      }
      if (over) {
        const { modules, packages } = largestParts(r.files, 15);
        text.push('  files (gzip): ' + [...r.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8).map((f) => `${f.app}/${f.name} ${kb(f.gzip)}`).join(', '));
        text.push('  largest packages (minified bytes):');
        for (const [pkg, bytes] of packages) text.push(`    ${kb(bytes).padStart(10)}  ${pkg}`);
        text.push('  largest modules (minified bytes):');
        for (const [source, bytes] of modules) text.push(`    ${kb(bytes).padStart(10)}  ${source}`);
      }
      details.push(text.join('\n'));
    }
  }
  console.log(`\n${lines.join('\n')}`);
  if (details.length) console.log(details.join('\n'));
  if (repeated.size) {
    // Not a second copy running (one app's runtime runs a module once), only bytes fetched twice.
    console.log('\nModules fetched in two files of one app (run once):');
    for (const d of repeated.values()) console.log(`  ${d.source} (${kb(d.bytes)} in all): ${d.files.join(', ')}`);
  }

  const byApp = new Map();
  for (const r of results) for (const f of r.files) byApp.set(`${f.app}/${f.name}`, f);
  const apps = new Map();
  for (const f of byApp.values()) {
    const t = apps.get(f.app) ?? { files: 0, raw: 0, gzip: 0 };
    apps.set(f.app, { files: t.files + 1, raw: t.raw + f.raw, gzip: t.gzip + f.gzip });
  }
  console.log('\nPer app, over all screens measured:\n\n| app | JS files | raw | gzip |\n| --- | ---: | ---: | ---: |');
  for (const [app, t] of apps) console.log(`| ${app} | ${t.files} | ${kb(t.raw)} | ${kb(t.gzip)} |`);
  console.log(
    `\nBudget (JS gzip per screen): login page <= ${kb(budgetOf('/', dashGzip))}, /m-dash (and screens redirected to it) <= ${kb(budgetOf('/m-dash', dashGzip))}, /m-fin/dashboard (the same chart) <= ${kb(budgetOf('/m-fin/dashboard', dashGzip))}, every other screen <= 300 KB + 150 KB ` +
      `(= ${kb(budgetOf('/x', dashGzip))}), ` +
      `no library loaded twice into a page. ` +
      (failures ? `${failures} screen(s) fail.` : `All ${results.length} screens within budget.`),
  );
  return failures;
}

/** One screen's measurement as plain data (--json). */
function toJson(r) {
  const packages = {};
  for (const f of r.files) for (const [source, bytes] of f.sources) packages[packageOf(source)] = (packages[packageOf(source)] ?? 0) + bytes;
  return {
    path: r.path,
    landed: r.landed,
    errors: r.errors,
    files: r.files.map((f) => ({ app: f.app, name: f.name, raw: f.raw, gzip: f.gzip })),
    packages: Object.fromEntries(Object.entries(packages).sort((a, b) => b[1] - a[1])),
  };
}

let failures = 0;
let crashed = false;
try {
  const results = await measureAll();
  failures = report(results);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(results.map(toJson), null, 1)}\n`);
} catch (error) {
  console.error(error);
  crashed = true;
} finally {
  await cleanUp();
}
process.exit(crashed || (check && failures > 0) ? 1 : 0);
