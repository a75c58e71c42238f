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
  /** The From header it was sent with (null: the server's MAIL_FROM, mails before issue 11). */
  sender: string | null;
  cc: string[];
  bcc: string[];
  html: string | null;
  school_id: number | null;
  /** Names, types and sizes of the attachments (GET /api-base/outbox/attachment?id= gives the bytes). */
  attachments: OutboxAttachmentInfo[];
}

/** An attachment as the outbox lists it. */
export interface OutboxAttachmentInfo {
  id: number;
  name: string;
  mime: string;
  size: number;
}

/** An attachment as the mailer stores and sends it. */
export interface StoredAttachment {
  name: string;
  mime: string;
  content: Buffer;
}

/** A whole mail as the outbox stores it (what the mailer delivers). */
export interface StoredMail {
  recipient: string;
  subject: string;
  /** The text body. */
  body: string;
  kind: string;
  userId: number | null;
  now: Date;
  sender?: string | null;
  cc?: string[];
  bcc?: string[];
  html?: string | null;
  schoolId?: number | null;
  attachments?: StoredAttachment[];
}

/**
 * Stores a mail with its attachments; returns its id. Runs in the caller's transaction (also a
 * scoped one: sbo_app may insert into the outbox but reads back only id, sent_at and error).
 */
export async function insertMail(q: Queryable, mail: StoredMail): Promise<number> {
  const res = await q.query<{ id: number }>(
    `INSERT INTO outbox (created_at, recipient, subject, body, kind, user_id, sender, cc, bcc, html, school_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9::text[], $10, $11) RETURNING id`,
    [
      mail.now,
      mail.recipient,
      mail.subject,
      mail.body,
      mail.kind,
      mail.userId,
      mail.sender ?? null,
      mail.cc ?? [],
      mail.bcc ?? [],
      mail.html ?? null,
      mail.schoolId ?? null,
    ],
  );
  const id = res.rows[0].id;
  for (const [position, attachment] of (mail.attachments ?? []).entries()) {
    await q.query('INSERT INTO outbox_attachments (outbox_id, position, name, mime, size, content) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      position,
      attachment.name,
      attachment.mime,
      attachment.content.length,
      attachment.content,
    ]);
  }
  return id;
}

/** What a mail is about and who sent it (sent_mails). Leads and contracts come with their issues. */
export interface SentMailSubject {
  type: 'student' | 'lead' | 'contract';
  id: number;
  senderId: number | null;
}

/** Records that a mail about an entity was sent (the entity's timeline shows it). */
export async function insertSentMail(
  q: Queryable,
  mail: { outboxId: number; schoolId: number; about: SentMailSubject; recipient: string; subject: string; attachments: string[]; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO sent_mails (outbox_id, school_id, entity_type, entity_id, sender_id, recipient, subject, attachments, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9)`,
    [mail.outboxId, mail.schoolId, mail.about.type, mail.about.id, mail.about.senderId, mail.recipient, mail.subject, mail.attachments, mail.now],
  );
}

/** A mail claimed for delivery: everything SMTP needs. */
export interface MailToDeliver {
  recipient: string;
  subject: string;
  body: string;
  sender: string | null;
  cc: string[];
  bcc: string[];
  html: string | null;
  attachments: StoredAttachment[];
}

/**
 * Claims a stored mail for delivery (once: a second claim, e.g. of an idempotent repeat,
 * gets null) and reads it with its attachments.
 */
export async function claimMail(q: Queryable, id: number, now: Date): Promise<MailToDeliver | null> {
  const claimed = await q.query<Omit<MailToDeliver, 'attachments'>>(
    `UPDATE outbox SET claimed_at = $2 WHERE id = $1 AND claimed_at IS NULL AND sent_at IS NULL
     RETURNING recipient, subject, body, sender, cc, bcc, html`,
    [id, now],
  );
  if (claimed.rows.length === 0) return null;
  const attachments = await q.query<{ name: string; mime: string; content: Uint8Array }>(
    'SELECT name, mime, content FROM outbox_attachments WHERE outbox_id = $1 ORDER BY position',
    [id],
  );
  return {
    ...claimed.rows[0],
    attachments: attachments.rows.map((row) => ({ name: row.name, mime: row.mime, content: Buffer.from(row.content) })),
  };
}

/** Records the SMTP outcome of a mail. */
export async function markMail(q: Queryable, id: number, outcome: { sentAt: Date } | { error: string }): Promise<void> {
  if ('sentAt' in outcome) await q.query('UPDATE outbox SET sent_at = $2, error = NULL WHERE id = $1', [id, outcome.sentAt]);
  else await q.query('UPDATE outbox SET error = $2 WHERE id = $1', [id, outcome.error.slice(0, 1000)]);
}

/**
 * Which mails a reader may see: every mail, or those about these accounts (plus, with
 * `unaddressed`, mails about no account) and those sent for these schools.
 */
export type MailAudience = 'all' | { userIds: number[]; unaddressed: boolean; schoolIds: number[] };

const VISIBLE = `($1::boolean
         OR (o.user_id IS NULL AND o.school_id IS NULL AND $2::boolean)
         OR o.user_id = ANY($3::int[])
         OR o.school_id = ANY($4::int[]))`;

function audienceParams(audience: MailAudience): unknown[] {
  const all = audience === 'all';
  return [all, all || audience.unaddressed, all ? [] : audience.userIds, all ? [] : audience.schoolIds];
}

/** The newest mails of `audience`, newest first. */
export async function listMails(q: Queryable, audience: MailAudience, limit: number): Promise<OutboxRow[]> {
  const res = await q.query<OutboxRow>(
    `SELECT o.id, o.created_at, o.recipient, o.subject, o.body, o.kind, o.user_id, o.sent_at, o.error,
            o.sender, o.cc, o.bcc, o.html, o.school_id,
            COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'mime', a.mime, 'size', a.size) ORDER BY a.position)
                        FROM outbox_attachments a WHERE a.outbox_id = o.id), '[]'::json) AS attachments
       FROM outbox o
      WHERE ${VISIBLE}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT $5`,
    [...audienceParams(audience), limit],
  );
  return res.rows;
}

/** One attachment of a mail `audience` may see; null otherwise. */
export async function getAttachment(
  q: Queryable,
  audience: MailAudience,
  id: number,
): Promise<{ name: string; mime: string; content: Buffer } | null> {
  const res = await q.query<{ name: string; mime: string; content: Uint8Array }>(
    `SELECT a.name, a.mime, a.content FROM outbox_attachments a JOIN outbox o ON o.id = a.outbox_id
      WHERE a.id = $5 AND ${VISIBLE}`,
    [...audienceParams(audience), id],
  );
  const row = res.rows[0];
  return row ? { name: row.name, mime: row.mime, content: Buffer.from(row.content) } : null;
}
