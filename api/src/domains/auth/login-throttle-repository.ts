import type { Queryable } from '../../db/index.js';

/** Limits per key kind: failures allowed before blocking, and the counting window. */
export interface ThrottlePolicy {
  freeFailures: number;
  /** The count restarts after this long without a failure. */
  windowMs: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

/** The latest block end among `keys`, or null when none is blocked at `now`. */
export async function blockedUntil(q: Queryable, keys: string[], now: Date): Promise<Date | null> {
  const res = await q.query<{ until: Date | null }>(
    'SELECT max(blocked_until) AS until FROM login_throttle WHERE key = ANY($1::text[]) AND blocked_until > $2',
    [keys, now],
  );
  return res.rows[0]?.until ?? null;
}

/**
 * Counts a failure for `key`. Past the free failures the key is blocked for
 * base * 2^(extra failures), capped at maxBlockMs, so a flood slows an attacker down while
 * the real user is never locked out for longer than the cap. The count restarts after a
 * quiet window without failures (window_start holds the last failure).
 */
export async function recordFailure(q: Queryable, key: string, now: Date, policy: ThrottlePolicy): Promise<void> {
  const quietSince = new Date(now.getTime() - policy.windowMs);
  const res = await q.query<{ failures: number }>(
    `INSERT INTO login_throttle (key, failures, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_start < $3 THEN 1 ELSE login_throttle.failures + 1 END,
       window_start = $2
     RETURNING failures`,
    [key, now, quietSince],
  );
  const failures = res.rows[0]?.failures ?? 1;
  if (failures > policy.freeFailures) {
    const extra = Math.min(failures - policy.freeFailures - 1, 20);
    const blockMs = Math.min(policy.baseBlockMs * 2 ** extra, policy.maxBlockMs);
    await q.query('UPDATE login_throttle SET blocked_until = $2 WHERE key = $1', [key, new Date(now.getTime() + blockMs)]);
  }
}

/** Forgets the failures of `keys` (after a successful login or password reset). */
export async function clearFailures(q: Queryable, keys: string[]): Promise<void> {
  await q.query('DELETE FROM login_throttle WHERE key = ANY($1::text[])', [keys]);
}
