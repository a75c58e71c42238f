/**
 * Templates the API tests start their databases from (CI time, issue 25): migrating an empty
 * database (39+ files) and seeding the demo data took most of each test file's setup, three
 * times over in CI. A template is built once per content (see {@link templateKey}) and copied
 * for every test database:
 * - PostgreSQL: a template database sbo_tpl_<key>, copied with CREATE DATABASE … TEMPLATE.
 *   Built under an advisory lock on the maintenance database (parallel jest workers and several
 *   developers' runs on one server), into a temporary name renamed when complete; then marked
 *   IS_TEMPLATE, ALLOW_CONNECTIONS false (a copy needs no connection to the template).
 * - PGlite: a tarball of the data directory under os.tmpdir(), written to a temporary file and
 *   renamed; each test's in-memory PGlite starts from it (loadDataDir).
 * A copy is what a fresh build gives: same rows and sequence values, owner, grants and
 * settings (api/test/db-template.test.ts compares them). TEST_DB_TEMPLATES=0 builds every
 * database fresh, as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { defaultMigrationsDir, openDb, type Db } from '../../src/db/index.js';
import { API_DIR, REPO_ROOT } from '../../src/lib/paths.js';
import { schoolDate } from '../../src/seed/dates.js';

/** What a template holds: the migrated schema, or that plus the demo seed of one school date. */
export type TemplateKind = { seed: 'none' } | { seed: 'demo'; now: Date };

/** false when TEST_DB_TEMPLATES=0: every test database is built fresh (migrations, seed). */
export function templatesEnabled(): boolean {
  return process.env.TEST_DB_TEMPLATES !== '0';
}

/** Source files `entry` imports, transitively (relative imports and shared-kernel/contracts). */
function sourceClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const spec = match[1]!;
      let base: string;
      if (spec.startsWith('.')) base = resolve(dirname(file), spec.replace(/\.js$/, ''));
      else if (spec === 'shared-kernel/contracts') base = join(REPO_ROOT, 'shared-kernel', 'src', 'contracts', 'index');
      else continue;
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((path) => existsSync(path) && statSync(path).isFile());
      if (found) visit(found);
    }
  };
  visit(entry);
  return [...seen].sort();
}

let baseHash: { migrated: string; demo: string } | undefined;

/**
 * The content a template depends on: the migration files and the migration runner, plus for
 * the demo seed every source file the seed reads (its import closure). A changed migration or
 * seed makes a new key, so a stale template is never used.
 */
function contentHashes(): { migrated: string; demo: string } {
  if (baseHash) return baseHash;
  const migrations = createHash('sha256');
  const dir = defaultMigrationsDir();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.sql')).sort()) {
    migrations.update(name).update('\0').update(readFileSync(join(dir, name))).update('\0');
  }
  migrations.update(readFileSync(join(API_DIR, 'src', 'db', 'index.ts')));
  const migrated = migrations.digest('hex');
  const demo = createHash('sha256').update(migrated);
  for (const file of sourceClosure(join(API_DIR, 'src', 'seed', 'demo.ts'))) {
    demo.update(file.slice(REPO_ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  baseHash = { migrated, demo: demo.digest('hex') };
  return baseHash;
}

/**
 * Names a template: the content hash, and for the demo seed the school date of `now` (the
 * seed's output depends on the clock only through that date: reminders, receipts, history
 * are placed relative to it), today's date, plus `extra` (the PostgreSQL server and role).
 */
export function templateKey(kind: TemplateKind, extra = ''): string {
  const hashes = contentHashes();
  const parts = kind.seed === 'demo' ? [hashes.demo, schoolDate(kind.now)] : [hashes.migrated];
  // Columns the database fills with its own clock (created_at DEFAULT now()) hold the time of
  // the build: a template serves the day it was built on only, as a fresh build would.
  parts.push(new Date().toISOString().slice(0, 10));
  return createHash('sha256').update([...parts, extra].join('|')).digest('hex').slice(0, 20);
}

async function build(db: Db, kind: TemplateKind): Promise<void> {
  if (kind.seed === 'demo') {
    const { seedDemo } = await import('../../src/seed/demo.js');
    await seedDemo(db, { now: kind.now });
  }
}

/** TEST_DB_TEMPLATES_LOG=1: what the templates do, on stderr (timings of builds and copies). */
export function templateLog(message: string): void {
  if (process.env.TEST_DB_TEMPLATES_LOG === '1') process.stderr.write(`[db-template ${new Date().toISOString()} pid ${process.pid}] ${message}\n`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---------------------------------------------------------------- PostgreSQL

const PG_PREFIX = 'sbo_tpl_';
// Advisory lock class of template builds (the second key is taken from the template's key).
const PG_LOCK_CLASS = 740_113_002;
/** Templates of other keys built longer ago than this are dropped by the next build. */
const STALE_MS = 24 * 3_600_000;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Retries `fn` while the database is still in use (a backend that has not exited yet). */
async function whileInUse<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * The name of the PostgreSQL template database of `kind` on the TEST_DATABASE_URL server,
 * building it first when it does not exist yet. Memoised per process.
 */
export function postgresTemplate(serverUrl: string, kind: TemplateKind): Promise<string> {
  const user = decodeURIComponent(new URL(serverUrl).username) || process.env.PGUSER || process.env.USER || '';
  const key = templateKey(kind, `${new URL(serverUrl).host}|${user}`);
  const name = `${PG_PREFIX}${key}`;
  let template = pgTemplates.get(name);
  if (!template) {
    template = buildPostgresTemplate(serverUrl, name, key, kind);
    pgTemplates.set(name, template);
    template.catch(() => pgTemplates.delete(name));
  }
  return template;
}

/** Forgets a template this process knew (someone dropped it): the next use builds it again. */
export function forgetPostgresTemplate(name: string): void {
  pgTemplates.delete(name);
}

async function buildPostgresTemplate(serverUrl: string, name: string, key: string, kind: TemplateKind): Promise<string> {
  const ready = async (admin: pg.Client) =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name])).rowCount === 1;
  // The demo template starts from the migrated one (a copy, then only the seed).
  const source = kind.seed === 'demo' ? await postgresTemplate(serverUrl, { seed: 'none' }) : undefined;
  return withClient(serverUrl, async (admin) => {
    if (await ready(admin)) return name;
    const lockKey = parseInt(key.slice(0, 8), 16) | 0;
    await admin.query('SELECT pg_advisory_lock($1, $2)', [PG_LOCK_CLASS, lockKey]);
    try {
      // Another worker (or run) may have built it while this one waited for the lock.
      if (await ready(admin)) return name;
      const started = Date.now();
      const building = `sbo_tplb_${key}`;
      // Left over by a build that died: nobody else builds this key while the lock is held.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(source ? `CREATE DATABASE ${building} TEMPLATE ${source}` : `CREATE DATABASE ${building}`);
      const config = loadConfig({ DATABASE_URL: withDatabase(serverUrl, building), DEMO: '0', LOG_LEVEL: 'silent' });
      const db = await openDb(config);
      try {
        await build(db, kind);
      } finally {
        await db.close();
      }
      await whileInUse(() => admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`));
      await admin.query(`COMMENT ON DATABASE ${building} IS 'sbo test template, built ${new Date().toISOString()}'`);
      await whileInUse(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
      templateLog(`built ${name} in ${Date.now() - started} ms`);
      await dropStalePostgresTemplates(admin);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1, $2)', [PG_LOCK_CLASS, lockKey]);
    }
  });
}

/** Drops templates of other keys built more than a day ago (older migrations, other dates). */
async function dropStalePostgresTemplates(admin: pg.Client): Promise<void> {
  const old = await admin.query<{ datname: string; comment: string | null }>(
    `SELECT d.datname, shobj_description(d.oid, 'pg_database') AS comment
       FROM pg_database d WHERE d.datistemplate AND d.datname LIKE 'sbo\\_tpl\\_%'`,
  );
  for (const { datname, comment } of old.rows) {
    const built = Date.parse(/built (\S+)/.exec(comment ?? '')?.[1] ?? '');
    if (!(Date.now() - built > STALE_MS)) continue;
    if (pgTemplates.has(datname)) continue;
    try {
      await admin.query(`ALTER DATABASE ${datname} IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`);
    } catch {
      // Another run is dropping or copying it right now: leave it.
    }
  }
}

/**
 * CREATE DATABASE `database` as a copy of the template of `kind`. A template dropped
 * meanwhile (by another run's clean-up) is built again once.
 */
export async function createPostgresFromTemplate(serverUrl: string, database: string, kind: TemplateKind): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const template = await postgresTemplate(serverUrl, kind);
    try {
      await withClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${database} TEMPLATE ${template}`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '3D000' || attempt > 0) throw error;
      forgetPostgresTemplate(template);
    }
  }
}

// ---------------------------------------------------------------- PGlite

const PGLITE_PREFIX = 'sbo-pglite-template-';
const pgliteTemplates = new Map<string, Promise<string>>();

/**
 * The tarball file of the PGlite template of `kind` under os.tmpdir(), building it first
 * when it does not exist yet. Memoised per process.
 */
export function pgliteTemplate(kind: TemplateKind): Promise<string> {
  const file = join(tmpdir(), `${PGLITE_PREFIX}${templateKey(kind)}.tar`);
  let template = pgliteTemplates.get(file);
  if (!template) {
    template = buildPgliteTemplate(file, kind);
    pgliteTemplates.set(file, template);
    template.catch(() => pgliteTemplates.delete(file));
  }
  return template;
}

/** Forgets a template file this process knew (removed meanwhile): the next use builds it again. */
export function forgetPgliteTemplate(file: string): void {
  pgliteTemplates.delete(file);
}

async function buildPgliteTemplate(file: string, kind: TemplateKind): Promise<string> {
  if (existsSync(file)) {
    templateLog(`use ${file}`);
    // In use: the clean-up of other runs keeps files touched within the last day.
    utimesSync(file, new Date(), new Date());
    return file;
  }
  const source = kind.seed === 'demo' ? await pgliteTemplate({ seed: 'none' }) : undefined;
  // One builder at a time: the others wait for its file (parallel jest workers start together).
  const lock = `${file}.lock`;
  let locked = false;
  for (;;) {
    if (existsSync(file)) return file;
    try {
      closeSync(openSync(lock, 'wx'));
      locked = true;
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      // A builder that died leaves its lock: after two minutes, build anyway.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 120_000) break;
      await sleep(200);
    }
  }
  try {
    if (existsSync(file)) return file;
    const started = Date.now();
    const config = { ...loadConfig({ DATA_DIR: tmpdir(), DEMO: '0', LOG_LEVEL: 'silent' }), embeddedDataDir: 'memory://' };
    const db = await openDb(config, { pgliteDataDir: source });
    let tarball: Buffer;
    try {
      await build(db, kind);
      tarball = await db.dumpDataDir!();
    } finally {
      await db.close();
    }
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    writeFileSync(part, tarball);
    renameSync(part, file);
    templateLog(`built ${file} in ${Date.now() - started} ms`);
    dropStalePgliteTemplates(file);
    return file;
  } finally {
    if (locked) rmSync(lock, { force: true });
  }
}

/** Removes PGlite templates of other keys untouched for a day. */
function dropStalePgliteTemplates(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PGLITE_PREFIX)) continue;
    const path = join(tmpdir(), name);
    if (path === keep || pgliteTemplates.has(path)) continue;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_MS) rmSync(path, { force: true });
  }
}
