import pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Driver, NotificationListener, QueryResult, ScriptQueryable } from './index.js';
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
// After losing the listening connection, try again this often.
const RELISTEN_DELAY_MS = 1_000;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function openPostgres(config: AppConfig): Driver {
  const connection = {
    connectionString: config.databaseUrl ?? undefined,
    connectionTimeoutMillis: config.pgConnectTimeoutMs,
  };
  const pool = new pg.Pool({
    ...connection,
    max: config.pgPoolMax,
    idleTimeoutMillis: 30_000,
    statement_timeout: config.pgStatementTimeoutMs,
    idle_in_transaction_session_timeout: Math.max(config.pgStatementTimeoutMs * 2, 10_000),
    types: typeParsers,
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one: pg emits 'error' on a client whose connection ends while a
  // request holds it (the server terminated the backend, restarted, failed over, or ended an
  // idle transaction), and pg-pool listens only while the client is idle. An 'error' without
  // a listener is an uncaught exception that ends the process. This listener stays for the
  // client's life; the query under way fails with the error (503, the transaction never
  // commits) and the client, no longer queryable, is discarded on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  let closed = false;

  // Channels listened on, each with its listeners. Every pool connection LISTENs too, so the
  // NOTIFY of a transaction committed on it arrives (PostgreSQL sends a session its own
  // notifications before the COMMIT's answer) before the caller learns of the commit; the
  // dedicated connection below hears the other processes even while the pool is empty.
  const channels = new Map<string, Set<NotificationListener>>();
  const listenSql = () => [...channels.keys()].map((channel) => `LISTEN ${channel}`).join('; ');
  const listenedBy = new WeakMap<pg.PoolClient, string>();
  const dispatch = (message: pg.Notification) => {
    for (const listener of channels.get(message.channel) ?? []) listener.notify(message.payload ?? '');
  };
  /** A pool connection, LISTENing on the current channels before its first use. */
  const acquire = async (): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      // No connection (refused, timed out, the server starting or shutting down, no more
      // connections allowed, the database not accepting connections): nothing ran, 503.
      throw new DbUnavailableError(error);
    }
    const wanted = listenSql();
    if (wanted && listenedBy.get(client) !== wanted) {
      try {
        if (!listenedBy.has(client)) client.on('notification', dispatch);
        await client.query(wanted);
        listenedBy.set(client, wanted);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
    }
    return client;
  };

  let listenClient: pg.Client | undefined;
  let relisten: NodeJS.Timeout | undefined;
  const tellState = (listening: boolean) => {
    for (const listeners of channels.values()) for (const listener of listeners) listener.state(listening);
  };
  /** (Re)opens the dedicated listening connection; reports false until it listens. */
  const connectListener = async (): Promise<void> => {
    if (closed || !channels.size) return;
    const client = new pg.Client({ ...connection, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (listenClient === client) listenClient = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      tellState(false);
      if (!closed && channels.size) relisten = setTimeout(() => void connectListener(), RELISTEN_DELAY_MS);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', dispatch);
    try {
      await client.connect();
      await client.query(listenSql());
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    listenClient = client;
    tellState(true);
  };

  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
      try {
        const client = await acquire();
        let broken: Error | undefined;
        try {
          const res = await client.query(sql, params as unknown[]);
          return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
        } catch (error) {
          if (isConnectionError(error)) broken = error as Error;
          throw error;
        } finally {
          client.release(broken);
        }
      } catch (error) {
        throw translate(error);
      }
    },
    transaction: async <T>(fn: (tx: ScriptQueryable) => Promise<T>, setup?: string): Promise<T> => {
      let client: pg.PoolClient;
      try {
        client = await acquire();
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
        // PostgreSQL answers COMMIT of a transaction that failed earlier (an error the code
        // caught and went on) with ROLLBACK and no error: that is no success. A COMMIT whose
        // answer is lost with the connection throws (503); whether it was committed is then
        // unknown, which an Idempotency-Key repeat resolves (it answers the first answer).
        const committed = await client.query('COMMIT');
        if (committed.command !== 'COMMIT') throw new Error(`transaction rolled back at COMMIT (${committed.command})`);
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
    listen: async (channel: string, listener: NotificationListener) => {
      if (!IDENTIFIER.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const fresh = !channels.has(channel);
      if (fresh) channels.set(channel, new Set());
      channels.get(channel)!.add(listener);
      listener.state(false);
      if (fresh && listenClient) {
        // A new channel: the listening connection starts over with all channels.
        const old = listenClient;
        listenClient = undefined;
        old.removeAllListeners('end');
        old.removeAllListeners('error');
        old.on('error', () => undefined);
        await old.end().catch(() => undefined);
      }
      if (listenClient) listener.state(true);
      else if (!relisten) await connectListener();
      return async () => {
        const listeners = channels.get(channel);
        listeners?.delete(listener);
        if (listeners && !listeners.size) {
          channels.delete(channel);
          if (!channels.size && listenClient) {
            const old = listenClient;
            listenClient = undefined;
            old.removeAllListeners('end');
            old.removeAllListeners('error');
            old.on('error', () => undefined);
            await old.end().catch(() => undefined);
          }
        }
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(relisten);
      const old = listenClient;
      listenClient = undefined;
      if (old) {
        old.removeAllListeners('end');
        old.removeAllListeners('error');
        old.on('error', () => undefined);
        await old.end().catch(() => undefined);
      }
      await pool.end();
    },
  };
}
