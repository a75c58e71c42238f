import { readdirSync, readFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import { API_DIR } from '../lib/paths.js';
import { DbUnavailableError, isConnectionError } from './errors.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export { DbUnavailableError, isConnectionError } from './errors.js';

/** Result of one statement; rowCount = rows returned (SELECT) or affected (INSERT/UPDATE/DELETE). */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs one SQL statement with $1.. parameters. */
export interface Queryable {
  query<T = any>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** Which schools a request may touch: the user's schools intersected with the user's filter. */
export interface SchoolScope {
  userId: number;
  schoolIds: number[];
}

/**
 * The database: PGlite in-process or a PostgreSQL server, same SQL on both. Values come back
 * the same on both: int8 as number, date as 'YYYY-MM-DD', timestamptz as Date.
 *
 * PGlite is a single connection: transaction() and scoped() run one at a time, and every
 * query outside waits for the running transaction. Never call this Db (query, transaction)
 * from inside a transaction()/scoped() callback: on PGlite that waits forever. Use the `tx`
 * handed to the callback.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN..COMMIT as the owner (system work: auth, sessions, users, migrations, seeding). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** BEGIN..COMMIT as role sbo_app with app.school_ids set: row-level security limits every
   *  school-owned table to scope.schoolIds. Route handlers touch school data only through this. */
  scoped<T>(scope: SchoolScope, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** See {@link Driver.listen}. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** See {@link Driver.dumpDataDir} (PGlite only). */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
}

/** What {@link Db.listen} tells its caller. */
export interface NotificationListener {
  /** A NOTIFY on the channel, with its payload. */
  notify(payload: string): void;
  /**
   * true once notifications arrive, false when they may be missed (connection lost; the
   * driver reconnects and reports true again). Only while true may a caller rely on hearing
   * every change.
   */
  state(listening: boolean): void;
}

/** A transaction handle that can also run a script of several statements (migrations). */
export interface ScriptQueryable extends Queryable {
  exec(sql: string): Promise<void>;
}

/** What a driver (pglite.ts, postgres.ts) provides; openDb() adds scoping and migrations. */
export interface Driver {
  readonly kind: 'pglite' | 'postgres';
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * BEGIN, `fn`, COMMIT (ROLLBACK when it throws). `setup`: statements without parameters
   * (trusted text) run right after BEGIN in the same round trip as BEGIN.
   */
  transaction<T>(fn: (tx: ScriptQueryable) => Promise<T>, setup?: string): Promise<T>;
  /**
   * LISTEN on `channel` (a plain identifier): every NOTIFY committed by any connection (this
   * process or another one) reaches listener.notify. A notification caused by this process's
   * own transaction or query is delivered before that call's promise resolves, so this
   * process never acts on what it has just changed. Returns the function that stops.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * PGlite only: the whole data directory as an uncompressed tarball, which
   * {@link OpenDbOptions.pgliteDataDir} starts another database from (the API tests' templates).
   */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
}

/** Options for openDb beyond the configuration. */
export interface OpenDbOptions {
  /** Directory of NNN_name.sql migrations; default: the package's migrations. */
  migrationsDir?: string;
  /**
   * PGlite only: a tarball file of {@link Db.dumpDataDir} the database starts from instead of
   * an empty cluster; the migrations it lacks run as usual (the API tests' templates).
   */
  pgliteDataDir?: string;
}

/**
 * Where the migrations are: next to the compiled module when a build copied them, else in
 * the package's src/db/migrations (the build does not copy them; `node api/dist/server.js`
 * reads them from src, which ships with the package).
 */
export function defaultMigrationsDir(): string {
  const candidates = [join(API_DIR, 'dist', 'db', 'migrations'), join(API_DIR, 'src', 'db', 'migrations')];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[1];
}

// Any constant works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_KEY = 740_113_001;

/** Applies the migrations not yet recorded in schema_migrations, in order, in one transaction. */
export async function migrate(driver: Driver, dir = defaultMigrationsDir()): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
  return driver.transaction(async (tx) => {
    // PG_STATEMENT_TIMEOUT_MS bounds requests, not migrations: a migration that rewrites a
    // table of existing data (023 adds sort key columns to every student) may take longer
    // than a request may, and so may waiting for another process's migrations.
    await tx.query('SET LOCAL statement_timeout = 0');
    // Two processes starting together on one server: the second waits here, then finds
    // the migrations applied.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/**
 * The statements that make a transaction scoped: role sbo_app (row-level security applies)
 * and the settings the policies read. Sent as text together with BEGIN, in one round trip
 * instead of three; that is safe because only integers reach it.
 */
export function scopeSetupSql(scope: SchoolScope): string {
  if (!Number.isSafeInteger(scope.userId)) throw new Error('scope.userId must be an integer');
  // Only integers reach the setting the policies cast to int[].
  const schoolIds = scope.schoolIds.filter((id) => Number.isSafeInteger(id)).join(',');
  return `SET LOCAL ROLE sbo_app; SELECT set_config('app.school_ids', '${schoolIds}', true), set_config('app.user_id', '${scope.userId}', true)`;
}

function wrap(driver: Driver): Db {
  return {
    kind: driver.kind,
    query: (sql, params) => driver.query(sql, params),
    transaction: (fn) => driver.transaction((tx) => fn(tx)),
    scoped: async (scope, fn) => {
      const setup = scopeSetupSql(scope);
      // Hand out a plain Queryable: callers get no exec() and cannot run scripts.
      return driver.transaction((tx) => fn({ query: (sql, params) => tx.query(sql, params) }), setup);
    },
    ping: async () => {
      await driver.query('SELECT 1');
    },
    listen: (channel, listener) => driver.listen(channel, listener),
    ...(driver.dumpDataDir ? { dumpDataDir: () => driver.dumpDataDir!() } : {}),
    close: () => driver.close(),
  };
}

/** Opens the configured database (PGlite under DATA_DIR or DATABASE_URL) and migrates it. */
export async function openDb(config: AppConfig, options: OpenDbOptions = {}): Promise<Db> {
  let driver: Driver;
  if (config.databaseUrl) {
    driver = openPostgres(config);
  } else {
    if (!config.embeddedDataDir.startsWith('memory://')) mkdirSync(config.embeddedDataDir, { recursive: true });
    driver = await openPglite(config.embeddedDataDir, options.pgliteDataDir);
  }
  try {
    await migrate(driver, options.migrationsDir);
  } catch (error) {
    await driver.close().catch(() => undefined);
    if (error instanceof DbUnavailableError) throw error;
    if (isConnectionError(error)) throw new DbUnavailableError(error);
    throw error;
  }
  return wrap(driver);
}
