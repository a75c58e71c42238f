import type { BankImportDetail } from 'shared-kernel/contracts';
import { camtFromDebits, type RunDebit } from '../../../../test/support/camt.js';
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

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    school = await createSchool(t.db, 'Run school', 'de');
    account = (await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro', 'Dojo', 'DE98ZZZ09999999999', $2, 'COBADEFFXXX', 'Bank') RETURNING id`,
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
        `INSERT INTO sepa_debits (run_id, school_id, receipt_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, debtor_name, debtor_iban)
         SELECT $1, $2, $3, $4, $5, $6, '2026-01-15', 'FRST', r.amount, 'Eltern', 'DE02120300000000202051' FROM receipts r WHERE r.rno = $3`,
        [run, school, who.rno, who.student, e2e, `M-${e2e}`],
      );
    }
    debits.push(...(await sql<RunDebit & { amount: string }>('SELECT end_to_end_id, mandate_id, amount::text AS amount, debtor_name, debtor_iban FROM sepa_debits WHERE run_id = $1 ORDER BY id', [run]))
      .map((d) => ({ ...d, amount: Number(d.amount) })));

    const xml = camtFromDebits(IBAN, debits, { collectionDate: '2026-11-24', returned: [{ endToEndId: 'SBO-E2E-BEN', reason: 'MD06', charges: 300, date: '2026-11-26' }] });
    const res = await upload(xml);
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 3, skipped: 0, returns: 1, paid_debits: 2 });

    const statuses = await sql<{ end_to_end_id: string; status: string }>('SELECT end_to_end_id, status FROM sepa_debits WHERE run_id = $1 ORDER BY id', [run]);
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
});
