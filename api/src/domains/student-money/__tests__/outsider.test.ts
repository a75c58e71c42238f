import type { Atom, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(300_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const ALL: Atom[] = ['student_r', 'student_w', 'finance_r', 'finance_w', 'finance_d'];

/**
 * Issue 13 (student money and contracts) as an outsider sees it: another school's staff, a
 * trainer, mixed ids, bodies of the wrong types, encoded paths and double submits against
 * /api-student (money and contract calls), /api-receipt and /api-invoice-reminder. Every
 * refusal is a 4xx with an error code (never a 500, never another school's names or amounts)
 * and leaves the books as they were; the balance stays receipts − credit notes − assigned payments.
 */
describe.each(backends())('student money attacked from outside on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  const cookies: Record<string, string> = {};
  let n = 0;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const call = (method: string, url: string, user: string, payload?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...headers }, payload: payload as object });
  const raw = (method: string, url: string, user: string, payload: string) =>
    t.request({ method, url, headers: { cookie: cookies[user]!, 'content-type': 'application/json' }, payload });
  /** Everything money and contracts: a refusal must leave it as it was. */
  const books = async () =>
    JSON.stringify(await sql('SELECT rno::text, rrno::text, student_id, type, amount::text, paid::text, credited::text, currency, version FROM receipts ORDER BY rno')) +
    JSON.stringify(await sql('SELECT id, student_id, amount::text, assigned::text, booked_at, currency, version FROM payments ORDER BY id')) +
    JSON.stringify(await sql('SELECT payment_id, rno::text, amount::text FROM payment_assignments ORDER BY id')) +
    JSON.stringify(await sql('SELECT id, balance::text FROM students ORDER BY id')) +
    JSON.stringify(await sql('SELECT id, status, cancel_date, contract_end, version FROM student_contracts ORDER BY id')) +
    JSON.stringify(await sql('SELECT id, dunning_level, sent_at, version FROM dunnings ORDER BY id')) +
    JSON.stringify(await sql('SELECT student_contract_id, period_start FROM student_contract_skips ORDER BY 1, 2'));
  /** The balance on the student row, on GET /api-student/receipts and in POST /api-student/list = receipts − credit notes − assigned payments. */
  const expectBalance = async (stid: number, user = 'wien') => {
    const [row] = await sql<{ balance: string; expected: string }>(
      `SELECT s.balance::text AS balance,
              ((SELECT COALESCE(sum(amount), 0) FROM receipts WHERE student_id = s.id)
                - (SELECT COALESCE(sum(a.amount), 0) FROM payment_assignments a JOIN payments p ON p.id = a.payment_id WHERE p.student_id = s.id))::text AS expected
         FROM students s WHERE s.id = $1`,
      [stid],
    );
    expect(Number(row!.balance)).toBe(Number(row!.expected));
    const open = (await call('GET', `/api-student/receipts?type=1&id=${stid}`, user)).json<StudentReceiptsResponse>();
    expect(open.balance).toBe(Number(row!.expected));
    const [{ ln }] = await sql<{ ln: string }>('SELECT lastname AS ln FROM students WHERE id = $1', [stid]);
    const list = await call('POST', '/api-student/list', user, { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'ln', value: ln }] });
    expect(list.statusCode).toBe(200);
    const mine = list.json<{ rows: { id: number; b: number | null }[] }>().rows.find((r) => r.id === stid);
    expect(mine?.b).toBe(Number(row!.expected));
    const data = (await call('GET', `/api-student/data?id=${stid}`, user)).json<{ data?: { balance?: number }; balance?: number }>();
    expect(data.data?.balance ?? data.balance).toBe(Number(row!.expected));
    // Without finance_r nobody sees it.
    const trainerList = await call('POST', '/api-student/list', 'trainer', { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'ln', value: ln }] });
    const theirs = trainerList.json<{ rows: { id: number; b: number | null }[] }>().rows.find((r) => r.id === stid);
    if (theirs) expect(theirs.b).toBeNull();
    const trainerData = await call('GET', `/api-student/data?id=${stid}`, 'trainer');
    if (trainerData.statusCode === 200) expect(trainerData.json<{ data?: { balance?: unknown }; balance?: unknown }>().data?.balance ?? trainerData.json<{ balance?: unknown }>().balance ?? null).toBeNull();
    return Number(row!.expected);
  };
  const makeStudent = async (schoolId: number, lastname: string, memberStatus: number | null = null) =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso, e_member_status_id)
       VALUES ($1, 1, 'Maria', $2, 2, 'Hauptplatz', '1', '8010', 'Graz', 'at', $3) RETURNING id`,
      [schoolId, lastname, memberStatus],
    ))[0]!.id;
  const makeContract = async (stid: number, opts: { start?: string; gross?: number; interval?: number } = {}) =>
    (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, contract_no, status, payment_method_id, contract_start, amount_gross, activation_gross,
                                      tax_percent, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
       SELECT school_id, id, $5, 1, 3, $2, $3, 0, 20, $4, 12, 3, 1, 1 FROM students WHERE id = $1 RETURNING id`,
      [stid, opts.start ?? '2026-09-01', opts.gross ?? 4900, opts.interval ?? 1, `AU-${++n}`],
    ))[0]!.id;
  const receiptNos = async (stid: number) =>
    (await sql<{ rno: string }>('SELECT rno::text FROM receipts WHERE student_id = $1 AND rrno IS NULL ORDER BY rno', [stid])).map((r) => Number(r.rno));
  const version = async (table: 'receipts' | 'payments' | 'student_contracts', key: string, id: number) =>
    (await sql<{ version: number }>(`SELECT version FROM ${table} WHERE ${key} = $1`, [id]))[0]!.version;
  const cash = (am: number) => ({ pd: '2026-11-20', am, pm: 3, aid: null, an: 'bar' });
  const codeOf = (res: TestResponse) => {
    try {
      return typeof res.json<{ error?: unknown }>().error;
    } catch {
      return 'not json';
    }
  };

  const contractForm = {
    payment_method_id: 2, contract_start: '2026-12-01', amount_gross: 5900, activation_gross: 0, tax_percent: 20, currency: 'EUR', pay_interval: 1,
    c_interval_start: 12, c_cperiod_start: 3, c_interval_follow: 1, c_cperiod_follow: 1, contract_no: null,
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(NOW) });
    wien = await createSchool(t.db, 'Dojo Wien');
    graz = await createSchool(t.db, 'Dojo Graz');
    cookies.wien = (await t.loginAs({ atoms: ALL, schools: [wien] })).cookie;
    cookies.graz = (await t.loginAs({ atoms: ALL, schools: [graz] })).cookie;
    cookies.trainer = (await t.loginAs({ atoms: ['student_r'], schools: [wien] })).cookie;
    cookies.reader = (await t.loginAs({ atoms: ['student_r', 'finance_r'], schools: [wien] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A Wien student with a contract billed for three months, one payment on the oldest receipt, a credit note on the second and a dunning row. */
  const billedStudent = async (lastname: string) => {
    const stid = await makeStudent(wien, lastname);
    const scid = await makeContract(stid);
    expect((await call('POST', `/api-student/gi?stid=${stid}`, 'wien')).json()).toEqual({ success: true, created: 3 });
    const [r1, r2, r3] = await receiptNos(stid);
    const paid = await call('POST', `/api-student/spr?stid=${stid}&rno=${r1}`, 'wien', { pd: '2026-11-20', am: null, pm: 3, aid: null, an: '' });
    expect(paid.statusCode).toBe(200);
    const prid = paid.json<{ id: number }>().id;
    const cn = (await call('POST', `/api-receipt/cn?stid=${stid}&rno=${r2}`, 'wien', { am: 1234, txt: 'Kulanz' })).json<{ rno: number }>().rno;
    const dunning = await call('POST', '/api-invoice-reminder/data', 'wien', { stid, dun: 1, rnos: [r3] });
    expect(dunning.statusCode).toBe(200);
    return { stid, scid, r1: r1!, r2: r2!, r3: r3!, prid, cn, dunning: dunning.json<{ id: number }>().id };
  };

  it("another school's admin gets 404 on every money and contract route with Wien's ids, a trainer 403; nothing leaks, nothing changes", async () => {
    const a = await billedStudent('Geheimhuber');
    const before = await books();
    const v = await version('student_contracts', 'id', a.scid);
    const pv = await version('payments', 'id', a.prid);
    const rv = await version('receipts', 'rno', a.r3);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api-student/receipts?type=1&id=${a.stid}`],
      ['GET', `/api-student/receipts?type=2&id=${a.stid}`],
      ['GET', `/api-student/inv-rem?id=${a.stid}`],
      ['POST', `/api-student/gi?stid=${a.stid}`],
      ['GET', `/api-student/sp?stid=${a.stid}`],
      ['GET', `/api-student/sp?stid=${a.stid}&id=${a.prid}`],
      ['POST', `/api-student/sp?stid=${a.stid}`, cash(100)],
      ['PUT', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, { ...cash(100), version: pv }],
      ['DELETE', `/api-student/sp?stid=${a.stid}&id=${a.prid}`],
      ['POST', `/api-student/spr?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', am: null, pm: 3, aid: null, an: '' }],
      ['PUT', `/api-student/setpaid?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', pm: 3, aid: null, version: rv }],
      ['GET', `/api-student/spa?stid=${a.stid}&id=${a.prid}`],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [], version: pv }],
      ['GET', `/api-receipt/data?stid=${a.stid}&rno=${a.r1}`],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 100, txt: 'x' }],
      ['PUT', `/api-receipt/cn?stid=${a.stid}&rno=${a.cn}`, { am: 100, txt: 'x', version: 1 }],
      ['POST', `/api-receipt/undo-cn?stid=${a.stid}&rno=${a.cn}&rrno=${a.r2}`],
      ['POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${a.r1}&prid=${a.prid}`],
      ['POST', `/api-receipt/close?stid=${a.stid}&rrno=${a.r1}`],
      ['POST', `/api-receipt/open?stid=${a.stid}&rrno=${a.r1}`],
      ['GET', `/api-receipt/print?id=${a.r1}`],
      ['GET', `/api-receipt/print?id=${a.cn}`],
      ['GET', `/api-receipt/print-ir?id=${a.dunning}`],
      ['GET', `/api-receipt/print-ir?id=${a.dunning}&ds=2026-11-21`],
      ['POST', '/api-invoice-reminder/data', { stid: a.stid, dun: 2, rnos: [a.r3] }],
      ['PUT', `/api-invoice-reminder/data?id=${a.dunning}`, { dun: 3, ds: '2026-11-21', version: 1 }],
      ['GET', `/api-student/sc?stid=${a.stid}`],
      ['GET', `/api-student/sc?stid=${a.stid}&id=${a.scid}`],
      ['PUT', `/api-student/sc?stid=${a.stid}&id=${a.scid}`, { ...contractForm, version: v }],
      ['DELETE', `/api-student/sc?stid=${a.stid}&id=${a.scid}`],
      ['PUT', `/api-student/skip?stid=${a.stid}&id=${a.scid}`, { version: v }],
      ['POST', `/api-student/skip?stid=${a.stid}&id=${a.scid}`, { version: v }],
      ['GET', `/api-student/cancel?stid=${a.stid}&stcid=${a.scid}`],
      ['POST', `/api-student/cancel?stid=${a.stid}&stcid=${a.scid}`, { dc: '2026-11-21', version: v }],
      ['PUT', `/api-student/swd?stid=${a.stid}&id=${a.scid}`, { version: v }],
      ['POST', `/api-student/cp?scid=${a.stid}&id=${a.scid}`],
      ['GET', `/api-student/cancellation?stid=${a.stid}`],
      ['POST', `/api-student/cancellation?stid=${a.stid}`, { sc: a.scid, dc: '2026-11-21', dce: '2027-11-30', tmpl: 'rep_memb_canc', sati: 4, version: v }],
      ['POST', `/api-base/cce?id=${a.stid}`],
      ['POST', `/api-base/ndt?id=${a.stid}`],
    ];
    const leaks = ['Geheimhuber', '4900', '49,00', '1234', '12,34', 'Kulanz', 'AU-'];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, 'graz', payload);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      for (const word of leaks) expect([url, res.body.includes(word)]).toEqual([url, false]);
    }
    // The trainer (student_r only) reads no money and writes nothing: 403 (or 404 where the spec gives it the student only).
    for (const [method, url, payload] of routes) {
      if (url.startsWith('/api-base/')) continue; // student_r may ask the network (spec 001 §6)
      const res = await call(method, url, 'trainer', payload);
      expect([method, url, res.statusCode]).toEqual([method, url, url.startsWith('/api-student/sc?') && method === 'GET' ? res.statusCode : 403]);
      for (const word of ['4900', '1234', 'Kulanz']) expect([url, res.body.includes(word)]).toEqual([url, false]);
    }
    expect(await books()).toBe(before);
    // Graz's lists show nothing of Wien's student.
    const list = await call('POST', '/api-student/list', 'graz', { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'ln', value: 'Geheim' }] });
    expect(list.body).not.toContain('Geheimhuber');
    await expectBalance(a.stid);
  });

  it('mixed ids: a receipt, payment, credit note or contract named with another student (same or other school) is 404 or refused with a code', async () => {
    const a = await billedStudent('Mischer');
    const b = await billedStudent('Zweiter');
    const g = await makeStudent(graz, 'Grazer');
    const gContract = await makeContract(g);
    expect((await call('POST', `/api-student/gi?stid=${g}`, 'graz')).statusCode).toBe(200);
    const [g1] = await receiptNos(g);
    const gPay = (await call('POST', `/api-student/sp?stid=${g}`, 'graz', cash(500))).json<{ id: number }>().id;
    const free = (await call('POST', `/api-student/sp?stid=${a.stid}`, 'wien', cash(300))).json<{ id: number }>().id;
    const before = await books();
    const pv = await version('payments', 'id', free);
    const attempts: [string, string, string, unknown, number][] = [
      // A's receipt with B's stid and the other way round.
      ['wien', 'GET', `/api-receipt/data?stid=${b.stid}&rno=${a.r1}`, undefined, 404],
      ['wien', 'POST', `/api-student/spr?stid=${b.stid}&rno=${a.r3}`, { pd: '2026-11-20', am: 100, pm: 3, aid: null, an: '' }, 404],
      ['wien', 'PUT', `/api-student/setpaid?stid=${b.stid}&rno=${a.r3}`, { pd: '2026-11-20', pm: 3, aid: null, version: 1 }, 404],
      ['wien', 'POST', `/api-receipt/cn?stid=${b.stid}&rno=${a.r3}`, { am: 100, txt: 'x' }, 404],
      ['wien', 'PUT', `/api-receipt/cn?stid=${b.stid}&rno=${a.cn}`, { am: 100, txt: 'x', version: 1 }, 404],
      ['wien', 'POST', `/api-receipt/undo-cn?stid=${b.stid}&rno=${a.cn}&rrno=${a.r2}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/undo-cn?stid=${a.stid}&rno=${b.cn}&rrno=${a.r2}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/undo-cn?stid=${a.stid}&rno=${a.cn}&rrno=${a.r3}`, undefined, 409],
      ['wien', 'POST', `/api-receipt/undo-cn?stid=${a.stid}&rno=${a.r1}&rrno=${a.r2}`, undefined, 409],
      ['wien', 'POST', `/api-receipt/close?stid=${b.stid}&rrno=${a.r1}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/open?stid=${b.stid}&rrno=${a.r1}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/close?stid=${a.stid}&rrno=${a.cn}`, undefined, 409],
      // Credit note on a credit note (a sub-receipt), payment on a credit note.
      ['wien', 'POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.cn}`, { am: 1, txt: 'x' }, 409],
      ['wien', 'POST', `/api-student/spr?stid=${a.stid}&rno=${a.cn}`, { pd: '2026-11-20', am: 1, pm: 3, aid: null, an: '' }, 409],
      ['wien', 'PUT', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 1, txt: 'x', version: 1 }, 409],
      // A's payment on B's receipt, on Graz's receipt, on a credit note.
      ['wien', 'PUT', `/api-student/spa?stid=${a.stid}&id=${free}`, { pr: [{ rno: b.r3, am: 100 }], version: pv }, 400],
      ['wien', 'PUT', `/api-student/spa?stid=${a.stid}&id=${free}`, { pr: [{ rno: g1, am: 100 }], version: pv }, 400],
      ['wien', 'PUT', `/api-student/spa?stid=${a.stid}&id=${free}`, { pr: [{ rno: a.cn, am: 100 }], version: pv }, 409],
      ['wien', 'PUT', `/api-student/spa?stid=${b.stid}&id=${free}`, { pr: [{ rno: b.r3, am: 100 }], version: pv }, 404],
      ['wien', 'GET', `/api-student/spa?stid=${b.stid}&id=${free}`, undefined, 404],
      ['wien', 'GET', `/api-student/sp?stid=${b.stid}&id=${free}`, undefined, 404],
      ['wien', 'DELETE', `/api-student/sp?stid=${b.stid}&id=${free}`, undefined, 404],
      ['wien', 'PUT', `/api-student/sp?stid=${b.stid}&id=${free}`, { ...cash(300), version: pv }, 404],
      // revert-pa with a payment not on that receipt, of another student, of Graz.
      ['wien', 'POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${a.r1}&prid=${free}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${a.r1}&prid=${b.prid}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/revert-pa?stid=${b.stid}&rno=${a.r1}&prid=${a.prid}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${b.r1}&prid=${a.prid}`, undefined, 404],
      ['wien', 'POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${a.r1}&prid=${gPay}`, undefined, 404],
      // A dunning of A's student naming B's receipt.
      ['wien', 'POST', '/api-invoice-reminder/data', { stid: a.stid, dun: 1, rnos: [a.r3, b.r3] }, 400],
      ['wien', 'POST', '/api-invoice-reminder/data', { stid: a.stid, dun: 1, rnos: [g1] }, 400],
      // Contracts: B's contract with A's stid, Graz's contract.
      ['wien', 'GET', `/api-student/sc?stid=${a.stid}&id=${b.scid}`, undefined, 404],
      ['wien', 'PUT', `/api-student/skip?stid=${a.stid}&id=${b.scid}`, { version: 1 }, 404],
      ['wien', 'POST', `/api-student/cancel?stid=${a.stid}&stcid=${b.scid}`, { dc: '2026-11-21', version: 1 }, 404],
      ['wien', 'PUT', `/api-student/swd?stid=${a.stid}&id=${b.scid}`, { version: 1 }, 404],
      ['wien', 'DELETE', `/api-student/sc?stid=${a.stid}&id=${b.scid}`, undefined, 404],
      ['wien', 'POST', `/api-student/cp?scid=${a.stid}&id=${b.scid}`, undefined, 404],
      ['wien', 'POST', `/api-student/cancellation?stid=${a.stid}`, { sc: b.scid, dc: '2026-11-21', dce: '2027-11-30', tmpl: 'rep_memb_canc', sati: 4, version: 1 }, 404],
      ['graz', 'PUT', `/api-student/skip?stid=${g}&id=${a.scid}`, { version: 1 }, 404],
      ['graz', 'POST', `/api-student/cancellation?stid=${g}`, { sc: a.scid, dc: '2026-11-21', dce: '2027-11-30', tmpl: 'rep_memb_canc', sati: 4, version: 1 }, 404],
      ['graz', 'GET', `/api-student/cancel?stid=${g}&stcid=${a.scid}`, undefined, 404],
      // Graz's own student with Wien's receipt or payment.
      ['graz', 'GET', `/api-receipt/data?stid=${g}&rno=${a.r1}`, undefined, 404],
      ['graz', 'POST', `/api-receipt/cn?stid=${g}&rno=${a.r3}`, { am: 100, txt: 'x' }, 404],
      ['graz', 'POST', `/api-student/spr?stid=${g}&rno=${a.r3}`, { pd: '2026-11-20', am: 100, pm: 3, aid: null, an: '' }, 404],
      ['graz', 'POST', `/api-receipt/revert-pa?stid=${g}&rno=${a.r1}&prid=${a.prid}`, undefined, 404],
      ['graz', 'PUT', `/api-student/spa?stid=${g}&id=${gPay}`, { pr: [{ rno: a.r3, am: 100 }], version: 1 }, 400],
      ['graz', 'POST', `/api-receipt/close?stid=${g}&rrno=${a.r1}`, undefined, 404],
      ['graz', 'POST', '/api-invoice-reminder/data', { stid: g, dun: 1, rnos: [a.r3] }, 400],
    ];
    for (const [user, method, url, payload, status] of attempts) {
      const res = await call(method, url, user, payload);
      expect([user, method, url, res.statusCode]).toEqual([user, method, url, status]);
      expect([url, codeOf(res)]).toEqual([url, 'number']);
      expect(res.body).not.toContain('Mischer');
    }
    expect(await books()).toBe(before);
    expect(gContract).toBeGreaterThan(0);
    await expectBalance(a.stid);
    await expectBalance(b.stid);
  });

  it('malformed ids, paths and bodies answer 400 with a code or 404, never a 500, and write nothing', async () => {
    const a = await billedStudent('Formfehler');
    const before = await books();
    const pv = await version('payments', 'id', a.prid);
    const queries = [
      `/api-student/receipts?type=1&id=${a.stid}%20OR%201=1`,
      '/api-student/receipts?type=1&id=1e3',
      '/api-student/receipts?type=1&id=0x10',
      '/api-student/receipts?type=1&id=%205',
      '/api-student/receipts?type=1&id=5.0',
      '/api-student/receipts?type=1&id=-1',
      '/api-student/receipts?type=1&id=99999999999999999999',
      `/api-student/receipts?type=3&id=${a.stid}`,
      `/api-student/receipts?type=1&id=${a.stid}&id=${a.stid}`,
      `/api-receipt/data?stid=${a.stid}&rno=9007199254740993`,
      `/api-receipt/data?stid=${a.stid}&rno=1e3`,
      '/api-receipt/print?id=NaN',
      '/api-receipt/print?id=Infinity',
      '/api-receipt/print?id=9223372036854775808',
      `/api-receipt/print-ir?id=${a.dunning}&ds=morgen`,
      `/api-student/sp?stid=${a.stid}&id=0x10`,
    ];
    for (const url of queries) {
      const res = await call('GET', url, 'wien');
      expect([url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
      expect([url, codeOf(res)]).toEqual([url, 'number']);
    }
    const bodies: [string, string, unknown][] = [
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: '100' + 'x' }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: -100 }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: 0 }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: 10.5 }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: 2 ** 53 + 2 }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: 1e20 }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: 'NaN' }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: 'Infinity' }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: '1e3' }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), am: [100] }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), pm: 99 }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), pd: '31.02.2026' }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), student_id: a.stid }],
      ['POST', `/api-student/sp?stid=${a.stid}`, { ...cash(100), cur: 'CHF' }],
      ['POST', `/api-student/sp?stid=${a.stid}`, [cash(100)]],
      ['POST', `/api-student/sp?stid=${a.stid}`, 'Zahlung'],
      ['PUT', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, cash(100)],
      ['PUT', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, { ...cash(100), version: '1' + 'a' }],
      ['PUT', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, { ...cash(100), version: pv, assigned: 0 }],
      ['POST', `/api-student/spr?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', am: -5, pm: 3, aid: null, an: '' }],
      ['POST', `/api-student/spr?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', am: 1.5, pm: 3, aid: null, an: '' }],
      ['POST', `/api-student/spr?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', am: 1e300, pm: 3, aid: null, an: '' }],
      ['PUT', `/api-student/setpaid?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', pm: 3, aid: null }],
      ['PUT', `/api-student/setpaid?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', pm: 3, aid: null, version: 1, am: 1 }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [{ rno: a.r3, am: -1 }], version: pv }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [{ rno: a.r3, am: 0 }], version: pv }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [{ rno: a.r3, am: 0.5 }], version: pv }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [{ rno: a.r3, am: 1 }, { rno: a.r3, am: 1 }], version: pv }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [{ rno: String(a.r3), am: '1e2' }], version: pv }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [] }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: -100, txt: 'x' }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 0, txt: 'x' }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 1e20, txt: 'x' }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 'Infinity', txt: 'x' }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 100, txt: 'x'.repeat(501) }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r3}`, { am: 100, txt: { $ne: '' } }],
      ['PUT', `/api-receipt/cn?stid=${a.stid}&rno=${a.cn}`, { am: 100, txt: 'x' }],
      ['POST', '/api-invoice-reminder/data', { stid: a.stid, dun: 1, rnos: [] }],
      ['POST', '/api-invoice-reminder/data', { stid: a.stid, dun: 0, rnos: [a.r3] }],
      ['POST', '/api-invoice-reminder/data', { stid: String(a.stid) + 'x', dun: 1, rnos: [a.r3] }],
      ['POST', '/api-invoice-reminder/data', { stid: a.stid, dun: 1, rnos: a.r3 + 0.5 }],
      ['POST', '/api-invoice-reminder/data', [{ stid: a.stid, dun: 1, rnos: [a.r3] }]],
      ['PUT', `/api-invoice-reminder/data?id=${a.dunning}`, { dun: 2, ds: '2026-11-21' }],
      ['PUT', `/api-student/skip?stid=${a.stid}&id=${a.scid}`, {}],
      ['PUT', `/api-student/skip?stid=${a.stid}&id=${a.scid}`, { version: 'eins' }],
      ['POST', `/api-student/cancel?stid=${a.stid}&stcid=${a.scid}`, { dc: 'heute', version: 1 }],
      ['POST', `/api-student/cancel?stid=${a.stid}&stcid=${a.scid}`, { dc: '2026-11-21' }],
      ['PUT', `/api-student/swd?stid=${a.stid}&id=${a.scid}`, { version: -1 }],
    ];
    for (const [method, url, payload] of bodies) {
      const res = await raw(method, url, 'wien', JSON.stringify(payload));
      const label = `${method} ${url} ${JSON.stringify(payload).slice(0, 80)}`;
      expect([label, res.statusCode]).toEqual([label, 400]);
      expect([label, codeOf(res)]).toEqual([label, 'number']);
    }
    // Numbers JSON cannot hold exactly, and no JSON at all.
    for (const text of ['{"pd":"2026-11-20","am":99999999999999999999999,"pm":3,"aid":null,"an":""}', '{"pd":"2026-11-20","am":1e400,"pm":3}', '{"am":']) {
      const res = await raw('POST', `/api-student/sp?stid=${a.stid}`, 'wien', text);
      expect([text, res.statusCode]).toEqual([text, 400]);
    }
    // Bodies that are not JSON (a cross-site HTML form posts urlencoded or text/plain): refused with a code.
    for (const [type, text] of [
      ['application/x-www-form-urlencoded', 'pd=2026-11-20&am=100&pm=3&an=x'],
      ['text/plain', JSON.stringify(cash(100))],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="am"\r\n\r\n100\r\n--x--'],
    ]) {
      const res = await t.request({ method: 'POST', url: `/api-student/sp?stid=${a.stid}`, headers: { cookie: cookies.wien!, 'content-type': type! }, payload: text! });
      expect([type, res.statusCode >= 400 && res.statusCode < 500, codeOf(res)]).toEqual([type, true, 'number']);
    }
    // A reader (finance_r) cannot record a dunning letter as sent by printing it.
    expect((await call('GET', `/api-receipt/print-ir?id=${a.dunning}&ds=2026-11-21`, 'reader')).statusCode).toBe(403);
    // Encoded, doubled and upper-cased paths: the same checks or 404, never a write by someone without the atoms.
    const paths: [string, string, string, unknown][] = [
      ['trainer', 'POST', `/api-student/%73p?stid=${a.stid}`, cash(100)],
      ['graz', 'POST', `/api-student/%73p?stid=${a.stid}`, cash(100)],
      ['trainer', 'POST', `//api-receipt/close?stid=${a.stid}&rrno=${a.r1}`, undefined],
      ['graz', 'POST', `//api-receipt/close?stid=${a.stid}&rrno=${a.r1}`, undefined],
      ['trainer', 'POST', `/API-RECEIPT/close?stid=${a.stid}&rrno=${a.r1}`, undefined],
      ['graz', 'POST', `/API-RECEIPT/close?stid=${a.stid}&rrno=${a.r1}`, undefined],
      ['trainer', 'POST', `/api-receipt%2Fclose?stid=${a.stid}&rrno=${a.r1}`, undefined],
      ['trainer', 'POST', `/api-receipt/close/?stid=${a.stid}&rrno=${a.r1}`, undefined],
      ['trainer', 'POST', `/api-student/gi;x?stid=${a.stid}`, undefined],
      ['graz', 'GET', `/api-receipt/%70rint?id=${a.r1}`, undefined],
      ['trainer', 'GET', `/api-receipt/%70rint?id=${a.r1}`, undefined],
      ['trainer', 'PUT', `/api-student/%73kip?stid=${a.stid}&id=${a.scid}`, { version: 1 }],
    ];
    for (const [user, method, url, payload] of paths) {
      const res = await call(method, url, user, payload);
      expect([user, url, [403, 404].includes(res.statusCode)]).toEqual([user, url, true]);
      expect(res.body).not.toContain('Formfehler');
    }
    expect(await books()).toBe(before);
    await expectBalance(a.stid);
  });

  it('booked payments refuse change, assignment, revert and delete (409 {error: 57}); stale versions answer 409 {error: 9}; over-assignment and over-credit are refused with a code', async () => {
    const a = await billedStudent('Gebucht');
    await sql('UPDATE payments SET booked_at = now() WHERE id = $1', [a.prid]);
    const pv = await version('payments', 'id', a.prid);
    const before = await books();
    const booked: [string, string, unknown][] = [
      ['PUT', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, { ...cash(4900), version: pv }],
      ['DELETE', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, undefined],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${a.prid}`, { pr: [], version: pv }],
      ['POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${a.r1}&prid=${a.prid}`, undefined],
    ];
    for (const [method, url, payload] of booked) {
      const res = await call(method, url, 'wien', payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 409, { error: 57 }]);
    }
    expect(await books()).toBe(before);

    const free = (await call('POST', `/api-student/sp?stid=${a.stid}`, 'wien', cash(10000))).json<{ id: number }>().id;
    const fv = await version('payments', 'id', free);
    const afterPayment = await books();
    const r3open = 4900;
    const refusals: [string, string, unknown, number, unknown][] = [
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${free}`, { pr: [{ rno: a.r3, am: r3open + 1 }], version: fv }, 400, { error: 63 }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${free}`, { pr: [{ rno: a.r1, am: 1 }], version: fv }, 400, { error: 63 }],
      ['PUT', `/api-student/spa?stid=${a.stid}&id=${free}`, { pr: [{ rno: a.r2, am: 4900 - 1234 }, { rno: a.r3, am: 4900 }], version: fv + 1 }, 409, { error: 9 }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r2}`, { am: 4900 - 1234 + 1, txt: 'x' }, 400, { error: 63 }],
      ['POST', `/api-receipt/cn?stid=${a.stid}&rno=${a.r1}`, { am: 1, txt: 'x' }, 400, { error: 63 }],
      ['PUT', `/api-receipt/cn?stid=${a.stid}&rno=${a.cn}`, { am: 4901, txt: 'x', version: 1 }, 400, { error: 63 }],
      ['PUT', `/api-receipt/cn?stid=${a.stid}&rno=${a.cn}`, { am: 100, txt: 'x', version: 99 }, 409, { error: 9 }],
      ['PUT', `/api-student/sp?stid=${a.stid}&id=${free}`, { ...cash(10000), version: fv + 1 }, 409, { error: 9 }],
      ['PUT', `/api-student/setpaid?stid=${a.stid}&rno=${a.r3}`, { pd: '2026-11-20', pm: 3, aid: null, version: 99 }, 409, { error: 9 }],
      ['POST', `/api-receipt/close?stid=${a.stid}&rrno=${a.r3}`, undefined, 409, { error: 62 }],
      ['POST', `/api-receipt/open?stid=${a.stid}&rrno=${a.r3}`, undefined, 409, { error: 67 }],
      // r1 is settled but open: paying it again would record money for nothing.
      ['POST', `/api-student/spr?stid=${a.stid}&rno=${a.r1}`, { pd: '2026-11-20', am: 4900, pm: 3, aid: null, an: '' }, 409, { error: 67 }],
      ['POST', `/api-student/spr?stid=${a.stid}&rno=${a.r1}`, { pd: '2026-11-20', am: null, pm: 3, aid: null, an: '' }, 409, { error: 67 }],
    ];
    for (const [method, url, payload, status, body] of refusals) {
      const res = await call(method, url, 'wien', payload);
      expect([method, url, JSON.stringify(payload), res.statusCode, res.json()]).toEqual([method, url, JSON.stringify(payload), status, body]);
    }
    expect(await books()).toBe(afterPayment);
    await expectBalance(a.stid);
  });

  it('currency mix-ups are refused: a EUR payment on a CHF receipt, paying or dunning a CHF receipt with EUR', async () => {
    const stid = await makeStudent(wien, 'Franken');
    const chf = Number(
      (await sql<{ rno: string }>(
        `INSERT INTO receipts (school_id, student_id, kind, type, text, date_due, amount, tax, currency) VALUES ($1, $2, 'IR', 1, 'Seminar', '2026-11-01', 10000, 0, 'CHF') RETURNING rno::text`,
        [wien, stid],
      ))[0]!.rno,
    );
    const eur = Number(
      (await sql<{ rno: string }>(
        `INSERT INTO receipts (school_id, student_id, kind, type, text, date_due, amount, tax, currency) VALUES ($1, $2, 'IR', 1, 'Kurs', '2026-11-01', 5000, 0, 'EUR') RETURNING rno::text`,
        [wien, stid],
      ))[0]!.rno,
    );
    const pay = (await call('POST', `/api-student/sp?stid=${stid}`, 'wien', cash(20000))).json<{ id: number }>().id;
    const before = await books();
    const pv = await version('payments', 'id', pay);
    const mixed = await call('PUT', `/api-student/spa?stid=${stid}&id=${pay}`, 'wien', { pr: [{ rno: eur, am: 5000 }, { rno: chf, am: 100 }], version: pv });
    expect([mixed.statusCode, mixed.json()]).toEqual([400, { error: 86 }]);
    const spr = await call('POST', `/api-student/spr?stid=${stid}&rno=${chf}`, 'wien', { pd: '2026-11-20', am: null, pm: 3, aid: null, an: '' });
    expect([spr.statusCode, spr.json()]).toEqual([400, { error: 86 }]);
    const setpaid = await call('PUT', `/api-student/setpaid?stid=${stid}&rno=${chf}`, 'wien', { pd: '2026-11-20', pm: 3, aid: null, version: 1 });
    expect([setpaid.statusCode, setpaid.json()]).toEqual([400, { error: 86 }]);
    const dunning = await call('POST', '/api-invoice-reminder/data', 'wien', { stid, dun: 1, rnos: [eur, chf] });
    expect([dunning.statusCode, dunning.json()]).toEqual([400, { error: 86 }]);
    const offered = (await call('GET', `/api-student/spa?stid=${stid}&id=${pay}`, 'wien')).json<{ receipts: { rno: number }[] }>().receipts;
    expect(offered.map((r) => r.rno)).toEqual([eur]);
    expect(await books()).toBe(before);
    // The database refuses it too.
    await expect(t.db.query('INSERT INTO payment_assignments (school_id, payment_id, rno, amount) VALUES ($1, $2, $3, 100)', [wien, pay, chf])).rejects.toMatchObject({ code: '23514' });
    await expectBalance(stid);
  });

  it('a contract in another currency than the installation\'s (payments are always in it) is refused: its receipts could never be paid and the balance would add francs to euros', async () => {
    const stid = await makeStudent(wien, 'Waehrung');
    const before = await books();
    const created = await call('POST', `/api-student/sc?stid=${stid}`, 'wien', { ...contractForm, currency: 'CHF' });
    expect([created.statusCode, created.json()]).toEqual([400, { error: 4, fields: { currency: 'form.invalid' } }]);
    expect(await books()).toBe(before);
    const made = await call('POST', `/api-student/sc?stid=${stid}`, 'wien', contractForm);
    expect(made.statusCode).toBe(200);
    const { id, version: v } = made.json<{ id: number; version: number }>();
    const changed = await call('PUT', `/api-student/sc?stid=${stid}&id=${id}`, 'wien', { ...contractForm, currency: 'CHF', version: v });
    expect([changed.statusCode, changed.json()]).toEqual([400, { error: 4, fields: { currency: 'form.invalid' } }]);
    // A contract that already has another currency (imported) can still be saved as it is.
    await sql("UPDATE student_contracts SET currency = 'CHF' WHERE id = $1", [id]);
    const kept = await call('PUT', `/api-student/sc?stid=${stid}&id=${id}`, 'wien', { ...contractForm, currency: 'CHF', version: v });
    expect(kept.statusCode).toBe(200);
  });

  it('parallel double submits (8 at once) apply once or are refused cleanly, with and without one Idempotency-Key; the balance stays right', async () => {
    const a = await billedStudent('Doppelklick');
    const eight = <T>(f: (i: number) => Promise<T>) => Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(f));
    const statuses = (answers: TestResponse[]) => answers.map((r) => r.statusCode).sort();
    const payments = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE student_id = $1', [a.stid]))[0]!.n;
    const creditNotes = async (stid: number) => (await sql<{ n: number }>("SELECT count(*)::int AS n FROM receipts WHERE student_id = $1 AND kind = 'CN'", [stid]))[0]!.n;

    // Pay receipt r3 (what is open), without a key: one payment, the others 409 {error: 67}.
    const p0 = await payments();
    const spr = await eight(() => call('POST', `/api-student/spr?stid=${a.stid}&rno=${a.r3}`, 'wien', { pd: '2026-11-20', am: null, pm: 3, aid: null, an: '' }));
    expect(statuses(spr)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await payments()).toBe(p0 + 1);
    for (const r of spr.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ error: 67 });
    await expectBalance(a.stid);

    // Pay r2 with an explicit amount, 8 times without a key: it is paid once, the others refused.
    const r2open = 4900 - 1234;
    const spr2 = await eight(() => call('POST', `/api-student/spr?stid=${a.stid}&rno=${a.r2}`, 'wien', { pd: '2026-11-20', am: r2open, pm: 3, aid: null, an: '' }));
    expect(statuses(spr2)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await payments()).toBe(p0 + 2);
    await expectBalance(a.stid);

    // A payment created 8 times with one key: one payment, the same id everywhere.
    const made = await eight(() => call('POST', `/api-student/sp?stid=${a.stid}`, 'wien', cash(7000), { 'idempotency-key': 'auditor-sp-1' }));
    expect(statuses(made)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(new Set(made.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    expect(await payments()).toBe(p0 + 3);
    const free = made[0]!.json<{ id: number }>().id;

    // Four more receipts to assign to and credit.
    const more = await makeStudent(wien, 'Doppelklick2');
    await makeContract(more, { start: '2026-05-01' });
    expect((await eight(() => call('POST', `/api-student/gi?stid=${more}`, 'wien'))).reduce((s, r) => s + r.json<{ created: number }>().created, 0)).toBe(7);
    expect((await receiptNos(more)).length).toBe(7);
    const [m1, m2, m3, m4, m5, m6, m7] = await receiptNos(more);
    const mpay = (await call('POST', `/api-student/sp?stid=${more}`, 'wien', cash(9800))).json<{ id: number }>().id;
    const mv = await version('payments', 'id', mpay);
    // The same assignment 8 times (one version): once; the others 409 {error: 9}.
    const assigned = await eight(() => call('PUT', `/api-student/spa?stid=${more}&id=${mpay}`, 'wien', { pr: [{ rno: m1, am: 4900 }, { rno: m2, am: 4900 }], version: mv }));
    expect(statuses(assigned)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    await expectBalance(more);
    // Different assignments of one payment at once, each with a fresh read: never more than the payment.
    const overs = await eight((i) => call('PUT', `/api-student/spa?stid=${more}&id=${mpay}`, 'wien', { pr: [{ rno: [m3, m4, m5][i % 3]!, am: 4900 }, { rno: m1, am: 4900 }], version: mv + 1 }));
    expect(statuses(overs).filter((s) => s === 200)).toHaveLength(1);
    const [{ assigned: sum }] = await sql<{ assigned: string }>('SELECT assigned::text AS assigned FROM payments WHERE id = $1', [mpay]);
    expect(Number(sum)).toBeLessThanOrEqual(9800);

    // A credit note 8 times with one key: one note. Without a key: never more than what is open.
    const cnKey = await eight(() => call('POST', `/api-receipt/cn?stid=${more}&rno=${m6}`, 'wien', { am: 1000, txt: 'eins' }, { 'idempotency-key': 'auditor-cn-1' }));
    expect(statuses(cnKey)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(new Set(cnKey.map((r) => r.json<{ rno: number }>().rno)).size).toBe(1);
    const cnBefore = await creditNotes(more);
    const cnFree = await eight(() => call('POST', `/api-receipt/cn?stid=${more}&rno=${m7}`, 'wien', { am: 1500, txt: 'viele' }));
    expect(statuses(cnFree)).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    for (const r of cnFree.filter((x) => x.statusCode === 400)) expect(r.json()).toEqual({ error: 63 });
    expect(await creditNotes(more)).toBe(cnBefore + 3);
    await expectBalance(more);

    // Close 8 times: once, the others 409 {error: 67}.
    const closed = await eight(() => call('POST', `/api-receipt/close?stid=${more}&rrno=${m1}`, 'wien'));
    expect(statuses(closed)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    // Set paid 8 times with one version: once.
    const sv = await version('receipts', 'rno', m6);
    const setpaid = await eight(() => call('PUT', `/api-student/setpaid?stid=${more}&rno=${m6}`, 'wien', { pd: '2026-11-20', pm: 3, aid: null, version: sv }));
    expect(statuses(setpaid)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const v7 = await version('receipts', 'rno', m7);
    const sk = await eight(() => call('PUT', `/api-student/setpaid?stid=${more}&rno=${m7}`, 'wien', { pd: '2026-11-20', pm: 3, aid: null, version: v7 }, { 'idempotency-key': 'auditor-setpaid-1' }));
    expect(statuses(sk)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect((await sql('SELECT 1 FROM payment_assignments WHERE rno = $1', [m7])).length).toBe(1);
    await expectBalance(more);

    // Skip and cancel 8 times with one version: once.
    const skipper = await makeStudent(wien, 'Pause');
    const sc = await makeContract(skipper, { start: '2026-11-01' });
    const cv = await version('student_contracts', 'id', sc);
    const skips = await eight(() => call('PUT', `/api-student/skip?stid=${skipper}&id=${sc}`, 'wien', { version: cv }));
    expect(statuses(skips)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await sql('SELECT 1 FROM student_contract_skips WHERE student_contract_id = $1', [sc])).length).toBe(1);
    const cv2 = await version('student_contracts', 'id', sc);
    const cancels = await eight(() => call('POST', `/api-student/cancel?stid=${skipper}&stcid=${sc}`, 'wien', { dc: '2026-11-21', version: cv2 }));
    expect(statuses(cancels)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    await expectBalance(skipper);
    expect(free).toBeGreaterThan(0);
  });

  it('undo, revert, delete, reopen and dunning 8 times at once: once, the others 404/409 with a code; the balance stays right', async () => {
    const a = await billedStudent('Achtfach');
    const eight = <T>(f: () => Promise<T>) => Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(f));
    const outcome = (answers: TestResponse[]) => answers.map((r) => `${r.statusCode}:${JSON.stringify(r.json())}`).sort();
    const once = (answers: TestResponse[], refusal: string) => expect(outcome(answers)).toEqual([...Array(7).fill(refusal), '200:{"success":true}'].sort());
    once(await eight(() => call('POST', `/api-receipt/undo-cn?stid=${a.stid}&rno=${a.cn}&rrno=${a.r2}`, 'wien')), '404:{"error":3}');
    once(await eight(() => call('POST', `/api-receipt/revert-pa?stid=${a.stid}&rno=${a.r1}&prid=${a.prid}`, 'wien')), '404:{"error":3}');
    once(await eight(() => call('DELETE', `/api-student/sp?stid=${a.stid}&id=${a.prid}`, 'wien')), '404:{"error":3}');
    await expectBalance(a.stid);
    const paid = await call('PUT', `/api-student/setpaid?stid=${a.stid}&rno=${a.r2}`, 'wien', { pd: '2026-11-20', pm: 3, aid: null, version: await version('receipts', 'rno', a.r2) });
    expect(paid.statusCode).toBe(200);
    once(await eight(() => call('POST', `/api-receipt/open?stid=${a.stid}&rrno=${a.r2}`, 'wien')), '409:{"error":67}');
    const dunned = await eight(() => call('POST', '/api-invoice-reminder/data', 'wien', { stid: a.stid, dun: 2, rnos: [a.r3] }, { 'idempotency-key': 'auditor-dunning-1' }));
    expect(new Set(dunned.map((r) => `${r.statusCode}:${r.body}`)).size).toBe(1);
    expect((await sql('SELECT 1 FROM dunnings WHERE student_id = $1 AND dunning_level = 2', [a.stid])).length).toBe(1);
    const gi = await eight(() => call('POST', `/api-student/gi?stid=${a.stid}`, 'wien', undefined, { 'idempotency-key': 'auditor-gi-1' }));
    expect(gi.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    await expectBalance(a.stid);
  });

  it('invoices: gi for a disabled member status is refused and the daily job leaves the student out; the daily job and 8 manual gi at once bill each period once', async () => {
    const disabled = await makeStudent(wien, 'Ruhend', 3);
    await makeContract(disabled, { start: '2026-10-01' });
    const refused = await call('POST', `/api-student/gi?stid=${disabled}`, 'wien');
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: 64 }]);
    const students = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => makeStudent(wien, `Lauf${i}`)));
    for (const s of students) await makeContract(s, { start: '2025-01-01' });
    const { generateAllInvoices } = await import('../invoice-job.js');
    const app = { db: t.db, config: { disabledMemberStatuses: [3, 8] } } as unknown as Parameters<typeof generateAllInvoices>[0];
    const [job, ...manual] = await Promise.all([
      generateAllInvoices(app, NOW),
      ...students.flatMap((s) => [call('POST', `/api-student/gi?stid=${s}`, 'wien'), call('POST', `/api-student/gi?stid=${s}`, 'wien')]),
    ]);
    for (const r of manual as TestResponse[]) expect([r.statusCode, codeOf(r)]).toEqual([200, 'undefined']);
    const made = (job as { created: number }).created + (manual as TestResponse[]).reduce((s, r) => s + r.json<{ created: number }>().created, 0);
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM receipts WHERE student_id = ANY ($1::int[])', [students]);
    expect(n).toBe(6 * 23);
    expect(made).toBeGreaterThanOrEqual(n);
    expect((await sql('SELECT 1 FROM receipts WHERE student_id = $1', [disabled])).length).toBe(0);
    for (const s of students) await expectBalance(s);
  });

  it('a period that starts on a shortened month end (contract from 31.01.: 28.02.) is billed on its first day, by gi and by the daily job', async () => {
    const { generateAllInvoices } = await import('../invoice-job.js');
    const app = { db: t.db, config: { disabledMemberStatuses: [3, 8] } } as unknown as Parameters<typeof generateAllInvoices>[0];
    const manual = await makeStudent(wien, 'Monatsende');
    const nightly = await makeStudent(wien, 'Monatsende2');
    await makeContract(manual, { start: '2026-01-31' });
    await makeContract(nightly, { start: '2026-01-31' });
    t.clock.set(new Date('2026-02-28T09:00:00Z'));
    try {
      const gi = await call('POST', `/api-student/gi?stid=${manual}`, 'wien');
      expect(gi.json()).toEqual({ success: true, created: 2 });
      await generateAllInvoices(app, new Date('2026-02-28T02:00:00Z'));
    } finally {
      t.clock.set(NOW);
    }
    for (const stid of [manual, nightly]) {
      const periods = await sql<{ ps: string; pe: string }>(
        "SELECT to_char(period_start, 'YYYY-MM-DD') AS ps, to_char(period_end, 'YYYY-MM-DD') AS pe FROM receipts WHERE student_id = $1 ORDER BY period_start",
        [stid],
      );
      expect(periods).toEqual([
        { ps: '2026-01-31', pe: '2026-02-27' },
        { ps: '2026-02-28', pe: '2026-03-30' },
      ]);
    }
  });

  it('the daily job at the same moment as gi, skip fee and cancel of its students: no deadlock, every call answers, each period billed once', async () => {
    const { generateAllInvoices } = await import('../invoice-job.js');
    const app = { db: t.db, config: { disabledMemberStatuses: [3, 8] } } as unknown as Parameters<typeof generateAllInvoices>[0];
    for (let round = 0; round < 3; round += 1) {
      // The students the calls aim at come first in the job's order, many more after them keep it busy.
      const aimed = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => makeStudent(wien, `Nacht${round}-${i}`)));
      const contracts: number[] = [];
      for (const s of aimed) contracts.push(await makeContract(s, { start: '2025-01-01' }));
      await sql(
        `WITH s AS (
           INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
           SELECT $1, 1, 'Fill', 'Menge' || g, 2, 'Weg', '1', '1010', 'Wien', 'at' FROM generate_series(1, 300) g RETURNING id, school_id
         )
         INSERT INTO student_contracts (school_id, student_id, contract_no, status, payment_method_id, contract_start, amount_gross, activation_gross,
                                        tax_percent, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
         SELECT school_id, id, 'F-' || id, 1, 3, '2025-01-01', 4900, 0, 20, 1, 12, 3, 1, 1 FROM s`,
        [wien],
      );
      const versions = await Promise.all(contracts.map((c) => version('student_contracts', 'id', c)));
      const [job, ...answers] = await Promise.all([
        generateAllInvoices(app, NOW).then((r) => r, (e: unknown) => e),
        ...aimed.map((s, i) =>
          i % 3 === 0
            ? call('PUT', `/api-student/skip?stid=${s}&id=${contracts[i]}`, 'wien', { version: versions[i] })
            : i % 3 === 1
              ? call('POST', `/api-student/cancel?stid=${s}&stcid=${contracts[i]}`, 'wien', { dc: '2026-11-21', version: versions[i] })
              : call('POST', `/api-student/gi?stid=${s}`, 'wien'),
        ),
      ]);
      expect(job).toEqual({ created: expect.any(Number) });
      for (const r of answers as TestResponse[]) expect([r.statusCode < 500, codeOf(r) === 'number' || r.statusCode === 200]).toEqual([true, true]);
      const [{ n }] = await sql<{ n: number }>(
        "SELECT count(*)::int AS n FROM (SELECT student_contract_id, period_start FROM receipts WHERE kind = 'IR' AND student_contract_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) d",
      );
      expect(n).toBe(0);
      for (const s of aimed) await expectBalance(s);
    }
  });

  it("hostile text prints (receipt, credit note, dunning letter, cancellation letter) and another school's account is refused for a payment", async () => {
    const name = '😀 王小明 \u202eevil <b>fett</b> &amp; \\n';
    const stid = await makeStudent(wien, name);
    const scid = await makeContract(stid);
    await call('POST', `/api-student/gi?stid=${stid}`, 'wien');
    const [r1, r2] = await receiptNos(stid);
    const cn = await call('POST', `/api-receipt/cn?stid=${stid}&rno=${r1}`, 'wien', { am: 100, txt: '</p><script>x</script> 🧾 \u0007' });
    expect(cn.statusCode).toBe(200);
    // A NUL byte the database cannot store: refused, never a 500.
    for (const [method, url, payload] of [
      ['POST', `/api-receipt/cn?stid=${stid}&rno=${r1}`, { am: 1, txt: 'a\u0000b' }],
      ['POST', `/api-student/sp?stid=${stid}`, { ...cash(1), an: 'a\u0000b' }],
      ['POST', `/api-student/spr?stid=${stid}&rno=${r1}`, { pd: '2026-11-20', am: 1, pm: 3, aid: null, an: '\u0000' }],
    ] as const) {
      const res = await call(method, url, 'wien', payload);
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 400, 'number']);
    }
    const dunning = (await call('POST', '/api-invoice-reminder/data', 'wien', { stid, dun: 2, rnos: [r2] })).json<{ id: number }>().id;
    for (const url of [`/api-receipt/print?id=${r1}`, `/api-receipt/print?id=${cn.json<{ rno: number }>().rno}`, `/api-receipt/print-ir?id=${dunning}`]) {
      const res = await call('GET', url, 'reader');
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'application/pdf']);
    }
    const v = await version('student_contracts', 'id', scid);
    expect((await call('POST', `/api-student/cancel?stid=${stid}&stcid=${scid}`, 'wien', { dc: '2026-11-21', version: v })).statusCode).toBe(200);
    expect((await call('POST', `/api-student/cp?scid=${stid}&id=${scid}`, 'wien')).statusCode).toBe(200);

    const grazAccount = (await sql<{ id: number }>(
      "INSERT INTO accounts (school_id, name, sepa_name, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Graz Bank', 'Graz', 'AT611904300234573201', 'BKAUATWW', 'Bank') RETURNING id",
      [graz],
    ))[0]!.id;
    const before = await books();
    const bank = { pd: '2026-11-20', am: 100, pm: 2, aid: grazAccount, an: '' };
    const refused: [string, string, unknown][] = [
      ['POST', `/api-student/sp?stid=${stid}`, bank],
      ['POST', `/api-student/spr?stid=${stid}&rno=${r2}`, bank],
      ['PUT', `/api-student/setpaid?stid=${stid}&rno=${r2}`, { pd: '2026-11-20', pm: 2, aid: grazAccount, version: await version('receipts', 'rno', r2!) }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(method, url, 'wien', payload);
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 400, 'number']);
      expect(res.body).not.toContain('Graz Bank');
    }
    expect(await books()).toBe(before);
  });

  it('receipt and cancellation PDFs: safe headers whatever the student is called', async () => {
    const stid = await makeStudent(wien, 'O\'Brien "Boss"\r\nX-Evil: 1 Øre');
    const scid = await makeContract(stid);
    await call('POST', `/api-student/gi?stid=${stid}`, 'wien');
    const [r1] = await receiptNos(stid);
    const printed = await call('GET', `/api-receipt/print?id=${r1}`, 'reader');
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(String(printed.headers['content-disposition'])).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"/);
    expect(printed.headers['x-evil']).toBeUndefined();
    const v = await version('student_contracts', 'id', scid);
    expect((await call('POST', `/api-student/cancel?stid=${stid}&stcid=${scid}`, 'wien', { dc: '2026-11-21', version: v })).statusCode).toBe(200);
    const cp = await call('POST', `/api-student/cp?scid=${stid}&id=${scid}`, 'wien');
    expect(cp.statusCode).toBe(200);
    expect(cp.headers['content-type']).toBe('application/pdf');
    expect(String(cp.headers['content-disposition'])).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"/);
    expect(cp.headers['x-evil']).toBeUndefined();
    expect((await call('POST', `/api-student/cp?scid=${stid}&id=${scid}`, 'graz')).statusCode).toBe(404);
    expect((await call('GET', `/api-receipt/print?id=${r1}`, 'graz')).statusCode).toBe(404);
  });
});
