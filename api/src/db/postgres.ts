import pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Driver, QueryResult, ScriptQueryable } from './index.js';
import { DbUnavailableError, isConnectionError } from './errors.js';

const INT8 = 20;
const DATE = 1082;

/** int8 as number while exact (counts, cents), as string beyond 2^53 rather than wrong. */
function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return parseInt8;
    // Dates stay 'YYYY-MM-DD'; pg would make a local-midnight Date that shifts with the zone.
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function translate(error: unknown): unknown {
  return isConnectionError(error) ? new DbUnavailableError(error) : error;
}

/**
 * A pg Pool with timeouts everywhere: a down server fails a request within
 * PG_CONNECT_TIMEOUT_MS (503) instead of hanging, and the pool reconnects by itself when the
 * server is back (broken clients are discarded on release).
 */
export function openPostgres(config: AppConfig): Driver {
  const pool = new pg.Pool({
    connectionString: config.databaseUrl ?? undefined,
    max: config.pgPoolMax,
    connectionTimeoutMillis: config.pgConnectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: config.pgStatementTimeoutMs,
    idle_in_transaction_session_timeout: Math.max(config.pgStatementTimeoutMs * 2, 10_000),
    types: typeParsers,
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  let closed = false;

  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
      try {
        const res = await pool.query(sql, params as unknown[]);
        return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
      } catch (error) {
        throw translate(error);
      }
    },
    transaction: async <T>(fn: (tx: ScriptQueryable) => Promise<T>, setup?: string): Promise<T> => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
      let broken: Error | undefined;
      try {
        // Without parameters pg sends the simple protocol: BEGIN and the setup in one message.
        await client.query(setup ? `BEGIN; ${setup}` : 'BEGIN');
        const tx: ScriptQueryable = {
          query: async <R>(sql: string, params?: unknown[]) => {
            const res = await client.query(sql, params as unknown[]);
            return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
          },
          exec: async (sql: string) => {
            // Without parameters pg uses the simple protocol, which runs several statements.
            await client.query(sql);
          },
        };
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        if (isConnectionError(error)) broken ??= error as Error;
        throw translate(error);
      } finally {
        client.release(broken);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
