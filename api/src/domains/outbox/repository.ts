import type { Queryable } from '../../db/index.js';

/** A mail as the outbox stores it. */
export interface OutboxRow {
  id: number;
  created_at: Date;
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  user_id: number | null;
  sent_at: Date | null;
  error: string | null;
}

/** Stores a mail; returns its id. */
export async function insertMail(
  q: Queryable,
  mail: { recipient: string; subject: string; body: string; kind: string; userId: number | null; now: Date },
): Promise<number> {
  const res = await q.query<{ id: number }>(
    'INSERT INTO outbox (created_at, recipient, subject, body, kind, user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [mail.now, mail.recipient, mail.subject, mail.body, mail.kind, mail.userId],
  );
  return res.rows[0].id;
}

/** Records the SMTP outcome of a mail. */
export async function markMail(q: Queryable, id: number, outcome: { sentAt: Date } | { error: string }): Promise<void> {
  if ('sentAt' in outcome) await q.query('UPDATE outbox SET sent_at = $2, error = NULL WHERE id = $1', [id, outcome.sentAt]);
  else await q.query('UPDATE outbox SET error = $2 WHERE id = $1', [id, outcome.error.slice(0, 1000)]);
}

/**
 * The newest mails an admin may read: a superadmin all; an admin none about accounts of
 * level 1 or 2 other than their own (a password link to another admin would hand over
 * that account).
 */
export async function listMails(q: Queryable, viewer: { id: number; level: number }, limit: number): Promise<OutboxRow[]> {
  const res = await q.query<OutboxRow>(
    `SELECT o.id, o.created_at, o.recipient, o.subject, o.body, o.kind, o.user_id, o.sent_at, o.error
       FROM outbox o LEFT JOIN users u ON u.id = o.user_id
      WHERE $2 = 1 OR o.user_id IS NULL OR o.user_id = $1 OR u.level = 3
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT $3`,
    [viewer.id, viewer.level, limit],
  );
  return res.rows;
}
