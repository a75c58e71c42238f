import { backends, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

interface TimelineRow {
  kind: string;
  text: string;
  author: string;
  editable: boolean;
  mail?: { to: string; attachments: string[]; status: string } | null;
}

/**
 * Issue 11 "Mail": every mail about an entity is recorded (who, what, to whom, when) and shown
 * in the entity's timeline; the outbox shows it with its copies and attachments to the
 * admins of the school it was sent for, and to no one else.
 */
describe.each(backends())('sent mails on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  let student: number;
  let sender: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ backend });
    wien = await createSchool(t.db, 'Wien');
    graz = await createSchool(t.db, 'Graz');
    student = (
      await t.db.query<{ id: number }>("INSERT INTO students (school_id, firstname, lastname, email) VALUES ($1, 'Eva', 'Muster', 'eva@example.test') RETURNING id", [wien])
    ).rows[0].id;
    sender = await t.loginAs({ level: 3, atoms: ['student_r', 'template_r'], schools: [wien] });
    await t.db.query("UPDATE users SET firstname = 'Sara', lastname = 'Sender' WHERE id = $1", [sender.id]);
    await t.app.mailer.send({
      to: 'eva@example.test',
      subject: 'Ihre Kündigungsbestätigung',
      html: '<p>Sehr geehrte Frau Muster,</p>',
      kind: 'document',
      userId: null,
      cc: ['copy@example.test'],
      bcc: ['hidden@example.test'],
      schoolId: wien,
      about: { type: 'student', id: student, senderId: sender.id },
      attachments: [{ filename: 'Kündigung.pdf', contentType: 'application/pdf', content: PDF }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the student's timeline shows the mail: subject, sender, recipient, attachment, status (no SMTP: queued)", async () => {
    const res = await t.request({ method: 'GET', url: `/api-student/timeline?id=${student}`, headers: { cookie: sender.cookie } });
    expect(res.statusCode).toBe(200);
    const mail = (res.json() as TimelineRow[]).find((entry) => entry.kind === 'mail');
    expect(mail).toMatchObject({
      text: 'Ihre Kündigungsbestätigung',
      author: 'Sara Sender',
      editable: false,
      mail: { to: 'eva@example.test', attachments: ['Kündigung.pdf'], status: 'queued' },
    });
  });

  it('an admin of the school sees the mail in the outbox with cc, bcc and the attachment, and downloads it with safe headers', async () => {
    const admin = await t.loginAs({ level: 2, schools: [wien] });
    const res = await t.request({ method: 'GET', url: '/api-base/outbox', headers: { cookie: admin.cookie } });
    const mail = (res.json() as { subject: string; cc: string[]; bcc: string[]; html: string; attachments: { id: number; name: string; size: number }[] }[]).find(
      (m) => m.subject === 'Ihre Kündigungsbestätigung',
    )!;
    expect(mail).toMatchObject({ cc: ['copy@example.test'], bcc: ['hidden@example.test'], html: '<p>Sehr geehrte Frau Muster,</p>' });
    expect(mail.attachments).toEqual([expect.objectContaining({ name: 'Kündigung.pdf', size: PDF.length })]);
    const file = await t.request({ method: 'GET', url: `/api-base/outbox/attachment?id=${mail.attachments[0].id}`, headers: { cookie: admin.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("another school's admin sees neither the mail nor its attachment; a level-3 user gets 403", async () => {
    const other = await t.loginAs({ level: 2, schools: [graz] });
    const list = await t.request({ method: 'GET', url: '/api-base/outbox', headers: { cookie: other.cookie } });
    expect((list.json() as { subject: string }[]).map((m) => m.subject)).not.toContain('Ihre Kündigungsbestätigung');
    const id = (await t.db.query<{ id: number }>("SELECT id FROM outbox_attachments WHERE name = 'Kündigung.pdf'")).rows[0].id;
    expect((await t.request({ method: 'GET', url: `/api-base/outbox/attachment?id=${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api-base/outbox/attachment?id=${id}`, headers: { cookie: sender.cookie } })).statusCode).toBe(403);
  });

  it("another school's user does not see the student's timeline", async () => {
    const other = await t.loginAs({ level: 3, atoms: ['student_r'], schools: [graz] });
    const res = await t.request({ method: 'GET', url: `/api-student/timeline?id=${student}`, headers: { cookie: other.cookie } });
    expect([403, 404]).toContain(res.statusCode);
  });
});
