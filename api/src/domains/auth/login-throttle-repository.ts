import type { Queryable } from '../../db/index.js';

/** Limits per key kind: failures allowed before blocking, and the counting window. */
export interface ThrottlePolicy {
  freeFailures: number;
  /** The count restarts after this long without an attempt. */
  windowMs: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

/** Outcome of claiming an attempt: go ahead and check the password, or refused until. */
export type AttemptClaim = { allowed: true } | { allowed: false; until: Date };

/**
 * Counts a password attempt for `key` BEFORE the password is checked, in one statement, so
 * however many requests race, at most `freeFailures + 1` of them get a check per window:
 * the row lock of the upsert orders them, and the attempt that passes the free failures
 * blocks the key for the ones behind it. While blocked, attempts are refused without being
 * counted (nothing is checked for them). Each attempt past the free failures blocks for
 * base * 2^(extra attempts), capped at maxBlockMs, so a flood slows an attacker down while
 * the real user is never locked out for longer than the cap. The count restarts after a
 * quiet window (window_start holds the last counted attempt). An attempt whose password
 * turns out right is taken back with `settleSuccess`.
 */
export async function claimAttempt(q: Queryable, key: string, now: Date, policy: ThrottlePolicy): Promise<AttemptClaim> {
  const quietSince = new Date(now.getTime() - policy.windowMs);
  const count = 'CASE WHEN t.window_start < $3::timestamptz THEN 1 ELSE t.failures + 1 END';
  const blockFor = (n: string) =>
    `CASE WHEN ${n} > $4::int
          THEN $2::timestamptz + least($5::float8 * power(2::float8, least(${n} - $4::int - 1, 20)), $6::float8) * interval '1 millisecond'
     END`;
  const res = await q.query<{ failures: number }>(
    `INSERT INTO login_throttle AS t (key, failures, window_start, blocked_until)
     VALUES ($1, 1, $2::timestamptz, ${blockFor('1')})
     ON CONFLICT (key) DO UPDATE SET
       failures = ${count},
       window_start = $2::timestamptz,
       blocked_until = ${blockFor(count)}
     WHERE t.blocked_until IS NULL OR t.blocked_until <= $2::timestamptz
     RETURNING t.failures`,
    [key, now, quietSince, policy.freeFailures, policy.baseBlockMs, policy.maxBlockMs],
  );
  if (res.rowCount === 1) return { allowed: true };
  // No row: the conflict's WHERE found the key blocked and left it alone.
  return { allowed: false, until: (await blockedUntil(q, [key], now)) ?? new Date(now.getTime() + 1000) };
}

/**
 * Takes back a claimed attempt that was not a failure (the password was right, or another
 * key refused the attempt before any check). When the count is then within the free
 * failures again, a block that attempt set is lifted.
 */
export async function settleSuccess(q: Queryable, key: string, policy: ThrottlePolicy): Promise<void> {
  await q.query(
    `UPDATE login_throttle
        SET failures = greatest(failures - 1, 0),
            blocked_until = CASE WHEN failures - 1 <= $2::int THEN NULL ELSE blocked_until END
      WHERE key = $1`,
    [key, policy.freeFailures],
  );
}

/** The latest block end among `keys`, or null when none is blocked at `now`. */
export async function blockedUntil(q: Queryable, keys: string[], now: Date): Promise<Date | null> {
  const res = await q.query<{ until: Date | null }>(
    'SELECT max(blocked_until) AS until FROM login_throttle WHERE key = ANY($1::text[]) AND blocked_until > $2',
    [keys, now],
  );
  return res.rows[0]?.until ?? null;
}

/** Forgets the failures of `keys` (after a successful login or password reset). */
export async function clearFailures(q: Queryable, keys: string[]): Promise<void> {
  await q.query('DELETE FROM login_throttle WHERE key = ANY($1::text[])', [keys]);
}
