import { pdfText } from '../../../../test/support/pdf-tools.js';
import { startTestSmtp, type TestSmtp } from '../../../../test/support/smtp.js';
import { backends, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { writeConfigValue } from '../../config/repository.js';

jest.setTimeout(180_000);

/**
 * Document from template (issue 11): the edited text filled for a student as the school's
 * letter (PDF download) and by mail with the PDF attached, through the one mail sender.
 */
describe.each(backends())('document from template on %s', (backend) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let wien: number;
  let graz: number;
  let student: number;
  let noMail: number;
  let templateId: number;
  const cookies: Record<string, string> = {};

  const call = (url: string, user: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url, payload, headers: { cookie: cookies[user]!, ...headers } });
  const body = (overrides: Record<string, unknown> = {}) => ({
    id: templateId,
    oid: student,
    type: 2,
    subject: 'Willkommen, ##firstname##',
    content: '<p>##salutation##</p><p>schön, dass Sie da sind. Ihre Nummer: ##memberno##</p>',
    ...overrides,
  });
  const outboxCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0].n;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ backend, env: { SMTP_URL: smtp.url } });
    wien = await createSchool(t.db, 'Kampfkunst Wien');
    graz = await createSchool(t.db, 'Kampfkunst Graz');
    const insert = async (email: string | null) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO students (school_id, salutation_id, firstname, lastname, email, street, house_no, zip, city, mno)
           VALUES ($1, 1, 'Erika', 'Müller', $2, 'Hauptstraße', '1', '1010', 'Wien', 'AT-777') RETURNING id`,
          [wien, email],
        )
      ).rows[0].id;
    student = await insert('erika@example.test');
    noMail = await insert(null);
    const wienUser = await t.loginAs({ atoms: ['template_r', 'template_w', 'student_r'], schools: [wien] });
    await t.db.query("UPDATE users SET firstname = 'Sara', lastname = 'Sender' WHERE id = $1", [wienUser.id]);
    cookies.wien = wienUser.cookie;
    cookies.graz = (await t.loginAs({ atoms: ['template_r', 'student_r'], schools: [graz] })).cookie;
    cookies.noStudent = (await t.loginAs({ atoms: ['template_r', 'lead_r'], schools: [wien] })).cookie;
    cookies.noTemplate = (await t.loginAs({ atoms: ['student_r'], schools: [wien] })).cookie;
    await t.db.transaction(async (tx) => {
      await writeConfigValue(tx, wien, 'pr_sender', 'Kampfkunst Wien · Ringstraße 5 · 1010 Wien', wienUser.id);
      await writeConfigValue(tx, wien, 'mail_from', 'Kampfkunst Wien <office@wien.example.test>', wienUser.id);
      await writeConfigValue(tx, wien, 'mail_cc', ['kopie@wien.example.test'], wienUser.id);
      await writeConfigValue(tx, wien, 'mail_bcc', ['archiv@wien.example.test'], wienUser.id);
      await writeConfigValue(tx, wien, 'mail_sig', '<p>Ihr Team der Kampfkunst Wien</p>', wienUser.id);
    });
    const created = await t.request({
      method: 'POST',
      url: '/api-template/data',
      payload: { name: 'Begrüßungsbrief', schools: [wien], type: 2, subject: 'x', content: '<p>x</p>' },
      headers: { cookie: cookies.wien },
    });
    expect(created.statusCode).toBe(200);
    templateId = created.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("answers the edited text as the school's letter: a PDF download with safe headers, the student's name, the sender line, no ##", async () => {
    const res = await call('/api-template/doc-pdf', 'wien', body());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;.*Begruessungsbrief\.pdf/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Erika Müller');
    expect(text).toContain('Kampfkunst Wien · Ringstraße 5 · 1010 Wien');
    expect(text).toContain('Sehr geehrte Frau Müller,');
    expect(text).toContain('Willkommen, Erika');
    expect(text).toContain('AT-777');
    expect(text).not.toContain('##');
  });

  it('refuses placeholders left unresolved (400 {error: 50}) and an empty subject (400), sending nothing', async () => {
    const before = await outboxCount();
    const unknown = await call('/api-template/doc-pdf', 'wien', body({ content: '<p>##gibtsnicht##</p>' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 50 });
    expect((await call('/api-template/doc-mail', 'wien', body({ subject: 'Hallo ##nix##' }))).json()).toMatchObject({ error: 50 });
    expect((await call('/api-template/doc-mail', 'wien', body({ subject: '  ' }))).statusCode).toBe(400);
    expect((await call('/api-template/doc-pdf', 'wien', { ...body(), extra: 1 })).statusCode).toBe(400);
    expect((await call('/api-template/doc-pdf', 'wien', body({ id: 'kein_schluessel' }))).statusCode).toBe(400);
    expect(await outboxCount()).toBe(before);
  });

  it('sends the mail with the PDF attached from the configured sender, copies and signature; the timeline shows it; a double click sends one', async () => {
    smtp.received.length = 0;
    const key = 'doc-mail-key-0001';
    const [first, second] = await Promise.all([
      call('/api-template/doc-mail', 'wien', body(), { 'idempotency-key': key }),
      call('/api-template/doc-mail', 'wien', body(), { 'idempotency-key': key }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ success: true, to: 'erika@example.test' });
    const third = await call('/api-template/doc-mail', 'wien', body(), { 'idempotency-key': key });
    expect(third.json()).toEqual(first.json());
    await t.app.mailer.idle();
    const [{ envelope, mail }] = await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(1);
    expect(mail.from?.value[0]).toEqual({ address: 'office@wien.example.test', name: 'Kampfkunst Wien' });
    expect(mail.subject).toBe('Willkommen, Erika');
    expect(envelope.to.sort()).toEqual(['archiv@wien.example.test', 'erika@example.test', 'kopie@wien.example.test']);
    expect(mail.html).toContain('Sehr geehrte Frau Müller,');
    expect(mail.html).toContain('Ihr Team der Kampfkunst Wien');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'Begruessungsbrief.pdf', contentType: 'application/pdf' });
    expect(mail.attachments[0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(mail.attachments[0].content)).toContain('Erika Müller');

    const timeline = await t.request({ method: 'GET', url: `/api-student/timeline?id=${student}`, headers: { cookie: cookies.wien } });
    const entries = timeline.json<{ kind: string; text: string; author: string; mail: { to: string; attachments: string[]; status: string } }[]>();
    expect(entries.filter((entry) => entry.kind === 'mail')).toEqual([
      expect.objectContaining({ text: 'Willkommen, Erika', author: 'Sara Sender', mail: { to: 'erika@example.test', attachments: ['Begruessungsbrief.pdf'], status: 'sent' } }),
    ]);
  });

  it('refuses a student without an e-mail address (400 {error: 55}) and sends nothing', async () => {
    const before = await outboxCount();
    const res = await call('/api-template/doc-mail', 'wien', body({ oid: noMail }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 55 });
    expect(await outboxCount()).toBe(before);
  });

  it("another school's user gets 404, users without student_r or template_r 403; nothing is sent", async () => {
    const before = await outboxCount();
    expect((await call('/api-template/doc-pdf', 'graz', body())).statusCode).toBe(404);
    expect((await call('/api-template/doc-mail', 'graz', body())).statusCode).toBe(404);
    expect((await call('/api-template/doc-mail', 'noStudent', body())).statusCode).toBe(403);
    expect((await call('/api-template/doc-pdf', 'noTemplate', body())).statusCode).toBe(403);
    expect(await outboxCount()).toBe(before);
  });
});
