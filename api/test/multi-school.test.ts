import type {
  Atom,
  BankImportDetail,
  DdGenerateResponse,
  DunningListResponse,
  DunningRunResponse,
  SepaFilesResponse,
} from 'shared-kernel/contracts';
import { buildCamt } from './support/camt.js';
import { multipart } from './support/multipart.js';
import { pdfText } from './support/pdf-tools.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from './support/test-app.js';

jest.setTimeout(180_000);

// A Saturday; receipts due 1.10. are due for dunning level 1 (iv_m1_days 14 by default).
const NOW = new Date('2026-11-21T09:30:00Z');

/**
 * Users of several schools (issue 25): a user of schools A and B makes a dunning run, a
 * direct-debit run and bank statement imports over students of both; users of A only, of B
 * only, and the A+B user with his school filter set to A must see only what is of their
 * schools. A dunning run holds letters of several schools: it is visible only to a user who
 * sees ALL of its schools (migration 110, policy school_scope of dunning_runs), so the A-only
 * user must not download its PDF with B's student's letter. A direct-debit run and a bank
 * statement import are of one school each (one run per creditor account; a CAMT file with
 * accounts of two schools is refused, code 103), so each is seen by the users of its school.
 */
describe.each(backends())('users of several schools on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  const cookies: Record<string, string> = {};
  const s: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const rno: Record<'a' | 'b', number> = { a: 0, b: 0 };
  let keyNo = 0;

  const call = (method: string, url: string, user: string, payload?: unknown, key?: string): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const newKey = () => `multi-school-${++keyNo}-${Math.random().toString(36).slice(2, 8)}`;
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  const student = async (schoolId: number, fn: string, ln: string) =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, $2, $3, 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolId, fn, ln],
    ))[0]!.id;
  const receipt = async (studentId: number, due: string, amount: number) =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, text, date_due, amount, tax, created_at)
       SELECT school_id, id, 'IR', 'Monatsbeitrag', $2, $3, 0, $4 FROM students WHERE id = $1 RETURNING rno::text AS rno`,
      [studentId, due, amount, NOW],
    ))[0]!.rno);

  /** The users: every one may read and write finance and students; they differ in schools. */
  const USERS = ['ab', 'a', 'b', 'abFilteredA'] as const;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    schoolA = await createSchool(t.db, 'Dojo Amstetten');
    schoolB = await createSchool(t.db, 'Dojo Bregenz');
    // A third school nobody here sees, so "A and B" is not "all schools".
    await createSchool(t.db, 'DojoCkirchen');
    const atoms: Atom[] = ['student_r', 'finance_r', 'finance_w', 'finance_d'];
    const schools: Record<(typeof USERS)[number], number[]> = { ab: [schoolA, schoolB], a: [schoolA], b: [schoolB], abFilteredA: [schoolA, schoolB] };
    for (const name of USERS) cookies[name] = (await t.loginAs({ atoms, schools: schools[name] })).cookie;
    const filter = await call('POST', '/api-base/filter', 'abFilteredA', { name: 'schools', value: [schoolA] });
    expect(filter.json()).toEqual({ filter: [schoolA] });

    s.a = await student(schoolA, 'Anna', 'Amsel');
    s.b = await student(schoolB, 'Bruno', 'Berg');
    rno.a = await receipt(s.a, '2026-10-01', 4900);
    rno.b = await receipt(s.b, '2026-10-01', 5900);
  });
  afterAll(async () => {
    await t?.close();
  });

  const studentIds = async (user: string) => {
    const res = await call('POST', '/api-student/list', user, { page: 0, pageSize: 100, sorted: [], filtered: [] });
    expect(res.statusCode).toBe(200);
    return res.json<{ rows: { id: number }[] }>().rows.map((row) => row.id).sort((x, y) => x - y);
  };

  it('lists students and their receipts of the schools in view only (also with the school filter set to one school)', async () => {
    expect(await studentIds('ab')).toEqual([s.a, s.b].sort((x, y) => x - y));
    expect(await studentIds('a')).toEqual([s.a]);
    expect(await studentIds('b')).toEqual([s.b]);
    expect(await studentIds('abFilteredA')).toEqual([s.a]);
    for (const [user, stid, status] of [
      ['ab', s.b, 200],
      ['a', s.b, 404],
      ['abFilteredA', s.b, 404],
      ['abFilteredA', s.a, 200],
      ['b', s.a, 404],
    ] as const) {
      const res = await call('GET', `/api-student/receipts?id=${stid}&type=1`, user);
      expect([user, stid, res.statusCode]).toEqual([user, stid, status]);
    }
  });

  describe('a dunning run over students of A and B, made by the A+B user', () => {
    let run: DunningRunResponse;

    const due = async (user: string) => {
      const res = await call('GET', '/api-receipt/dunning?level=1', user);
      expect(res.statusCode).toBe(200);
      return res.json<DunningListResponse>().rows.map((row) => row.rno).sort((x, y) => x - y);
    };

    beforeAll(async () => {
      // Before the run: each sees the due items of his schools only.
      expect(await due('ab')).toEqual([rno.a, rno.b].sort((x, y) => x - y));
      expect(await due('a')).toEqual([rno.a]);
      expect(await due('b')).toEqual([rno.b]);
      expect(await due('abFilteredA')).toEqual([rno.a]);
      // A user of A cannot dun B's receipt (nor with it one of A): 404, nothing written.
      const foreign = await call('POST', '/api-receipt/dunning', 'a', { level: 1, rnos: [rno.a, rno.b] }, newKey());
      expect(foreign.statusCode).toBe(404);
      expect(await sql('SELECT id FROM dunning_runs')).toEqual([]);

      const res = await call('POST', '/api-receipt/dunning', 'ab', { level: 1, rnos: [rno.a, rno.b] }, newKey());
      expect(res.statusCode).toBe(200);
      run = res.json<DunningRunResponse>();
      expect(run).toMatchObject({ dunnings: 2, receipts: 2, printed: 2 });
      const [{ school_ids: runSchools }] = await sql<{ school_ids: number[] }>('SELECT school_ids FROM dunning_runs WHERE id = $1', [run.run]);
      expect([...runSchools].sort()).toEqual([schoolA, schoolB].sort());
    });

    it('lets the A+B user download the PDF with both letters', async () => {
      const pdf = await call('GET', `/api-receipt/dunning-pdf?id=${run.run}`, 'ab');
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Amsel');
      expect(text).toContain('Berg');
    });

    it.each(['a', 'b', 'abFilteredA'])('does not let %s (who does not see both schools now) download it: 404, no letter', async (user) => {
      const pdf = await call('GET', `/api-receipt/dunning-pdf?id=${run.run}`, user);
      expect(pdf.statusCode).toBe(404);
      expect(pdf.headers['content-type']).not.toMatch(/pdf/);
      expect(pdf.body).not.toContain('Berg');
      expect(pdf.body).not.toContain('Amsel');
    });

    it("shows each user the dunning letters of his school's students only", async () => {
      const letters = async (user: string, stid: number) => {
        const res = await call('GET', `/api-student/inv-rem?id=${stid}`, user);
        return res.statusCode === 200 ? res.json<{ rows?: unknown[] } | unknown[]>() : res.statusCode;
      };
      expect(await letters('a', s.b)).toBe(404);
      expect(await letters('abFilteredA', s.b)).toBe(404);
      expect(await letters('b', s.a)).toBe(404);
      expect(JSON.stringify(await letters('a', s.a))).toContain('"dun":1');
      expect(JSON.stringify(await letters('ab', s.b))).toContain('"dun":1');
      // The letter row of B's student is not A's to print.
      const [{ id: letterB }] = await sql<{ id: number }>('SELECT id FROM dunnings WHERE student_id = $1', [s.b]);
      expect((await call('GET', `/api-receipt/print-ir?id=${letterB}`, 'a')).statusCode).toBe(404);
      expect((await call('GET', `/api-receipt/print-ir?id=${letterB}`, 'ab')).statusCode).toBe(200);
    });

    it('lists nothing due any more for either school', async () => {
      expect(await due('ab')).toEqual([]);
      expect(await due('a')).toEqual([]);
    });
  });

  describe('direct debits of A and B generated by the A+B user', () => {
    let runs: DdGenerateResponse['runs'];
    const runOf: Record<'a' | 'b', number> = { a: 0, b: 0 };

    /** A SEPA debtor of a school: contract with a mandate and one open receipt due 15.11. */
    const debtor = async (schoolId: number, ln: string, ref: string) => {
      const stid = await student(schoolId, 'Deb', ln);
      const [{ id: contract }] = await sql<{ id: number }>(
        `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                        sepa_name, sepa_iban, sepa_bic, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
         VALUES ($1, $2, 1, 1, '2026-01-01', 4900, 1, $3, 'DE02 1203 0000 0000 2020 51', NULL, $4, '2025-12-15', 'FRST') RETURNING id`,
        [schoolId, stid, `Deb ${ln}`, ref],
      );
      await sql(
        `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
         VALUES ($1, $2, $3, 'IR', 'Beitrag 11/2026', '2026-11-15', '2026-11-15', 4900)`,
        [schoolId, stid, contract],
      );
      return { scid: contract, dd: '2026-11-15' };
    };

    beforeAll(async () => {
      for (const [schoolId, iban] of [[schoolA, 'DE89370400440532013000'], [schoolB, 'AT611904300234573201']] as const) {
        await sql(
          `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main)
           VALUES ($1, 'Giro', 'Dojo', 'DE98ZZZ09999999999', $2, 'COBADEFFXXX', 'Bank', true)`,
          [schoolId, iban],
        );
      }
      const selection = [await debtor(schoolA, 'Adler', 'M-A-1'), await debtor(schoolB, 'Biber', 'M-B-1')];
      const res = await call('POST', '/api-fin/dd', 'ab', { year: 2026, month: 11, data: selection }, newKey());
      expect(res.statusCode).toBe(200);
      runs = res.json<DdGenerateResponse>().runs;
      expect(runs).toHaveLength(2);
      for (const r of runs) {
        const [{ school_id: sid }] = await sql<{ school_id: number }>('SELECT school_id FROM sepa_runs WHERE id = $1', [r.id]);
        runOf[sid === schoolA ? 'a' : 'b'] = r.id;
      }
      expect(runOf.a && runOf.b).toBeTruthy();
    });

    const files = async (user: string) =>
      (await call('GET', '/api-fin/sepa', user)).json<SepaFilesResponse>().rows.map((row) => row.id).sort((x, y) => x - y);

    it('lists each user the SEPA files of his schools only', async () => {
      expect(await files('ab')).toEqual([runOf.a, runOf.b].sort((x, y) => x - y));
      expect(await files('a')).toEqual([runOf.a]);
      expect(await files('b')).toEqual([runOf.b]);
      expect(await files('abFilteredA')).toEqual([runOf.a]);
    });

    it("lets nobody download another school's file (404), and a user of the school his own", async () => {
      for (const [user, run, status] of [
        ['a', runOf.b, 404],
        ['abFilteredA', runOf.b, 404],
        ['b', runOf.a, 404],
        ['a', runOf.a, 200],
        ['ab', runOf.b, 200],
      ] as const) {
        for (const mode of ['ebics', 'fints']) {
          const res = await call('GET', `/api-fin/es?mode=${mode}&key=${run}`, user);
          expect([user, run, mode, res.statusCode]).toEqual([user, run, mode, status]);
          if (status === 404) expect(res.body).not.toContain('Biber');
        }
      }
    });
  });

  describe('bank statement imports of A and B by the A+B user', () => {
    const importOf: Record<'a' | 'b', number> = { a: 0, b: 0 };
    const IBAN = { a: 'AT483200000012345864', b: 'AT022050302101023600' };

    const upload = async (user: string, xml: string) => {
      const body = multipart([{ name: 'file', filename: 'statement.xml', data: xml }]);
      return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
    };
    const statement = (which: 'a' | 'b', name: string) =>
      buildCamt([
        {
          id: `STMT-${which}`,
          iban: IBAN[which],
          entries: [{ amount: 4900, credit: true, bookingDate: '2026-11-20', accountServicerRef: `REF-${which}`, transactions: [{ name, purpose: [`Beitrag ${name}`] }] }],
        },
      ]);
    const movements = async (user: string) => {
      const res = await call('POST', '/api-fin/bl', user, { page: 0, pageSize: 100, sorted: [], filtered: [] });
      expect(res.statusCode).toBe(200);
      return res.json<{ rows: { sname: string }[] }>().rows.map((row) => row.sname).sort();
    };

    beforeAll(async () => {
      for (const which of ['a', 'b'] as const) {
        await sql(
          `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Konto', 'Dojo', NULL, $2, 'BKAUATWW', 'Bank')`,
          [which === 'a' ? schoolA : schoolB, IBAN[which]],
        );
        const res = await upload('ab', statement(which, which === 'a' ? 'Zahler Anton' : 'Zahler Berta'));
        expect(res.statusCode).toBe(200);
        importOf[which] = res.json<BankImportDetail>().id;
      }
    });

    it("shows each user the imports and movements of his schools only", async () => {
      expect(await movements('ab')).toEqual(['Zahler Anton', 'Zahler Berta']);
      expect(await movements('a')).toEqual(['Zahler Anton']);
      expect(await movements('b')).toEqual(['Zahler Berta']);
      expect(await movements('abFilteredA')).toEqual(['Zahler Anton']);
      for (const [user, id, status] of [
        ['a', importOf.b, 404],
        ['abFilteredA', importOf.b, 404],
        ['b', importOf.a, 404],
        ['a', importOf.a, 200],
        ['ab', importOf.b, 200],
      ] as const) {
        const res = await call('GET', `/api-fin/bamimport?id=${id}`, user);
        expect([user, id, res.statusCode]).toEqual([user, id, status]);
      }
    });

    it("refuses the A-only user an import of B's account (1003: no such account in his schools), nothing written", async () => {
      const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM bank_movements');
      const res = await upload('a', buildCamt([{ id: 'STMT-b2', iban: IBAN.b, entries: [{ amount: 100, credit: true, bookingDate: '2026-11-20', accountServicerRef: 'REF-b2' }] }]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 1003, fields: { iban: IBAN.b } });
      expect(await sql('SELECT count(*)::int AS n FROM bank_movements')).toEqual(before);
    });
  });
});
