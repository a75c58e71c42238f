import type { AccountOption, ExpenseItem, ExpenseListResponse, IncomeItem, IncomeListResponse, SingleDataResponse } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { compareDin5007 } from '../../../../test/support/din5007.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('income and expense on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz' | 'muenchen' | 'berlin', number>;
  /** Main account per school. */
  let accounts: Record<number, number>;
  const cookies: Record<string, string> = {};

  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, payload: payload as object, headers: { cookie: cookies[user]! } });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const list = (url: string, user: string, body: object) => call('POST', url, user, { page: 0, pageSize: 25, sorted: [], filtered: [], ...body });

  const incomeForm = (overrides: Record<string, unknown> = {}) => ({
    school_id: schools.wien,
    payment_cat_id: 4,
    custom_category: null,
    payment_method_id: 2,
    account_id: accounts[schools.wien],
    payment_date: '2026-11-15',
    amount: 12_345,
    tax_percent: 20,
    annotation: 'Seminar Bo-Staff',
    ...overrides,
  });
  const expenseForm = (overrides: Record<string, unknown> = {}) => ({
    school_id: schools.wien,
    name: 'Neue Matten',
    expense_cat_id: 4,
    payment_date: '2026-11-10',
    amount: 89_900,
    tax_percent: 20,
    annotation: '',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    const idOf = (part: string) => rows.find((r) => r.name.includes(part))!.id;
    schools = { wien: idOf('Wien'), graz: idOf('Graz'), muenchen: idOf('München'), berlin: idOf('Berlin') };
    accounts = Object.fromEntries(
      (await sql<{ school_id: number; id: number }>('SELECT school_id, id FROM accounts WHERE is_main')).map((r) => [r.school_id, r.id]),
    );
    for (const user of ['finance', 'trainer', 'office']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    cookies.grazFinance = (await t.loginAs({ atoms: ['finance_r', 'finance_w', 'finance_d'], schools: [schools.graz] })).cookie;
    cookies.writerOnly = (await t.loginAs({ atoms: ['finance_r', 'finance_w'] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api-fin/il and /api-fin/el', () => {
    it('pages the income of all schools, newest payment first, with the total', async () => {
      const total = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM income'))[0]!.n;
      const first = await list('/api-fin/il', 'finance', { pageSize: 10 });
      expect(first.statusCode).toBe(200);
      const page = first.json<IncomeListResponse>();
      expect(page.total).toBe(total);
      expect(page.pages).toBe(Math.ceil(total / 10));
      expect(page.rows).toHaveLength(10);
      const dates = page.rows.map((r) => r.pd);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(page.rows[0]).toEqual(
        expect.objectContaining({ id: expect.any(Number), amt: expect.any(Number), cur: 'EUR', sn: expect.stringContaining('Kampfkunstschule'), dc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }),
      );
      const last = (await list('/api-fin/il', 'finance', { pageSize: 10, page: page.pages - 1 })).json<IncomeListResponse>();
      expect(last.rows).toHaveLength(total - (page.pages - 1) * 10);
      const ids = new Set([...page.rows, ...last.rows].map((r) => r.id));
      expect(ids.size).toBe(page.rows.length + last.rows.length);
    });

    it('sorts by amount and filters by payment date range, method, category, school and annotation', async () => {
      const byAmount = (await list('/api-fin/il', 'finance', { sorted: [{ id: 'amt', desc: false }], pageSize: 50 })).json<IncomeListResponse>();
      const amounts = byAmount.rows.map((r) => r.amt);
      expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);

      const filtered = await list('/api-fin/il', 'finance', {
        pageSize: 100,
        filtered: [
          { id: 'pd', value: { from: '2026-06-01', to: '2026-09-30' } },
          { id: 'pm', value: 3 },
          { id: 'pc', value: 3 },
          { id: 'sid', value: schools.graz },
        ],
      });
      expect(filtered.statusCode).toBe(200);
      const rows = filtered.json<IncomeListResponse>().rows;
      const expected = await sql<{ id: number }>(
        `SELECT id FROM income WHERE payment_date BETWEEN '2026-06-01' AND '2026-09-30' AND payment_method_id = 3
            AND payment_cat_id = 3 AND school_id = $1 ORDER BY payment_date DESC, id DESC`,
        [schools.graz],
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));

      const contains = (await list('/api-fin/il', 'finance', { pageSize: 100, filtered: [{ id: 'an', value: 'BUFFET' }] })).json<IncomeListResponse>();
      expect(contains.total).toBe(4); // the summer feast of each school
      expect(contains.rows.every((r) => r.pc === 1 && r.cc === 'Sommerfest')).toBe(true);
      // % and _ are literal characters, not wildcards.
      expect((await list('/api-fin/il', 'finance', { filtered: [{ id: 'an', value: '%%' }] })).json<IncomeListResponse>().total).toBe(0);
    });

    it('filters the expense by name prefix and category', async () => {
      const res = await list('/api-fin/el', 'finance', { pageSize: 100, filtered: [{ id: 'n', value: 'miete' }, { id: 'ec', value: 1 }] });
      expect(res.statusCode).toBe(200);
      const body = res.json<ExpenseListResponse>();
      const expected = (await sql<{ n: number }>("SELECT count(*)::int AS n FROM expense WHERE lower(name) LIKE 'miete%' AND expense_cat_id = 1"))[0]!.n;
      expect(body.total).toBe(expected);
      expect(body.total).toBeGreaterThan(40);
      expect(body.rows.every((r) => r.n.startsWith('Miete') && r.ec === 1)).toBe(true);
      // German order (DIN 5007-1), descending.
      const sorted = (await list('/api-fin/el', 'finance', { sorted: [{ id: 'n', desc: true }] })).json<ExpenseListResponse>().rows.map((r) => r.n);
      expect([...sorted].sort((x, y) => compareDin5007(y, x))).toEqual(sorted);
    });

    it('shows a user limited to Graz only the income of Graz', async () => {
      const body = (await list('/api-fin/il', 'grazFinance', { pageSize: 100 })).json<IncomeListResponse>();
      const expected = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM income WHERE school_id = $1', [schools.graz]))[0]!.n;
      expect(body.total).toBe(expected);
      expect(body.rows.every((r) => r.sid === schools.graz)).toBe(true);
    });

    it('refuses bad paging, unknown columns and a one-letter annotation filter with 400', async () => {
      for (const body of [
        { pageSize: 0 },
        { page: -1 },
        { pageSize: 101 },
        { sorted: [{ id: 'password', desc: false }] },
        { filtered: [{ id: 'amt', value: 5 }] },
        { filtered: [{ id: 'pd', value: { from: 'yesterday' } }] },
        { filtered: [{ id: 'an', value: 'x' }] },
      ]) {
        const res = await list('/api-fin/il', 'finance', body);
        expect({ body, status: res.statusCode, error: res.json().error }).toEqual({ body, status: 400, error: 4 });
      }
    });

    it('refuses the trainer (no finance_r) with 403', async () => {
      expect((await list('/api-fin/il', 'trainer', {})).statusCode).toBe(403);
      expect((await list('/api-fin/el', 'trainer', {})).statusCode).toBe(403);
      expect((await call('GET', `/api-fin/income?id=1`, 'trainer')).statusCode).toBe(403);
    });
  });

  describe('income items', () => {
    it('creates, reads, updates and deletes an income item', async () => {
      const created = await call('POST', '/api-fin/income', 'finance', incomeForm());
      expect(created.statusCode).toBe(200);
      const id = created.json<{ id: number }>().id;
      const read = await call('GET', `/api-fin/income?id=${id}`, 'finance');
      expect(read.statusCode).toBe(200);
      expect(read.json<IncomeItem>()).toEqual({
        ...incomeForm(),
        id,
        currency: 'EUR',
        student_id: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        version: 1,
      });
      const listed = (await list('/api-fin/il', 'finance', { filtered: [{ id: 'an', value: 'bo-staff' }] })).json<IncomeListResponse>();
      expect(listed.rows.map((r) => r.id)).toEqual([id]);
      expect(listed.rows[0]).toEqual(expect.objectContaining({ amt: 12_345, pm: 2, aid: accounts[schools.wien], acn: 'Geschäftskonto', stid: null, sl: null }));

      // Cash: the account goes; another category: the custom name goes; tax percent optional.
      const updated = await call('PUT', `/api-fin/income?id=${id}`, 'finance', { ...incomeForm({ payment_method_id: 3, payment_cat_id: 5, custom_category: 'Ignored', tax_percent: null, amount: 500 }), version: 1 });
      expect(updated.json()).toEqual({ success: true, version: 2 });
      const after = (await call('GET', `/api-fin/income?id=${id}`, 'finance')).json<IncomeItem>();
      expect(after).toEqual(expect.objectContaining({ payment_method_id: 3, account_id: null, payment_cat_id: 5, custom_category: null, tax_percent: null, amount: 500 }));

      // Category 1 keeps its custom name.
      await call('PUT', `/api-fin/income?id=${id}`, 'finance', { ...incomeForm({ payment_cat_id: 1, custom_category: '  Sponsoring  ' }), version: 2 });
      expect((await call('GET', `/api-fin/income?id=${id}`, 'finance')).json<IncomeItem>().custom_category).toBe('Sponsoring');

      const changes = await sql<{ action: string; entity: string; entity_id: string; school_id: number; status: number }>(
        "SELECT action, entity, entity_id, school_id, status FROM audit_log WHERE entity = 'income' AND entity_id = $1 ORDER BY id",
        [String(id)],
      );
      expect(changes.map((c) => c.status)).toEqual([200, 200, 200]);
      expect(changes.every((c) => c.school_id === schools.wien)).toBe(true);

      expect((await call('DELETE', `/api-fin/income?id=${id}`, 'finance')).statusCode).toBe(200);
      expect((await call('GET', `/api-fin/income?id=${id}`, 'finance')).statusCode).toBe(404);
    });

    it('refuses amounts that are not whole cents above 0, unknown categories and methods, with nothing written', async () => {
      const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM income'))[0]!.n;
      const cases: Record<string, unknown>[] = [
        { amount: -500 },
        { amount: 0 },
        { amount: 'abc' },
        { amount: 12.5 },
        { amount: '12,50' },
        { amount: 2_000_000_000 },
        { payment_cat_id: 6 },
        { payment_cat_id: 0 },
        { payment_method_id: 4 },
        { payment_date: '2026-02-30' },
        { school_id: 'x' },
      ];
      for (const change of cases) {
        const res = await call('POST', '/api-fin/income', 'finance', incomeForm(change));
        expect({ change, status: res.statusCode, error: res.json().error }).toEqual({ change, status: 400, error: 4 });
      }
      const missing = await call('POST', '/api-fin/income', 'finance', incomeForm({ account_id: null }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ account_id: 'form.required' });
      expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM income'))[0]!.n).toBe(before);
    });

    it("refuses an account of another school and a school outside the user's schools", async () => {
      const foreignAccount = await call('POST', '/api-fin/income', 'finance', incomeForm({ account_id: accounts[schools.berlin] }));
      expect(foreignAccount.statusCode).toBe(400);
      expect(foreignAccount.json()).toEqual({ error: 4, fields: { account_id: 'form.invalid' } });

      const grazAccount = await call('POST', '/api-fin/income', 'grazFinance', incomeForm({ school_id: schools.graz, account_id: accounts[schools.wien] }));
      expect(grazAccount.json()).toEqual({ error: 4, fields: { account_id: 'form.invalid' } });

      const otherSchool = await call('POST', '/api-fin/income', 'grazFinance', incomeForm({ school_id: schools.wien, payment_method_id: 3, account_id: null }));
      expect(otherSchool.statusCode).toBe(400);
      expect(otherSchool.json()).toEqual({ error: 4, fields: { school_id: 'form.invalid' } });
      const otherExpense = await call('POST', '/api-fin/expense', 'grazFinance', expenseForm());
      expect(otherExpense.json()).toEqual({ error: 4, fields: { school_id: 'form.invalid' } });

      const ok = await call('POST', '/api-fin/income', 'grazFinance', incomeForm({ school_id: schools.graz, account_id: accounts[schools.graz] }));
      expect(ok.statusCode).toBe(200);
    });

    it("answers 404 for another school's item, as if it did not exist", async () => {
      const [wienIncome] = await sql<{ id: number }>('SELECT id FROM income WHERE school_id = $1 AND student_id IS NULL LIMIT 1', [schools.wien]);
      const [wienExpense] = await sql<{ id: number }>('SELECT id FROM expense WHERE school_id = $1 LIMIT 1', [schools.wien]);
      expect((await call('GET', `/api-fin/income?id=${wienIncome!.id}`, 'grazFinance')).statusCode).toBe(404);
      expect((await call('PUT', `/api-fin/income?id=${wienIncome!.id}`, 'grazFinance', { ...incomeForm({ school_id: schools.graz, account_id: accounts[schools.graz] }), version: 1 })).statusCode).toBe(404);
      expect((await call('DELETE', `/api-fin/income?id=${wienIncome!.id}`, 'grazFinance')).statusCode).toBe(404);
      expect((await call('GET', `/api-fin/expense?id=${wienExpense!.id}`, 'grazFinance')).statusCode).toBe(404);
      expect((await call('DELETE', `/api-fin/expense?id=${wienExpense!.id}`, 'grazFinance')).statusCode).toBe(404);
      expect((await sql('SELECT 1 FROM income WHERE id = $1', [wienIncome!.id]))).toHaveLength(1);
    });

    it('keeps income booked from a student payment: no update (400, error 4), no delete (400, error 3)', async () => {
      const [student] = await sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 LIMIT 1', [schools.wien]);
      const [row] = await sql<{ id: number }>(
        `INSERT INTO income (school_id, payment_cat_id, payment_method_id, payment_date, amount, student_id, annotation)
         VALUES ($1, 2, 3, '2026-11-03', 6900, $2, 'Beitrag bar') RETURNING id`,
        [schools.wien, student!.id],
      );
      const item = (await call('GET', `/api-fin/income?id=${row!.id}`, 'finance')).json<IncomeItem>();
      expect(item.student_id).toBe(student!.id);
      const listed = (await list('/api-fin/il', 'finance', { filtered: [{ id: 'an', value: 'beitrag bar' }] })).json<IncomeListResponse>().rows[0]!;
      expect(listed.stid).toBe(student!.id);
      expect(listed.sl).toEqual(expect.any(String));

      const put = await call('PUT', `/api-fin/income?id=${row!.id}`, 'finance', { ...incomeForm(), version: item.version });
      expect(put.statusCode).toBe(400);
      expect(put.json()).toEqual({ error: 4, fields: { student_id: 'form.invalid' } });
      const del = await call('DELETE', `/api-fin/income?id=${row!.id}`, 'finance');
      expect(del.statusCode).toBe(400);
      expect(del.json()).toEqual({ error: 3 });
      expect((await sql<{ amount: number }>('SELECT amount FROM income WHERE id = $1', [row!.id]))[0]!.amount).toBe(6900);
    });

    it('needs finance_w to write and finance_d to delete', async () => {
      const id = (await call('POST', '/api-fin/income', 'writerOnly', incomeForm())).json<{ id: number }>().id;
      expect(id).toEqual(expect.any(Number));
      const refused = await call('DELETE', `/api-fin/income?id=${id}`, 'writerOnly');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 3 });
      expect((await call('POST', '/api-fin/income', 'trainer', incomeForm())).statusCode).toBe(403);
      expect((await call('DELETE', `/api-fin/income?id=${id}`, 'finance')).statusCode).toBe(200);
    });
  });

  describe('expense items', () => {
    it('creates, reads, updates and deletes an expense item; tax percent is required', async () => {
      const noTax = await call('POST', '/api-fin/expense', 'finance', { ...expenseForm(), tax_percent: undefined });
      expect(noTax.statusCode).toBe(400);
      expect((await call('POST', '/api-fin/expense', 'finance', expenseForm({ expense_cat_id: 14 }))).statusCode).toBe(400);
      expect((await call('POST', '/api-fin/expense', 'finance', expenseForm({ amount: -1 }))).statusCode).toBe(400);

      const created = await call('POST', '/api-fin/expense', 'finance', expenseForm());
      expect(created.statusCode).toBe(200);
      const id = created.json<{ id: number }>().id;
      expect((await call('GET', `/api-fin/expense?id=${id}`, 'finance')).json<ExpenseItem>()).toEqual({
        ...expenseForm(),
        id,
        currency: 'EUR',
        created_at: expect.any(String),
        version: 1,
      });
      expect((await call('PUT', `/api-fin/expense?id=${id}`, 'finance', { ...expenseForm({ name: 'Matten (Rest)', tax_percent: 7.7 }), version: 1 })).json()).toEqual({ success: true, version: 2 });
      expect((await call('GET', `/api-fin/expense?id=${id}`, 'finance')).json<ExpenseItem>()).toEqual(expect.objectContaining({ name: 'Matten (Rest)', tax_percent: 7.7 }));
      expect((await call('DELETE', `/api-fin/expense?id=${id}`, 'finance')).statusCode).toBe(200);
      expect((await call('GET', `/api-fin/expense?id=${id}`, 'finance')).statusCode).toBe(404);
    });
  });

  describe('exports', () => {
    it('exports the selected income as CSV with formulas neutralised, only rows of the schools in scope', async () => {
      const id = (await call('POST', '/api-fin/income', 'finance', incomeForm({ annotation: '=HYPERLINK("http://evil.example","x")', amount: 123_456 }))).json<{ id: number }>().id;
      const [wienOther] = await sql<{ id: number }>('SELECT id FROM income WHERE school_id = $1 AND id <> $2 LIMIT 1', [schools.wien, id]);
      const res = await call('GET', `/api-fin/export-il-sel?format=csv&ids=${id},${wienOther!.id}`, 'finance');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="einnahmen-2026-11-21\.csv"/);
      const lines = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Zahlungsdatum;Betrag;Währung;Zahlungsart;Konto;Kategorie;Anmerkung;Schüler;Erfasst am;Schule');
      expect(lines).toHaveLength(3);
      const mine = lines.find((line) => line.includes('HYPERLINK'))!;
      expect(mine).toContain('15.11.2026;1234,56;EUR;Überweisung;Geschäftskonto;Seminare;"\'=HYPERLINK(""http://evil.example"",""x"")"');

      // The Graz user asking for Wien rows gets a file without them.
      const graz = await call('GET', `/api-fin/export-il-sel?format=csv&ids=${id}`, 'grazFinance');
      expect(graz.statusCode).toBe(200);
      expect(graz.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(1);
    });

    it('exports all filtered expense as XLSX', async () => {
      const filtered = encodeURIComponent(JSON.stringify([{ id: 'n', value: 'Haftpflicht' }]));
      const res = await call('GET', `/api-fin/export-el-sel?format=xlsx&filtered=${filtered}`, 'finance');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as never);
      const sheet = workbook.worksheets[0]!;
      const expected = (await sql<{ n: number }>("SELECT count(*)::int AS n FROM expense WHERE name LIKE 'Haftpflicht%'"))[0]!.n;
      expect(sheet.rowCount).toBe(expected + 1);
      expect(sheet.getRow(2).getCell(5).value).toBe('Haftpflichtversicherung');
      expect(sheet.getRow(2).getCell(2).value).toBe(325);
    });

    it('refuses bad export queries with 400 and users without finance_r with 403', async () => {
      expect((await call('GET', '/api-fin/export-il-sel?format=pdf&ids=1', 'finance')).statusCode).toBe(400);
      expect((await call('GET', '/api-fin/export-il-sel?format=csv&ids=1;DROP', 'finance')).statusCode).toBe(400);
      expect((await call('GET', `/api-fin/export-il-sel?format=csv&filtered=${encodeURIComponent('[{"id":"password","value":1}]')}`, 'finance')).statusCode).toBe(400);
      expect((await call('GET', '/api-fin/export-il-sel?format=csv&filtered=%7Bnope', 'finance')).statusCode).toBe(400);
      expect((await call('GET', '/api-fin/export-il-sel?format=csv&ids=1&filtered=%5B%5D', 'finance')).statusCode).toBe(400);
      expect((await call('GET', '/api-fin/export-el-sel?format=csv&ids=1', 'trainer')).statusCode).toBe(403);
    });
  });

  describe('lookups', () => {
    it('lists the payment and expense categories (standard names: null)', async () => {
      const payment = await call('GET', '/api-config/single-data?key=payment_cat&cat=general', 'finance');
      expect(payment.statusCode).toBe(200);
      expect(payment.json<SingleDataResponse>()).toEqual({ key: 'payment_cat', items: [1, 2, 3, 4, 5].map((id) => ({ id, name: null })) });
      const expense = (await call('GET', '/api-config/single-data?key=expense_cat&cat=general', 'finance')).json<SingleDataResponse>();
      expect(expense.items.map((i) => i.id)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      expect((await call('GET', '/api-config/single-data?key=students&cat=general', 'finance')).statusCode).toBe(400);
      expect((await call('GET', '/api-config/single-data?key=payment_cat&cat=general', 'trainer')).statusCode).toBe(403);
    });

    it('lists the accounts of the schools in scope, main account first', async () => {
      const all = (await call('GET', '/api-account/sel', 'finance')).json<AccountOption[]>();
      expect(all).toHaveLength((await sql('SELECT id FROM accounts')).length);
      const graz = (await call('GET', '/api-account/sel', 'grazFinance')).json<AccountOption[]>();
      expect(graz.length).toBeGreaterThan(0);
      expect(graz.every((a) => a.school_id === schools.graz)).toBe(true);
      expect(graz[0]).toEqual(expect.objectContaining({ is_main: true, currency: 'EUR', sepa_iban: expect.stringMatching(/^AT\d{18}$/) }));
      expect((await call('GET', '/api-account/sel', 'trainer')).statusCode).toBe(403);
    });
  });
});
