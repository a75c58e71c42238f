import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db, Queryable } from '../db/index.js';
import { claimMail, insertMail, insertSentMail, markMail, type SentMailSubject } from '../domains/outbox/repository.js';
import { htmlToText } from './html-text.js';

/** At most this many bytes of attachments per mail (the outbox keeps them). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** At most this many attachments per mail. */
export const MAX_ATTACHMENTS = 10;

export type { SentMailSubject };

/** A file sent with a mail (PDF letters; the type is what the caller made, not sniffed). */
export interface MailAttachment {
  filename: string;
  contentType: 'application/pdf';
  content: Buffer;
}

/** A mail to send. `userId` = the account it is about (decides which admins may read it). */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; derived from `html` when omitted. */
  text?: string;
  /** The HTML body (already sanitised rich text). */
  html?: string;
  kind: string;
  userId: number | null;
  /** The From header ("Name <address>"); the server's MAIL_FROM when omitted. */
  from?: string;
  cc?: string[];
  bcc?: string[];
  attachments?: MailAttachment[];
  /** The school it was sent for: that school's admins see it in the outbox. */
  schoolId?: number | null;
  /**
   * The entity the mail is about and who sent it: recorded in sent_mails (needs `schoolId`)
   * and shown in the entity's timeline.
   */
  about?: SentMailSubject;
}

/** Thrown by queue/send for attachments over the bounds (the route maps it to a 400). */
export class MailTooLargeError extends Error {
  constructor() {
    super('mail attachments too large');
    this.name = 'MailTooLargeError';
  }
}

/**
 * The product's one mail sender. Every mail goes into the outbox first (admins can read it
 * there, with its attachments); with SMTP_URL set it is then sent in the background and the
 * outbox row records sent_at or the error. Sending never delays or fails the request that
 * caused it.
 */
export interface Mailer {
  /** Stores the mail (own transaction) and delivers it in the background. */
  send(message: MailMessage): Promise<void>;
  /**
   * Stores the mail in the caller's transaction `tx` and answers its outbox id; call
   * {@link Mailer.deliver} with it after the commit. A rolled-back transaction sends nothing.
   */
  queue(tx: Queryable, message: MailMessage): Promise<number>;
  /** Delivers a queued mail in the background, once (a second call for the same id does nothing). */
  deliver(id: number): void;
  /** Waits for the background deliveries under way (tests); the mailer keeps working. */
  idle(): Promise<void>;
  /** Waits for background deliveries and closes the SMTP connection (shutdown). */
  flush(): Promise<void>;
}

function checkBounds(message: MailMessage): void {
  const attachments = message.attachments ?? [];
  const bytes = attachments.reduce((sum, attachment) => sum + attachment.content.length, 0);
  if (attachments.length > MAX_ATTACHMENTS || bytes > MAX_ATTACHMENT_BYTES) throw new MailTooLargeError();
}

/** Creates the mailer for the configuration (SMTP when configured, else outbox only). */
export function createMailer(config: AppConfig, db: Db, log: FastifyBaseLogger, now: () => Date): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  const store = async (q: Queryable, message: MailMessage) => {
    checkBounds(message);
    const id = await insertMail(q, {
      recipient: message.to,
      subject: message.subject,
      body: message.text ?? htmlToText(message.html ?? ''),
      html: message.html ?? null,
      kind: message.kind,
      userId: message.userId,
      sender: message.from ?? null,
      cc: message.cc ?? [],
      bcc: message.bcc ?? [],
      schoolId: message.schoolId ?? null,
      attachments: (message.attachments ?? []).map((a) => ({ name: a.filename, mime: a.contentType, content: a.content })),
      now: now(),
    });
    if (message.about && message.schoolId) {
      await insertSentMail(q, {
        outboxId: id,
        schoolId: message.schoolId,
        about: message.about,
        recipient: message.to,
        subject: message.subject,
        attachments: (message.attachments ?? []).map((a) => a.filename),
        now: now(),
      });
    }
    return id;
  };

  const deliverNow = async (id: number) => {
    if (!transport) return;
    try {
      const mail = await claimMail(db, id, now());
      if (!mail) return;
      await transport.sendMail({
        from: mail.sender ?? config.mailFrom,
        to: mail.recipient,
        cc: mail.cc.length > 0 ? mail.cc : undefined,
        bcc: mail.bcc.length > 0 ? mail.bcc : undefined,
        subject: mail.subject,
        text: mail.body,
        html: mail.html ?? undefined,
        attachments: mail.attachments.map((a) => ({ filename: a.name, contentType: a.mime, content: a.content })),
      });
      await markMail(db, id, { sentAt: now() });
    } catch (error) {
      log.warn({ err: error, mailId: id }, 'mail delivery failed');
      await markMail(db, id, { error: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
    }
  };

  const deliver = (id: number) => {
    if (!transport) return;
    const job = deliverNow(id).finally(() => inFlight.delete(job));
    inFlight.add(job);
  };

  return {
    async send(message) {
      deliver(await store(db, message));
    },
    queue: store,
    deliver,
    async idle() {
      await Promise.all([...inFlight]);
    },
    async flush() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}
