import type { Queryable } from '../../db/index.js';

/** Stores a password link (hash only). */
export async function insertPasswordLink(q: Queryable, tokenHash: Buffer, userId: number, now: Date, expiresAt: Date): Promise<void> {
  await q.query('INSERT INTO password_links (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash,
    userId,
    now,
    expiresAt,
  ]);
}

/** The user id of a link that is unused and not expired at `now` and whose user is enabled. */
export async function findUsableLink(q: Queryable, tokenHash: Buffer, now: Date): Promise<number | null> {
  const res = await q.query<{ user_id: number }>(
    `SELECT l.user_id FROM password_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND NOT u.disabled`,
    [tokenHash, now],
  );
  return res.rows[0]?.user_id ?? null;
}

/**
 * Marks a link used; true only for the one caller that wins (single use even when two
 * requests race).
 */
export async function consumeLink(q: Queryable, tokenHash: Buffer, now: Date): Promise<boolean> {
  const res = await q.query(
    'UPDATE password_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [tokenHash, now],
  );
  return res.rowCount === 1;
}

/** Invalidates a user's other open links once the password was set. */
export async function retireUserLinks(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE password_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
}

/** Links requested for a user since `since` (limits mail flooding). */
export async function countRecentLinks(q: Queryable, userId: number, since: Date): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM password_links WHERE user_id = $1 AND created_at > $2', [
    userId,
    since,
  ]);
  return res.rows[0]?.n ?? 0;
}
