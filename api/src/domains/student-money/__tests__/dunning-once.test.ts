import type { DunningRunResponse, StudentDunningsResponse, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/**
 * Issue 25 defect 2: one dunning letter per receipt and level, whichever path writes it (a
 * letter by hand, POST /api-invoice-reminder/data, or a dunning run, POST /api-receipt/dunning).
 * A second letter answers 409 {error: 110} naming receipt and level; with an Idempotency-Key a
 * repeat answers the first answer.
 */
describe.each(backends())('one dunning letter per receipt and level on %s', (backend) => {
  let t: TestApp;
  let school: number;
  let cookie = '';
  let keyNo = 0;
  const newKey = () => `dunning-once-${++keyNo}-${Math.random().toString(36).slice(2, 8)}`;

  const call = (method: string, url: string, payload?: unknown, key?: string): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const student = async () =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, 'Maria', 'Huber', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [school],
    ))[0]!.id;
  const receipt = async (studentId: number, amount = 4900) =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, text, date_due, amount, tax)
       SELECT school_id, id, 'IR', 'Monatsbeitrag', '2026-09-01', $2, 0 FROM students WHERE id = $1 RETURNING rno::text AS rno`,
      [studentId, amount],
    ))[0]!.rno);
  /** A letter by hand. */
  const manual = (stid: number, dun: number, rnos: number[], key?: string) => call('POST', '/api-invoice-reminder/data', { stid, dun, rnos }, key);
  /** A dunning run. */
  const run = async (level: number, rnos: number[]) => {
    const res = await call('POST', '/api-receipt/dunning', { level, rnos }, newKey());
    expect(res.statusCode).toBe(200);
    return res.json<DunningRunResponse>();
  };
  /** The student's letters as the client sees them. */
  const letters = async (stid: number) => {
    const res = await call('GET', `/api-student/inv-rem?id=${stid}`);
    expect(res.statusCode).toBe(200);
    return res.json<StudentDunningsResponse>().rows;
  };
  const receiptLevel = async (stid: number, rno: number) =>
    (await call('GET', `/api-student/receipts?type=1&id=${stid}`)).json<StudentReceiptsResponse>().rows.find((row) => row.rno === rno)!.dun;
  const expectRefused = (res: TestResponse, rno: number, dun: number) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 110, fields: { rno: String(rno), dun: String(dun) } });
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    school = await createSchool(t.db, 'Kampfkunst Graz');
    cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a repeated letter by hand is refused with 409 {error: 110} naming receipt and level; nothing written', async () => {
    const stid = await student();
    const r1 = await receipt(stid);
    const r2 = await receipt(stid);
    const first = await manual(stid, 2, [r1]);
    expect(first.statusCode).toBe(200);
    expectRefused(await manual(stid, 2, [r1]), r1, 2);
    // Beside a receipt not dunned yet: refused as a whole, the other receipt keeps its level.
    expectRefused(await manual(stid, 2, [r2, r1]), r1, 2);
    expect(await receiptLevel(stid, r2)).toBe(0);
    expect((await letters(stid)).map((row) => [row.dun, row.rnos])).toEqual([[2, [r1]]]);
    // Another level is another letter.
    expect((await manual(stid, 3, [r1])).statusCode).toBe(200);
    expect((await manual(stid, 2, [r2])).statusCode).toBe(200);
    expect((await letters(stid)).length).toBe(3);
  });

  it('5 letters by hand at the same moment: one written, four 409', async () => {
    const stid = await student();
    const rno = await receipt(stid);
    const answers = await Promise.all(Array.from({ length: 5 }, () => manual(stid, 1, [rno])));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const res of answers.filter((res) => res.statusCode === 409)) expectRefused(res, rno, 1);
    expect((await letters(stid)).length).toBe(1);
  });

  it('a run after a letter by hand skips the receipt; a letter by hand after a run is refused', async () => {
    const stid = await student();
    const byHand = await receipt(stid);
    const byRun = await receipt(stid);
    expect((await manual(stid, 1, [byHand])).statusCode).toBe(200);
    const after = await run(1, [byHand]);
    expect(after).toMatchObject({ run: null, dunnings: 0, receipts: 0, skipped: 1 });
    expect((await letters(stid)).length).toBe(1);

    const ran = await run(1, [byRun]);
    expect(ran).toMatchObject({ dunnings: 1, receipts: 1, skipped: 0 });
    expectRefused(await manual(stid, 1, [byRun]), byRun, 1);
    expect((await letters(stid)).map((row) => row.rnos)).toEqual([[byRun], [byHand]]);
  });

  it('changing a letter\'s level onto a level the receipt has already is refused; its own level moves along', async () => {
    const stid = await student();
    const rno = await receipt(stid);
    const one = (await manual(stid, 1, [rno])).json<{ id: number }>().id;
    const two = (await manual(stid, 2, [rno])).json<{ id: number }>().id;
    const clash = await call('PUT', `/api-invoice-reminder/data?id=${two}`, { dun: 1, ds: null, version: 1 });
    expectRefused(clash, rno, 1);
    expect((await letters(stid)).find((row) => row.id === two)).toMatchObject({ dun: 2, version: 1 });
    // Letter one moves to level 3: level 1 is free again for a new letter, level 3 is taken.
    expect((await call('PUT', `/api-invoice-reminder/data?id=${one}`, { dun: 3, ds: null, version: 1 })).statusCode).toBe(200);
    expectRefused(await manual(stid, 3, [rno]), rno, 3);
    expect((await manual(stid, 1, [rno])).statusCode).toBe(200);
  });

  it('with an Idempotency-Key a repeat answers the first answer, also at the same moment; the key on another request is 422', async () => {
    const stid = await student();
    const rno = await receipt(stid);
    const key = newKey();
    const first = await manual(stid, 1, [rno], key);
    expect(first.statusCode).toBe(200);
    const again = await manual(stid, 1, [rno], key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const other = await receipt(stid);
    const parallelKey = newKey();
    const parallel = await Promise.all(Array.from({ length: 5 }, () => manual(stid, 1, [other], parallelKey)));
    expect(parallel.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(parallel.map((res) => res.body)).size).toBe(1);
    expect((await letters(stid)).length).toBe(2);
    // Without the key the repeat is a second letter: refused.
    expectRefused(await manual(stid, 1, [other]), other, 1);
    expect((await manual(stid, 2, [other], parallelKey)).statusCode).toBe(422);
  });

  it('the database holds the rule for every writer of dunnings, not only the API', async () => {
    const stid = await student();
    const rno = await receipt(stid);
    expect((await manual(stid, 1, [rno])).statusCode).toBe(200);
    await expect(
      t.db.query(
        `INSERT INTO dunnings (school_id, student_id, dunning_level, amount, receipt_nos) VALUES ($1, $2, 1, 4900, ARRAY[$3::int8])`,
        [school, stid, rno],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await letters(stid)).length).toBe(1);
  });
});
