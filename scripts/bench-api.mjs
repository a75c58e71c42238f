// `npm run bench:api`: the student list under load. Seeds 100k students (plus the demo office)
// into a fresh database, then loads POST /api-student/list (sorted by last name, filtered by
// a last-name prefix and a status, page size 25) with autocannon at 10 and 50 connections,
// on the embedded PGlite and on a PostgreSQL server, beside the same SQL run directly on the
// database through the server's own database layer (the limit). Optionally (--browser, needs
// `npm run build` first) the time from opening /m-student/list in Chromium to the first rows.
// A measurement script, not a test: print and record in README.
//
//   npm run bench:api [-- --seconds 10] [--students 100000] [--only pglite|postgres] [--browser] [--no-build] [--profile]
//                     [--processes N]
//
// --processes N (N >= 2; PostgreSQL only, PGlite is one process by nature) also starts N API
// processes on the same database and loads them together (each process gets an equal share
// of the connections, one autocannon per process, at the same time), beside the figure of one
// process: the req/s of 1 and N processes side by side.
//
// --profile runs the server under `node --cpu-prof` and prints the functions with the most
// self time during the API runs (and where the .cpuprofile files are, for Chrome DevTools).
//
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a
// server where a database sbo_bench_<random> is created and dropped again.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const SECONDS = Number(option('seconds', '10'));
const STUDENTS = Number(option('students', '100000'));
const ONLY = option('only', '');
const START_LOAD = loadavg().map((n) => n.toFixed(2)).join(' ');
const PROFILE = args.includes('--profile');
const PROFILE_DIR = PROFILE ? mkdtempSync(join(tmpdir(), 'sbo-bench-profile-')) : '';
const CONNECTIONS = [10, 50];
const PROCESSES = Number(option('processes', '1'));
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || PROCESSES > 16) {
  process.stderr.write('--processes must be a whole number from 1 to 16\n');
  process.exit(2);
}
const PREFIX = 'be';
const STATUS = 2;
const BODY = {
  page: 0,
  pageSize: 25,
  sorted: [{ id: 'ln', desc: false }],
  filtered: [{ id: 'ln', value: PREFIX }, { id: 'sst', value: STATUS }],
};
const VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dist = (path) => import(pathToFileURL(join(root, 'api/dist', path)).href);
const { loadConfig } = await dist('config.js');
const { openDb } = await dist('db/index.js');
const { runPagedList } = await dist('lib/paged-list.js');
const { STUDENT_LIST, studentListSelect } = await dist('domains/students/repository.js');

async function freePort() {
  return new Promise((resolvePort) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolvePort(p));
    });
  });
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Seeds the demo office and the students with the seed CLI (as a user would). */
function seed(env) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(root, 'api/dist/cli/seed.js'), '--students', String(STUDENTS)], {
    cwd: root,
    env: { ...process.env, ...env, DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('seeding failed');
  return (Date.now() - started) / 1000;
}

/**
 * The list's database work as the API does it (scoped transaction as sbo_app with the admin's
 * schools, the page query, the total), called by `connections` concurrent callers for the
 * duration, through the server's own database layer: what the database alone can do.
 */
async function rawDatabase(env, connections) {
  const config = loadConfig({ ...process.env, ...env, DEMO: '0', LOG_LEVEL: 'warn' });
  const db = await openDb(config);
  try {
    const schoolIds = (await db.query('SELECT id FROM schools ORDER BY id')).rows.map((r) => r.id);
    const scope = { userId: 1, schoolIds };
    const once = () => db.scoped(scope, (tx) => runPagedList(tx, STUDENT_LIST, BODY, (bind) => studentListSelect(bind, 'EUR', true)));
    const sample = await once();
    // Warm up, then measure.
    const warmUntil = Date.now() + 1000;
    while (Date.now() < warmUntil) await once();
    const latencies = [];
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          const t0 = performance.now();
          await once();
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), total: sample.total, rows: sample.rows.length };
  } finally {
    await db.close();
  }
}

async function startServer(env, work, profileDir) {
  const port = await freePort();
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'api/dist/server.js')], {
    cwd: work,
    // The server's default log level: what it costs in production is part of the figure.
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_ROOT: root, DEMO: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
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
  return { base, stop: () => new Promise((r) => { server.once('exit', r); server.kill('SIGTERM'); }) };
}

async function login(base) {
  const res = await fetch(`${base}/api-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-version': VERSION },
    body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!res.ok || !cookie.startsWith('sbo_session=')) throw new Error(`login failed: ${res.status}`);
  return cookie;
}

async function loadApi(base, cookie, connections) {
  const result = await autocannon({
    url: `${base}/api-student/list`,
    method: 'POST',
    connections,
    duration: SECONDS,
    headers: { cookie, 'content-type': 'application/json', 'x-client-version': VERSION },
    body: JSON.stringify(BODY),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors + result.timeouts, requests: result.requests.total };
}

/**
 * Opens /m-student/list in a logged-in page three times; ms from navigation start until the
 * first student row (a link to a student's detail) is visible: first visit and best repeat.
 */
async function firstRows(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('form button[type="submit"]').click();
    await page.locator('nav').first().waitFor();
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      await page.goto(`${base}/m-student/list`);
      await page.locator('[role="row"] a[href*="/m-student/details/"]').first().waitFor({ timeout: 15_000 });
      times.push(Date.now() - t0);
    }
    // The first visit loads the remote's code; later ones find it in the browser cache.
    return { cold: times[0], warm: Math.min(...times.slice(1)) };
  } finally {
    await browser.close();
  }
}

/**
 * The functions with the most self time in the server's .cpuprofile (V8's format: nodes with
 * a callFrame, samples naming a node, timeDeltas in µs between samples): share of all samples.
 */
function topSelfTime(dir, count = 15) {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return { file: '(none written)', total: 0, entries: [] };
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${url.replace(`file://${root}/`, '').replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  const entries = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
  return { file: join(dir, file), total: total / 1000, entries };
}

const results = [];
const browserTimes = {};
const profiles = {};
const backends = ONLY ? [ONLY] : PROCESSES > 1 ? ['postgres'] : ['pglite', 'postgres'];
const scaleResults = [];

/**
 * Loads `servers` together for SECONDS: `connections` split evenly, one autocannon per server,
 * all at once. Requests add up; latencies are the per-server figures' worst (p99) and mean (p50).
 */
async function loadTogether(servers, cookie, connections) {
  const share = Math.max(1, Math.round(connections / servers.length));
  const parts = await Promise.all(servers.map((server) => loadApi(server.base, cookie, share)));
  const requests = parts.reduce((sum, part) => sum + part.requests, 0);
  return {
    rps: requests / SECONDS,
    p50: parts.reduce((sum, part) => sum + part.p50, 0) / parts.length,
    p99: Math.max(...parts.map((part) => part.p99)),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    requests,
  };
}
for (const backend of backends) {
  const work = mkdtempSync(join(tmpdir(), 'sbo-bench-api-'));
  let env;
  let dropDatabase = async () => {};
  if (backend === 'pglite') {
    env = { DATABASE_URL: '', DATA_DIR: join(work, 'data') };
  } else {
    const name = `sbo_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: join(work, 'data') };
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  try {
    process.stdout.write(`\n[${backend}] seeding ${STUDENTS} students ...\n`);
    // The seed CLI ends with VACUUM ANALYZE (statistics, visibility map for index-only
    // counts): the database is measured as a user who seeded it would have it.
    const seedSeconds = seed(env);
    const raw = {};
    for (const connections of CONNECTIONS) {
      process.stdout.write(`[${backend}] database alone, ${connections} callers, ${SECONDS} s ...\n`);
      raw[connections] = await rawDatabase(env, connections);
    }
    const profileDir = PROFILE ? join(PROFILE_DIR, backend) : '';
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const server = await startServer(env, work, profileDir);
    try {
      const cookie = await login(server.base);
      // Warm-up (JIT, caches, pool).
      await autocannon({ url: `${server.base}/api-student/list`, method: 'POST', connections: 10, duration: 2, headers: { cookie, 'content-type': 'application/json', 'x-client-version': VERSION }, body: JSON.stringify(BODY) });
      for (const connections of CONNECTIONS) {
        process.stdout.write(`[${backend}] API, ${connections} connections, ${SECONDS} s ...\n`);
        const api = await loadApi(server.base, cookie, connections);
        results.push({ backend, connections, seedSeconds, api, raw: raw[connections] });
      }
      if (args.includes('--browser')) browserTimes[backend] = await firstRows(server.base);
      if (PROCESSES > 1 && backend === 'postgres') {
        // The same database, N processes: the first one above plus N-1 more.
        const more = [];
        try {
          for (let i = 1; i < PROCESSES; i += 1) more.push(await startServer(env, work, ''));
          const servers = [server, ...more];
          // Warm-up of the new processes (JIT, pools), then the same load spread over all.
          await loadTogether(more, cookie, 10).catch(() => undefined);
          for (const connections of CONNECTIONS) {
            process.stdout.write(`[${backend}] API on ${PROCESSES} processes, ${connections} connections, ${SECONDS} s ...\n`);
            const single = results.find((r) => r.backend === backend && r.connections === connections).api;
            scaleResults.push({ connections, single, many: await loadTogether(servers, cookie, connections) });
          }
        } finally {
          await Promise.all(more.map((extra) => extra.stop()));
        }
      }
    } finally {
      await server.stop();
    }
    if (profileDir) profiles[backend] = topSelfTime(profileDir);
  } finally {
    await dropDatabase();
    rmSync(work, { recursive: true, force: true });
  }
}

const fmt = (n, digits = 1) => n.toFixed(digits);
const lines = [
  '',
  `POST /api-student/list, ${STUDENTS} students, sorted ln, filtered ln '${PREFIX}' + sst ${STATUS}, pageSize 25 ` +
    `(matching: ${results[0]?.raw.total ?? '?'}), ${SECONDS} s per run`,
  '',
  '| database | conn. | API req/s | API p50 ms | API p99 ms | non-2xx | DB alone req/s | DB p50 ms | DB p99 ms | API / DB |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map((r) =>
    `| ${r.backend === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server'} | ${r.connections} | ${fmt(r.api.rps)} | ${r.api.p50} | ${r.api.p99} | ${r.api.non2xx} | ` +
      `${fmt(r.raw.rps)} | ${fmt(r.raw.p50)} | ${fmt(r.raw.p99)} | ${fmt((r.api.rps / r.raw.rps) * 100, 0)} % |`,
  ),
  '',
  ...[...new Set(results.map((r) => r.backend))].map((b) => `seeding ${b}: ${fmt(results.find((r) => r.backend === b).seedSeconds)} s`),
  ...Object.entries(browserTimes).map(([b, ms]) => `Chromium, ${b}: /m-student/list first rows visible after ${ms.cold} ms (first visit), ${ms.warm} ms (repeat)`),
];
if (scaleResults.length) {
  lines.push(
    '',
    `PostgreSQL server, the same list on 1 and on ${PROCESSES} API processes (one database; connections split evenly over the processes):`,
    '',
    `| conn. | 1 process req/s | p50 ms | p99 ms | ${PROCESSES} processes req/s | p50 ms | p99 ms | non-2xx | ${PROCESSES} / 1 |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...scaleResults.map((r) =>
      `| ${r.connections} | ${fmt(r.single.rps)} | ${r.single.p50} | ${r.single.p99} | ${fmt(r.many.rps)} | ${fmt(r.many.p50)} | ${r.many.p99} | ${r.many.non2xx} | ${fmt(r.many.rps / r.single.rps, 2)} |`,
    ),
    '',
    `CPU cores: ${cpus().length}`,
  );
}
for (const [backend, profile] of Object.entries(profiles)) {
  lines.push('', `Server CPU profile, ${backend} (${profile.file}, ${fmt(profile.total / 1000)} s sampled): top self time`, '', '| self ms | share | function |', '| ---: | ---: | --- |');
  for (const e of profile.entries) lines.push(`| ${fmt(e.ms, 0)} | ${fmt(e.share * 100)} % | ${e.name.replace(/\|/g, '\\|')} |`);
}
lines.push('', `load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(' ')} (at the start: ${START_LOAD})`);
process.stdout.write(`${lines.join('\n')}\n`);
