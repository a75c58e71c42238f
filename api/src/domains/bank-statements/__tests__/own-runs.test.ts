import type { BankImportDetail, DdCandidatesResponse, DdGenerateResponse, DdPreview, StudentReceiptsResponse } from 'shared-kernel/contracts';
import { buildCamt, camtFromDebits, type RunDebit } from '../../../../test/support/camt.js';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

describe.each(backends())('direct-debit runs in bank statements on %s', (backend) => {
  let t: TestApp;
  let school: number;
  let account: number;
  let cookie: string;
  const IBAN = 'DE89370400440532013000';

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const upload = (xml: string) => {
    const body = multipart([{ name: 'file', filename: 'camt054.xml', data: xml }]);
    return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const makeStudentWithReceipt = async (firstname: string, lastname: string, amount: number) => {
    const student = (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, $2, $3, 2, 'Hauptstraße', '1', '80331', 'München', 'de') RETURNING id`,
      [school, firstname, lastname],
    ))[0]!.id;
    const rno = Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, kind, type, amount, date_due, text, currency) VALUES ($1, $2, 'GT', 1, $3, '2026-11-01', 'Beitrag November', 'EUR') RETURNING rno::text AS rno`,
      [school, student, amount],
    ))[0]!.rno);
    return { student, rno };
  };

  let n = 0;
  /** A student with a SEPA contract (mandate not used yet: FRST) and its open November invoice. */
  const sepaDebtor = async (firstname: string, amount: number) => {
    const i = ++n;
    const student = (await sql<{ id: number }>(
      "INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, $2, 'Lechner', 2) RETURNING id",
      [school, firstname],
    ))[0]!.id;
    // No account of its own: collected on the school's main account.
    const contract = (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                      sepa_name, sepa_iban, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, 1, 1, '2026-01-01', $3, 1, 'Eltern Lechner', 'DE02120300000000202051', $4, '2025-12-15', 'FRST') RETURNING id`,
      [school, student, amount, `M-RUN-${backend}-${i}`],
    ))[0]!.id;
    const rno = Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
       VALUES ($1, $2, $3, 'IR', 'Beitrag 11/2026', '2026-11-15', '2026-11-15', $4) RETURNING rno::text AS rno`,
      [school, student, contract, amount],
    ))[0]!.rno);
    return { student, contract, rno };
  };
  /** Generates the November run of the given debtors through the API; answers its debits as the bank statement needs them. */
  const generateRun = async (...debtors: { contract: number; rno: number }[]): Promise<RunDebit[]> => {
    const res = await t.request({
      method: 'POST', url: '/api-fin/dd', headers: { cookie, 'idempotency-key': `run-${backend}-${++n}` },
      payload: { year: 2026, month: 11, data: debtors.map((d) => ({ scid: d.contract, dd: '2026-11-15' })) },
    });
    expect(res.statusCode).toBe(200);
    const runId = res.json<DdGenerateResponse>().runs[0]!.id;
    return (await sql<RunDebit & { amount: string }>(
      'SELECT end_to_end_id, mandate_id, amount::text AS amount, debtor_name, debtor_iban FROM sepa_transactions WHERE run_id = $1 ORDER BY id', [runId],
    )).map((d) => ({ ...d, amount: Number(d.amount) }));
  };
  const candidates = async () =>
    (await t.request({ method: 'PUT', url: '/api-fin/dd', headers: { cookie }, payload: { year: 2026, month: 11 } })).json<DdCandidatesResponse>().rows;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    school = await createSchool(t.db, 'Run school', 'de');
    account = (await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main) VALUES ($1, 'Giro', 'Dojo', 'DE98ZZZ09999999999', $2, 'COBADEFFXXX', 'Bank', true) RETURNING id`,
      [school, IBAN],
    ))[0]!.id;
    cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'], schools: [school] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('books the collected debits paid; a return debit reopens its receipt, books the charges as a receivable and adds a reminder; once', async () => {
    const anna = await makeStudentWithReceipt('Anna', 'Maier', 4_900);
    const ben = await makeStudentWithReceipt('Ben', 'Huber', 3_900);
    const run = (await sql<{ id: number }>(
      `INSERT INTO sepa_runs (school_id, account_id, message_id, year, month, collection_date, pain_version, cnt, amount, creditor_iban, ebics_file_key, fints_file_key)
       VALUES ($1, $2, 'SBO-TEST-RUN-1', 2026, 11, '2026-11-24', 'pain.008.001.08', 2, 8800, $3, 'test-ebics-1', 'test-fints-1') RETURNING id`,
      [school, account, IBAN],
    ))[0]!.id;
    const debits: RunDebit[] = [];
    for (const [who, e2e] of [[anna, 'SBO-E2E-ANNA'], [ben, 'SBO-E2E-BEN']] as const) {
      await sql(
        `WITH t AS (INSERT INTO sepa_transactions (run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, debtor_name, debtor_iban)
                    SELECT $1, $2, $4, $5, $6, '2026-01-15', 'FRST', r.amount, 'Eltern', 'DE02120300000000202051' FROM receipts r WHERE r.rno = $3 RETURNING id, amount)
         INSERT INTO sepa_debits (run_id, school_id, transaction_id, receipt_id, student_id, amount) SELECT $1, $2, t.id, $3, $4, t.amount FROM t`,
        [run, school, who.rno, who.student, e2e, `M-${e2e}`],
      );
    }
    debits.push(...(await sql<RunDebit & { amount: string }>('SELECT end_to_end_id, mandate_id, amount::text AS amount, debtor_name, debtor_iban FROM sepa_transactions WHERE run_id = $1 ORDER BY id', [run]))
      .map((d) => ({ ...d, amount: Number(d.amount) })));

    const xml = camtFromDebits(IBAN, debits, { collectionDate: '2026-11-24', returned: [{ endToEndId: 'SBO-E2E-BEN', reason: 'MD06', charges: 300, date: '2026-11-26' }] });
    const res = await upload(xml);
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 3, skipped: 0, returns: 1, paid_debits: 2 });

    const statuses = await sql<{ end_to_end_id: string; status: string }>(
      'SELECT t.end_to_end_id, d.status FROM sepa_debits d JOIN sepa_transactions t ON t.id = d.transaction_id WHERE d.run_id = $1 ORDER BY d.id', [run],
    );
    expect(statuses).toEqual([{ end_to_end_id: 'SBO-E2E-ANNA', status: 'paid' }, { end_to_end_id: 'SBO-E2E-BEN', status: 'returned' }]);
    const receipt = async (rno: number) => (await sql<{ paid: string; type: number }>('SELECT paid::text, type::int FROM receipts WHERE rno = $1', [rno]))[0];
    expect(await receipt(anna.rno)).toEqual({ paid: '4900', type: 1 });
    expect(await receipt(ben.rno)).toEqual({ paid: '0', type: 1 });
    const annaPayments = await sql<{ payment_method_id: number; amount: string }>('SELECT payment_method_id, amount::text FROM payments WHERE student_id = $1', [anna.student]);
    expect(annaPayments).toEqual([{ payment_method_id: 1, amount: '4900' }]);
    expect(await sql('SELECT 1 FROM payments WHERE student_id = $1', [ben.student])).toEqual([]);
    const charges = await sql<{ kind: string; amount: string; text: string }>(`SELECT kind, amount::text, text FROM receipts WHERE student_id = $1 AND rno <> $2`, [ben.student, ben.rno]);
    expect(charges).toEqual([{ kind: 'GT', amount: '300', text: `Rücklastschriftgebühr zu Beleg ${ben.rno}` }]);
    const balances = await sql<{ id: number; balance: string }>('SELECT id, balance::text FROM students WHERE id = ANY($1::int[]) ORDER BY id', [[anna.student, ben.student]]);
    expect(balances).toEqual([{ id: anna.student, balance: '0' }, { id: ben.student, balance: '4200' }]);
    const reminders = await sql<{ subject: string; notes: string }>('SELECT subject, notes FROM reminders WHERE student_id = $1', [ben.student]);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Rücklastschrift zu Beleg ${ben.rno}`);
    expect(reminders[0]!.notes).toContain('MD06');
    // All three movements are done; none is offered for assignment.
    expect((await t.request({ method: 'POST', url: '/api-fin/blassign', headers: { cookie } })).json()).toEqual({ rows: [], total: 0 });

    // Re-importing the statement writes nothing twice.
    const again = await upload(xml);
    expect(again.json()).toEqual({ error: 1002 });
    expect(await sql('SELECT 1 FROM payments WHERE student_id = ANY($1::int[])', [[anna.student, ben.student]])).toHaveLength(1);
    expect(await sql('SELECT 1 FROM reminders WHERE student_id = $1', [ben.student])).toHaveLength(1);
  });

  it('a returned first debit (FRST) makes the mandate\'s next debit a first one again; a collected one keeps it recurring', async () => {
    const carla = await sepaDebtor('Carla', 4_900);
    const dora = await sepaDebtor('Dora', 3_900);
    const debits = await generateRun(carla, dora);
    // Both receipts are in collection (no longer candidates) and both mandates were used (RCUR).
    expect((await candidates()).map((row) => row.rno)).not.toContain(carla.rno);
    expect((await sql<{ s: string }>('SELECT sepa_sequence AS s FROM student_contracts WHERE id = $1', [carla.contract]))[0]!.s).toBe('RCUR');
    const [carlaDebit] = await sql<{ e2e: string }>(
      'SELECT t.end_to_end_id AS e2e FROM sepa_debits d JOIN sepa_transactions t ON t.id = d.transaction_id WHERE d.receipt_id = $1', [carla.rno],
    );
    const xml = camtFromDebits(IBAN, debits, { id: `FRST-${backend}`, collectionDate: '2026-12-01', returned: [{ endToEndId: carlaDebit!.e2e, reason: 'AC04', charges: 0, date: '2026-12-03' }] });
    const res = await upload(xml);
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 3, returns: 1, paid_debits: 2 });

    // Carla's receipt is open again and offered as a first debit (FRST); Dora's was collected.
    const rows = await candidates();
    expect(rows.find((row) => row.rno === carla.rno)).toMatchObject({ scid: carla.contract, f: true });
    expect(rows.find((row) => row.rno === dora.rno)).toBeUndefined();
    const preview = await t.request({
      method: 'POST', url: '/api-fin/dd', headers: { cookie },
      payload: { year: 2026, month: 11, preview: true, data: [{ scid: carla.contract, dd: '2026-11-15' }] },
    });
    expect(preview.json<DdPreview>()).toMatchObject({ cnt: 1, frst: 1, rcur: 0 });
    // Dora's mandate stays recurring.
    expect(await sql('SELECT id, sepa_sequence FROM student_contracts WHERE id = ANY($1::int[]) ORDER BY id', [[carla.contract, dora.contract]]))
      .toEqual([{ id: carla.contract, sepa_sequence: 'FRST' }, { id: dora.contract, sepa_sequence: 'RCUR' }]);
  });

  /** A second open receipt of a debtor's contract in the same run period. */
  const secondReceipt = async (d: { student: number; contract: number }, amount: number) =>
    Number((await sql<{ rno: string }>(
      `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
       VALUES ($1, $2, $3, 'IR', 'Prüfungsgebühr', '2026-11-15', '2026-11-16', $4) RETURNING rno::text AS rno`,
      [school, d.student, d.contract, amount],
    ))[0]!.rno);
  const receiptState = async (...rnos: number[]) =>
    sql<{ rno: string; paid: number; type: number }>('SELECT rno::text, paid::int AS paid, type::int AS type FROM receipts WHERE rno = ANY($1::bigint[]) ORDER BY rno', [rnos]);

  it('two receipts of one new contract are one FRST transaction: its credit pays both, its return reopens both and the mandate is FRST again; the next run sends one FRST again', async () => {
    const fritz = await sepaDebtor('Fritz', 4_900);
    const exam = await secondReceipt(fritz, 2_550);
    const [debit, ...others] = await generateRun(fritz);
    expect(others).toEqual([]);
    expect(debit).toMatchObject({ amount: 7_450, end_to_end_id: `R${Math.min(fritz.rno, exam)}-DD${debit!.end_to_end_id.split('-DD')[1]}` });

    // The bank's booked credit of the collection: one entry carrying the transaction's end-to-end id.
    const credit = buildCamt([{
      id: `ONCE-${backend}-1`, iban: IBAN,
      entries: [{
        amount: 7_450, credit: true, bookingDate: '2026-12-01', accountServicerRef: `ONCE-${backend}-CREDIT`, bankTxCode: ['PMNT', 'RDDT', 'ESDD'],
        transactions: [{ endToEndId: debit!.end_to_end_id, mandateId: debit!.mandate_id, name: 'Eltern Lechner', iban: 'DE02120300000000202051', purpose: [`Belege ${fritz.rno}, ${exam} Fritz Lechner`] }],
      }],
    }], { kind: '054', version: '08' });
    const collected = await upload(credit);
    expect(collected.statusCode).toBe(200);
    expect(collected.json<BankImportDetail>()).toMatchObject({ imported: 1, paid_debits: 1 });
    expect(await receiptState(fritz.rno, exam)).toEqual([
      { rno: String(Math.min(fritz.rno, exam)), paid: fritz.rno < exam ? 4_900 : 2_550, type: 1 },
      { rno: String(Math.max(fritz.rno, exam)), paid: fritz.rno < exam ? 2_550 : 4_900, type: 1 },
    ]);
    expect(await sql('SELECT payment_method_id, amount::int AS amount, assigned::int AS assigned FROM payments WHERE student_id = $1', [fritz.student]))
      .toEqual([{ payment_method_id: 1, amount: 7_450, assigned: 7_450 }]);
    expect(await sql('SELECT DISTINCT status FROM sepa_debits WHERE receipt_id = ANY($1::bigint[])', [[fritz.rno, exam]])).toEqual([{ status: 'paid' }]);
    expect((await t.request({ method: 'POST', url: '/api-fin/blassign', headers: { cookie } })).json()).toEqual({ rows: [], total: 0 });

    // The return (an R-transaction with that end-to-end id and the bank's charges) reopens both.
    const returned = buildCamt([{
      id: `ONCE-${backend}-2`, iban: IBAN,
      entries: [{
        amount: 7_450 + 300, credit: false, bookingDate: '2026-12-03', accountServicerRef: `ONCE-${backend}-RETURN`, bankTxCode: ['PMNT', 'RDDT', 'UPDD'],
        transactions: [{ endToEndId: debit!.end_to_end_id, mandateId: debit!.mandate_id, name: 'Eltern Lechner', iban: 'DE02120300000000202051', returnReason: 'AC04', charges: 300 }],
      }],
    }], { kind: '054', version: '08' });
    const back = await upload(returned);
    expect(back.statusCode).toBe(200);
    expect(back.json<BankImportDetail>()).toMatchObject({ imported: 1, returns: 1 });
    expect((await receiptState(fritz.rno, exam)).map((r) => [r.paid, r.type])).toEqual([[0, 1], [0, 1]]);
    expect(await sql('SELECT 1 FROM payments WHERE student_id = $1', [fritz.student])).toEqual([]);
    expect(await sql('SELECT DISTINCT status FROM sepa_debits WHERE receipt_id = ANY($1::bigint[])', [[fritz.rno, exam]])).toEqual([{ status: 'returned' }]);
    const [first, second] = [fritz.rno, exam].sort((a, b) => a - b);
    expect(await sql('SELECT kind, amount::int AS amount, text FROM receipts WHERE student_id = $1 AND rno <> ALL($2::bigint[])', [fritz.student, [fritz.rno, exam]]))
      .toEqual([{ kind: 'GT', amount: 300, text: `Rücklastschriftgebühr zu Belegen ${first}, ${second}` }]);
    const reminders = await sql<{ subject: string; notes: string }>('SELECT subject, notes FROM reminders WHERE student_id = $1', [fritz.student]);
    expect(reminders).toEqual([{ subject: `Rücklastschrift zu Belegen ${first}, ${second}`, notes: expect.stringContaining('AC04') }]);
    expect(reminders[0]!.notes).toContain('Die Belege sind wieder offen.');
    expect((await sql<{ s: string }>('SELECT sepa_sequence AS s FROM student_contracts WHERE id = $1', [fritz.contract]))[0]!.s).toBe('FRST');
    expect((await candidates()).filter((row) => row.scid === fritz.contract).map((row) => row.f)).toEqual([true, true]);

    // The next run sends them again as one first debit under the mandate.
    const [again, ...rest] = await generateRun(fritz);
    expect(rest).toEqual([]);
    expect(again).toMatchObject({ amount: 7_450, mandate_id: debit!.mandate_id });
    expect(again!.end_to_end_id).not.toBe(debit!.end_to_end_id);
    expect(await sql('SELECT sequence_type FROM sepa_transactions WHERE end_to_end_id = $1', [again!.end_to_end_id])).toEqual([{ sequence_type: 'FRST' }]);
  });

  it('a batch credit of a run (per-transaction entries) pays each transaction with all its receipts; a credit of another amount is suggested by its end-to-end id, not as a collective transfer', async () => {
    const gina = await sepaDebtor('Gina', 3_000);
    const ginaExam = await secondReceipt(gina, 1_000);
    const hans = await sepaDebtor('Hans', 2_000);
    const debits = await generateRun(gina, hans);
    expect(debits.map((d) => d.amount).sort()).toEqual([2_000, 4_000]);
    const res = await upload(camtFromDebits(IBAN, debits, { id: `BATCH-${backend}`, collectionDate: '2026-12-01' }));
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 2, paid_debits: 2 });
    expect((await receiptState(gina.rno, ginaExam, hans.rno)).map((r) => r.paid).sort((a, b) => a - b)).toEqual([1_000, 2_000, 3_000]);

    // A credit of the same end-to-end id but another amount is not booked on its own; the
    // assignment suggests its student by the end-to-end id although its purpose names two receipts.
    const ida = await sepaDebtor('Ida', 1_500);
    const idaExam = await secondReceipt(ida, 500);
    const [idaDebit] = await generateRun(ida);
    await upload(buildCamt([{
      id: `PART-${backend}`, iban: IBAN,
      entries: [{
        amount: 1_500, credit: true, bookingDate: '2026-12-01', accountServicerRef: `PART-${backend}-CREDIT`, bankTxCode: ['PMNT', 'RDDT', 'ESDD'],
        transactions: [{ endToEndId: idaDebit!.end_to_end_id, mandateId: idaDebit!.mandate_id, name: 'Eltern Lechner', iban: 'DE02120300000000202051', purpose: [`Belege ${ida.rno}, ${idaExam}`] }],
      }],
    }], { kind: '054', version: '08' }));
    expect((await receiptState(ida.rno, idaExam)).map((r) => r.paid)).toEqual([0, 0]);
    const suggestions = (await t.request({ method: 'POST', url: '/api-fin/blassign', headers: { cookie } })).json<{ rows: { stid: number | null; why: string | null; collective: boolean; amt: number }[] }>();
    expect(suggestions.rows.find((row) => row.amt === 1_500)).toMatchObject({ stid: ida.student, why: 'e2e', collective: false });
  });

  it('a return of a collection whose payment was already booked keeps the booked payment and owes the amount again as a reversing booking', async () => {
    const emil = await sepaDebtor('Emil', 5_500);
    const debits = await generateRun(emil);
    const collected = await upload(camtFromDebits(IBAN, debits, { id: `BOOKED-${backend}-1`, collectionDate: '2026-12-01' }));
    expect(collected.json<BankImportDetail>()).toMatchObject({ imported: 1, paid_debits: 1 });
    const [payment] = await sql<{ id: number }>('SELECT id FROM payments WHERE student_id = $1', [emil.student]);
    // The month was closed: the payment is in the books.
    await sql("UPDATE payments SET booked_at = '2026-12-02T18:00:00Z' WHERE id = $1", [payment!.id]);

    // The bank's later statement carries the return (and its charges) only.
    const returnOnly = buildCamt([{
      id: `BOOKED-${backend}-2`, iban: IBAN,
      entries: [{
        amount: 5_500 + 250, credit: false, bookingDate: '2026-12-04', accountServicerRef: `BOOKED-${backend}-RETURN`, bankTxCode: ['PMNT', 'RDDT', 'UPDD'],
        transactions: [{ endToEndId: debits[0]!.end_to_end_id, mandateId: debits[0]!.mandate_id, name: 'Eltern Lechner', iban: 'DE02120300000000202051', returnReason: 'MD06', charges: 250 }],
      }],
    }], { kind: '054', version: '08' });
    const res = await upload(returnOnly);
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 1, returns: 1 });

    // The booked payment, its assignment and its income are unchanged.
    expect(await sql('SELECT amount::int AS amount, assigned::int AS assigned, booked_at IS NOT NULL AS booked FROM payments WHERE student_id = $1', [emil.student]))
      .toEqual([{ amount: 5_500, assigned: 5_500, booked: true }]);
    expect(await sql('SELECT paid::int AS paid FROM receipts WHERE rno = $1', [emil.rno])).toEqual([{ paid: 5_500 }]);
    // The amount is owed again (a reversing manual booking naming the receipt) with the bank's charges.
    // What the student's receipts show: the receipt paid as booked, the amount owed again as a
    // reversing manual booking naming it, the bank's charges; the balance counts both.
    const receipts = await t.request({ method: 'GET', url: `/api-student/receipts?id=${emil.student}&type=1`, headers: { cookie } });
    expect(receipts.statusCode).toBe(200);
    const list = receipts.json<StudentReceiptsResponse>();
    expect(list.rows.map(({ rno, txt, amt, bal, gt }) => ({ rno, txt, amt, bal, gt }))).toEqual(expect.arrayContaining([
      { rno: emil.rno, txt: 'Beitrag 11/2026', amt: 5_500, bal: 0, gt: false },
      { rno: expect.any(Number), txt: `Rücklastschrift zu Beleg ${emil.rno}`, amt: 5_500, bal: 5_500, gt: true },
      { rno: expect.any(Number), txt: `Rücklastschriftgebühr zu Beleg ${emil.rno}`, amt: 250, bal: 250, gt: true },
    ]));
    expect(list.balance).toBe(5_750);
    expect(await sql('SELECT d.status FROM sepa_debits d JOIN sepa_transactions t ON t.id = d.transaction_id WHERE t.end_to_end_id = $1', [debits[0]!.end_to_end_id]))
      .toEqual([{ status: 'returned' }]);
    const [reminder] = await sql<{ notes: string }>('SELECT notes FROM reminders WHERE student_id = $1', [emil.student]);
    expect(reminder!.notes).toContain('bereits verbucht');
  });
});
