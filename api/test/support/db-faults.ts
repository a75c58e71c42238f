import pg from 'pg';

/**
 * Faults of a PostgreSQL test database, made from connections of the test's own (never the
 * app's pool): a table lock held by a second connection so that a request waits inside its
 * transaction, the backends of the test database terminated (`pg_terminate_backend`, only
 * those of this database: other tests run on the same server), the database refusing new
 * connections for a while.
 */
export interface DbFaults {
  /** SQL on the test database through the faults' own connection. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** rows of `table` (a plain table name). */
  count(table: string, where?: string, params?: unknown[]): Promise<number>;
  /**
   * Holds `LOCK TABLE <table> IN ACCESS EXCLUSIVE MODE` in an open transaction on a
   * connection of its own: whatever reads or writes the table waits, inside its transaction.
   */
  lock(table: string): Promise<HeldLock>;
  /** Waits until a backend of this database waits for the lock on `table`; answers its pid. */
  waiterOn(table: string, timeoutMs?: number): Promise<number>;
  /**
   * Terminates every backend of the test database except the faults' own connection and
   * `keep`, and waits until they are gone. Answers how many it terminated.
   */
  terminateAll(keep?: number[]): Promise<number>;
  /** Terminates the backends whose current or last statement is a LISTEN; waits until they are gone. */
  terminateListeners(): Promise<number[]>;
  /** `ALTER DATABASE … ALLOW_CONNECTIONS`: false makes every new connection fail. */
  allowConnections(allow: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface HeldLock {
  pid: number;
  /** Ends the holding transaction (ROLLBACK; a terminated holder counts as released). */
  release(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A terminated holder must not end the test process either.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** The same server's `postgres` database. */
function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

/** Fault tools for the database at `url` (the test app's DATABASE_URL). */
export async function dbFaults(url: string): Promise<DbFaults> {
  const admin = await connect(url);
  const database = (await admin.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
  if (!IDENTIFIER.test(database) || !database.startsWith('sbo_test_')) throw new Error(`not a test database: ${database}`);
  const holders = new Set<pg.Client>();
  let refused = false;

  const query = async <T>(sql: string, params: unknown[] = []) => (await admin.query(sql, params)).rows as T[];
  const gone = async (pids: number[], timeoutMs = 10_000) => {
    const end = Date.now() + timeoutMs;
    while ((await query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids])).length > 0) {
      if (Date.now() > end) throw new Error(`backends ${pids.join(', ')} still there after ${timeoutMs} ms`);
      await sleep(20);
    }
  };
  const terminate = async (where: string, params: unknown[]) => {
    const rows = await query<{ pid: number }>(
      `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
      params,
    );
    const pids = rows.map((row) => row.pid);
    await gone(pids);
    return pids;
  };

  return {
    query,
    count: async (table, where = 'true', params = []) => {
      if (!IDENTIFIER.test(table)) throw new Error(`not a table name: ${table}`);
      return Number((await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!.n);
    },
    lock: async (table) => {
      if (!IDENTIFIER.test(table)) throw new Error(`not a table name: ${table}`);
      const holder = await connect(url);
      holders.add(holder);
      const pid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await holder.query(`BEGIN; LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      return {
        pid,
        release: async () => {
          holders.delete(holder);
          await holder.query('ROLLBACK').catch(() => undefined);
          await holder.end().catch(() => undefined);
        },
      };
    },
    waiterOn: async (table, timeoutMs = 30_000) => {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const rows = await query<{ pid: number }>(
          `SELECT a.pid FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted
            WHERE a.datname = current_database() AND l.relation = $1::regclass`,
          [table],
        );
        if (rows.length > 0) return rows[0]!.pid;
        if (Date.now() > end) throw new Error(`nothing waited for the lock on ${table} within ${timeoutMs} ms`);
        await sleep(20);
      }
    },
    terminateAll: async (keep = []) => (await terminate('pid <> ALL($1::int[])', [keep])).length,
    terminateListeners: () => terminate(`query LIKE 'LISTEN %'`, []),
    allowConnections: async (allow) => {
      // Not possible from a connection to the database itself: from the server's maintenance database.
      const server = await connect(maintenanceUrl(url));
      try {
        await server.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`);
        refused = !allow;
      } finally {
        await server.end().catch(() => undefined);
      }
    },
    close: async () => {
      for (const holder of holders) await holder.end().catch(() => undefined);
      if (refused) {
        const server = await connect(maintenanceUrl(url));
        await server.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`).catch(() => undefined);
        await server.end().catch(() => undefined);
      }
      await admin.end().catch(() => undefined);
    },
  };
}
