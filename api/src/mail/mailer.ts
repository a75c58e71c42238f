import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { insertMail, markMail } from '../domains/outbox/repository.js';

/** A mail to send. `userId` = the account it is about (decides which admins may read it). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  userId: number | null;
}

/**
 * Every mail goes into the outbox first (admins can read it there); with SMTP_URL set it
 * is then sent in the background and the outbox row records sent_at or the error. Sending
 * never delays or fails the request that caused it.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Waits for background deliveries (shutdown, tests). */
  flush(): Promise<void>;
}

/** Creates the mailer for the configuration (SMTP when configured, else outbox only). */
export function createMailer(config: AppConfig, db: Db, log: FastifyBaseLogger, now: () => Date): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  const deliver = async (id: number, message: MailMessage) => {
    if (!transport) return;
    try {
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text });
      await markMail(db, id, { sentAt: now() });
    } catch (error) {
      log.warn({ err: error, mailId: id }, 'mail delivery failed');
      await markMail(db, id, { error: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
    }
  };

  return {
    async send(message) {
      const id = await insertMail(db, {
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        kind: message.kind,
        userId: message.userId,
        now: now(),
      });
      if (transport) {
        const job = deliver(id, message).finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
    },
    async flush() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}
