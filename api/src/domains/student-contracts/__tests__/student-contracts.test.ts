import type {
  CancellationLetterAnswer,
  CancellationProposal,
  StudentContractList,
  StudentContractSingle,
  TimelineEntry,
} from 'shared-kernel/contracts';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { pdfText } from '../../../../test/support/pdf-tools.js';
import { backends, createClock } from '../../../../test/support/test-app.js';

jest.setTimeout(300_000);

/** pdftotext's text with runs of white space as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const ALL = ['student_r', 'student_w', 'finance_r', 'finance_w', 'finance_d'] as const;

describe.each(backends())('student contracts on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(new Date('2026-11-21T09:30:00Z')),
    users: {
      all: { atoms: [...ALL], schools: ['wien', 'graz'] },
      reader: { atoms: ['student_r', 'finance_r'], schools: ['wien'] },
      studentW: { atoms: ['student_r', 'student_w'], schools: ['wien'] },
      financeW: { atoms: ['finance_r', 'finance_w'], schools: ['wien'] },
      both: { atoms: ['student_r', 'student_w', 'finance_r', 'finance_w'], schools: ['wien'] },
      deleter: { atoms: ['finance_r', 'finance_d'], schools: ['wien'] },
      grazAll: { atoms: [...ALL], schools: ['graz'] },
      nobody: { atoms: ['reminder_r'], schools: ['wien'] },
    },
  });

  let counter = 0;
  /** A student of Wien (active, network member status 1) with one contract of the given terms. */
  const studentWithContract = async (
    terms: { c1?: number | null; c2?: number | null; c3?: number | null; c4?: number | null; start?: string; pi?: number; member?: number | null } = {},
  ) => {
    const n = ++counter;
    const [student] = await s.sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, e_member_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, 'Klara', $2, 2, $3, 'Lindengasse', '5', '1070', 'Wien', 'at') RETURNING id`,
      [s.wien, `Vertragstest${n}`, terms.member === undefined ? 1 : terms.member],
    );
    const start = terms.start ?? '2026-01-01';
    const [contract] = await s.sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, contract_no, status, payment_method_id, due_date, contract_start, amount_gross,
                                      activation_gross, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
       VALUES ($1, $2, $3, 1, 2, $4, $4, 4900, 1500, $5, $6, $7, $8, $9) RETURNING id`,
      [s.wien, student!.id, `KT-${n}`, start, terms.pi ?? 1,
        terms.c1 === undefined ? 12 : terms.c1, terms.c2 === undefined ? 3 : terms.c2,
        terms.c3 === undefined ? 1 : terms.c3, terms.c4 === undefined ? 1 : terms.c4],
    );
    return { stid: student!.id, id: contract!.id, lastname: `Vertragstest${n}`, contractNo: `KT-${n}` };
  };
  const versionOf = async (id: number) => (await s.sql<{ version: number }>('SELECT version FROM student_contracts WHERE id = $1', [id]))[0]!.version;
  const withKey = (method: string, url: string, user: string, payload: unknown, key: string) =>
    s.t.request({ method, url, payload: payload as object, headers: { cookie: s.cookies[user]!, 'idempotency-key': key } });
  const validForm = (overrides: Record<string, unknown> = {}) => ({
    payment_method_id: 2, contract_start: '2026-12-01', amount_gross: 5900, activation_gross: 0, tax_percent: 20, currency: 'EUR', pay_interval: 1,
    c_interval_start: 12, c_cperiod_start: 3, c_interval_follow: 1, c_cperiod_follow: 1, contract_no: null, ...overrides,
  });

  // ---- permissions (spec 000 §6) ------------------------------------------------------------

  it('permission table: reads finance_r; add/change student_w+finance_w; cancel/withdraw student_w; skip and print student_w+finance_w; delete finance_d', async () => {
    const c = await studentWithContract();
    const status = async (method: string, url: string, user: string, body?: unknown) => (await s.call(method, url, user, body)).statusCode;
    // reads
    for (const url of [`/api-student/contracts?stid=${c.stid}`, `/api-student/sc?stid=${c.stid}`, `/api-student/sc?stid=${c.stid}&id=${c.id}`]) {
      expect([url, await status('GET', url, 'reader')]).toEqual([url, 200]);
      expect([url, await status('GET', url, 'studentW')]).toEqual([url, 403]);
      expect([url, await status('GET', url, 'nobody')]).toEqual([url, 403]);
    }
    // add / change: both writes needed
    for (const user of ['studentW', 'financeW', 'reader', 'deleter']) {
      expect([user, await status('POST', `/api-student/sc?stid=${c.stid}`, user, validForm())]).toEqual([user, 403]);
      expect([user, await status('PUT', `/api-student/sc?stid=${c.stid}&id=${c.id}`, user, { ...validForm(), version: 1 })]).toEqual([user, 403]);
      expect([user, await status('POST', `/api-student/cp?scid=${c.stid}&id=${c.id}`, user)]).toEqual([user, 403]);
      expect([user, await status('PUT', `/api-student/skip?stid=${c.stid}&id=${c.id}`, user, { version: 1 })]).toEqual([user, 403]);
      expect([user, await status('POST', `/api-student/skip?stid=${c.stid}&id=${c.id}`, user, { version: 1 })]).toEqual([user, 403]);
    }
    expect(await status('POST', `/api-student/sc?stid=${c.stid}`, 'both', validForm())).toBe(200);
    // cancel / withdraw: student_w alone is enough, finance alone is not
    for (const user of ['financeW', 'reader', 'deleter']) {
      expect([user, await status('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, user, { dc: '2026-05-01', version: 1 })]).toEqual([user, 403]);
      expect([user, await status('PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, user, { version: 1 })]).toEqual([user, 403]);
      expect([user, await status('POST', `/api-student/cancellation?stid=${c.stid}`, user, { sc: c.id, dc: '2026-05-01', dce: '2026-12-31', version: 1 })]).toEqual([user, 403]);
    }
    expect(await status('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-05-01', version: 1 })).toBe(200);
    const version = await versionOf(c.id);
    expect(await status('POST', `/api-student/cp?scid=${c.stid}&id=${c.id}`, 'both')).toBe(200);
    expect(await status('PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, 'studentW', { version })).toBe(200);
    // delete: finance_d only
    for (const user of ['both', 'studentW', 'financeW', 'reader']) {
      expect([user, await status('DELETE', `/api-student/sc?stid=${c.stid}&id=${c.id}`, user)]).toEqual([user, 403]);
    }
    expect(await status('DELETE', `/api-student/sc?stid=${c.stid}&id=${c.id}`, 'deleter')).toBe(200);
    // network requests: student_r
    expect(await status('POST', `/api-base/cce?id=${c.stid}`, 'financeW')).toBe(403);
    expect(await status('POST', `/api-base/cce?id=${c.stid}`, 'studentW')).toBe(200);
  });

  it("another school's student or contract answers 404 and nothing is written", async () => {
    const c = await studentWithContract();
    const before = await s.sql('SELECT version, cancel_date, contract_end, status FROM student_contracts WHERE id = $1', [c.id]);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api-student/contracts?stid=${c.stid}`],
      ['GET', `/api-student/sc?stid=${c.stid}`],
      ['GET', `/api-student/sc?stid=${c.stid}&id=${c.id}`],
      ['POST', `/api-student/sc?stid=${c.stid}`, validForm()],
      ['PUT', `/api-student/sc?stid=${c.stid}&id=${c.id}`, { ...validForm(), version: 1 }],
      ['DELETE', `/api-student/sc?stid=${c.stid}&id=${c.id}`],
      ['PUT', `/api-student/skip?stid=${c.stid}&id=${c.id}`, { version: 1 }],
      ['GET', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`],
      ['POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, { dc: '2026-05-01', version: 1 }],
      ['PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, { version: 1 }],
      ['POST', `/api-student/cp?scid=${c.stid}&id=${c.id}`],
      ['GET', `/api-student/cancellation?stid=${c.stid}`],
      ['POST', `/api-student/cancellation?stid=${c.stid}`, { sc: c.id, dc: '2026-05-01', dce: '2026-12-31', version: 1 }],
      ['POST', `/api-base/cce?id=${c.stid}`],
      ['POST', `/api-base/ndt?id=${c.stid}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await s.call(method, url, 'grazAll', body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    // A contract of one student named with another (own-school) student: 404 too.
    const other = await studentWithContract();
    expect((await s.call('GET', `/api-student/sc?stid=${other.stid}&id=${c.id}`, 'all')).statusCode).toBe(404);
    expect((await s.call('POST', `/api-student/cancel?stid=${other.stid}&stcid=${c.id}`, 'all', { dc: '2026-05-01', version: 1 })).statusCode).toBe(404);
    expect(await s.sql('SELECT version, cancel_date, contract_end, status FROM student_contracts WHERE id = $1', [c.id])).toEqual(before);
    expect(await s.sql('SELECT id FROM student_contracts WHERE student_id = $1', [c.stid])).toHaveLength(1);
    expect(await s.sql('SELECT id FROM network_requests WHERE student_id = $1', [c.stid])).toHaveLength(0);
    expect(await s.sql('SELECT id FROM student_notes WHERE student_id = $1', [c.stid])).toHaveLength(0);
  });

  it('malformed and encoded ids answer 400, never 500, and write nothing', async () => {
    const c = await studentWithContract();
    for (const bad of ['abc', '0', '-1', '1e3', '0x10', '1.0', '%20' + c.id, '2147483648', '%2D1', '']) {
      for (const [method, url, body] of [
        ['GET', `/api-student/sc?stid=${bad}&id=${c.id}`],
        ['GET', `/api-student/sc?stid=${c.stid}&id=${bad}`],
        ['PUT', `/api-student/swd?stid=${c.stid}&id=${bad}`, { version: 1 }],
        ['POST', `/api-student/cancel?stid=${c.stid}&stcid=${bad}`, { dc: '2026-05-01', version: 1 }],
        ['POST', `/api-student/cp?scid=${bad}&id=${c.id}`],
        ['POST', `/api-base/cce?id=${bad}`],
      ] as [string, string, unknown?][]) {
        const res = await s.call(method, url, 'all', body);
        expect([url, res.statusCode]).toEqual([url, 400]);
      }
    }
    // A percent-encoded plain number is that number.
    const digits = String(c.stid);
    expect((await s.call('GET', `/api-student/sc?stid=%3${digits[0]}${digits.slice(1)}&id=${c.id}`, 'all')).statusCode).toBe(200);
    // Bad bodies: 400 with the field, nothing written.
    const version = await versionOf(c.id);
    for (const body of [
      { dc: '2026-02-30', version },
      { dc: 'morgen', version },
      { dc: '2026-05-01', dce: '2026-04-01', version },
      { dc: '2026-05-01', version: 'eins' },
      { dc: '2026-05-01' },
      { dc: '2026-05-01', version, extra: 1 },
    ]) {
      const res = await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'all', body);
      expect([body, res.statusCode, res.json().error]).toEqual([body, 400, 4]);
    }
    for (const body of [validForm({ amount_gross: 49.5 }), validForm({ payment_method_id: 1 }), validForm({ pay_interval: 2 }), validForm({ c_interval_start: 30 }), validForm({ contract_start: '31.12.2026' })]) {
      const res = await s.call('POST', `/api-student/sc?stid=${c.stid}`, 'all', body);
      expect([res.statusCode, res.json().error]).toEqual([400, 4]);
    }
    expect(await versionOf(c.id)).toBe(version);
    expect(await s.sql('SELECT id FROM student_contracts WHERE student_id = $1', [c.stid])).toHaveLength(1);
  });

  // ---- list, single, add, change, delete ------------------------------------------------------

  it('lists, reads, adds and changes contracts with versions; a stale version is 409 and changes nothing', async () => {
    const c = await studentWithContract();
    const options = (await s.call('GET', `/api-student/contracts?stid=${c.stid}`, 'reader')).json();
    expect(options.contracts.length).toBeGreaterThan(0);
    expect(options.accounts.length).toBeGreaterThan(0);
    expect(options.network_contracts.every((n: { country_iso: string }) => n.country_iso === 'at')).toBe(true);
    expect(options.products).toHaveLength(14);

    const template = options.contracts[0];
    const account = options.accounts[0];
    const created = await s.call('POST', `/api-student/sc?stid=${c.stid}`, 'both', validForm({
      contract_template_id: template.id, account_id: account.id, payment_method_id: 1, contract_no: 'neu-1',
      sepa_name: 'Klara Muster', sepa_iban: 'AT61 1904 3002 3457 3201', sepa_bic: 'BKAUATWWXXX', sepa_bank: 'UniCredit Bank Austria AG',
      sepa_mandate_ref: `M-${c.id}-NEU`, sepa_date_mandate: '2026-11-20',
    }));
    expect(created.statusCode).toBe(200);
    const { id, version } = created.json<{ id: number; version: number }>();
    expect(version).toBe(1);

    const list = (await s.call('GET', `/api-student/sc?stid=${c.stid}`, 'reader')).json<StudentContractList>();
    expect(list.skip).toBe(true);
    expect(list.data.map((row) => row.id)).toEqual([id, c.id]);
    expect(list.data[0]).toEqual({
      id, cs: 1, pmid: 1, dd: '2026-12-01', dcs: '2026-12-01', dce: null, cd: null, ag: 5900, acg: 0, cur: 'EUR', pi: 1,
      c1: 12, c2: 3, c3: 1, c4: 1, cno: 'NEU-1', name: template.name, tp: 20, rc: false, version: 1,
    });
    const single = (await s.call('GET', `/api-student/sc?stid=${c.stid}&id=${id}`, 'reader')).json<StudentContractSingle>();
    expect(single.data).toMatchObject({ id, student_id: c.stid, sepa_iban: 'AT611904300234573201', sepa_mandate_ref: `M-${c.id}-NEU`, version: 1 });

    const form = { ...validForm({ amount_gross: 6900 }), version: 1 };
    const saved = await s.call('PUT', `/api-student/sc?stid=${c.stid}&id=${id}`, 'both', form);
    expect(saved.json()).toEqual({ success: true, version: 2 });
    // SEPA data goes with the direct debit.
    expect((await s.sql('SELECT amount_gross::int AS a, sepa_iban FROM student_contracts WHERE id = $1', [id]))[0]).toEqual({ a: 6900, sepa_iban: null });
    const stale = await s.call('PUT', `/api-student/sc?stid=${c.stid}&id=${id}`, 'both', { ...form, amount_gross: 1 });
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: 9 }]);
    expect((await s.sql('SELECT amount_gross::int AS a, version FROM student_contracts WHERE id = $1', [id]))[0]).toEqual({ a: 6900, version: 2 });
    // Another school's template or account: 400, nothing written.
    const [grazTemplate] = await s.sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 LIMIT 1', [s.graz]);
    const foreign = await s.call('PUT', `/api-student/sc?stid=${c.stid}&id=${id}`, 'all', { ...validForm({ contract_template_id: grazTemplate!.id }), version: 2 });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { error: 4, fields: { contract_template_id: 'form.invalid' } }]);
    expect(await versionOf(id)).toBe(2);
  });

  it('a double submit of the add form (same Idempotency-Key, also at the same moment) adds one contract', async () => {
    const c = await studentWithContract();
    const body = validForm({ contract_no: `DBL-${c.id}` });
    const key = `add-contract-${c.id}-abcdef`;
    const answers = await Promise.all([1, 2, 3].map(() => withKey('POST', `/api-student/sc?stid=${c.stid}`, 'both', body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await s.sql('SELECT id FROM student_contracts WHERE student_id = $1 AND contract_no = $2', [c.stid, `DBL-${c.id}`])).toHaveLength(1);
    const other = await withKey('POST', `/api-student/sc?stid=${c.stid}`, 'both', { ...body, amount_gross: 1 }, key);
    expect([other.statusCode, other.json()]).toEqual([422, { error: 10 }]);
  });

  it('delete: finance_d removes a contract without receipts; one with receipts is kept (409 {error: 75})', async () => {
    const c = await studentWithContract();
    await s.sql(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, date_due, period_start, period_end, amount)
       VALUES ($1, $2, $3, 'IR', '2026-01-01', '2026-01-01', '2026-01-31', 4900)`,
      [s.wien, c.stid, c.id],
    );
    const row = (await s.call('GET', `/api-student/sc?stid=${c.stid}`, 'reader')).json<StudentContractList>().data[0]!;
    expect(row.rc).toBe(true);
    const refused = await s.call('DELETE', `/api-student/sc?stid=${c.stid}&id=${c.id}`, 'deleter');
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: 75 }]);
    expect(await s.sql('SELECT id FROM student_contracts WHERE id = $1', [c.id])).toHaveLength(1);

    const free = await studentWithContract();
    expect((await s.call('DELETE', `/api-student/sc?stid=${free.stid}&id=${free.id}`, 'deleter')).json()).toEqual({ success: true });
    expect(await s.sql('SELECT id FROM student_contracts WHERE id = $1', [free.id])).toHaveLength(0);
    expect((await s.call('DELETE', `/api-student/sc?stid=${free.stid}&id=${free.id}`, 'deleter')).statusCode).toBe(404);
  });

  // ---- cancellation -----------------------------------------------------------------------------

  it('proposes the effective date from the terms, or says it cannot (error 70) when they are missing or faulty', async () => {
    const propose = async (c: { stid: number; id: number }, dc: string) =>
      (await s.call('GET', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}&dc=${dc}`, 'reader')).json<CancellationProposal>();
    const twelveThreeOneOne = await studentWithContract({ c1: 12, c2: 3, c3: 1, c4: 1, start: '2026-01-01' });
    expect(await propose(twelveThreeOneOne, '2026-09-30')).toEqual({
      stcid: twelveThreeOneOne.id, dc: '2026-09-30', dce: '2026-12-31', deadline: '2026-10-01', error: null, version: 1,
    });
    expect((await propose(twelveThreeOneOne, '2026-10-02')).dce).toBe('2027-01-31');
    const sixMonthFollow = await studentWithContract({ c1: 12, c2: 1, c3: 6, c4: 2, start: '2026-01-01' });
    expect((await propose(sixMonthFollow, '2026-12-15')).dce).toBe('2027-06-30');
    expect((await propose(sixMonthFollow, '2027-05-02')).dce).toBe('2027-12-31');
    const midMonth = await studentWithContract({ c1: 24, c2: 3, c3: 12, c4: 3, start: '2026-03-15' });
    expect((await propose(midMonth, '2026-04-01')).dce).toBe('2028-03-14');
    // a student_w user (no finance_r) gets the proposal for the form too
    expect((await s.call('GET', `/api-student/cancel?stid=${midMonth.stid}&stcid=${midMonth.id}&dc=2026-04-01`, 'studentW')).statusCode).toBe(200);
    // default: today (the app's clock)
    expect((await s.call('GET', `/api-student/cancel?stid=${midMonth.stid}&stcid=${midMonth.id}`, 'reader')).json().dc).toBe('2026-11-21');

    for (const terms of [{ c1: null }, { c2: null }, { c3: null }, { c4: null }, { c1: 0 }, { c1: 30 }, { c2: 5 }, { c3: 13 }]) {
      const c = await studentWithContract(terms);
      const proposal = await propose(c, '2026-05-01');
      expect([terms, proposal.dce, proposal.error]).toEqual([terms, null, 70]);
      // Cancelling without an effective date: 400 {error: 70}, nothing written; with one typed in: done.
      const refused = await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-05-01', version: 1 });
      expect([refused.statusCode, refused.json().error]).toEqual([400, 70]);
      expect(await versionOf(c.id)).toBe(1);
      const typed = await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-05-01', dce: '2026-08-31', version: 1 });
      expect(typed.json()).toEqual({ success: true, version: 2, cd: '2026-05-01', dce: '2026-08-31' });
    }
  });

  it('cancels (contract end, status, student cancellation pending, type-4 note) once; a second cancellation is 409 {error: 69}; withdrawing resets it', async () => {
    const c = await studentWithContract({ c1: 12, c2: 3, c3: 1, c4: 1, start: '2026-01-01' });
    const stale = await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-09-30', version: 7 });
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: 9 }]);
    const key = `cancel-${c.id}-twice-key`;
    const twice = await Promise.all([1, 2].map(() => withKey('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-09-30', version: 1 }, key)));
    expect(twice.map((r) => r.json())).toEqual([
      { success: true, version: 2, cd: '2026-09-30', dce: '2026-12-31' },
      { success: true, version: 2, cd: '2026-09-30', dce: '2026-12-31' },
    ]);
    const [row] = await s.sql<Record<string, unknown>>(
      "SELECT status, to_char(cancel_date, 'YYYY-MM-DD') AS cd, to_char(contract_end, 'YYYY-MM-DD') AS dce, version FROM student_contracts WHERE id = $1",
      [c.id],
    );
    expect(row).toEqual({ status: 3, cd: '2026-09-30', dce: '2026-12-31', version: 2 });
    expect((await s.sql<{ student_status_id: number }>('SELECT student_status_id FROM students WHERE id = $1', [c.stid]))[0]!.student_status_id).toBe(3);
    const notes = await s.sql<{ type: number; text: string }>('SELECT type, text FROM student_notes WHERE student_id = $1', [c.stid]);
    expect(notes).toEqual([{ type: 4, text: `Vertrag ${c.contractNo} gekündigt am 30.09.2026 zum 31.12.2026` }]);

    const again = await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-10-01', version: 2 });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 69 }]);

    // Withdraw: stale 409, then done; a second withdrawal: 409 {error: 71}.
    expect((await s.call('PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, 'studentW', { version: 1 })).statusCode).toBe(409);
    const withdrawn = await s.call('PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, 'studentW', { version: 2 });
    expect(withdrawn.json()).toEqual({ success: true, version: 3 });
    const [after] = await s.sql<Record<string, unknown>>('SELECT status, cancel_date, contract_end FROM student_contracts WHERE id = $1', [c.id]);
    expect(after).toEqual({ status: 1, cancel_date: null, contract_end: null });
    expect((await s.sql<{ student_status_id: number }>('SELECT student_status_id FROM students WHERE id = $1', [c.stid]))[0]!.student_status_id).toBe(2);
    const list = (await s.call('GET', `/api-student/sc?stid=${c.stid}`, 'reader')).json<StudentContractList>();
    expect(list.data[0]).toMatchObject({ cs: 1, cd: null, dce: null, version: 3 });
    const second = await s.call('PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, 'studentW', { version: 3 });
    expect([second.statusCode, second.json()]).toEqual([409, { error: 71 }]);
    // It can be cancelled again.
    expect((await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-09-01', version: 3 })).statusCode).toBe(200);
  });

  it('parallel submits without a key (two tabs, two clicks) apply once: cancel, withdraw, skip, letter', async () => {
    const c = await studentWithContract({ start: '2026-01-01' });
    const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
    const cancels = await Promise.all([1, 2, 3].map(() => s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-09-30', version: 1 })));
    expect(statuses(cancels)).toEqual([200, 409, 409]);
    const withdrawals = await Promise.all([1, 2].map(() => s.call('PUT', `/api-student/swd?stid=${c.stid}&id=${c.id}`, 'studentW', { version: 2 })));
    expect(statuses(withdrawals)).toEqual([200, 409]);
    const skips = await Promise.all([1, 2, 3].map(() => s.call('POST', `/api-student/skip?stid=${c.stid}&id=${c.id}`, 'both', { version: 3 })));
    expect(statuses(skips)).toEqual([200, 409, 409]);
    expect(await s.sql('SELECT id FROM student_contract_skips WHERE student_contract_id = $1', [c.id])).toHaveLength(1);
    const letters = await Promise.all([1, 2].map(() =>
      s.call('POST', `/api-student/cancellation?stid=${c.stid}`, 'studentW', { sc: c.id, dc: '2026-10-01', dce: '2027-01-31', version: 4 })));
    expect(statuses(letters)).toEqual([200, 409]);
    expect(await s.sql('SELECT id FROM student_documents WHERE student_id = $1', [c.stid])).toHaveLength(1);
    const notes = await s.sql<{ type: number }>('SELECT type FROM student_notes WHERE student_id = $1 ORDER BY id', [c.stid]);
    expect(notes.map((n) => n.type)).toEqual([4, 4, 3, 4]);
  });

  it('prints the cancellation confirmation (rep_memb_canc, the renderer) only for a cancelled contract', async () => {
    const c = await studentWithContract({ c1: 12, c2: 3, c3: 1, c4: 1, start: '2026-01-01' });
    const early = await s.call('POST', `/api-student/cp?scid=${c.stid}&id=${c.id}`, 'both');
    expect([early.statusCode, early.json()]).toEqual([409, { error: 71 }]);
    await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-09-30', version: 1 });
    const res = await s.call('POST', `/api-student/cp?scid=${c.stid}&id=${c.id}`, 'both');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`Kuendigungsbestaetigung-${c.id}-2026-11-21.pdf`);
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain('Bestätigung Ihrer Kündigung');
    expect(text).toContain(`Vertrags ${c.contractNo}`);
    expect(text).toContain('Der Vertrag endet am 31.12.2026.');
    expect(text).toContain(`Klara ${c.lastname}`);
    expect(text).toContain('Lindengasse 5');
    expect(text).toContain('1070 Wien');
    expect(text).toContain('21.11.2026');
    expect(text).not.toContain('##');
  });

  it('the cancellation letter form: cancels, stores the letter as a document (main address, address type 4), a type-4 note in the timeline; once per submission', async () => {
    const c = await studentWithContract({ c1: 12, c2: 3, c3: 1, c4: 1, start: '2026-01-01' });
    // An invoice address exists, but address type 4 is the main address.
    await s.sql(
      `INSERT INTO student_addresses (school_id, student_id, type, salutation_id, firstname, lastname, street, house_no, zip, city, country_iso)
       VALUES ($1, $2, 2, 2, 'Paul', 'Zahler', 'Rechnungsweg', '9', '1010', 'Wien', 'at')`,
      [s.wien, c.stid],
    );
    const form = (await s.call('GET', `/api-student/cancellation?stid=${c.stid}`, 'studentW')).json();
    expect(form.contracts.map((row: { id: number }) => row.id)).toEqual([c.id]);
    expect(form.templates[0]).toEqual({ key: 'rep_memb_canc', name: 'Kündigungsbestätigung' });

    const bad = await s.call('POST', `/api-student/cancellation?stid=${c.stid}`, 'studentW', { sc: c.id, dc: '2026-09-30', version: 1 });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 4]);
    const badTemplate = await s.call('POST', `/api-student/cancellation?stid=${c.stid}`, 'studentW', { sc: c.id, dc: '2026-09-30', dce: '2026-12-31', tmpl: 'nope', version: 1 });
    expect([badTemplate.statusCode, badTemplate.json()]).toEqual([400, { error: 4, fields: { tmpl: 'form.invalid' } }]);
    expect(await versionOf(c.id)).toBe(1);

    const body = { sc: c.id, dc: '2026-09-30', dce: '2026-12-31', version: 1 };
    const key = `letter-${c.id}-submission`;
    const answers = await Promise.all([1, 2].map(() => withKey('POST', `/api-student/cancellation?stid=${c.stid}`, 'studentW', body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const answer = answers[0]!.json<CancellationLetterAnswer>();
    expect(answers[1]!.json()).toEqual(answer);
    expect(answer).toEqual({ success: true, version: 2, cd: '2026-09-30', dce: '2026-12-31', document: { id: expect.any(Number), tid: 2, n: `Kuendigungsbestaetigung-${c.id}-2026-11-21.pdf` }, note_id: expect.any(Number) });
    expect(await s.sql('SELECT id FROM student_documents WHERE student_id = $1', [c.stid])).toHaveLength(1);

    const docs = (await s.call('GET', `/api-document/doc-student?stid=${c.stid}`, 'studentW')).json();
    expect(docs.rows).toEqual([expect.objectContaining({ id: answer.document.id, tid: 2, ext: 'pdf' })]);
    const pdf = await s.call('GET', `/api-document/sddl?id=${answer.document.id}`, 'studentW');
    const text = flat(pdfText(pdf.rawPayload));
    expect(text).toContain('Bestätigung Ihrer Kündigung');
    expect(text).toContain('Der Vertrag endet am 31.12.2026.');
    expect(text).toContain('Lindengasse 5');
    expect(text).not.toContain('Rechnungsweg');

    const timeline = (await s.call('GET', `/api-student/timeline?id=${c.stid}`, 'studentW')).json<TimelineEntry[]>();
    const note = timeline.find((entry) => entry.kind === 'note' && entry.id === answer.note_id);
    expect(note).toEqual(expect.objectContaining({ type: 4, text: expect.stringContaining('zum 31.12.2026') }));
    expect(timeline.filter((entry) => entry.type === 4)).toHaveLength(1);

    // Address type 1: the invoice address.
    const other = await studentWithContract();
    await s.sql(
      `INSERT INTO student_addresses (school_id, student_id, type, salutation_id, firstname, lastname, street, house_no, zip, city, country_iso)
       VALUES ($1, $2, 2, 2, 'Paul', 'Zahler', 'Rechnungsweg', '9', '1010', 'Wien', 'at')`,
      [s.wien, other.stid],
    );
    const invoice = await s.call('POST', `/api-student/cancellation?stid=${other.stid}`, 'studentW', { sc: other.id, dc: '2026-09-30', dce: '2026-12-31', sati: 1, version: 1 });
    const invoicePdf = await s.call('GET', `/api-document/sddl?id=${invoice.json<CancellationLetterAnswer>().document.id}`, 'studentW');
    expect(flat(pdfText(invoicePdf.rawPayload))).toContain('Rechnungsweg 9');
  });

  // ---- skip fee ---------------------------------------------------------------------------------

  it('skip fee: leaves out the next due period (after the billed ones), moves the due date on, once per submission; refused for disabled member statuses', async () => {
    const c = await studentWithContract({ start: '2026-01-01', pi: 1 });
    for (const month of ['01', '02', '03']) {
      await s.sql(
        `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, date_due, period_start, period_end, amount)
         VALUES ($1, $2, $3, 'IR', $4::date, $4::date, ($4::date + interval '1 month' - interval '1 day')::date, 4900)`,
        [s.wien, c.stid, c.id, `2026-${month}-01`],
      );
    }
    const single = (await s.call('GET', `/api-student/sc?stid=${c.stid}&id=${c.id}`, 'reader')).json<StudentContractSingle>();
    expect(single.skip).toEqual({ allowed: true, period_start: '2026-04-01', period_end: '2026-04-30', reason: null, skipped: [] });

    const stale = await s.call('PUT', `/api-student/skip?stid=${c.stid}&id=${c.id}`, 'both', { version: 9 });
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: 9 }]);
    const key = `skip-${c.id}-first-one`;
    const twice = await Promise.all([1, 2].map(() => withKey('PUT', `/api-student/skip?stid=${c.stid}&id=${c.id}`, 'both', { version: 1 }, key)));
    expect(twice.map((r) => r.json())).toEqual([
      { success: true, version: 2, period_start: '2026-04-01', period_end: '2026-04-30', dd: '2026-05-01' },
      { success: true, version: 2, period_start: '2026-04-01', period_end: '2026-04-30', dd: '2026-05-01' },
    ]);
    const second = await s.call('POST', `/api-student/skip?stid=${c.stid}&id=${c.id}`, 'both', { version: 2 });
    expect(second.json()).toEqual({ success: true, version: 3, period_start: '2026-05-01', period_end: '2026-05-31', dd: '2026-06-01' });
    expect(await s.sql("SELECT to_char(period_start, 'YYYY-MM-DD') AS p FROM student_contract_skips WHERE student_contract_id = $1 ORDER BY 1", [c.id]))
      .toEqual([{ p: '2026-04-01' }, { p: '2026-05-01' }]);
    const after = (await s.call('GET', `/api-student/sc?stid=${c.stid}&id=${c.id}`, 'reader')).json<StudentContractSingle>();
    expect(after.skip).toMatchObject({ allowed: true, period_start: '2026-06-01', skipped: ['2026-04-01', '2026-05-01'] });
    const notes = await s.sql<{ type: number; text: string }>('SELECT type, text FROM student_notes WHERE student_id = $1 ORDER BY id', [c.stid]);
    expect(notes.map((n) => n.type)).toEqual([3, 3]);
    expect(notes[0]!.text).toContain('01.04.2026 – 30.04.2026');

    // A member status in DISABLED_MEMBER_STATUSES (default 3, 8): no skip.
    const blocked = await studentWithContract({ member: 3 });
    expect((await s.call('GET', `/api-student/sc?stid=${blocked.stid}`, 'reader')).json<StudentContractList>().skip).toBe(false);
    expect((await s.call('GET', `/api-student/sc?stid=${blocked.stid}&id=${blocked.id}`, 'reader')).json<StudentContractSingle>().skip)
      .toMatchObject({ allowed: false, reason: 'member_status' });
    const refused = await s.call('PUT', `/api-student/skip?stid=${blocked.stid}&id=${blocked.id}`, 'both', { version: 1 });
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: 74 }]);
    // A contract that ended before its next period: nothing to skip.
    const ended = await studentWithContract({ start: '2026-01-01', pi: 12 });
    await s.sql(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, date_due, period_start, period_end, amount)
       VALUES ($1, $2, $3, 'IR', '2026-01-01', '2026-01-01', '2026-12-31', 58800)`,
      [s.wien, ended.stid, ended.id],
    );
    await s.call('POST', `/api-student/cancel?stid=${ended.stid}&stcid=${ended.id}`, 'studentW', { dc: '2026-06-01', dce: '2026-12-31', version: 1 });
    const none = await s.call('PUT', `/api-student/skip?stid=${ended.stid}&id=${ended.id}`, 'both', { version: 2 });
    expect([none.statusCode, none.json()]).toEqual([409, { error: 74 }]);
    expect(await s.sql('SELECT id FROM student_contract_skips WHERE student_contract_id IN ($1, $2)', [blocked.id, ended.id])).toHaveLength(0);
  });

  // ---- network outbox ---------------------------------------------------------------------------

  it('records the network cancellation confirmation and the data transfer in the network outbox, once while waiting', async () => {
    const c = await studentWithContract();
    await s.call('POST', `/api-student/cancel?stid=${c.stid}&stcid=${c.id}`, 'studentW', { dc: '2026-09-30', version: 1 });
    const first = await s.call('POST', `/api-base/cce?id=${c.stid}`, 'studentW');
    expect(first.json()).toEqual({ success: true, id: expect.any(Number), created: true });
    const again = await s.call('POST', `/api-base/cce?id=${c.stid}`, 'studentW');
    expect(again.json()).toEqual({ success: true, id: first.json().id, created: false });
    const [row] = await s.sql<{ kind: string; status: number; student_contract_id: number; school_id: number; payload: { student: { lastname: string }; contract: { cancel_date: string; contract_end: string } } }>(
      'SELECT kind, status, student_contract_id, school_id, payload FROM network_requests WHERE student_id = $1',
      [c.stid],
    );
    expect(row).toMatchObject({ kind: 'cancellation_confirmation', status: 1, student_contract_id: c.id, school_id: s.wien });
    expect(row!.payload.student.lastname).toBe(c.lastname);
    expect(row!.payload.contract).toMatchObject({ cancel_date: '2026-09-30', contract_end: '2026-12-31' });
    // Once transferred, a new request may be recorded.
    await s.sql('UPDATE network_requests SET status = 2, sent_at = now() WHERE id = $1', [first.json().id]);
    expect((await s.call('POST', `/api-base/cce?id=${c.stid}`, 'studentW')).json().created).toBe(true);
    // Parallel data transfers: one row.
    const parallel = await Promise.all([1, 2, 3].map(() => s.call('POST', `/api-base/ndt?id=${c.stid}`, 'studentW')));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(parallel.filter((r) => r.json().created)).toHaveLength(1);
    expect(await s.sql("SELECT id FROM network_requests WHERE student_id = $1 AND kind = 'data_transfer'", [c.stid])).toHaveLength(1);
    const timeline = (await s.call('GET', `/api-student/timeline?id=${c.stid}`, 'studentW')).json<TimelineEntry[]>();
    expect(timeline.filter((entry) => entry.text.includes('Netzwerk'))).toHaveLength(3);
  });
});
