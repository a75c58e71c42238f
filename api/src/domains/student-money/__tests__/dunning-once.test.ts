import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DunningRunResponse, StudentDunningsResponse, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { defaultMigrationsDir, openDb } from '../../../db/index.js';
import { createTestConfig } from '../../../../test/support/test-db.js';
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

  it('migration 115 gives each receipt and level of existing letters by hand to its earliest letter; a later twin stays, claiming nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbo-migrations-'));
    const { config: base, drop } = await createTestConfig(backend);
    // PGlite in a folder (not in memory): the database outlives its first opening.
    const config = backend === 'pglite' ? { ...base, embeddedDataDir: join(dir, 'pgdata') } : base;
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    try {
      const files = readdirSync(defaultMigrationsDir()).filter((file) => file.endsWith('.sql')).sort();
      for (const file of files.filter((name) => name < '115')) copyFileSync(join(defaultMigrationsDir(), file), join(migrations, file));
      let db = await openDb(config, { migrationsDir: migrations });
      const ids: Record<string, number> = {};
      try {
        const q = async (text: string, params: unknown[] = []) => (await db.query<{ id: number }>(text, params)).rows[0]?.id ?? 0;
        const sid = await q("INSERT INTO schools (name, country) VALUES ('Alt', 'at') RETURNING id");
        const stid = await q("INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, 'Alt', 'Daten', 2) RETURNING id", [sid]);
        const rno = async () => q("INSERT INTO receipts (school_id, student_id, kind, text, date_due, amount) VALUES ($1, $2, 'IR', 'x', '2026-09-01', 4900) RETURNING rno AS id", [sid, stid]);
        const [a, b, c] = [await rno(), await rno(), await rno()];
        Object.assign(ids, { a, b, c });
        const letter = (level: number, rnos: number[], at: string) =>
          q('INSERT INTO dunnings (school_id, student_id, dunning_level, amount, receipt_nos, created_at) VALUES ($1, $2, $3, 4900, $4::int8[], $5) RETURNING id', [sid, stid, level, rnos, at]);
        ids.first = await letter(1, [a, b], '2026-10-01T08:00:00Z');
        ids.twin = await letter(1, [a], '2026-10-02T08:00:00Z'); // a double submit: a at level 1 again
        ids.second = await letter(2, [a, 999_999_999], '2026-10-20T08:00:00Z'); // a receipt no longer there
        ids.run = await letter(1, [c], '2026-10-03T08:00:00Z');
        const run = await q('INSERT INTO dunning_runs (dunning_level, school_ids) VALUES (1, ARRAY[$1::int]) RETURNING id', [sid]);
        await db.query('INSERT INTO dunning_run_items (school_id, dunning_id, rno, dunning_level) VALUES ($1, $2, $3, 1)', [sid, ids.run, c]);
        await db.query('UPDATE dunnings SET run_id = $2 WHERE id = $1', [ids.run, run]);
      } finally {
        await db.close();
      }
      for (const file of files.filter((name) => name >= '115')) copyFileSync(join(defaultMigrationsDir(), file), join(migrations, file));
      db = await openDb(config, { migrationsDir: migrations });
      try {
        const claims = await db.query<{ dunning_id: number; rno: number; dunning_level: number }>(
          'SELECT dunning_id, rno::float8 AS rno, dunning_level FROM dunning_run_items ORDER BY rno, dunning_level',
        );
        expect(claims.rows).toEqual([
          { dunning_id: ids.first, rno: ids.a, dunning_level: 1 },
          { dunning_id: ids.second, rno: ids.a, dunning_level: 2 },
          { dunning_id: ids.first, rno: ids.b, dunning_level: 1 },
          { dunning_id: ids.run, rno: ids.c, dunning_level: 1 },
        ]);
        // Every letter is still there; from now on a third letter of receipt a at level 1 is refused.
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dunnings')).rows[0]!.n).toBe(4);
        await expect(db.query('UPDATE dunnings SET dunning_level = 2 WHERE id = $1', [ids.twin])).rejects.toMatchObject({ code: '23505' });
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  });
});
