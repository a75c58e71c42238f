import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ERROR } from 'shared-kernel/contracts';
import type { Db, Queryable } from '../db/index.js';
import { HttpError, badRequest } from './http-error.js';
import { errorSchema } from './route-schemas.js';

/**
 * Idempotent POSTs (issue 10 item 7): the browser's HTTP client sends an `Idempotency-Key`
 * header with every POST (a form keeps one key per submission attempt). A route that writes
 * money runs its write through {@link idempotentWrite}: the key is stored with the answer in
 * the write's own transaction (unique per user and key, table idempotency_keys, migration
 * 020). So
 * - the same key and the same request again (a double click, a retry after a lost answer)
 *   answers the first answer and writes nothing, also when both arrive at the same moment:
 *   the second transaction waits on the first one's key and then rolls its own write back;
 * - the same key with another request (body, path or query) answers 422 {error: 10};
 * - a request without the header is written as before (API clients that send no key).
 * Keys live a day; older ones are replaced, and removed by the user's next idempotent write
 * and at start ({@link removeExpiredIdempotencyKeys}).
 *
 * @example
 * app.post('/income', { schema: { response: { ...idempotencyResponses, ... } } }, async (request) => {
 *   const form = validate(incomeFormSchema, request.body);
 *   return idempotentWrite(request, async (tx) => ({ success: true, id: await insertIncome(tx, form) }));
 * });
 */

/** The request header carrying the key (HTTP header names are case-insensitive). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** What a key may look like: 8 to 128 characters of letters, digits, '-', '_', ':' and '.'. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The error answers of an idempotent route, including 422 {error: 10}. */
export const idempotencyResponses = { 422: errorSchema } as const;

/** 422 {error: 10}: the key was already used for another request. */
export const idempotencyKeyReused = () => new HttpError(422, { error: ERROR.idempotencyKeyReused });

/** The request's key; null without the header; 400 for a malformed one (or several). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw badRequest({ [IDEMPOTENCY_KEY_HEADER]: 'form.invalid' });
  return raw;
}

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What else makes a request this request, beyond its JSON body. */
export interface IdempotencyOptions {
  /** The bytes of an upload (a multipart request has no JSON body): another file is another request. */
  content?: Buffer;
}

/** SHA-256 of what makes a request this request: method, route, query and body (and the uploaded bytes). */
export function requestFingerprint(request: FastifyRequest, options: IdempotencyOptions = {}): string {
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  const hash = createHash('sha256').update(`${request.method}\n${route}\n${canonicalJson(request.query ?? {})}\n${canonicalJson(request.body ?? null)}`);
  if (options.content) hash.update('\n').update(options.content);
  return hash.digest('hex');
}

/** Thrown inside the write's transaction when the key is already taken: rolls the write back. */
class KeyTaken extends Error {}

/**
 * Runs `write` in the request's scoped transaction, once per (user, Idempotency-Key): see
 * the module comment. `write` answers the JSON body of a 200; it must not have effects
 * outside the database (files, mails), as a repeat rolls the write back. Costs one statement
 * inside the transaction; a repeat costs one more read after it.
 */
export async function idempotentWrite<T extends object>(
  request: FastifyRequest,
  write: (tx: Queryable) => Promise<T>,
  options: IdempotencyOptions = {},
): Promise<T> {
  const key = idempotencyKeyOf(request);
  const userId = request.session?.user.id;
  if (key === null || userId === undefined) return request.scoped(write);
  const fingerprint = requestFingerprint(request, options);
  const now = request.server.now();
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  try {
    return await request.scoped(async (tx) => {
      const answer = await write(tx);
      // One statement: drop the user's expired keys, store this one (replacing it only when
      // expired). A live key of a concurrent twin makes this wait for the twin's commit and
      // then store nothing: no row comes back.
      const stored = await tx.query(
        `WITH expired AS (DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < $5 AND key <> $2)
         INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status, response, created_at)
         VALUES ($1, $2, $3, 200, $4::jsonb, $6)
         ON CONFLICT (user_id, key) DO UPDATE
            SET request_hash = EXCLUDED.request_hash, status = EXCLUDED.status, response = EXCLUDED.response,
                created_at = EXCLUDED.created_at
          WHERE k.created_at < $5
         RETURNING 1`,
        [userId, key, fingerprint, JSON.stringify(answer), expired, now],
      );
      if (stored.rows.length === 0) throw new KeyTaken();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) {
      // A write refused by a unique rule (a contract number, a reference) may be the twin of
      // the same request that just stored it: that request's answer is this one's too.
      // (A key used for another request keeps this request's own refusal.)
      const replay = await answeredBefore(request, options).catch(() => null);
      if (replay) return replay as T;
      throw error;
    }
  }
  const first = await firstAnswer(request.server.db, userId, key);
  if (!first) throw idempotencyKeyReused();
  if (first.request_hash !== fingerprint) throw idempotencyKeyReused();
  request.audit.detail = { ...request.audit.detail, idempotent_replay: true };
  return first.response as T;
}

/**
 * The stored answer of this very request (same user, key and fingerprint), or null when the
 * key is new; 422 {error: 10} when the key was used for another request. For a route that
 * checks something outside the write's transaction before it (a number unique across
 * schools) and must answer a repeat with the first answer, not with "taken".
 */
export async function answeredBefore(request: FastifyRequest, options: IdempotencyOptions = {}): Promise<object | null> {
  const key = idempotencyKeyOf(request);
  const userId = request.session?.user.id;
  if (key === null || userId === undefined) return null;
  const first = await firstAnswer(request.server.db, userId, key);
  if (!first) return null;
  if (first.request_hash !== requestFingerprint(request, options)) throw idempotencyKeyReused();
  request.audit.detail = { ...request.audit.detail, idempotent_replay: true };
  return first.response as object;
}

async function firstAnswer(db: Db, userId: number, key: string): Promise<{ request_hash: string; response: unknown } | null> {
  const result = await db.query<{ request_hash: string; response: unknown }>(
    'SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return result.rows[0] ?? null;
}

/** Removes every key older than a day (at start; writes remove their user's own). */
export async function removeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)]);
  return result.rowCount;
}
