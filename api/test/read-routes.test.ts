import type { FinDash, IeChart, NewsListResponse, ReleaseNote, StudentStatusCount, TicketDetail, TicketListRow, UpcomingReminder } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { backends, createClock, createTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(120_000);

// Demo data is placed relative to this instant; the app's clock stands on it too.
const NOW = new Date('2026-11-21T09:30:00Z');
const TODAY = '2026-11-21';

describe.each(backends())('business read routes on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz' | 'muenchen' | 'berlin', number>;
  const cookies: Record<string, string> = {};

  const get = (url: string, user: string) => t.request({ method: 'GET', url, headers: { cookie: cookies[user]! } });
  const post = (url: string, user: string, payload: unknown) =>
    t.request({ method: 'POST', url, payload: payload as object, headers: { cookie: cookies[user]! } });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    const idOf = (part: string) => rows.find((r) => r.name.includes(part))!.id;
    schools = { wien: idOf('Wien'), graz: idOf('Graz'), muenchen: idOf('München'), berlin: idOf('Berlin') };
    for (const user of ['admin', 'office', 'finance', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    // Users the demo has no counterpart for: restricted to Graz, with the rights these routes need.
    cookies.grazFinance = (await t.loginAs({ atoms: ['finance_r'], schools: [schools.graz] })).cookie;
    cookies.grazContent = (await t.loginAs({ atoms: ['c_news_r', 'e_ticket_r'], schools: [schools.graz] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api-base/release-notes', () => {
    it('gives every signed-in user the release notes in German and English, newest first, and nobody else', async () => {
      const res = await get('/api-base/release-notes', 'trainer');
      expect(res.statusCode).toBe(200);
      const notes = res.json<ReleaseNote[]>();
      expect(notes.length).toBeGreaterThan(0);
      const dates = notes.map((note) => note.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const note of notes) {
        expect(note.version).toMatch(/^\d+\.\d+\.\d+$/);
        expect(note.changes.de.length).toBeGreaterThan(0);
        expect(note.changes.en).toHaveLength(note.changes.de.length);
      }
      const anonymous = await t.request({ method: 'GET', url: '/api-base/release-notes' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api-reminder/upcoming', () => {
    it('lists open reminders due within 7 days or overdue, most urgent first, for all schools of the office user', async () => {
      const res = await get('/api-reminder/upcoming', 'office');
      expect(res.statusCode).toBe(200);
      const rows = res.json<UpcomingReminder[]>();
      const expected = await sql<{ id: number }>(
        `SELECT id FROM reminders WHERE date_done IS NULL AND date_deadline <= $1::date + 7 ORDER BY date_deadline, id`,
        [TODAY],
      );
      expect(rows.map((r) => r.reminder_id)).toEqual(expected.map((r) => r.id));
      expect(rows).toHaveLength(20); // 5 per school: 2 overdue, 1 today, 2 this week
      expect(new Set(rows.map((r) => r.school_id)).size).toBe(4);
      const deadlines = rows.map((r) => r.date_deadline);
      expect([...deadlines].sort()).toEqual(deadlines);
      expect(deadlines[0]! < TODAY).toBe(true);
      expect(deadlines).toContain(TODAY);
      expect(deadlines.every((d) => d <= '2026-11-28')).toBe(true);
      const first = rows[0]!;
      expect(first).toEqual(expect.objectContaining({
        subject: expect.any(String), notes: expect.any(String), username: expect.stringMatching(/^(office|admin)$/),
        date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), date_deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }));
      expect(rows.every((r) => (r.student_id === null) !== (r.lead_id === null) && r.ref_name)).toBe(true);
    });

    it('shows the trainer (Graz only) only the reminders of Graz', async () => {
      const res = await get('/api-reminder/upcoming', 'trainer');
      expect(res.statusCode).toBe(200);
      const rows = res.json<UpcomingReminder[]>();
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => r.school_id === schools.graz)).toBe(true);
      expect(rows.some((r) => r.delegated_username === 'trainer')).toBe(true);
    });

    it('follows the school filter of the user', async () => {
      const filter = await post('/api-base/filter', 'office', { name: 'schools', value: [schools.muenchen] });
      expect(filter.statusCode).toBe(200);
      try {
        const rows = (await get('/api-reminder/upcoming', 'office')).json<UpcomingReminder[]>();
        expect(rows).toHaveLength(5);
        expect(rows.every((r) => r.school_id === schools.muenchen)).toBe(true);
      } finally {
        await post('/api-base/filter', 'office', { name: 'schools', value: [] });
      }
    });

    it("moves with the server's clock: two weeks later the reminders due in 20 days are upcoming too", async () => {
      t.clock.set(new Date('2026-12-05T09:30:00Z'));
      try {
        // The earlier sessions expired in those two weeks.
        cookies.later = await t.login('office', DEMO_PASSWORD);
        const rows = (await get('/api-reminder/upcoming', 'later')).json<UpcomingReminder[]>();
        expect(rows).toHaveLength(24);
        expect(rows[rows.length - 1]!.date_deadline).toBe('2026-12-11');
      } finally {
        t.clock.set(NOW);
      }
    });

    it('refuses users without reminder_r (403) and anonymous callers (401)', async () => {
      expect((await get('/api-reminder/upcoming', 'finance')).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api-reminder/upcoming' })).statusCode).toBe(401);
    });
  });

  describe('GET /api-student/status-counts', () => {
    it('counts the students of every status 1..6 over all schools', async () => {
      const res = await get('/api-student/status-counts', 'office');
      expect(res.statusCode).toBe(200);
      const counts = res.json<StudentStatusCount[]>();
      expect(counts.map((c) => c.status)).toEqual([1, 2, 3, 4, 5, 6]);
      const expected = await sql<{ status: number; n: number }>('SELECT student_status_id AS status, count(*)::int AS n FROM students GROUP BY 1 ORDER BY 1');
      expect(counts.map((c) => c.count)).toEqual(expected.map((e) => e.n));
      expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(160);
    });

    it('counts only Graz for the trainer', async () => {
      const counts = (await get('/api-student/status-counts', 'trainer')).json<StudentStatusCount[]>();
      const expected = await sql<{ status: number; n: number }>(
        'SELECT student_status_id AS status, count(*)::int AS n FROM students WHERE school_id = $1 GROUP BY 1 ORDER BY 1',
        [schools.graz],
      );
      expect(counts.map((c) => c.count)).toEqual(expected.map((e) => e.n));
      expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(40);
    });
  });

  describe('GET /api-fin/dash and /api-fin/ie-chart', () => {
    it('sums receipts, open amounts, income and expense per month of a year', async () => {
      const res = await get('/api-fin/dash?year=2026', 'finance');
      expect(res.statusCode).toBe(200);
      const dash = res.json<FinDash>();
      expect(dash.year).toBe(2026);
      expect(dash.currency).toBe('EUR');
      expect(dash.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      const income = await sql<{ month: number; total: number }>(
        `SELECT extract(month FROM payment_date)::int AS month, sum(amount)::int8 AS total FROM income
          WHERE payment_date BETWEEN '2026-01-01' AND '2026-12-31' GROUP BY 1`,
      );
      for (const row of income) expect(dash.months[row.month - 1]!.income).toBe(row.total);
      const receipts = await sql<{ total: number; open: number }>(
        `SELECT sum(amount)::int8 AS total, COALESCE(sum(amount - paid) FILTER (WHERE type = 1), 0)::int8 AS open FROM receipts
          WHERE created_at >= '2025-12-31T23:00:00Z' AND created_at < '2026-12-31T23:00:00Z'`,
      );
      expect(dash.totals.receipts).toBe(receipts[0]!.total);
      expect(dash.totals.open).toBe(receipts[0]!.open);
      expect(dash.totals.open).toBeGreaterThan(0);
      // Nothing is booked after today.
      expect(dash.months[11]).toEqual({ month: 12, receipts: 0, open: 0, income: 0, expense: 0 });
    });

    it('ie-chart: the 12 months ending at year/month, with sums equal to the SQL sums', async () => {
      const res = await get('/api-fin/ie-chart?year=2026&month=11', 'finance');
      expect(res.statusCode).toBe(200);
      const chart = res.json<IeChart>();
      expect(chart.months).toEqual([
        '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
      ]);
      for (const [table, series] of [['income', chart.in], ['expense', chart.out]] as const) {
        const rows = await sql<{ month: string; total: number }>(
          `SELECT to_char(payment_date, 'YYYY-MM') AS month, sum(amount)::int8 AS total FROM ${table}
            WHERE payment_date >= '2025-12-01' AND payment_date < '2026-12-01' GROUP BY 1`,
        );
        expect(series).toEqual(chart.months.map((m) => rows.find((r) => r.month === m)?.total ?? 0));
      }
      expect(chart.totals.in).toBe(chart.in.reduce((a, b) => a + b, 0));
      expect(chart.totals.out).toBe(chart.out.reduce((a, b) => a + b, 0));
      expect(chart.totals.balance).toBe(chart.totals.in - chart.totals.out);
      expect(chart.totals.in).toBeGreaterThan(0);
    });

    it('ie-chart crosses the year boundary backwards', async () => {
      const chart = (await get('/api-fin/ie-chart?year=2026&month=1', 'finance')).json<IeChart>();
      expect(chart.months[0]).toBe('2025-02');
      expect(chart.months[11]).toBe('2026-01');
    });

    it('a finance user restricted to Graz gets the sums of Graz only', async () => {
      const chart = (await get('/api-fin/ie-chart?year=2026&month=11', 'grazFinance')).json<IeChart>();
      const rows = await sql<{ total: number }>(
        `SELECT sum(amount)::int8 AS total FROM income WHERE school_id = $1 AND payment_date >= '2025-12-01' AND payment_date < '2026-12-01'`,
        [schools.graz],
      );
      expect(chart.totals.in).toBe(rows[0]!.total);
    });

    it('answers 400 {error: 4} for a bad year or month and 403 without finance_r', async () => {
      for (const url of ['/api-fin/dash?year=abc', '/api-fin/dash', '/api-fin/ie-chart?year=2026&month=13', '/api-fin/ie-chart?year=2026']) {
        const res = await get(url, 'finance');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(expect.objectContaining({ error: 4 }));
      }
      expect((await get('/api-fin/dash?year=2026', 'trainer')).statusCode).toBe(403);
    });
  });

  describe('GET /api-base/ticket', () => {
    it('lists the tickets of a mode, most recently active first', async () => {
      for (const mode of [1, 2]) {
        const res = await get(`/api-base/ticket?m=${mode}`, 'admin');
        expect(res.statusCode).toBe(200);
        const rows = res.json<TicketListRow[]>();
        const expected = await sql<{ id: number }>('SELECT id FROM tickets WHERE mode = $1', [mode]);
        expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((e) => e.id).sort((a, b) => a - b));
        const last = rows.map((r) => r.dlm);
        expect([...last].sort().reverse()).toEqual(last);
        expect(rows[0]).toEqual(expect.objectContaining({ sender: 'Martina Leitner', subject: expect.any(String), tsid: expect.any(Number) }));
      }
    });

    it('answers one ticket with its thread as stored, oldest message first', async () => {
      const [ticket] = await sql<{ id: number }>(
        "SELECT id FROM tickets WHERE subject = 'Frage zur Kündigungsfrist' ORDER BY id LIMIT 1",
      );
      const res = await get(`/api-base/ticket?m=1&id=${ticket!.id}`, 'admin');
      expect(res.statusCode).toBe(200);
      const detail = res.json<TicketDetail>();
      expect(detail.pay.subject).toBe('Frage zur Kündigungsfrist');
      expect(detail.m).toBe(1);
      expect(detail.messages.map((m) => m.spay.name)).toEqual(['Martina Leitner', 'Verbandsservice']);
      expect(detail.messages[0]!.pay.message).toBe('<p>Ein Mitglied möchte zum Monatsende kündigen. Ist das möglich?</p>');
      expect(detail.messages[0]!.dc < detail.messages[1]!.dc).toBe(true);
    });

    it('answers 404 for a ticket of another mode, another school or no ticket at all', async () => {
      const [wienTicket] = await sql<{ id: number }>('SELECT id FROM tickets WHERE school_id = $1 AND mode = 1 ORDER BY id LIMIT 1', [schools.wien]);
      expect((await get(`/api-base/ticket?m=2&id=${wienTicket!.id}`, 'admin')).statusCode).toBe(404);
      expect((await get(`/api-base/ticket?m=1&id=${wienTicket!.id}`, 'grazContent')).statusCode).toBe(404);
      expect((await get('/api-base/ticket?m=1&id=999999', 'admin')).statusCode).toBe(404);
      const grazList = (await get('/api-base/ticket?m=1', 'grazContent')).json<TicketListRow[]>();
      expect(grazList.length).toBeGreaterThan(0);
      expect(grazList.every((r) => r.school_id === schools.graz)).toBe(true);
    });

    it('answers 400 for a bad mode and 403 without e_ticket_r', async () => {
      const res = await get('/api-base/ticket?m=3', 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ error: 4 }));
      expect((await get('/api-base/ticket?m=1', 'office')).statusCode).toBe(403);
    });
  });

  describe('POST /api-content/news-list', () => {
    const list = (user: string, body: object) => post('/api-content/news-list', user, { page: 0, pageSize: 20, sorted: [], filtered: [], ...body });

    it('shows a school its own news, news shown to it and news for all schools', async () => {
      const res = await list('grazContent', { sorted: [{ id: 'title', desc: false }] });
      expect(res.statusCode).toBe(200);
      const body = res.json<NewsListResponse>();
      expect(body.rows.map((r) => r.title)).toEqual([
        'Erste-Hilfe-Auffrischung für Trainer', // all schools (Berlin)
        'Gürtelprüfung im Dezember', // own, owner only
        'Neue Kindergruppe ab Jänner', // Wien's, shown to Graz
        'Sommercamp 2026', // own, shown to Graz
        'Trainingszeiten in den Weihnachtsferien', // all schools (München)
        'Verbandsmeisterschaft 2027', // all schools (Wien)
      ]);
      expect(body.total).toBe(6);
      expect(body.pages).toBe(1);
      const shared = body.rows.find((r) => r.title === 'Neue Kindergruppe ab Jänner')!;
      expect(shared.schools).toEqual(['Kampfkunstschule Graz']);
      expect(shared.visibility).toBe(3);
      expect(body.rows.find((r) => r.title === 'Gürtelprüfung im Dezember')!.schools).toEqual(['Kampfkunstschule Graz']);
    });

    it('an admin sees every news item with the names of the schools it is shown to', async () => {
      const body = (await list('admin', {})).json<NewsListResponse>();
      expect(body.total).toBe(10);
      const shared = body.rows.find((r) => r.title === 'Neue Kindergruppe ab Jänner')!;
      expect(shared.schools).toEqual(['Kampfkunstschule Graz', 'Kampfkunstschule Wien-Mitte']);
    });

    it('pages and sorts', async () => {
      const all = (await list('admin', { sorted: [{ id: 'date_published', desc: true }] })).json<NewsListResponse>();
      const page0 = (await list('admin', { pageSize: 4, page: 0, sorted: [{ id: 'date_published', desc: true }] })).json<NewsListResponse>();
      const page2 = (await list('admin', { pageSize: 4, page: 2, sorted: [{ id: 'date_published', desc: true }] })).json<NewsListResponse>();
      expect(page0.pages).toBe(3);
      expect(page0.total).toBe(10);
      expect(page0.rows.map((r) => r.content_id)).toEqual(all.rows.slice(0, 4).map((r) => r.content_id));
      expect(page2.rows.map((r) => r.content_id)).toEqual(all.rows.slice(8).map((r) => r.content_id));
      const published = all.rows.map((r) => r.date_published).filter((d): d is string => d !== null);
      expect([...published].sort().reverse()).toEqual(published);
      expect(all.rows[all.rows.length - 1]!.date_published).toBeNull(); // unpublished draft last when descending
    });

    it('filters by title prefix (case-insensitive, % and _ are literal) and by active', async () => {
      const ver = (await list('admin', { filtered: [{ id: 'title', value: 'ver' }] })).json<NewsListResponse>();
      expect(ver.rows.map((r) => r.title)).toEqual(['Verbandsmeisterschaft 2027']);
      expect((await list('admin', { filtered: [{ id: 'title', value: '%' }] })).json<NewsListResponse>().total).toBe(0);
      const inactive = (await list('admin', { filtered: [{ id: 'active', value: false }] })).json<NewsListResponse>();
      expect(inactive.rows.map((r) => r.title)).toEqual(['Entwurf: Neue Mitgliedsbeiträge']);
    });

    it('answers 400 {error: 4} for unknown sort columns or a huge page size, 403 without c_news_r', async () => {
      for (const body of [{ sorted: [{ id: 'body', desc: false }] }, { pageSize: 1000 }, { filtered: [{ id: 'school_id', value: 1 }] }]) {
        const res = await list('admin', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(expect.objectContaining({ error: 4 }));
      }
      expect((await list('office', {})).statusCode).toBe(403);
    });
  });
});
