import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/index.js';

/**
 * Fixtures of school-owned resources for the generated authorization matrix: a route that
 * declares `config.access.scopedId.resource = 'x'` needs `registerResource('x', ...)`
 * here, creating such a row in the given school and returning its id. The matrix then
 * checks that a user of another school gets 404 for it. A missing fixture fails the test.
 */
export type ResourceFixture = (db: Db, schoolId: number) => Promise<number | string>;

const fixtures = new Map<string, ResourceFixture>();

/** Registers the fixture of a resource name. */
export function registerResource(name: string, fixture: ResourceFixture): void {
  fixtures.set(name, fixture);
}

/** The fixture of a resource, or undefined when none is registered. */
export function resourceFixture(name: string): ResourceFixture | undefined {
  return fixtures.get(name);
}

// ---- fixtures (add yours below) -------------------------------------------------------

// Business resources (api/test/business owner).
registerResource('ticket', async (db, schoolId) => {
  // Mode 1 (support request): the mode a generated request picks first for `m`.
  const ticket = await db.query<{ id: number }>(
    "INSERT INTO tickets (school_id, mode, type, tsid, subject) VALUES ($1, 1, 4, 1, 'Fixture ticket') RETURNING id",
    [schoolId],
  );
  const id = ticket.rows[0]!.id;
  await db.query(
    "INSERT INTO ticket_messages (school_id, ticket_id, sender_name, message) VALUES ($1, $2, 'Fixture', 'Fixture message')",
    [schoolId, id],
  );
  return id;
});

// Issue 5 resources: income, expense, ticket attachments, news and news files.
registerResource('income', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO income (school_id, payment_cat_id, payment_method_id, payment_date, amount, annotation)
     VALUES ($1, 2, 3, '2026-11-02', 4500, 'Fixture income') RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

registerResource('expense', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO expense (school_id, name, expense_cat_id, payment_date, amount, tax_percent)
     VALUES ($1, 'Fixture expense', 1, '2026-11-02', 12000, 20) RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

registerResource('ticket_file', async (db, schoolId) => {
  const ticketId = await resourceFixture('ticket')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    `INSERT INTO ticket_files (school_id, ticket_id, file_key, name, size, mime)
     VALUES ($1, $2, 'ab/ab000000000000000000000000000000', 'fixture.pdf', 10, 'application/pdf') RETURNING id`,
    [schoolId, ticketId],
  );
  return row.rows[0]!.id;
});

registerResource('news', async (db, schoolId) => {
  // Owned by the school and shown only to it (visibility 1).
  const row = await db.query<{ content_id: number }>(
    "INSERT INTO news (school_id, visibility, title) VALUES ($1, 1, 'Fixture news') RETURNING content_id",
    [schoolId],
  );
  return row.rows[0]!.content_id;
});

registerResource('news_file', async (db, schoolId) => {
  const newsId = await resourceFixture('news')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    `INSERT INTO news_files (school_id, news_id, name, ext, mime, size, is_image, file_key)
     VALUES ($1, $2, 'fixture.pdf', 'pdf', 'application/pdf', 10, false, 'cd/cd000000000000000000000000000000') RETURNING id`,
    [schoolId, newsId],
  );
  return row.rows[0]!.id;
});

// Issue 4 resources: students and what hangs on them (notes, documents, picture), reminders.
registerResource('student', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
     VALUES ($1, 1, 'Fixture', 'Student', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

registerResource('student_note', async (db, schoolId) => {
  const studentId = await resourceFixture('student')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    "INSERT INTO student_notes (school_id, student_id, type, text) VALUES ($1, $2, 1, 'Fixture note') RETURNING id",
    [schoolId, studentId],
  );
  return row.rows[0]!.id;
});

registerResource('student_document', async (db, schoolId) => {
  const studentId = await resourceFixture('student')!(db, schoolId);
  const id = randomBytes(16).toString('hex');
  const row = await db.query<{ id: number }>(
    `INSERT INTO student_documents (school_id, student_id, tid, name, ext, mime, size, file_key)
     VALUES ($1, $2, 1, 'fixture.pdf', 'pdf', 'application/pdf', 10, $3) RETURNING id`,
    [schoolId, studentId, `${id.slice(0, 2)}/${id}`],
  );
  return row.rows[0]!.id;
});

/** Answers the `f` parameter of /api-cubic/image for the fixture student's picture. */
registerResource('student_picture', async (db, schoolId) => {
  const studentId = await resourceFixture('student')!(db, schoolId);
  const hash = randomBytes(32).toString('hex');
  const id = randomBytes(16).toString('hex');
  await db.query(
    `INSERT INTO student_pictures (student_id, school_id, hash, file_key, mime, width, height, size)
     VALUES ($1, $2, $3, $4, 'image/jpeg', 10, 10, 100)`,
    [studentId, schoolId, hash, `${id.slice(0, 2)}/${id}`],
  );
  await db.query('UPDATE students SET picture_hash = $2 WHERE id = $1', [studentId, hash]);
  return `${hash}-200x0`;
});

registerResource('reminder', async (db, schoolId) => {
  const studentId = await resourceFixture('student')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    `INSERT INTO reminders (school_id, date_deadline, subject, student_id) VALUES ($1, '2026-11-30', 'Fixture reminder', $2) RETURNING id`,
    [schoolId, studentId],
  );
  return row.rows[0]!.id;
});

// Issue 16 (microsite): a school id itself (routes taking ?sid), albums, album images, team photos.
registerResource('school', async (_db, schoolId) => schoolId);

registerResource('album', async (db, schoolId) => {
  const row = await db.query<{ content_id: number }>(
    "INSERT INTO albums (school_id, visibility, title) VALUES ($1, 1, 'Fixture album') RETURNING content_id",
    [schoolId],
  );
  return row.rows[0]!.content_id;
});

registerResource('album_image', async (db, schoolId) => {
  const albumId = await resourceFixture('album')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    `INSERT INTO album_files (school_id, album_id, name, mime, size, width, height, file_key)
     VALUES ($1, $2, 'fixture.jpg', 'image/jpeg', 10, 10, 10, 'ab/ab000000000000000000000000000001') RETURNING id`,
    [schoolId, albumId],
  );
  return `${row.rows[0]!.id}-0x200`;
});

registerResource('team_photo', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO team_photos (school_id, mno, mime, file_key) VALUES ($1, 'AT-FIXTURE', 'image/jpeg', 'ab/ab000000000000000000000000000002') RETURNING id`,
    [schoolId],
  );
  return `${row.rows[0]!.id}-0x200`;
});

// Issue 11 (configuration): an uploaded logo of a school.
registerResource('config_image', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO config_images (school_id, key, mime, width, height, file_key) VALUES ($1, 'pr_logo', 'image/png', 10, 10, 'ab/fixture') RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

// Issue 11: custom templates (one school).
registerResource('template', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    "INSERT INTO templates (name, type, subject, content) VALUES ('Fixture template', 2, 'Betreff', '<p>Hallo ##firstname##</p>') RETURNING id",
  );
  const id = row.rows[0]!.id;
  await db.query('INSERT INTO template_schools (template_id, school_id) VALUES ($1, $2)', [id, schoolId]);
  return id;
});

// Issue 15: leads.
registerResource('lead', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    "INSERT INTO leads (school_id, salutation_id, firstname, lastname, first_contact) VALUES ($1, 1, 'Fixture', 'Lead', '2026-11-02') RETURNING id",
    [schoolId],
  );
  return row.rows[0]!.id;
});

// Issue 12: school contract templates (unused, so a DELETE by its own school would succeed).
registerResource('contract_template', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO contract_templates (school_id, name, pay_interval, country_iso, amount_gross, tax_percent,
                                     c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
     VALUES ($1, 'Fixture contract', 1, 'at', 6900, 20, 12, 1, 1, 1) RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

// Issue 15 part G (lead flow): appointments, lead invitations.
registerResource('appointment', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    "INSERT INTO appointments (school_id, type, ds, de) VALUES ($1, 1, now() + interval '7 days', now() + interval '7 days 2 hours') RETURNING id",
    [schoolId],
  );
  return row.rows[0]!.id;
});

registerResource('lead_invitation', async (db, schoolId) => {
  const lead = await db.query<{ id: number }>("INSERT INTO leads (school_id, lastname) VALUES ($1, 'Fixture') RETURNING id", [schoolId]);
  const row = await db.query<{ id: number }>(
    `INSERT INTO lead_invitations (school_id, lead_id, type, transport, subject, html, send_at, sent_at, status)
     VALUES ($1, $2, 1, 3, 'Einladung', '<p>Einladung</p>', now(), now(), 2) RETURNING id`,
    [schoolId, lead.rows[0]!.id],
  );
  return row.rows[0]!.id;
});

// Issue 12 (accounts): a bank account of the school (not main: the school may have one already).
registerResource('account', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO accounts (school_id, name, sepa_name, sepa_iban, sepa_bic, sepa_bank)
     VALUES ($1, 'Fixture account', 'Fixture school', 'DE89370400440532013000', 'COBADEFFXXX', 'Commerzbank') RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

// Issue 12: a conclusion (not activated) of the school, for every /api-conclusion route with ?id.
registerResource('conclusion', async (db, schoolId) => {
  const row = await db.query<{ id: number }>(
    `INSERT INTO conclusions (school_id, firstname, lastname, created_by_name, contract_start, birthdate)
     VALUES ($1, 'Fixture', 'Conclusion', 'Fixture', '2026-12-01', '1990-05-17') RETURNING id`,
    [schoolId],
  );
  return row.rows[0]!.id;
});

// Issue 13 resources (student money): a receipt and a dunning row of a fixture student.
registerResource('receipt', async (db, schoolId) => {
  const studentId = await resourceFixture('student')!(db, schoolId);
  const row = await db.query<{ rno: string }>(
    `INSERT INTO receipts (school_id, student_id, kind, text, date_due, amount) VALUES ($1, $2, 'GT', 'Fixture receipt', '2026-11-01', 4900) RETURNING rno`,
    [schoolId, studentId],
  );
  return Number(row.rows[0]!.rno);
});

registerResource('dunning', async (db, schoolId) => {
  const rno = await resourceFixture('receipt')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    `INSERT INTO dunnings (school_id, student_id, dunning_level, amount, receipt_nos)
     SELECT school_id, student_id, 1, amount, ARRAY[rno] FROM receipts WHERE rno = $1 RETURNING id`,
    [rno],
  );
  return row.rows[0]!.id;
});

// Issue 13: a student contract (contracts tab, cancellation, skip fee). Status 1, not cancelled.
registerResource('student_contract', async (db, schoolId) => {
  const studentId = await resourceFixture('student')!(db, schoolId);
  const row = await db.query<{ id: number }>(
    `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, due_date, contract_start, amount_gross,
                                    pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
     VALUES ($1, $2, 1, 2, '2026-01-01', '2026-01-01', 4900, 1, 12, 3, 1, 1) RETURNING id`,
    [schoolId, studentId],
  );
  return row.rows[0]!.id;
});

// Issue 14: a bank movement entered by hand on an account of the school.
registerResource('bank_movement', async (db, schoolId) => {
  const account = await db.query<{ id: number }>(
    `INSERT INTO accounts (school_id, name, sepa_name, sepa_iban, sepa_bic, sepa_bank, is_main)
     VALUES ($1, 'Fixture bank account', 'Fixture', 'AT611904300234573201', 'BKAUATWW', 'Fixture Bank', false) RETURNING id`,
    [schoolId],
  );
  const row = await db.query<{ id: number }>(
    `INSERT INTO bank_movements (school_id, account_id, booking_date, amount, credit, currency, counterparty_name, remittance)
     VALUES ($1, $2, '2026-11-02', 4900, true, 'EUR', 'Fixture sender', 'Fixture purpose') RETURNING id`,
    [schoolId, account.rows[0]!.id],
  );
  return row.rows[0]!.id;
});
