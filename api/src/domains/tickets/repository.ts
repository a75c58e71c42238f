import type { TicketDetail, TicketListRow } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';

/**
 * Association tickets (spec 002 §2.16, §3 "Request ticket"). All functions take the
 * transaction of `db.scoped()`, so row-level security limits them to the request's schools.
 */

/** Most tickets one list answers (the thread lists have no paging in the spec). */
export const TICKET_LIST_LIMIT = 500;

/** Tickets of a mode (1 support, 2 technical), most recently active first. */
export async function listTickets(tx: Queryable, mode: 1 | 2): Promise<TicketListRow[]> {
  const result = await tx.query<Omit<TicketListRow, 'dc' | 'dlm'> & { dc: Date; dlm: Date }>(
    `SELECT t.id, t.created_at AS dc, t.tsid, t.type, t.category AS cat, t.subject, t.school_id,
            COALESCE(NULLIF(TRIM(u.firstname || ' ' || u.lastname), ''), u.username, first_message.sender_name, '') AS sender,
            COALESCE(last_message.created_at, t.created_at) AS dlm
       FROM tickets t
       LEFT JOIN users u ON u.id = t.created_by
       LEFT JOIN LATERAL (SELECT m.sender_name FROM ticket_messages m WHERE m.ticket_id = t.id ORDER BY m.created_at, m.id LIMIT 1) first_message ON true
       LEFT JOIN LATERAL (SELECT max(m.created_at) AS created_at FROM ticket_messages m WHERE m.ticket_id = t.id) last_message ON true
      WHERE t.mode = $1
      ORDER BY dlm DESC, t.id DESC
      LIMIT ${TICKET_LIST_LIMIT}`,
    [mode],
  );
  // ISO strings already here: the route answers list or detail under one schema (anyOf).
  return result.rows.map((row) => ({ ...row, dc: row.dc.toISOString(), dlm: row.dlm.toISOString() }));
}

/** One ticket of a mode with its message thread (oldest first), or null when not visible. */
export async function getTicket(tx: Queryable, id: number, mode: 1 | 2): Promise<TicketDetail | null> {
  const ticket = await tx.query<Omit<TicketDetail, 'messages' | 'pay' | 'dc'> & { dc: Date; subject: string }>(
    `SELECT t.id, t.created_at AS dc, t.tsid, t.mode AS m, t.type, t.category AS cat, t.school_id, t.subject,
            COALESCE(NULLIF(TRIM(u.firstname || ' ' || u.lastname), ''), u.username, '') AS sender
       FROM tickets t
       LEFT JOIN users u ON u.id = t.created_by
      WHERE t.id = $1 AND t.mode = $2`,
    [id, mode],
  );
  const row = ticket.rows[0];
  if (!row) return null;
  const messages = await tx.query<{ id: number; dc: Date; sender_name: string; message: string }>(
    `SELECT id, created_at AS dc, sender_name, message FROM ticket_messages WHERE ticket_id = $1 ORDER BY created_at, id`,
    [id],
  );
  const files = await tx.query<{ id: number; message_id: number | null; name: string; size: number }>(
    `SELECT id, message_id, name, size FROM ticket_files WHERE ticket_id = $1 ORDER BY id`,
    [id],
  );
  const { subject, ...rest } = row;
  return {
    ...rest,
    dc: row.dc.toISOString(),
    sender: row.sender || messages.rows[0]?.sender_name || '',
    pay: { subject },
    messages: messages.rows.map((message) => ({
      id: message.id,
      dc: message.dc.toISOString(),
      spay: { name: message.sender_name },
      pay: {
        message: message.message,
        files: files.rows
          .filter((file) => file.message_id === message.id)
          .map((file) => ({ id: file.id, name: file.name, size: Number(file.size) })),
      },
    })),
  };
}

/** An attachment to store with a message (bytes already in the file store under `key`). */
export interface TicketAttachment {
  key: string;
  name: string;
  size: number;
  mime: string;
}

/** Ticket type of a new request per mode: 4 general (support), 11 software feedback (technical). */
export const NEW_TICKET_TYPE: Record<1 | 2, number> = { 1: 4, 2: 11 };

async function insertMessage(
  tx: Queryable,
  ticket: { id: number; school_id: number },
  sender: { id: number; name: string },
  message: string,
  files: readonly TicketAttachment[],
): Promise<number> {
  const inserted = await tx.query<{ id: number }>(
    'INSERT INTO ticket_messages (school_id, ticket_id, sender_id, sender_name, message) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [ticket.school_id, ticket.id, sender.id, sender.name, message],
  );
  const messageId = inserted.rows[0]!.id;
  for (const file of files) {
    await tx.query(
      'INSERT INTO ticket_files (school_id, ticket_id, message_id, file_key, name, size, mime) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [ticket.school_id, ticket.id, messageId, file.key, file.name, file.size, file.mime],
    );
  }
  return messageId;
}

/**
 * A new ticket (status 1 "in process") with its first message and attachments. The message
 * is stored as sent: the screens sanitise when they render it. `type` defaults to the mode's
 * (NEW_TICKET_TYPE); requests of the association services set theirs (5 contracts, 9 trainer).
 */
export async function createTicket(
  tx: Queryable,
  input: { schoolId: number; mode: 1 | 2; category: string | null; subject: string; message: string; type?: number },
  sender: { id: number; name: string },
  files: readonly TicketAttachment[],
): Promise<number> {
  const created = await tx.query<{ id: number }>(
    `INSERT INTO tickets (school_id, mode, type, tsid, category, subject, created_by)
     VALUES ($1, $2, $3, 1, $4, $5, $6) RETURNING id`,
    [input.schoolId, input.mode, input.type ?? NEW_TICKET_TYPE[input.mode], input.category, input.subject, sender.id],
  );
  const id = created.rows[0]!.id;
  await insertMessage(tx, { id, school_id: input.schoolId }, sender, input.message, files);
  return id;
}

/**
 * Appends a reply of the school to a ticket of `mode`. A ticket waiting for the school's
 * answer (2) is back "in process" (1). Null when the ticket is not visible.
 */
export async function replyToTicket(
  tx: Queryable,
  id: number,
  mode: 1 | 2,
  sender: { id: number; name: string },
  message: string,
  files: readonly TicketAttachment[],
): Promise<{ schoolId: number } | null> {
  const ticket = await tx.query<{ id: number; school_id: number }>(
    'SELECT id, school_id FROM tickets WHERE id = $1 AND mode = $2 FOR UPDATE',
    [id, mode],
  );
  const row = ticket.rows[0];
  if (!row) return null;
  await insertMessage(tx, row, sender, message, files);
  await tx.query('UPDATE tickets SET updated_at = now(), tsid = CASE WHEN tsid = 2 THEN 1 ELSE tsid END WHERE id = $1', [id]);
  return { schoolId: row.school_id };
}

/** An attachment's stored file, or null when it is not visible. */
export async function getTicketFile(tx: Queryable, fileId: number): Promise<{ key: string; name: string; mime: string; school_id: number } | null> {
  const result = await tx.query<{ key: string; name: string; mime: string; school_id: number }>(
    'SELECT file_key AS key, name, mime, school_id FROM ticket_files WHERE id = $1',
    [fileId],
  );
  return result.rows[0] ?? null;
}
