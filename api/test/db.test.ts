import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMigrationsDir, openDb } from '../src/db/index.js';
import { backends, createTestConfig, createTestDatabase, type TestDatabase } from './support/test-db.js';

describe.each(backends())('database layer on %s', (backend) => {
  let t: TestDatabase;
  let schoolA: number;
  let schoolB: number;

  beforeAll(async () => {
    t = await createTestDatabase(backend);
    const schools = await t.db.query<{ id: number }>(
      "INSERT INTO schools (name, country) VALUES ('A', 'at'), ('B', 'de') RETURNING id",
    );
    [schoolA, schoolB] = schools.rows.map((r) => r.id);
    await t.db.transaction(async (tx) => {
      await tx.query('CREATE TABLE rls_probe (id serial PRIMARY KEY, school_id int NOT NULL REFERENCES schools, label text)');
      await tx.query("SELECT sbo_enable_school_rls('rls_probe')");
      await tx.query("INSERT INTO rls_probe (school_id, label) VALUES ($1, 'a1'), ($1, 'a2'), ($2, 'b1')", [schoolA, schoolB]);
    });
  });

  afterAll(async () => {
    await t?.destroy();
  });

  it('records applied migrations and is idempotent', async () => {
    const res = await t.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(res.rows.map((r) => r.version)).toContain('001_core.sql');
  });

  it('runs a migration longer than the statement timeout of requests (a table rewrite on existing data)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbo-migrations-'));
    const { config, drop } = await createTestConfig(backend, { PG_STATEMENT_TIMEOUT_MS: '200' });
    try {
      for (const file of readdirSync(defaultMigrationsDir())) copyFileSync(join(defaultMigrationsDir(), file), join(dir, file));
      writeFileSync(join(dir, '999_slow.sql'), 'SELECT pg_sleep(0.5);');
      const db = await openDb(config, { migrationsDir: dir });
      try {
        expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations WHERE version = '999_slow.sql'")).rows[0].n).toBe(1);
        if (backend === 'postgres') await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toThrow();
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  });

  it('returns int8 as number and date as YYYY-MM-DD on both backends', async () => {
    const res = await t.db.query<{ n: number; d: string; at: Date }>(
      "SELECT 12345678901::int8 AS n, DATE '2026-11-21' AS d, now() AS at",
    );
    expect(res.rows[0].n).toBe(12345678901);
    expect(res.rows[0].d).toBe('2026-11-21');
    expect(res.rows[0].at).toBeInstanceOf(Date);
  });

  it('a scoped query sees only its schools even when the SQL forgets a WHERE', async () => {
    const rows = await t.db.scoped({ userId: 1, schoolIds: [schoolA] }, async (tx) =>
      (await tx.query<{ label: string }>('SELECT label FROM rls_probe ORDER BY label')).rows,
    );
    expect(rows.map((r) => r.label)).toEqual(['a1', 'a2']);
  });

  it('an empty scope sees nothing', async () => {
    const rows = await t.db.scoped({ userId: 1, schoolIds: [] }, async (tx) => (await tx.query('SELECT * FROM rls_probe')).rows);
    expect(rows).toEqual([]);
  });

  it('a scoped write into another school is refused and rolls back', async () => {
    await expect(
      t.db.scoped({ userId: 1, schoolIds: [schoolA] }, (tx) =>
        tx.query("INSERT INTO rls_probe (school_id, label) VALUES ($1, 'sneaky')", [schoolB]),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await t.db.scoped({ userId: 1, schoolIds: [schoolA] }, (tx) =>
      tx.query("UPDATE rls_probe SET label = 'changed' WHERE label = 'b1'"),
    );
    expect(updated.rowCount).toBe(0);
    const all = await t.db.query<{ label: string }>('SELECT label FROM rls_probe ORDER BY label');
    expect(all.rows.map((r) => r.label)).toEqual(['a1', 'a2', 'b1']);
  });

  it('a scoped transaction cannot read password hashes or sessions', async () => {
    await expect(
      t.db.scoped({ userId: 1, schoolIds: [schoolA] }, (tx) => tx.query('SELECT password_hash FROM users')),
    ).rejects.toThrow(/permission denied/);
    await expect(
      t.db.scoped({ userId: 1, schoolIds: [schoolA] }, (tx) => tx.query('SELECT * FROM sessions')),
    ).rejects.toThrow(/permission denied/);
  });

  it('the system transaction sees every school', async () => {
    const rows = await t.db.transaction(async (tx) => (await tx.query('SELECT * FROM rls_probe')).rows);
    expect(rows).toHaveLength(3);
  });
});
