import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { openDb, type Db, type OpenDbOptions } from '../../src/db/index.js';
import {
  createPostgresFromTemplate,
  forgetPgliteTemplate,
  pgliteTemplate,
  templatesEnabled,
  type TemplateKind,
} from './db-template.js';

// A fresh PGlite takes a few seconds on a busy machine; jest's 5 s default (the project's
// testTimeout is not applied per project) is too short for beforeAll hooks that start one.
if (typeof jest !== 'undefined') jest.setTimeout(60_000);

/** Database backends an API test runs on. */
export type Backend = 'pglite' | 'postgres';

/**
 * ['pglite'] plus 'postgres' when TEST_DATABASE_URL names a server (CI sets it).
 * TEST_BACKENDS=postgres narrows it (the Node 24 run of CI: production runs on a server).
 */
export function backends(): Backend[] {
  const all: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.TEST_BACKENDS?.split(',').map((name) => name.trim()).filter(Boolean);
  if (!only?.length) return all;
  const chosen = all.filter((backend) => only.includes(backend));
  if (!chosen.length) throw new Error(`TEST_BACKENDS=${process.env.TEST_BACKENDS} names no available backend (${all.join(', ')})`);
  return chosen;
}

/** A fresh, empty (migrated) database and how to get rid of it. */
export interface TestDatabase {
  config: AppConfig;
  db: Db;
  /** Closes the database and removes it (drops the PostgreSQL database / temp dir). */
  destroy(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Makes a configuration for a fresh database on `backend`: PGlite in memory, or a new
 * database sbo_test_<random> on the TEST_DATABASE_URL server. `env` adds variables.
 */
export async function createTestConfig(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<{ config: AppConfig; drop(): Promise<void> }> {
  return newDatabase(backend, env);
}

/** A configuration made by {@link createTestConfigFrom}: open it with openDb(config, openOptions). */
export interface TemplatedConfig {
  config: AppConfig;
  openOptions: OpenDbOptions;
  /** true when the database already holds the demo data of the requested date. */
  seeded: boolean;
  drop(): Promise<void>;
}

/**
 * Like {@link createTestConfig}, but the database starts as a copy of the template of `kind`
 * (support/db-template.ts): migrated, and for seed 'demo' seeded for the school date of `now`.
 * With TEST_DB_TEMPLATES=0 the database is empty (openDb migrates it; seeded is false).
 */
export async function createTestConfigFrom(backend: Backend, env: Record<string, string>, kind: TemplateKind): Promise<TemplatedConfig> {
  if (!templatesEnabled()) return { ...(await newDatabase(backend, env)), openOptions: {}, seeded: false };
  if (backend === 'pglite') {
    let file = await pgliteTemplate(kind);
    // Removed meanwhile by another run's clean-up (a day untouched): build it again.
    if (!existsSync(file)) {
      forgetPgliteTemplate(file);
      file = await pgliteTemplate(kind);
    }
    return { ...(await newDatabase(backend, env)), openOptions: { pgliteDataDir: file }, seeded: kind.seed === 'demo' };
  }
  return { ...(await newDatabase(backend, env, kind)), openOptions: {}, seeded: kind.seed === 'demo' };
}

async function newDatabase(
  backend: Backend,
  env: Record<string, string>,
  template?: TemplateKind,
): Promise<{ config: AppConfig; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sbo-test-'));
  const base = { DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', ...env };
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (backend === 'pglite') {
    const config = { ...loadConfig(base), embeddedDataDir: 'memory://' };
    return { config, drop: async () => removeDir() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sbo_test_${randomBytes(6).toString('hex')}`;
  if (template) {
    await createPostgresFromTemplate(serverUrl, name, template);
  } else {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
  }
  const config = loadConfig({ ...base, DATABASE_URL: withDatabase(serverUrl, name) });
  return {
    config,
    drop: async () => {
      removeDir();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A fresh migrated database on `backend` (no app); a copy of the migrated template. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  const { config, drop, openOptions } = await createTestConfigFrom(backend, {}, { seed: 'none' });
  const db = await openDb(config, openOptions);
  return {
    config,
    db,
    destroy: async () => {
      await db.close();
      await drop();
    },
  };
}
