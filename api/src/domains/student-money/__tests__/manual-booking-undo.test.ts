/**
 * Undoing a manual booking (GT, spec 000 §4 "Manual bookings (GT) can be undone and deleted")
 * over HTTP: POST /api-receipt/undo-cn?stid&rno=<GT>&rrno=<GT> removes the booking with its
 * credit notes and payment assignments in one transaction; the payments stay, unassigned; the
 * balance invariant holds. Archived GT 409 {error: 67}, a booked payment assigned 409 {error: 57}
 * (nothing written), finance_w only, another school's 404, double submits answer once.
 */
import type { Atom, StudentPaymentsResponse, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

describe.each(backends())('undo of a manual booking (GT) on %s', (backend) => {
  let t: TestApp;
  let schoolA: number;
  let schoolB: number;
  const cookies: Record<string, string> = {};

  const call = (method: string, url: string, user: string, payload?: unknown, idempotencyKey?: string): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie: cookies[user]!, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const balance = async (studentId: number) => {
    const [row] = await sql<{ balance: string; expected: string }>(
      `SELECT s.balance::text AS balance,
              (SELECT COALESCE(sum(amount), 0) FROM receipts WHERE student_id = s.id)
                - (SELECT COALESCE(sum(a.amount), 0) FROM payment_assignments a JOIN payments p ON p.id = a.payment_id WHERE p.student_id = s.id) AS expected
         FROM students s WHERE s.id = $1`,
      [studentId],
    );
    expect(Number(row!.balance)).toBe(Number(row!.expected));
    return Number(row!.balance);
  };
  const makeStudent = async (schoolId: number) =>
    (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, 'Maria', 'Huber', 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolId],
    ))[0]!.id;
  /** A manual booking (GT) of `amount` cents, as the demo seed writes them. */
  const makeBooking = async (studentId: number, amount = 3500) =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, type, text, date_due, amount, currency)
       SELECT school_id, id, 'GT', 1, 'Prüfungsgebühr', '2026-11-10', $2, 'EUR' FROM students WHERE id = $1 RETURNING rno::text AS rno`,
      [studentId, amount],
    ))[0]!.rno);
  const undo = (st: number, rno: number, user = 'fw', key?: string) => call('POST', `/api-receipt/undo-cn?stid=${st}&rno=${rno}&rrno=${rno}`, user, undefined, key);
  const payments = async (st: number) => (await call('GET', `/api-student/sp?stid=${st}`, 'fw')).json<StudentPaymentsResponse>();
  const receiptsOf = async (st: number) => (await sql<{ rno: string }>('SELECT rno::text AS rno FROM receipts WHERE student_id = $1', [st])).length;

  /** A GT of 3500 with a credit note of 500 and a cash payment of 2000 assigned to it. */
  const bookedStudent = async () => {
    const st = await makeStudent(schoolA);
    const rno = await makeBooking(st);
    expect((await call('POST', `/api-receipt/cn?stid=${st}&rno=${rno}`, 'fw', { am: 500, txt: 'Nachlass' })).statusCode).toBe(200);
    const paid = await call('POST', `/api-student/spr?stid=${st}&rno=${rno}`, 'swfw', { pd: '2026-11-20', pm: 3, am: 2000 });
    expect(paid.statusCode).toBe(200);
    expect(await balance(st)).toBe(1000);
    return { st, rno };
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-21T09:30:00Z')) });
    schoolA = await createSchool(t.db, 'GT A');
    schoolB = await createSchool(t.db, 'GT B');
    const users: Record<string, { atoms: Atom[]; schools: number[] }> = {
      reader: { atoms: ['finance_r'], schools: [schoolA] },
      fd: { atoms: ['finance_r', 'finance_d'], schools: [schoolA] },
      fw: { atoms: ['finance_r', 'finance_w'], schools: [schoolA] },
      swfw: { atoms: ['finance_r', 'finance_w', 'student_w'], schools: [schoolA] },
      otherSchool: { atoms: ['finance_r', 'finance_w', 'finance_d', 'student_w'], schools: [schoolB] },
    };
    for (const [name, spec] of Object.entries(users)) cookies[name] = (await t.loginAs(spec)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes the booking, its credit note and its assignment; the payment stays unassigned; the balance holds', async () => {
    const { st, rno } = await bookedStudent();
    const res = await undo(st, rno);
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    expect(await receiptsOf(st)).toBe(0);
    const list = await payments(st);
    expect(list.rows).toEqual([expect.objectContaining({ am: 2000, aa: 0 })]);
    expect(await balance(st)).toBe(0);
    const open = (await call('GET', `/api-student/receipts?type=1&id=${st}`, 'fw')).json<StudentReceiptsResponse>();
    expect(JSON.stringify(open)).not.toContain(`"rno":${rno}`);
    // Again: the booking is gone (404), nothing else changes.
    const again = await undo(st, rno);
    expect(again.statusCode).toBe(404);
    expect(await balance(st)).toBe(0);
  });

  it('two submits with one Idempotency-Key answer the same, and two without one undo once', async () => {
    const { st, rno } = await bookedStudent();
    const both = await Promise.all([1, 2].map(() => undo(st, rno, 'fw', `gt-undo-${st}`)));
    expect(both.map((r) => [r.statusCode, r.json()])).toEqual([[200, { success: true }], [200, { success: true }]]);
    expect(await balance(st)).toBe(0);

    const other = await bookedStudent();
    const racing = await Promise.all([1, 2].map(() => undo(other.st, other.rno)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await receiptsOf(other.st)).toBe(0);
    expect(await balance(other.st)).toBe(0);
  });

  it('refuses an archived booking (409 {error: 67}) and one with a booked payment (409 {error: 57}), writing nothing', async () => {
    const archived = await makeStudent(schoolA);
    const rno = await makeBooking(archived, 1200);
    expect((await call('PUT', `/api-student/setpaid?stid=${archived}&rno=${rno}`, 'swfw', { pd: '2026-11-20', pm: 3, version: 1 })).statusCode).toBe(200);
    expect((await sql<{ type: number }>('SELECT type::int AS type FROM receipts WHERE rno = $1', [rno]))[0]!.type).toBe(2);
    expect([(await undo(archived, rno)).statusCode, (await undo(archived, rno)).json()]).toEqual([409, { error: 67 }]);
    expect(await receiptsOf(archived)).toBe(1);
    // Reopened, it can be undone.
    expect((await call('POST', `/api-receipt/open?stid=${archived}&rrno=${rno}`, 'fw')).statusCode).toBe(200);
    expect((await undo(archived, rno)).statusCode).toBe(200);
    expect(await balance(archived)).toBe(0);

    const { st, rno: booked } = await bookedStudent();
    await sql('UPDATE payments SET booked_at = now() WHERE student_id = $1', [st]);
    const refused = await undo(st, booked);
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: 57 }]);
    expect(await receiptsOf(st)).toBe(2);
    expect(await balance(st)).toBe(1000);
  });

  it('finance_w only; another school answers 404; only rrno = rno undoes a booking', async () => {
    const { st, rno } = await bookedStudent();
    expect((await undo(st, rno, 'reader')).statusCode).toBe(403);
    expect((await undo(st, rno, 'fd')).statusCode).toBe(403);
    const foreign = await undo(st, rno, 'otherSchool');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Huber');
    const cn = Number((await sql<{ rno: string }>('SELECT rno::text AS rno FROM receipts WHERE rrno = $1', [rno]))[0]!.rno);
    const mixed = await call('POST', `/api-receipt/undo-cn?stid=${st}&rno=${rno}&rrno=${cn}`, 'fw');
    expect([mixed.statusCode, mixed.json()]).toEqual([409, { error: 67 }]);
    expect(await receiptsOf(st)).toBe(2);
    expect(await balance(st)).toBe(1000);
  });
});
