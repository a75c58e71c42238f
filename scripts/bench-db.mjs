// A throw-away database for the benchmark scripts (bench:billing, bench:sepa): the embedded
// PGlite in a temporary folder, or a fresh database sbo_bench_<random> on the PostgreSQL
// server named by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// migrated by the product's own openDb and removed again by close().
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Opens a migrated benchmark database; `backend` is 'pglite' or 'postgres'. */
export async function openBenchDb(root, backend) {
  const dist = (path) => import(pathToFileURL(join(root, 'api/dist', path)).href);
  const { loadConfig } = await dist('config.js');
  const { openDb } = await dist('db/index.js');
  const work = mkdtempSync(join(tmpdir(), 'sbo-bench-'));
  let env = { DATABASE_URL: '', DATA_DIR: join(work, 'data') };
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const name = `sbo_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: BENCH_PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(BENCH_PG_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: join(work, 'data') };
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: BENCH_PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const config = loadConfig({ ...process.env, ...env, DEMO: '0', LOG_LEVEL: 'warn' });
  const db = await openDb(config);
  return {
    db,
    config,
    async close() {
      await db.close();
      await dropDatabase();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
