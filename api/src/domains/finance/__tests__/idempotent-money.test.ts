import { ERROR } from 'shared-kernel/contracts';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(240_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/**
 * Money POSTs are idempotent (issue 10 item 7): a double click or a retry after a lost answer
 * sends the same Idempotency-Key again and books nothing more.
 */
describe.each(backends())('idempotent money writes on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let graz: number;
  let account: number;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const post = (url: string, payload: object, key?: string) =>
    t.request({ method: 'POST', url, payload, headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) } });

  const kinds = [
    {
      name: 'income',
      url: '/api-fin/income',
      table: 'income',
      form: (annotation: string) => ({
        school_id: graz, payment_cat_id: 4, custom_category: null, payment_method_id: 2, account_id: account,
        payment_date: '2026-11-15', amount: 4_200, tax_percent: 20, annotation,
      }),
    },
    {
      name: 'expense',
      url: '/api-fin/expense',
      table: 'expense',
      form: (annotation: string) => ({ school_id: graz, name: 'Matten', expense_cat_id: 4, payment_date: '2026-11-10', amount: 8_800, tax_percent: 20, annotation }),
    },
  ] as const;

  const rowsWith = async (table: string, annotation: string) =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE annotation = $1`, [annotation]))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    graz = (await sql<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%Graz%'"))[0]!.id;
    account = (await sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND is_main', [graz]))[0]!.id;
    cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w', 'finance_d'], schools: [graz] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(kinds)('$name: 20 identical POSTs one after another book one row; all get the first answer', async (kind) => {
    const annotation = `sequential ${kind.name}`;
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await post(kind.url, kind.form(annotation), `seq-${kind.name}-0001`));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const first = answers[0]!.json<{ success: boolean; id: number }>();
    expect(first).toEqual({ success: true, id: expect.any(Number) });
    expect(answers.every((a) => a.json<{ id: number }>().id === first.id)).toBe(true);
    expect(await rowsWith(kind.table, annotation)).toBe(1);
  });

  it.each(kinds)('$name: 20 identical POSTs at once book one row; all get the same answer', async (kind) => {
    const annotation = `parallel ${kind.name}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(kind.url, kind.form(annotation), `par-${kind.name}-0001`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    expect(await rowsWith(kind.table, annotation)).toBe(1);
    const [row] = await sql<{ id: number }>(`SELECT id FROM ${kind.table} WHERE annotation = $1`, [annotation]);
    expect([...ids][0]).toBe(row!.id);
  });

  it.each(kinds)('$name: the same key with another body is 422 {error: 10} and books nothing', async (kind) => {
    const key = `reuse-${kind.name}-0001`;
    expect((await post(kind.url, kind.form(`first ${kind.name}`), key)).statusCode).toBe(200);
    const reused = await post(kind.url, kind.form(`other ${kind.name}`), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ error: ERROR.idempotencyKeyReused });
    expect(await rowsWith(kind.table, `other ${kind.name}`)).toBe(0);
    // Another key is another submission; no key at all books as before (API clients without one).
    expect((await post(kind.url, kind.form(`first ${kind.name}`), `${key}-b`)).statusCode).toBe(200);
    expect((await post(kind.url, kind.form(`first ${kind.name}`))).statusCode).toBe(200);
    expect(await rowsWith(kind.table, `first ${kind.name}`)).toBe(3);
  });

  it('a malformed key is 400 and books nothing; a refused body is not remembered under its key', async () => {
    const income = kinds[0];
    expect((await post(income.url, income.form('bad key'), 'x')).statusCode).toBe(400);
    expect(await rowsWith('income', 'bad key')).toBe(0);
    const key = 'fix-and-retry-0001';
    expect((await post(income.url, { ...income.form('fixed'), amount: 0 }, key)).statusCode).toBe(400);
    // The user corrects the amount and sends again under the same key: it books, once.
    expect((await post(income.url, income.form('fixed'), key)).statusCode).toBe(200);
    expect(await rowsWith('income', 'fixed')).toBe(1);
  });
});
