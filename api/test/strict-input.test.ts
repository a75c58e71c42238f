import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { backends, createTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(180_000);

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const yearsFromToday = (years: number, extraDays = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return new Date(date.getTime() + extraDays * 86_400_000).toISOString().slice(0, 10);
};

/**
 * Issue 10 item 13: no loose coercion. Booleans never become numbers; numeric strings only
 * as plain decimal digits (querystrings); calendar dates checked in the schema with a
 * plausible range per field. Refusals are 400 with the field, before the database sees the
 * value (no warn log from a PostgreSQL refusal).
 */
describe.each(backends())('strict input on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let wien: number;
  let student: number;
  const logLines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      backend,
      seed: 'demo',
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg?: string }) } },
    });
    cookie = await t.login('office', DEMO_PASSWORD);
    wien = (await t.db.query<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%Wien%' ORDER BY id LIMIT 1")).rows[0]!.id;
    student = (await t.db.query<{ id: number }>('SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [wien])).rows[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    // Nothing reached the database to be refused there.
    expect(logLines.filter((line) => line.level >= 40)).toEqual([]);
  });

  const call = (method: string, url: string, payload?: unknown) => t.request({ method, url, headers: { cookie }, payload });
  const income = (overrides: Record<string, unknown>) => ({
    school_id: wien, payment_cat_id: 4, custom_category: null, payment_method_id: 3, account_id: null,
    payment_date: isoDay(0), amount: 12_345, tax_percent: 20, annotation: 'Strict input', ...overrides,
  });
  const incomeCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM income')).rows[0]!.n;
  const expectRefused = async (res: { statusCode: number; json: <T>() => T }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: number; fields?: Record<string, string> }>()).toMatchObject({ error: 4, fields: { [field]: expect.any(String) } });
  };

  it('income POST: booleans and non-decimal numbers are refused, nothing booked', async () => {
    const before = await incomeCount();
    for (const [field, value] of [
      ['amount', true], ['amount', false], ['school_id', true], ['payment_cat_id', true],
      ['amount', '0x10'], ['amount', '1e3'], ['amount', ' 7'], ['amount', '1.0'], ['amount', '-0x1'], ['tax_percent', true], ['tax_percent', '2e1'], ['account_id', false],
    ] as const) {
      const res = await call('POST', '/api-fin/income', income({ [field]: value }));
      expect([field, value, res.statusCode]).toEqual([field, value, 400]);
      await expectRefused(res, field);
    }
    expect(await incomeCount()).toBe(before);
    expect((await call('POST', '/api-fin/income', income({}))).statusCode).toBe(200);
  });

  it('income POST: payment dates are real calendar dates within ten years of today', async () => {
    for (const date of ['2026-02-30', '2025-02-29', '2026-13-01', '1900-01-01', '9999-12-31', yearsFromToday(-10, -2), yearsFromToday(10, 2), '20261-01-01', '2026-1-1']) {
      const res = await call('POST', '/api-fin/income', income({ payment_date: date }));
      expect([date, res.statusCode]).toEqual([date, 400]);
      await expectRefused(res, 'payment_date');
    }
    for (const date of ['2024-02-29', yearsFromToday(-10, 2), yearsFromToday(10, -2)]) {
      expect([date, (await call('POST', '/api-fin/income', income({ payment_date: date }))).statusCode]).toEqual([date, 200]);
    }
  });

  it('student personal data: birth dates real, not in the future, not before 1900', async () => {
    const version = async () => (await call('GET', `/api-student/pd?stid=${student}`)).json<{ version: number }>().version;
    const pd = async (dob: string | null) => ({ salutation_id: 1, firstname: 'Eva', lastname: 'Strict', student_status_id: 2, dob, version: await version() });
    for (const dob of ['2026-02-30', '1899-12-31', isoDay(2), '2000-02-30']) {
      const res = await call('PUT', `/api-student/pd?stid=${student}`, await pd(dob));
      expect([dob, res.statusCode]).toEqual([dob, 400]);
      await expectRefused(res, 'dob');
    }
    for (const dob of ['1900-01-01', '2000-02-29', isoDay(-1), null]) {
      expect([dob, (await call('PUT', `/api-student/pd?stid=${student}`, await pd(dob))).statusCode]).toEqual([dob, 200]);
    }
    expect((await t.db.query<{ dob: string | null }>('SELECT dob FROM students WHERE id = $1', [student])).rows[0]!.dob).toBeNull();
  });

  it('reminders: deadlines real and within ten years; ids not from booleans', async () => {
    for (const date of ['2026-02-30', yearsFromToday(10, 2), '1999-01-01']) {
      const res = await call('POST', '/api-reminder/data', { date_deadline: date, subject: 'Rückruf', student_id: student });
      expect([date, res.statusCode]).toEqual([date, 400]);
      await expectRefused(res, 'date_deadline');
    }
    await expectRefused(await call('POST', '/api-reminder/data', { date_deadline: isoDay(3), subject: 'Rückruf', student_id: true }), 'student_id');
    await expectRefused(await call('POST', '/api-reminder/data', { date_deadline: isoDay(3), subject: 'Rückruf', school_id: true }), 'school_id');
    expect((await call('POST', '/api-reminder/data', { date_deadline: isoDay(3), subject: 'Rückruf', student_id: student })).statusCode).toBe(200);
  });

  it('querystrings: ids and numbers only as plain decimal digits', async () => {
    for (const value of ['0x10', '1e3', '%207', '1.0', 'true', '+5', '', '%E2%80%8F7']) {
      const res = await call('GET', `/api-student/pd?stid=${value}`);
      expect([value, res.statusCode]).toEqual([value, 400]);
      await expectRefused(res, 'stid');
      const item = await call('GET', `/api-fin/income?id=${value}`);
      expect([value, item.statusCode]).toEqual([value, 400]);
    }
    expect((await call('GET', `/api-student/pd?stid=${student}`)).statusCode).toBe(200);
    expect((await call('GET', '/api-fin/income?id=2147483647')).statusCode).toBe(404);
  });

  it('list bodies: date filters are real calendar dates', async () => {
    const list = (value: unknown) => call('POST', '/api-fin/il', { page: 0, pageSize: 10, filtered: [{ id: 'pd', value }] });
    expect((await list({ from: '2026-01-01', to: '2026-12-31' })).statusCode).toBe(200);
    for (const value of [{ from: '2026-02-30' }, '2026-02-30', { to: '2026-04-31' }]) {
      expect((await list(value)).statusCode).toBe(400);
    }
  });
});
