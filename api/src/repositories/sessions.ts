import type { Queryable } from '../db/index.js';

/** A live session row (not revoked, not expired at the time asked). */
export interface SessionRow {
  user_id: number;
  last_seen_at: Date;
  absolute_expires_at: Date;
}

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

/**
 * The session for a token hash if it is live at `now`: not revoked, its user enabled,
 * seen after `idleCutoff` and before its absolute expiry.
 */
export async function findLiveSession(q: Queryable, tokenHash: Buffer, now: Date, idleCutoff: Date): Promise<SessionRow | null> {
  const res = await q.query<SessionRow>(
    `SELECT s.user_id, s.last_seen_at, s.absolute_expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND NOT u.disabled
        AND s.absolute_expires_at > $2 AND s.last_seen_at > $3`,
    [tokenHash, now, idleCutoff],
  );
  return res.rows[0] ?? null;
}

/** Slides the idle timeout; writes only when the last write is older than `staleBefore`. */
export async function touchSession(q: Queryable, tokenHash: Buffer, now: Date, staleBefore: Date): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $3', [tokenHash, now, staleBefore]);
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
