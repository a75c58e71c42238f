import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { API_DIR } from '../lib/paths.js';
import type { Driver, NotificationListener, QueryResult, ScriptQueryable } from './index.js';

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const BYTEA = 17;

interface WorkerReply {
  id: number;
  /** A notification (no id): its channel and payload. */
  notify?: string;
  payload?: string;
  ok: boolean;
  rows?: Record<string, unknown>[];
  fields?: { name: string; type: number }[];
  affectedRows?: number;
  error?: Record<string, unknown> & { message: string };
  /** The tarball of a 'dump'. */
  data?: Uint8Array;
}

/** A PostgreSQL error rebuilt on this side of the thread boundary (keeps code, detail ...). */
class PgliteError extends Error {
  constructor(info: Record<string, unknown> & { message: string }) {
    super(info.message);
    Object.assign(this, info);
    this.name = 'PgliteError';
  }
}

/**
 * Embedded PostgreSQL in a worker thread (src/db/pglite-worker.mjs). `dataDir` 'memory://'
 * keeps nothing; a directory keeps the data across restarts. One connection: transactions
 * run one at a time, and queries outside a transaction wait for the running one.
 * `loadDataDir`: a tarball file of {@link Driver.dumpDataDir} the database starts from.
 */
export async function openPglite(dataDir: string, loadDataDir?: string): Promise<Driver> {
  const worker = new Worker(join(API_DIR, 'src', 'db', 'pglite-worker.mjs'), { workerData: { dataDir, loadDataDir } });
  const pending = new Map<number, { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  let closing = false;

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', () => {
      worker.off('error', onError);
      resolve();
    });
  });
  const channels = new Map<string, Set<NotificationListener>>();
  worker.on('message', (reply: WorkerReply) => {
    if (reply.notify !== undefined) {
      for (const listener of channels.get(reply.notify) ?? []) listener.notify(reply.payload ?? '');
      return;
    }
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply);
    else waiter.reject(new PgliteError(reply.error ?? { message: 'unknown database error' }));
  });
  const failAll = (error: Error) => {
    if (!failure) for (const listeners of channels.values()) for (const listener of listeners) listener.state(false);
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', () => failAll(Object.assign(new Error('Connection terminated: embedded database stopped'), { code: '57P01' })));

  const send = (op: 'query' | 'exec' | 'listen' | 'unlisten' | 'dump' | 'close', sql?: string, params?: unknown[]) =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params });
    });

  const run = async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const reply = await send('query', sql, params ?? []);
    const rows = reply.rows ?? [];
    // Values are rebuilt here so Dates and Buffers belong to this thread's realm.
    for (const field of reply.fields ?? []) {
      if (field.type === TIMESTAMP || field.type === TIMESTAMPTZ) {
        for (const row of rows) if (typeof row[field.name] === 'string') row[field.name] = new Date(row[field.name] as string);
      } else if (field.type === BYTEA) {
        for (const row of rows) if (row[field.name] instanceof Uint8Array || ArrayBuffer.isView(row[field.name])) {
          row[field.name] = Buffer.from(row[field.name] as Uint8Array);
        }
      }
    }
    return { rows: rows as T[], rowCount: reply.affectedRows || rows.length };
  };

  // One connection: a promise chain hands it to one transaction (or query) at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = queue.then(fn, fn);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => run(sql, params)),
    transaction: <T>(fn: (tx: ScriptQueryable) => Promise<T>, setup?: string) =>
      exclusive(async () => {
        try {
          // exec runs several statements: BEGIN and the setup in one message to the worker.
          if (setup) await send('exec', `BEGIN; ${setup}`);
          else await run('BEGIN');
          const value = await fn({
            query: (sql, params) => run(sql, params),
            exec: async (sql) => {
              await send('exec', sql);
            },
          });
          await run('COMMIT');
          return value;
        } catch (error) {
          // Also after a failed setup: BEGIN may have opened the transaction.
          await run('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    listen: async (channel: string, listener: NotificationListener) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      listener.state(false);
      const listeners = channels.get(channel) ?? new Set<NotificationListener>();
      if (!channels.has(channel)) {
        channels.set(channel, listeners);
        // Between transactions: a LISTEN inside one would only count from its COMMIT.
        await exclusive(() => send('listen', channel));
      }
      listeners.add(listener);
      // One connection in this process: it cannot be lost without the database itself.
      listener.state(!failure);
      return async () => {
        const listeners = channels.get(channel);
        listeners?.delete(listener);
        if (listeners && !listeners.size) {
          channels.delete(channel);
          if (!failure && !closing) await exclusive(() => send('unlisten', channel)).catch(() => undefined);
        }
      };
    },
    dumpDataDir: () =>
      exclusive(async () => {
        const reply = await send('dump');
        return Buffer.from(reply.data!.buffer, reply.data!.byteOffset, reply.data!.byteLength);
      }),
    close: async () => {
      if (failure || closing) return;
      closing = true;
      await exclusive(() => send('close')).catch(() => undefined);
      await worker.terminate();
    },
  };
}
