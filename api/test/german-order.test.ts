import fc from 'fast-check';
import type { BankMovementRow, ConclusionListResponse, IncomeListResponse, LeadListResponse, StudentListResponse, UserRow } from 'shared-kernel/contracts';
import { orderBy } from '../src/lib/paged-list.js';
import { ACCOUNT_LIST } from '../src/domains/finance/accounts-repository.js';
import { BANK_MOVEMENT_LIST } from '../src/domains/bank-statements/repository.js';
import { CONCLUSION_LIST } from '../src/domains/conclusions/repository.js';
import { INCOME_LIST, EXPENSE_LIST } from '../src/domains/finance/income-expense-repository.js';
import { NEWS_LIST } from '../src/domains/news/repository.js';
import { TEMPLATE_LIST } from '../src/domains/templates/repository.js';
import { REMINDER_LIST } from '../src/domains/reminders/repository.js';
import { HUMAN_LIST } from '../src/domains/users/humans-repository.js';
import { LEAD_LIST } from '../src/domains/leads/repository.js';
import { STUDENT_LIST } from '../src/domains/students/repository.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { compareDin5007, din5007Key } from './support/din5007.js';
import { backends, createClock, createUser, type TestApp, createTestApp } from './support/test-app.js';

jest.setTimeout(180_000);

// Letters of German (and neighbouring) names, upper and lower case, a decomposed umlaut and
// the separators names carry.
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'äöüÄÖÜßẞéèêáàâçčšžćñåÉÈÁÇČŠŽ',
  'u\u0308', 'o\u0308', ' ', '-', "'", '0', '7',
];
const germanText = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 });

const NAMES = ['Brandt', 'Ebner', 'Böhm', 'Binder'];

/**
 * German order (issue 10 item 14): every sorted list orders names in DIN 5007 variant 1
 * order, through the sort key columns the database keeps (migration 023), on PGlite and on a
 * PostgreSQL server; prefix filters match what the user typed.
 */
describe.each(backends())('German sort order on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let schoolId: number;
  const students: Record<string, number> = {};

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const post = (url: string, body: object) =>
    t.request({ method: 'POST', url, headers: { cookie }, payload: { page: 0, pageSize: 25, sorted: [], filtered: [], ...body } });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(new Date('2026-11-21T09:30:00Z')) });
    cookie = await t.login('admin', DEMO_PASSWORD);
    schoolId = (await sql<{ id: number }>("INSERT INTO schools (name, country, city) VALUES ('Schule Öd', 'at', 'Öd') RETURNING id"))[0]!.id;
    for (const [i, lastname] of NAMES.entries()) {
      const firstname = ['Anna', 'Zoe', 'Paul', 'Emil'][i]!;
      const id = (await sql<{ id: number }>('INSERT INTO students (school_id, firstname, lastname, city) VALUES ($1, $2, $3, $4) RETURNING id', [
        schoolId, firstname, lastname, ['Zell', 'Ödenburg', 'Oberwart', 'Eisenstadt'][i],
      ]))[0]!.id;
      students[lastname] = id;
      await sql(
        "INSERT INTO income (school_id, payment_cat_id, payment_method_id, payment_date, amount, student_id) VALUES ($1, 1, 1, '2026-11-02', 1000, $2)",
        [schoolId, id],
      );
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('sbo_sort_key orders random German texts like a reference implementation of DIN 5007-1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(germanText, { maxLength: 20 }), async (texts) => {
        const rows = await sql<{ v: string; k: string }>(
          'SELECT v, sbo_sort_key(v) AS k FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i) ORDER BY sbo_sort_key(v) COLLATE "C", i',
          [texts],
        );
        // Array.prototype.sort is stable: equal keys keep their input order, like `i` above.
        expect(rows.map((row) => row.v)).toEqual([...texts].sort(compareDin5007));
        expect(rows.map((row) => row.k)).toEqual(rows.map((row) => din5007Key(row.v)));
      }),
      { numRuns: 150 },
    );
  });

  it('sbo_sort_key (its fast paths for ASCII and German umlauts, migration 113) keys every text as the full mapping does', async () => {
    // Any letters of the full mapping's list, the ligatures and characters outside it, mixed with ASCII.
    const anyText = fc.string({ unit: fc.oneof(fc.constantFrom(...ALPHABET, ...'ŁłØøĐđÆæŒœÞþẞİıǎḾ\u0301'),
      fc.integer({ min: 1, max: 0x2fff }).filter((code) => code < 0xd800 || code > 0xdfff).map((code) => String.fromCodePoint(code))), maxLength: 16 });
    await fc.assert(
      fc.asyncProperty(fc.array(anyText, { minLength: 1, maxLength: 30 }), async (texts) => {
        const rows = await sql<{ v: string; fast: string; full: string }>(
          'SELECT v, sbo_sort_key(v) AS fast, sbo_sort_key_full(v) AS full FROM unnest($1::text[]) AS t(v)',
          [texts],
        );
        expect(rows.filter((row) => row.fast !== row.full)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('lists students by last name in German order, ascending and descending, across page boundaries', async () => {
    const pages = async (desc: boolean, pageSize: number) => {
      const seen: string[] = [];
      for (let page = 0; page * pageSize < NAMES.length; page++) {
        const res = await post('/api-student/list', { page, pageSize, sorted: [{ id: 'ln', desc }], filtered: [{ id: 'sid', value: schoolId }] });
        expect(res.statusCode).toBe(200);
        expect(res.json<StudentListResponse>().total).toBe(NAMES.length);
        seen.push(...res.json<StudentListResponse>().rows.map((row) => row.ln));
      }
      return seen;
    };
    for (const pageSize of [1, 2, 3]) {
      expect(await pages(false, pageSize)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
      expect(await pages(true, pageSize)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
    }
    // Without a sort entry: the default order (last name, first name) is German too.
    expect((await post('/api-student/list', { filtered: [{ id: 'sid', value: schoolId }] })).json<StudentListResponse>().rows.map((row) => row.ln)).toEqual([
      'Binder', 'Böhm', 'Brandt', 'Ebner',
    ]);
    // The city: Ödenburg between Oberwart and Zell.
    const byCity = await post('/api-student/list', { sorted: [{ id: 'c', desc: false }], filtered: [{ id: 'sid', value: schoolId }] });
    expect(byCity.json<StudentListResponse>().rows.map((row) => row.c)).toEqual(['Eisenstadt', 'Oberwart', 'Ödenburg', 'Zell']);
  });

  it('pages the whole demo student list in DIN 5007 order (last name, first name, id)', async () => {
    const all = await sql<{ id: number; lastname: string; firstname: string }>('SELECT id, lastname, firstname FROM students');
    const expected = [...all].sort((a, b) => compareDin5007(a.lastname, b.lastname) || compareDin5007(a.firstname, b.firstname) || a.id - b.id);
    const seen: number[] = [];
    for (let page = 0; page * 100 < expected.length; page++) {
      seen.push(...(await post('/api-student/list', { page, pageSize: 100, sorted: [{ id: 'ln', desc: false }] })).json<StudentListResponse>().rows.map((row) => row.id));
    }
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('matches prefix filters as typed, case-insensitively: Böh and BÖH find Böhm, boh does not', async () => {
    const names = async (value: string) =>
      (await post('/api-student/list', { sorted: [{ id: 'ln', desc: false }], filtered: [{ id: 'sid', value: schoolId }, { id: 'ln', value }] }))
        .json<StudentListResponse>()
        .rows.map((row) => row.ln);
    expect(await names('Böh')).toEqual(['Böhm']);
    expect(await names('BÖH')).toEqual(['Böhm']);
    expect(await names('boh')).toEqual([]);
    expect(await names('b')).toEqual(['Binder', 'Böhm', 'Brandt']);
  });

  it('lists leads by last name in German order, ascending and descending, across page boundaries', async () => {
    for (const [i, lastname] of NAMES.entries()) {
      await sql("INSERT INTO leads (school_id, firstname, lastname, first_contact) VALUES ($1, $2, $3, '2026-11-02')", [schoolId, ['Anna', 'Zoe', 'Paul', 'Emil'][i], lastname]);
    }
    const order = async (desc: boolean) => {
      const seen: string[] = [];
      for (let page = 0; page < 2; page++) {
        const res = await post('/api-lead/list', { page, pageSize: 3, sorted: [{ id: 'ln', desc }], filtered: [{ id: 'sid', value: schoolId }] });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json<LeadListResponse>().rows.map((row) => row.ln));
      }
      return seen;
    };
    expect(await order(false)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await order(true)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
    const prefix = await post('/api-lead/list', { filtered: [{ id: 'sid', value: schoolId }, { id: 'ln', value: 'Böh' }] });
    expect(prefix.json<LeadListResponse>().rows.map((row) => row.ln)).toEqual(['Böhm']);
  });

  it('lists income by student in German order, ascending and descending, across page boundaries', async () => {
    const order = async (desc: boolean) => {
      const seen: string[] = [];
      for (let page = 0; page < 2; page++) {
        const res = await post('/api-fin/il', { page, pageSize: 3, sorted: [{ id: 'sl', desc }], filtered: [{ id: 'sid', value: schoolId }] });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json<IncomeListResponse>().rows.map((row) => row.sl!));
      }
      return seen;
    };
    expect(await order(false)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await order(true)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
  });

  it('lists bank movements by sender and by purpose in German order, ascending and descending, across page boundaries', async () => {
    const account = (await sql<{ id: number }>(
      "INSERT INTO accounts (school_id, name, sepa_name, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro Öd', 'Schule Öd', 'AT611904300234573201', 'BKAUATWW', 'Bank') RETURNING id",
      [schoolId],
    ))[0]!.id;
    for (const [i, name] of NAMES.entries()) {
      await sql(
        "INSERT INTO bank_movements (school_id, account_id, booking_date, amount, credit, currency, counterparty_name, remittance) VALUES ($1, $2, '2026-11-02', 100, true, 'EUR', $3, $4)",
        [schoolId, account, name, ['Zahlung', 'Überweisung', 'Beitrag', 'Ölkosten'][i]],
      );
    }
    const order = async (id: string, desc: boolean) => {
      const seen: string[] = [];
      for (let page = 0; page < 2; page++) {
        const res = await post('/api-fin/bl', { page, pageSize: 3, sorted: [{ id, desc }], filtered: [{ id: 'sid', value: schoolId }] });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json<{ rows: BankMovementRow[] }>().rows.map((row) => (id === 'sname' ? row.sname : row.ssvwz)));
      }
      return seen;
    };
    expect(await order('sname', false)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await order('sname', true)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
    expect(await order('ssvwz', false)).toEqual(['Beitrag', 'Ölkosten', 'Überweisung', 'Zahlung']);
  });

  it('lists conclusions by last name and by creator in German order', async () => {
    for (const [i, lastname] of NAMES.entries()) {
      await sql('INSERT INTO conclusions (school_id, firstname, lastname, created_by_name) VALUES ($1, $2, $3, $4)', [
        schoolId, 'Kim', lastname, ['Österreicher', 'Zach', 'Oswald', 'Ertl'][i],
      ]);
    }
    const order = async (id: string, desc: boolean) =>
      (await post('/api-conclusion/list', { page: 0, pageSize: 25, sorted: [{ id, desc }], filtered: [{ id: 'sid', value: schoolId }] }))
        .json<ConclusionListResponse>()
        .rows.map((row) => (id === 'ln' ? row.ln : row.createdBy));
    expect(await order('ln', false)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await order('ln', true)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
    expect(await order('createdBy', false)).toEqual(['Ertl', 'Österreicher', 'Oswald', 'Zach']);
  });

  it('lists users by name in German order', async () => {
    for (const lastname of NAMES) {
      const user = await createUser(t.db, { level: 3 });
      await sql('UPDATE users SET lastname = $2 WHERE id = $1', [user.id, lastname]);
    }
    const res = await t.request({ method: 'GET', url: '/api-user/data', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const users = res.json<UserRow[]>().filter((row) => row.l === 3 && NAMES.includes(row.ln));
    expect(users.map((row) => row.ln)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
  });

  it('lists contract templates by name in German order (the settings list and the picker)', async () => {
    for (const name of NAMES) {
      await sql(
        `INSERT INTO contract_templates (school_id, name, pay_interval, country_iso, amount_gross, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
         VALUES ($1, $2, 1, 'at', 5000, 12, 1, 1, 1)`,
        [schoolId, name],
      );
    }
    const list = await t.request({ method: 'GET', url: '/api-contract/data', headers: { cookie } });
    expect(list.json<{ school_id: number; name: string }[]>().filter((row) => row.school_id === schoolId).map((row) => row.name)).toEqual([
      'Binder', 'Böhm', 'Brandt', 'Ebner',
    ]);
    const picker = await t.request({ method: 'GET', url: `/api-contract/sel?school=${schoolId}`, headers: { cookie } });
    expect(picker.json<{ name: string }[]>().map((row) => row.name)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
  });

  it('exports all filtered rows (CSV) in the order of the list (German), and a student selection in the default name order', async () => {
    const csvNames = async (url: string) => {
      const res = await t.request({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n').slice(1);
      // A cell holds the last name alone (students) or after the first name (income).
      const cellsOf = (line: string) => line.split(';').map((cell) => cell.replace(/^"|"$/g, ''));
      return lines.map((line) => NAMES.find((name) => cellsOf(line).some((cell) => cell === name || cell.endsWith(` ${name}`))) ?? line);
    };
    const query = (sorted: object[]) =>
      `filtered=${encodeURIComponent(JSON.stringify([{ id: 'sid', value: schoolId }]))}&sorted=${encodeURIComponent(JSON.stringify(sorted))}`;
    expect(await csvNames(`/api-student/export-sel?format=csv&${query([{ id: 'ln', desc: false }])}`)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await csvNames(`/api-student/export-sel?format=csv&${query([{ id: 'ln', desc: true }])}`)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
    expect(await csvNames(`/api-student/export-sel?format=csv&ids=${NAMES.map((name) => students[name]).join(',')}`)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await csvNames(`/api-fin/export-il-sel?format=csv&${query([{ id: 'sl', desc: false }])}`)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
    expect(await csvNames(`/api-fin/export-il-sel?format=csv&${query([{ id: 'sl', desc: true }])}`)).toEqual(['Ebner', 'Brandt', 'Böhm', 'Binder']);
  });

  it('lists a microsite team by name in German order', async () => {
    for (const [i, lastname] of NAMES.entries()) {
      await sql('INSERT INTO network_members (mno, firstname, lastname) VALUES ($1, $2, $3)', [`AT-9${i}0001`, 'Kim', lastname]);
      await sql('INSERT INTO network_member_roles (mno, school_id, role_id) VALUES ($1, $2, 3)', [`AT-9${i}0001`, schoolId]);
    }
    const res = await t.request({ method: 'GET', url: `/api-base/team?sid=${schoolId}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ rows: { ln: string }[] }>().rows.map((row) => row.ln)).toEqual(['Binder', 'Böhm', 'Brandt', 'Ebner']);
  });

  it('sorts the student list by name through an index (no sort step), also under row-level security', async () => {
    for (const desc of [false, true]) {
      const plan = await t.db.scoped({ userId: 1, schoolIds: [schoolId] }, async (tx) => {
        // Sorting is made expensive, not impossible: a plan without an index for the order
        // would still show a Sort node.
        await tx.query('SET LOCAL enable_sort = off');
        const explained = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT s.id FROM ${STUDENT_LIST.from} ORDER BY ${orderBy(STUDENT_LIST, [{ id: 'ln', desc }])} LIMIT 25`,
        );
        return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('students_list_ln_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it('keeps a sort key column, generated from sbo_sort_key, for every text sort of every list', async () => {
    const keyColumns = new Set<string>();
    for (const list of [STUDENT_LIST, INCOME_LIST, EXPENSE_LIST, NEWS_LIST, REMINDER_LIST, TEMPLATE_LIST, HUMAN_LIST, LEAD_LIST, ACCOUNT_LIST, CONCLUSION_LIST, BANK_MOVEMENT_LIST]) {
      const aliases = new Map([...list.from.matchAll(/(?:^|\bJOIN\s+)(\w+)\s+(\w+)/g)].map((m) => [m[2], m[1]]));
      for (const column of Object.values(list.columns)) {
        const textSort = column.textSort === undefined ? [] : typeof column.textSort === 'string' ? [column.textSort] : column.textSort;
        for (const qualified of textSort) {
          const [alias, name] = qualified.split('.');
          keyColumns.add(`${aliases.get(alias!)}.${name}_sk`);
        }
      }
    }
    expect(keyColumns.size).toBeGreaterThanOrEqual(12);
    const generated = await sql<{ c: string; expr: string; collation: string | null }>(
      `SELECT table_name || '.' || column_name AS c, generation_expression AS expr, collation_name AS collation
         FROM information_schema.columns WHERE table_schema = current_schema() AND column_name LIKE '%\\_sk'`,
    );
    const byName = new Map(generated.map((row) => [row.c, row]));
    for (const key of keyColumns) {
      expect({ key, expr: byName.get(key)?.expr, collation: byName.get(key)?.collation }).toEqual({
        key,
        // The key of the column, or of its first characters (a long purpose: left(remittance, 200)).
        expr: expect.stringMatching(new RegExp(`sbo_sort_key\\((?:"left"\\()?${key.split('.')[1]!.replace(/_sk$/, '')}(?:\\)|, \\d+\\)\\))$`)),
        collation: 'C',
      });
    }
  });
});
