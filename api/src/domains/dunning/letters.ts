import type { FastifyInstance } from 'fastify';
import { TEMPLATE_TARGET, type DunningItem, type DunningLevel, type TemplateRecipient } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import type { FileStore } from '../../files/index.js';
import { renderLetter, type LetterInput } from '../../letters/index.js';
import { resolveSender, withSignature, type MailSenderUser } from '../../mail/sender.js';
import { readLetterhead } from '../config/letterhead.js';
import { readConfigValues } from '../config/repository.js';
import { fillTemplateForEntity } from '../templates/fill.js';
import { escapeHtml, formatCents, formatIsoDate } from '../templates/placeholders.js';

/** A student's dunning letter: the renderer's input and what the mail needs. */
export interface DunningLetter {
  input: LetterInput;
  subject: string;
  html: string;
  recipient: TemplateRecipient;
  fileName: string;
}

/**
 * The dunning letter of one student at a level: the school's template dunning_{level} (its
 * override, else the system text; the one placeholder resolver) with ##amount## = the open
 * sum of the dunned items and ##duedate## = the earliest due date of them, followed by the
 * items (receipt, date, due date, amount, open). The address is the invoice address when
 * there is one.
 */
export async function dunningLetter(
  tx: Queryable,
  files: Pick<FileStore, 'read'>,
  input: { level: DunningLevel; items: readonly DunningItem[]; userId: number; now: Date },
): Promise<DunningLetter> {
  const first = input.items[0]!;
  const open = input.items.reduce((sum, item) => sum + item.o, 0);
  const earliest = input.items.map((item) => item.dd).sort()[0]!;
  const filled = await fillTemplateForEntity(
    tx,
    { userId: input.userId, now: input.now },
    {
      systemKey: `dunning_${input.level}`,
      targetType: TEMPLATE_TARGET.student,
      entityId: first.stid,
      extra: { amount: formatCents(open, first.cur), duedate: formatIsoDate(earliest) },
    },
  );
  const rows = input.items
    .map(
      (item) =>
        `<li>Rechnung Nr. ${item.rno} vom ${formatIsoDate(item.dc)}, fällig am ${formatIsoDate(item.dd)}: ${escapeHtml(formatCents(item.a, item.cur))}, offen ${escapeHtml(formatCents(item.o, item.cur))}</li>`,
    )
    .join('');
  const html = `${filled.html}<h4>Offene Posten</h4><ul>${rows}</ul><p><strong>Gesamt offen: ${escapeHtml(formatCents(open, first.cur))}</strong></p>`;
  const letterhead = await readLetterhead(tx, filled.schoolId, files);
  return {
    subject: filled.subject,
    html,
    recipient: filled.recipient,
    fileName: `Mahnung-${input.level}-${first.stid}.pdf`,
    input: {
      letterhead,
      recipient: [filled.recipient.name, ...filled.recipient.address_lines].filter((line) => line.trim() !== '').slice(0, 9),
      date: input.now.toISOString().slice(0, 10),
      subject: filled.subject,
      contentHtml: html,
      meta: { title: filled.subject, author: letterhead.headerLines?.[0] },
    },
  };
}

/**
 * Queues the letter as a mail to the student (the one mail sender: the school's from, copies
 * and signature, or the user's own settings), the letter attached as PDF; recorded in the
 * student's timeline (sent_mails). Answers the outbox id; deliver it after the commit.
 */
export async function queueDunningMail(
  tx: Queryable,
  app: FastifyInstance,
  mail: { letter: DunningLetter; to: string; sender: MailSenderUser; schoolId: number; studentId: number; senderId: number; dunningId: number },
): Promise<number> {
  const config = await readConfigValues(tx, mail.schoolId, ['mail_from', 'mail_cc', 'mail_bcc', 'mail_sig']);
  const from = resolveSender(config, mail.sender, app.config.mailFrom);
  const pdf = await renderLetter(mail.letter.input);
  return app.mailer.queue(tx, {
    to: mail.to,
    subject: mail.letter.subject,
    html: withSignature(mail.letter.html, from.signatureHtml),
    kind: 'dunning',
    userId: null,
    from: from.from,
    cc: from.cc,
    bcc: from.bcc,
    schoolId: mail.schoolId,
    about: { type: 'student', id: mail.studentId, senderId: mail.senderId },
    attachments: [{ filename: mail.letter.fileName, contentType: 'application/pdf', content: pdf }],
  });
}
