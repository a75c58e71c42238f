import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { ATOMS, type Atom } from 'shared-kernel/contracts';
import { buildApp } from '../../src/app.js';
import { hashPassword } from '../../src/auth/password.js';
import type { AppConfig } from '../../src/config.js';
import { openDb, type Db } from '../../src/db/index.js';
import { templateLog } from './db-template.js';
import { listenForTests, type TestRequest, type TestResponse } from './http-client.js';
import { createTestConfigFrom, type Backend } from './test-db.js';

export { backends, type Backend } from './test-db.js';
export type { TestRequest, TestResponse } from './http-client.js';

/** A clock tests can move. */
export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** Password of users made by createUser unless given. */
export const TEST_PASSWORD = 'Kata-Dojo-2026!';

/** What createUser makes. */
export interface UserSpec {
  username?: string;
  password?: string;
  level?: 1 | 2 | 3;
  /** Level-3 users: the atoms of a role made for them. */
  atoms?: readonly Atom[];
  /** School ids; omitted = all schools. */
  schools?: number[];
  email?: string;
  disabled?: boolean;
}

let userCounter = 0;

/** Creates a school; returns its id. */
export async function createSchool(db: Db, name = `School ${++userCounter}`, country: 'at' | 'de' = 'at'): Promise<number> {
  const res = await db.query<{ id: number }>('INSERT INTO schools (name, country, city) VALUES ($1, $2, $1) RETURNING id', [name, country]);
  return res.rows[0].id;
}

/** Creates a user (and for level 3 a role with `atoms`); returns id, username and password. */
export async function createUser(db: Db, spec: UserSpec = {}): Promise<{ id: number; username: string; password: string }> {
  const username = spec.username ?? `user${++userCounter}${Math.random().toString(36).slice(2, 6)}`;
  const password = spec.password ?? TEST_PASSWORD;
  const level = spec.level ?? 3;
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    let roleId: number | null = null;
    if (level === 3) {
      const role = await tx.query<{ id: number }>('INSERT INTO roles (role_name, atoms) VALUES ($1, $2::text[]) RETURNING id', [
        `role of ${username}`,
        [...(spec.atoms ?? [])],
      ]);
      roleId = role.rows[0].id;
    }
    const res = await tx.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, firstname, lastname, email, level, role_id, school_access, disabled)
       VALUES ($1, $2, 'Test', $1, $3, $4, $5, $6, $7) RETURNING id`,
      [username, hash, spec.email ?? `${username}@example.test`, level, roleId, spec.schools ? 2 : 1, spec.disabled ?? false],
    );
    const id = res.rows[0].id;
    for (const school of spec.schools ?? []) {
      await tx.query('INSERT INTO user_schools (user_id, school_id) VALUES ($1, $2)', [id, school]);
    }
    return { id, username, password };
  });
}

/** Every atom except `without`. */
export function atomsExcept(without: readonly Atom[]): Atom[] {
  return ATOMS.filter((atom) => !without.includes(atom));
}

/** A running app on a fresh database plus helpers to call it like the shell does. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  backend: Backend;
  clock: TestClock;
  /** An HTTP request to the app with the X-Client-Version header the shell always sends. */
  request(options: TestRequest): Promise<TestResponse>;
  /** An HTTP request exactly as given (no headers added). */
  rawRequest(options: TestRequest): Promise<TestResponse>;
  /** Logs in; returns the session cookie header value ('sbo_session=...'). */
  login(username: string, password?: string): Promise<string>;
  /** Creates a user and logs in as them. */
  loginAs(spec?: UserSpec): Promise<{ cookie: string; id: number; username: string; password: string }>;
  /** Mails in the outbox, newest first. */
  outbox(): Promise<{ recipient: string; subject: string; body: string; user_id: number | null }[]>;
  close(): Promise<void>;
}

/** Options of createTestApp. */
export interface TestAppOptions {
  backend: Backend;
  /** 'demo' loads the demo data (schools, users admin/office/finance/trainer ...). */
  seed?: 'demo' | 'none';
  /** Extra environment variables for loadConfig. */
  env?: Record<string, string>;
  clock?: TestClock;
  /** Logger options of the app (default: no logging), e.g. a stream that collects lines. */
  logger?: FastifyServerOptions['logger'];
}

/** Extracts 'sbo_session=<token>' from a response's Set-Cookie. */
export function sessionCookieOf(response: TestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sbo_session');
  if (!cookie?.value) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `sbo_session=${cookie.value}`;
}

/**
 * Builds the app on a fresh database: PGlite in memory, or a new database sbo_test_<random>
 * on TEST_DATABASE_URL, dropped again by close(). The database is a copy of a migrated (for
 * seed 'demo': and seeded for the clock's date) template, the same as a fresh build
 * (support/db-template.ts).
 */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const started = Date.now();
  const clock = options.clock ?? createClock();
  const { config, drop, openOptions, seeded } = await createTestConfigFrom(
    options.backend,
    options.env ?? {},
    options.seed === 'demo' ? { seed: 'demo', now: clock.now() } : { seed: 'none' },
  );
  const db = await openDb(config, openOptions);
  if (options.seed === 'demo' && !seeded) {
    const { seedDemo } = await import('../../src/seed/demo.js');
    await seedDemo(db, { now: clock.now() });
  }
  const app = buildApp(config, { db, now: clock.now, logger: options.logger ?? false });
  const rawRequest = await listenForTests(app);
  templateLog(`test app (${options.backend}, seed ${options.seed ?? 'none'}) ready in ${Date.now() - started} ms`);
  const request: TestApp['request'] = (opts) =>
    rawRequest({ ...opts, headers: { 'x-client-version': config.version, ...(opts.headers ?? {}) } });

  const login = async (username: string, password = TEST_PASSWORD) => {
    const res = await request({ method: 'POST', url: '/api-auth/login', payload: { username, password } });
    return sessionCookieOf(res);
  };

  return {
    app,
    db,
    config,
    backend: options.backend,
    clock,
    request,
    rawRequest,
    login,
    loginAs: async (spec) => {
      const user = await createUser(db, spec);
      return { ...user, cookie: await login(user.username, user.password) };
    },
    outbox: async () =>
      (await db.query<{ recipient: string; subject: string; body: string; user_id: number | null }>(
        'SELECT recipient, subject, body, user_id FROM outbox ORDER BY id DESC',
      )).rows,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

