import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { assertFileKey, newFileKey } from './file-store.js';

/** An intent older than this names a file no request will still reference (files.sweep). */
export const FILE_INTENT_MAX_AGE_MS = 3_600_000;

type FilesApp = Pick<FastifyInstance, 'db' | 'files' | 'now'>;

/**
 * Reserves fresh file keys: records their write intents in their own committed transaction
 * (app.db), so the record survives a crash between a later put and the request's commit.
 * Call it BEFORE the request's transaction starts: PGlite is one connection, and app.db used
 * inside a running transaction waits forever.
 */
export async function reserveFileKeys(app: FilesApp, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => newFileKey());
  if (keys.length > 0) {
    await app.db.query(`INSERT INTO file_intents (key, created_at) SELECT unnest($1::text[]), $2`, [keys, app.now()]);
  }
  return keys;
}

/**
 * Puts bytes under a freshly reserved key (intent first, then the bytes) and answers the key.
 * The caller's transaction must confirmFiles the key when it commits the rows that reference
 * it; until then (and forever after a crash) files.sweep may remove it after an hour.
 * Outside any transaction only (see reserveFileKeys).
 */
export async function putPending(app: FilesApp, bytes: Buffer): Promise<string> {
  const [key] = await reserveFileKeys(app, 1);
  return app.files.put(bytes, key);
}

/**
 * Inside the business transaction that references the files: drops their intents, so the
 * commit makes the files permanent atomically with their rows, and a rollback keeps the
 * intents for the sweep.
 */
export async function confirmFiles(tx: Queryable, keys: readonly (string | null | undefined)[]): Promise<void> {
  const own = keys.filter((key): key is string => typeof key === 'string');
  if (own.length === 0) return;
  own.forEach(assertFileKey);
  await tx.query(`DELETE FROM file_intents WHERE key = ANY($1::text[])`, [own]);
}

/**
 * files.sweep: for every intent older than an hour, removes its file (a file that was never
 * written counts as removed: both stores answer a missing key with success) and then the
 * intent. A key without an intent is never touched, so files that committed rows reference are
 * safe. A file the store failed to remove keeps its intent, so the next sweep tries again, and
 * the run fails with the count, so the jobs screen shows it; the others are swept regardless.
 * Answers how many intents were swept.
 */
export async function sweepFileIntents(app: FilesApp, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FILE_INTENT_MAX_AGE_MS);
  const stale = await app.db.query<{ key: string }>(`SELECT key FROM file_intents WHERE created_at < $1 ORDER BY created_at LIMIT 10000`, [before]);
  const keys = stale.rows.map((row) => row.key);
  if (keys.length === 0) return 0;
  const outcomes = await Promise.allSettled(keys.map((key) => app.files.remove(key)));
  const removed = keys.filter((_, index) => outcomes[index]!.status === 'fulfilled');
  // Only the rows still stale: a row confirmed meanwhile is gone already and stays gone.
  if (removed.length > 0) {
    await app.db.query(`DELETE FROM file_intents WHERE key = ANY($1::text[]) AND created_at < $2`, [removed, before]);
  }
  const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failures.length > 0) {
    const first = failures[0]!.reason instanceof Error ? failures[0]!.reason.message : String(failures[0]!.reason);
    throw new Error(`${failures.length} of ${keys.length} files could not be removed; their intents stay for the next sweep (first: ${first})`);
  }
  return removed.length;
}
