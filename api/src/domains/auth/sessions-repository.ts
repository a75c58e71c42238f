import type { Queryable } from '../../db/index.js';

/** Stores a new session (the token's hash only). */
export async function insertSession(
  q: Queryable,
  s: { tokenHash: Buffer; userId: number; now: Date; absoluteExpiresAt: Date; ip: string; userAgent: string },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, absolute_expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [s.tokenHash, s.userId, s.now, s.absoluteExpiresAt, s.ip.slice(0, 100), s.userAgent.slice(0, 500)],
  );
}

// Finding a live session: loadSessionPrincipal (principals.ts), with the permissions in one query.

/** Slides the idle timeout; writes only when the last write was at or before `staleBefore`. */
export async function touchSession(q: Queryable, tokenHash: Buffer, now: Date, staleBefore: Date): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at <= $3', [tokenHash, now, staleBefore]);
}

/** Ends one session. */
export async function revokeSession(q: Queryable, tokenHash: Buffer, now: Date): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, now]);
}

/** Ends every session of a user, except `keep` (the caller's own) when given. */
export async function revokeUserSessions(q: Queryable, userId: number, now: Date, keep?: Buffer): Promise<number> {
  const res = await q.query(
    `UPDATE sessions SET revoked_at = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::bytea IS NULL OR token_hash <> $3::bytea)`,
    [userId, now, keep ?? null],
  );
  return res.rowCount;
}

/** Removes sessions that ended more than a day ago (housekeeping at start and hourly). */
export async function deleteDeadSessions(q: Queryable, now: Date): Promise<void> {
  await q.query(
    `DELETE FROM sessions WHERE absolute_expires_at < $1::timestamptz - interval '1 day'
        OR revoked_at < $1::timestamptz - interval '1 day'`,
    [now],
  );
}
