import type { BankImportDetail } from 'shared-kernel/contracts';
import { buildCamt } from '../../../../test/support/camt.js';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

/**
 * The CAMT import with an Idempotency-Key (issue 25): a retry after a lost answer (the
 * database connection dropped during the COMMIT, a proxy timed out) answers the first
 * import's detail instead of "already imported" (1002), also when the repeats arrive at once;
 * another file under the same key is 422 {error: 10} and writes nothing.
 */
describe.each(backends())('CAMT import with an Idempotency-Key on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  const IBAN = 'AT611904300234573201';
  const count = async (table: string) => Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
  const statement = (ref: string, amount: number) =>
    buildCamt([{ id: ref, iban: IBAN, entries: [{ amount, credit: true, bookingDate: '2026-11-03', accountServicerRef: ref, transactions: [{ name: 'Zahler', purpose: ['Beitrag'] }] }] }]);
  const upload = (xml: string, key?: string): Promise<TestResponse> => {
    const form = multipart([{ name: 'file', filename: 'statement.xml', data: xml }]);
    return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie, ...form.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: form.payload });
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    const school = await createSchool(t.db, 'Idem Bank');
    await t.db.query(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro', 'Dojo', NULL, $2, 'BKAUATWW', 'Bank')`,
      [school, IBAN],
    );
    cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the same file under the same key, in a row and 10 at once: one import, every answer the first one', async () => {
    const xml = statement('IDEM-1', 4_900);
    const key = 'camt-idem-key-1';
    const first = await upload(xml, key);
    expect(first.statusCode).toBe(200);
    const detail = first.json<BankImportDetail>();
    expect(detail).toMatchObject({ imported: 1, skipped: 0 });
    const again = await upload(xml, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(detail);

    const parallelXml = statement('IDEM-2', 5_150);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(parallelXml, 'camt-idem-key-2')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json<BankImportDetail>().id));
    expect(ids.size).toBe(1);
    expect(await count('bank_imports')).toBe(2);
    expect(await count('bank_movements')).toBe(2);
  });

  it('another file under a used key is 422 {error: 10}, nothing written; without a key a repeat stays 1002', async () => {
    const imports = await count('bank_imports');
    const other = await upload(statement('IDEM-3', 100), 'camt-idem-key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 10 });
    expect(await count('bank_imports')).toBe(imports);
    expect(await count('bank_movements')).toBe(2);

    const xml = statement('IDEM-4', 200);
    expect((await upload(xml)).statusCode).toBe(200);
    const repeat = await upload(xml);
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json()).toEqual({ error: 1002 });
    expect(await count('bank_imports')).toBe(imports + 1);
  });
});
