import { openDb, type Db } from '../src/db/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { templateKey } from './support/db-template.js';
import { createClock, createTestApp, type TestApp } from './support/test-app.js';
import { backends, createTestConfig, createTestDatabase, type TestDatabase } from './support/test-db.js';

/**
 * The test databases are copies of templates (support/db-template.ts). A copy must be what a
 * fresh build gives, or tests would pass on the copy and fail on a real database: same rows,
 * sequence values, owners, grants, policies and settings.
 */

/** Columns that differ between two builds by design: argon2 hashes have a random salt. */
const VOLATILE = new Set(['users.password_hash']);

interface Snapshot {
  tables: Record<string, { rows: number; digest: string }>;
  sequences: Record<string, string>;
  objects: string[];
  settings: string[];
  database: unknown;
}

async function snapshot(db: Db): Promise<Snapshot> {
  const columns = await db.query<{ table_name: string; column_name: string; column_default: string | null }>(
    `SELECT table_name, column_name, column_default FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name IN (SELECT tablename FROM pg_tables WHERE schemaname = 'public')
      ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name, column_default } of columns.rows) {
    if (VOLATILE.has(`${table_name}.${column_name}`)) continue;
    // Filled by the database's clock (DEFAULT now()) when the row was written: the build's
    // time on both, compared as "set, and within the last day" (templates serve one day).
    const value = /now\(\)|current_timestamp/i.test(column_default ?? '')
      ? `("${column_name}" IS NULL OR "${column_name}" > now() - interval '1 day')`
      : `"${column_name}"`;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), value]);
  }
  const tables: Snapshot['tables'] = {};
  for (const [table, cols] of byTable) {
    const res = await db.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(x, E'\\n' ORDER BY x), '')) AS digest
         FROM (SELECT row(${cols.join(', ')})::text AS x FROM "${table}") s`,
    );
    tables[table] = res.rows[0]!;
  }
  const sequences: Snapshot['sequences'] = {};
  for (const { sequencename } of (await db.query<{ sequencename: string }>(
    `SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  )).rows) {
    const res = await db.query<{ v: string }>(`SELECT last_value || '/' || is_called AS v FROM "${sequencename}"`);
    sequences[sequencename] = res.rows[0]!.v;
  }
  const objects = (await db.query<{ o: string }>(
    `SELECT c.relkind::text || ' ' || c.relname || ' owner=' || pg_get_userbyid(c.relowner) || ' acl=' || coalesce(c.relacl::text, '-')
            || ' rls=' || c.relrowsecurity || '/' || c.relforcerowsecurity AS o
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
     UNION ALL
     SELECT 'policy ' || tablename || '.' || policyname || ' ' || cmd || ' ' || array_to_string(roles, ',') || ' '
            || coalesce(qual, '') || ' ' || coalesce(with_check, '') FROM pg_policies WHERE schemaname = 'public'
     UNION ALL
     SELECT 'function ' || p.proname || ' owner=' || pg_get_userbyid(p.proowner) || ' acl=' || coalesce(p.proacl::text, '-')
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
     UNION ALL
     SELECT 'default acl ' || defaclobjtype::text || ' ' || defaclacl::text FROM pg_default_acl
     UNION ALL
     SELECT 'schema ' || nspname || ' owner=' || pg_get_userbyid(nspowner) || ' acl=' || coalesce(nspacl::text, '-')
       FROM pg_namespace WHERE nspname = 'public'
     UNION ALL
     SELECT 'member ' || pg_has_role(current_user, 'sbo_app', 'MEMBER') || ' user=' || current_user
     ORDER BY 1`,
  )).rows.map((r) => r.o);
  const settings = (await db.query<{ s: string }>(
    `SELECT name || '=' || setting AS s FROM pg_settings WHERE source NOT IN ('default', 'override') ORDER BY 1`,
  )).rows.map((r) => r.s);
  const database = (await db.query(
    `SELECT pg_get_userbyid(d.datdba) AS owner, d.datacl::text AS acl, pg_encoding_to_char(d.encoding) AS encoding,
            d.datcollate AS collate, d.datctype AS ctype, d.datallowconn AS allow_connections,
            d.datistemplate AS is_template, d.datconnlimit AS connection_limit,
            (SELECT count(*)::int FROM pg_db_role_setting s WHERE s.setdatabase = d.oid) AS role_settings
       FROM pg_database d WHERE d.datname = current_database()`,
  )).rows[0];
  return { tables, sequences, objects, settings, database };
}

/** A database built the old way: empty, migrated by openDb, seeded when `now` is given. */
async function freshDatabase(backend: 'pglite' | 'postgres', now?: Date): Promise<TestDatabase> {
  const { config, drop } = await createTestConfig(backend);
  const db = await openDb(config);
  if (now) await seedDemo(db, { now });
  return { config, db, destroy: async () => { await db.close(); await drop(); } };
}

describe.each(backends())('test databases from templates (%s)', (backend) => {
  jest.setTimeout(240_000);

  it('a migrated copy is the same as a freshly migrated database', async () => {
    const copy = await createTestDatabase(backend);
    const fresh = await freshDatabase(backend);
    try {
      const [a, b] = [await snapshot(copy.db), await snapshot(fresh.db)];
      expect(Object.keys(a.tables).length).toBeGreaterThan(50);
      expect(a).toEqual(b);
    } finally {
      await copy.destroy();
      await fresh.destroy();
    }
  });

  it.each([
    ['today', undefined],
    ['a fixed date', new Date('2026-03-15T23:30:00Z')],
  ])('a demo-seeded copy (%s) is the same as a fresh seed for the clock of the test', async (_, start) => {
    const clock = createClock(start);
    const copy: TestApp = await createTestApp({ backend, seed: 'demo', clock });
    const fresh = await freshDatabase(backend, clock.now());
    try {
      const [a, b] = [await snapshot(copy.db), await snapshot(fresh.db)];
      expect(a.tables.students!.rows).toBeGreaterThan(100);
      expect(a.tables.reminders!.rows).toBeGreaterThan(0);
      expect(a).toEqual(b);
      // Writes continue the sequences as on a fresh database.
      const next = `SELECT nextval('schools_id_seq')::int AS id`;
      expect((await copy.db.query(next)).rows).toEqual((await fresh.db.query(next)).rows);
    } finally {
      await copy.close();
      await fresh.destroy();
    }
  });

  it('the demo seed of another date is another template', async () => {
    // 2026-03-15T22:30Z is already the 16th in Vienna, the schools' zone the seed dates in.
    const key = (iso: string) => templateKey({ seed: 'demo', now: new Date(iso) });
    expect(key('2026-03-15T23:30:00Z')).toBe(key('2026-03-16T20:00:00Z'));
    expect(key('2026-03-15T23:30:00Z')).not.toBe(key('2026-03-15T20:00:00Z'));
    expect(templateKey({ seed: 'none' })).not.toBe(key('2026-03-15T20:00:00Z'));
  });
});
