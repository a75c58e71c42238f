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

/** Which mails a reader may see: every mail, or those about these accounts (plus, with `unaddressed`, mails about no account). */
export type MailAudience = 'all' | { userIds: number[]; unaddressed: boolean };

/** The newest mails of `audience`, newest first. */
export async function listMails(q: Queryable, audience: MailAudience, limit: number): Promise<OutboxRow[]> {
  const all = audience === 'all';
  const res = await q.query<OutboxRow>(
    `SELECT o.id, o.created_at, o.recipient, o.subject, o.body, o.kind, o.user_id, o.sent_at, o.error
       FROM outbox o
      WHERE $1::boolean
         OR (o.user_id IS NULL AND $2::boolean)
         OR o.user_id = ANY($3::int[])
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT $4`,
    [all, all || audience.unaddressed, all ? [] : audience.userIds, limit],
  );
  return res.rows;
}
