import { verifyPassword } from '../../auth/password.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../demo.js';
import { isValidCreditorId, isValidIban } from '../iban.js';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/support/test-db.js';

jest.setTimeout(60_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/** A digest of the business data, to compare two seeds. */
async function fingerprint(t: TestDatabase): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    students: `SELECT md5(string_agg(concat_ws('|', id, school_id, firstname, lastname, dob, student_status_id, e_member_status_id, mno, street, zip, lat, long), ',' ORDER BY id)) AS d FROM students`,
    receipts: `SELECT md5(string_agg(concat_ws('|', rno, student_id, kind, type, date_due, amount, paid, dunning_level, created_at), ',' ORDER BY rno)) AS d FROM receipts`,
    income: `SELECT md5(string_agg(concat_ws('|', id, school_id, payment_date, amount, payment_cat_id), ',' ORDER BY id)) AS d FROM income`,
    accounts: `SELECT md5(string_agg(concat_ws('|', id, sepa_iban, sepa_ci), ',' ORDER BY id)) AS d FROM accounts`,
    reminders: `SELECT md5(string_agg(concat_ws('|', id, date_deadline, subject, date_done), ',' ORDER BY id)) AS d FROM reminders`,
  };
  const out: Record<string, string> = {};
  for (const [name, sql] of Object.entries(queries)) out[name] = (await t.db.query<{ d: string }>(sql)).rows[0]!.d;
  return out;
}

describe.each(backends())('demo seed on %s', (backend) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await seedDemo(t.db, { now: NOW });
  });

  afterAll(async () => {
    await t?.destroy();
  });

  const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

  it('creates four schools: Wien-Mitte and Graz in Austria, München and Berlin in Germany', async () => {
    const res = await t.db.query<{ name: string; country: string; lat: number }>('SELECT name, country, lat FROM schools ORDER BY id');
    expect(res.rows.map((r) => r.country)).toEqual(['at', 'at', 'de', 'de']);
    expect(res.rows.map((r) => r.name)).toEqual([
      expect.stringContaining('Wien-Mitte'), expect.stringContaining('Graz'), expect.stringContaining('München'), expect.stringContaining('Berlin'),
    ]);
    for (const row of res.rows) expect(row.lat).toBeGreaterThan(45);
  });

  it('has every student status in every school and several network member statuses', async () => {
    const res = await t.db.query<{ school_id: number; statuses: number[] }>(
      'SELECT school_id, array_agg(DISTINCT student_status_id ORDER BY student_status_id) AS statuses FROM students GROUP BY school_id',
    );
    expect(res.rows).toHaveLength(4);
    for (const row of res.rows) expect(row.statuses).toEqual([1, 2, 3, 4, 5, 6]);
    const perSchool = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM students GROUP BY school_id');
    for (const row of perSchool.rows) expect(row.n).toBe(40);
    expect(await count('SELECT count(DISTINCT e_member_status_id)::int AS n FROM students')).toBeGreaterThanOrEqual(5);
    // Provisional students are not yet known to the network.
    expect(await count('SELECT count(*)::int AS n FROM students WHERE student_status_id = 1 AND mno IS NOT NULL')).toBe(0);
  });

  it('has every lead status in every school', async () => {
    const res = await t.db.query<{ statuses: number[] }>(
      'SELECT array_agg(DISTINCT lead_status_id ORDER BY lead_status_id) AS statuses FROM leads GROUP BY school_id',
    );
    expect(res.rows).toHaveLength(4);
    for (const row of res.rows) expect(row.statuses).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives every bank account and SEPA mandate a valid IBAN and every main account a valid creditor id', async () => {
    const accounts = await t.db.query<{ school_id: number; sepa_iban: string; sepa_ci: string | null; is_main: boolean }>('SELECT school_id, sepa_iban, sepa_ci, is_main FROM accounts');
    expect(new Set(accounts.rows.map((r) => r.school_id)).size).toBe(4);
    for (const row of accounts.rows) {
      expect(isValidIban(row.sepa_iban)).toBe(true);
      if (row.is_main) expect(isValidCreditorId(row.sepa_ci!)).toBe(true);
    }
    const mandates = await t.db.query<{ sepa_iban: string }>('SELECT sepa_iban FROM student_contracts WHERE payment_method_id = 1');
    expect(mandates.rows.length).toBeGreaterThan(50);
    for (const row of mandates.rows) expect(isValidIban(row.sepa_iban)).toBe(true);
  });

  it('has consistent money: open and archived receipts, paid = assigned payments', async () => {
    expect(await count('SELECT count(*)::int AS n FROM receipts WHERE type = 1')).toBeGreaterThan(10);
    expect(await count('SELECT count(*)::int AS n FROM receipts WHERE type = 2')).toBeGreaterThan(100);
    expect(await count('SELECT count(*)::int AS n FROM receipts WHERE dunning_level > 0')).toBeGreaterThan(0);
    expect(await count(
      `SELECT count(*)::int AS n FROM receipts r
        WHERE r.paid <> COALESCE((SELECT sum(a.amount) FROM payment_assignments a WHERE a.rno = r.rno), 0)`,
    )).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM receipts WHERE type = 2 AND kind <> $1 AND rrno IS NULL AND paid + credited <> amount', ['CN'])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM receipts WHERE type = 1 AND rrno IS NULL AND paid + credited >= amount')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM payments WHERE payment_date > $1::date', ['2026-11-21'])).toBe(0);
    // The balance on the student row: receipts − credit notes − assigned payments.
    expect(await count(
      `SELECT count(*)::int AS n FROM students s
        WHERE s.balance <> COALESCE((SELECT sum(r.amount - r.paid) FROM receipts r WHERE r.student_id = s.id), 0)`,
    )).toBe(0);
  });

  it('places reminders around today: overdue, due today, this week, later and done', async () => {
    const today = '2026-11-21';
    expect(await count('SELECT count(*)::int AS n FROM reminders WHERE date_done IS NULL AND date_deadline < $1::date', [today])).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM reminders WHERE date_done IS NULL AND date_deadline = $1::date', [today])).toBe(4);
    expect(await count('SELECT count(*)::int AS n FROM reminders WHERE date_done IS NULL AND date_deadline > $1::date + 7', [today])).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM reminders WHERE date_done IS NOT NULL AND user_done IS NOT NULL')).toBeGreaterThan(0);
  });

  it('books income and expense in each of the last 14 months', async () => {
    for (const table of ['income', 'expense']) {
      expect(await count(`SELECT count(DISTINCT to_char(payment_date, 'YYYY-MM'))::int AS n FROM ${table} WHERE payment_date > '2025-09-30'`)).toBe(14);
      expect(await count(`SELECT count(*)::int AS n FROM ${table} WHERE payment_date > '2026-11-21'`)).toBe(0);
    }
  });

  it('has news of each visibility and tickets of both modes with messages', async () => {
    const vis = await t.db.query<{ v: number[] }>('SELECT array_agg(DISTINCT visibility ORDER BY visibility) AS v FROM news');
    expect(vis.rows[0]!.v).toEqual([1, 3, 4]);
    expect(await count('SELECT count(*)::int AS n FROM news_schools')).toBeGreaterThan(0);
    const modes = await t.db.query<{ school_id: number; modes: number[] }>('SELECT school_id, array_agg(DISTINCT mode ORDER BY mode) AS modes FROM tickets GROUP BY school_id');
    expect(modes.rows).toHaveLength(4);
    for (const row of modes.rows) expect(row.modes).toEqual([1, 2]);
    expect(await count('SELECT count(*)::int AS n FROM tickets t WHERE NOT EXISTS (SELECT 1 FROM ticket_messages m WHERE m.ticket_id = t.id)')).toBe(0);
  });

  it("fills the network's member register: the superadmin's number, a team per school, every student with a number", async () => {
    const admin = await t.db.query<{ lastname: string; dob: string }>(`SELECT lastname, dob FROM network_members WHERE mno = 'AT-100001'`);
    expect(admin.rows).toEqual([{ lastname: 'Hofer', dob: '1979-03-14' }]);
    const graded = await t.db.query<{ school_id: number; n: number }>(
      'SELECT school_id, count(*)::int AS n FROM network_members WHERE grade IS NOT NULL GROUP BY school_id ORDER BY school_id',
    );
    expect(graded.rows.map((r) => r.n)).toEqual([4, 3, 3, 3]);
    expect(await count('SELECT count(*)::int AS n FROM students s WHERE s.mno IS NOT NULL AND NOT EXISTS (SELECT 1 FROM network_members m WHERE m.mno = s.mno AND m.dob = s.dob)')).toBe(0);
  });

  it('creates the demo users with their levels, roles, schools and password demo1234', async () => {
    const users = await t.db.query<{ username: string; level: number; school_access: number; role_name: string | null; atoms: string[] | null; password_hash: string; mno: string | null; schools: string[] }>(
      `SELECT u.username, u.level, u.school_access, r.role_name, r.atoms, u.password_hash, u.mno,
              ARRAY(SELECT s.name FROM user_schools us JOIN schools s ON s.id = us.school_id WHERE us.user_id = u.id) AS schools
         FROM users u LEFT JOIN roles r ON r.id = u.role_id ORDER BY u.id`,
    );
    expect(users.rows.map((u) => [u.username, u.level])).toEqual(DEMO_USERS.map((u) => [u.username, u.level]));
    const byName = Object.fromEntries(users.rows.map((u) => [u.username, u]));
    expect(byName.admin!.mno).toBe('AT-100001');
    expect(byName.admin!.school_access).toBe(1);
    expect(byName.office!.role_name).toBe('Büro');
    expect(byName.office!.atoms).toEqual(expect.arrayContaining(['student_w', 'finance_d', 'conclusion_w', 'lead_d', 'reminder_r', 's_account_w', 'template_d']));
    expect(byName.office!.atoms).not.toContain('c_news_r');
    expect([...byName.finance!.atoms!].sort()).toEqual(['finance_d', 'finance_r', 'finance_w', 'student_r']);
    expect([...byName.trainer!.atoms!].sort()).toEqual(['reminder_r', 'student_r']);
    expect(byName.trainer!.school_access).toBe(2);
    expect(byName.trainer!.schools).toEqual([expect.stringContaining('Graz')]);
    expect(await verifyPassword(byName.trainer!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(byName.trainer!.password_hash, 'wrong')).toBe(false);
  });

  it('is deterministic: the same "now" gives the same data', async () => {
    const second = await createTestDatabase(backend);
    try {
      await seedDemo(second.db, { now: NOW });
      expect(await fingerprint(second)).toEqual(await fingerprint(t));
    } finally {
      await second.destroy();
    }
  });
});
