import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.js';
import { backends, createSchool, createTestApp, type TestApp } from '../../../test/support/test-app.js';
import { MAX_ATTACHMENT_BYTES, MailTooLargeError, type MailMessage } from '../mailer.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x41), Buffer.from('\n%%EOF\n')]);

const letter = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'eva.muster@example.test',
  subject: 'Ihr Schreiben – Größe & Maß',
  html: '<p>Sehr geehrte Frau Muster,</p><p>anbei <strong>Ihr Brief</strong>.</p><ul><li>eins</li></ul>',
  kind: 'document',
  userId: null,
  from: 'Kampfkunst Wien <office@wien.example.test>',
  cc: ['copy@example.test'],
  bcc: ['archive@example.test', 'boss@example.test'],
  attachments: [{ filename: 'Brief Müller.pdf', contentType: 'application/pdf', content: PDF }],
  ...overrides,
});

/** The one mail sender (issue 11 "Mail"): a local SMTP server in the test process receives what it sends. */
describe.each(backends())('the mailer on %s', (backend) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ backend, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Back Office <no-reply@example.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.refuse(false);
    smtp.received.length = 0;
  });

  it('sends from, cc, bcc (envelope only), subject, HTML and text, and the PDF attachment; the outbox records it as sent', async () => {
    const school = await createSchool(t.db, 'Wien Mail');
    await t.app.mailer.send(letter({ schoolId: school }));
    await t.app.mailer.idle();
    const [{ envelope, mail }] = await smtp.waitFor(1);
    expect(mail.from?.value).toEqual([{ address: 'office@wien.example.test', name: 'Kampfkunst Wien' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual(['eva.muster@example.test']);
    expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value.map((a) => a.address) : []).toEqual(['copy@example.test']);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(envelope.from).toBe('office@wien.example.test');
    expect(envelope.to.sort()).toEqual(['archive@example.test', 'boss@example.test', 'copy@example.test', 'eva.muster@example.test']);
    expect(mail.subject).toBe('Ihr Schreiben – Größe & Maß');
    expect(mail.html).toContain('<strong>Ihr Brief</strong>');
    expect(mail.text).toContain('Sehr geehrte Frau Muster,');
    expect(mail.text).toContain('- eins');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment.filename).toBe('Brief Müller.pdf');
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(attachment.content, PDF)).toBe(0);

    const stored = await t.db.query<{ sent_at: Date | null; error: string | null; sender: string; cc: string[]; bcc: string[]; school_id: number; n: number; bytes: number }>(
      `SELECT o.sent_at, o.error, o.sender, o.cc, o.bcc, o.school_id, count(a.id)::int AS n, COALESCE(sum(a.size), 0)::int AS bytes
         FROM outbox o LEFT JOIN outbox_attachments a ON a.outbox_id = o.id
        WHERE o.recipient = 'eva.muster@example.test' GROUP BY o.id ORDER BY o.id DESC LIMIT 1`,
    );
    expect(stored.rows[0]).toMatchObject({ error: null, sender: 'Kampfkunst Wien <office@wien.example.test>', cc: ['copy@example.test'], school_id: school, n: 1, bytes: PDF.length });
    expect(stored.rows[0].bcc.sort()).toEqual(['archive@example.test', 'boss@example.test']);
    expect(stored.rows[0].sent_at).not.toBeNull();
  });

  it('a mail without a From gets the server MAIL_FROM; the password-link mail still arrives as text', async () => {
    await t.app.mailer.send({ to: 'plain@example.test', subject: 'Hallo', text: 'Nur Text', kind: 'test', userId: null });
    await t.app.mailer.idle();
    const [{ mail }] = await smtp.waitFor(1);
    expect(mail.from?.value[0].address).toBe('no-reply@example.test');
    expect(mail.text?.trim()).toBe('Nur Text');
    expect(mail.html).toBe(false);
  });

  it('records a delivery failure on the outbox row and never throws to the caller', async () => {
    smtp.refuse(true);
    await expect(t.app.mailer.send(letter({ to: 'refused@example.test', cc: [], bcc: [] }))).resolves.toBeUndefined();
    await t.app.mailer.idle();
    const row = await t.db.query<{ sent_at: Date | null; error: string | null }>(
      "SELECT sent_at, error FROM outbox WHERE recipient = 'refused@example.test'",
    );
    expect(row.rows[0].sent_at).toBeNull();
    expect(row.rows[0].error).toMatch(/550|mailbox/i);
    expect(smtp.received).toHaveLength(0);
  });

  it('queue + deliver: a rolled-back transaction sends nothing, a committed one sends once however often delivered', async () => {
    let queued = 0;
    await expect(
      t.db.transaction(async (tx) => {
        queued = await t.app.mailer.queue(tx, letter({ to: 'rolled-back@example.test' }));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    t.app.mailer.deliver(queued);
    const id = await t.db.transaction((tx) => t.app.mailer.queue(tx, letter({ to: 'once@example.test' })));
    t.app.mailer.deliver(id);
    t.app.mailer.deliver(id);
    await t.app.mailer.idle();
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received.map((r) => r.envelope.to.includes('once@example.test'))).toEqual([true]);
    expect((await t.db.query("SELECT 1 FROM outbox WHERE recipient = 'rolled-back@example.test'")).rows).toHaveLength(0);
  });

  it('refuses attachments over the bound and stores nothing', async () => {
    const big = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x20);
    await expect(
      t.app.mailer.send(letter({ to: 'too-big@example.test', attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: big }] })),
    ).rejects.toBeInstanceOf(MailTooLargeError);
    expect((await t.db.query("SELECT 1 FROM outbox WHERE recipient = 'too-big@example.test'")).rows).toHaveLength(0);
  });
});
