import { backends, createTestDatabase, type TestDatabase } from '../../../../test/support/test-db.js';

jest.setTimeout(120_000);

/** Migrations 106 and 116: the rules of sepa_runs / sepa_transactions / sepa_debits hold in the database, whatever path writes. */
describe.each(backends())('SEPA run tables on %s', (backend) => {
  let t: TestDatabase;
  let schoolA: number;
  let schoolB: number;
  let account: number;
  let student: number;
  let receipt: number;
  let run: number;
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  let e2e = 0;
  /** A transaction of the run (one per call: its own end-to-end id); answers its id. */
  const transaction = async (amount = 4900, over: { e2e?: string; seq?: string } = {}) =>
    (await sql<{ id: string }>(
      `INSERT INTO sepa_transactions (run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, debtor_name, debtor_iban)
       VALUES ($1, $2, $3, $4, 'M-1', '2026-01-02', $5, $6, 'Maria Huber', 'DE02120300000000202051') RETURNING id::text`,
      [run, schoolA, student, over.e2e ?? `E2E-${++e2e}`, over.seq ?? 'FRST', amount],
    ))[0]!.id;
  const debit = async (status: string, receiptId = receipt, amount = 4900, transactionId?: string) =>
    sql(
      `INSERT INTO sepa_debits (run_id, school_id, transaction_id, receipt_id, student_id, amount, status) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [run, schoolA, transactionId ?? (await transaction(Math.max(amount, 1))), receiptId, student, amount, status],
    );

  beforeAll(async () => {
    t = await createTestDatabase(backend);
    [schoolA, schoolB] = (await sql<{ id: number }>("INSERT INTO schools (name, country) VALUES ('A', 'de'), ('B', 'de') RETURNING id")).map((r) => r.id);
    account = (await sql<{ id: number }>(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank)
       VALUES ($1, 'Giro', 'Dojo A', 'DE98ZZZ09999999999', 'DE89370400440532013000', 'COBADEFFXXX', 'Bank') RETURNING id`,
      [schoolA],
    ))[0]!.id;
    student = (await sql<{ id: number }>(
      "INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, 'Maria', 'Huber', 2) RETURNING id",
      [schoolA],
    ))[0]!.id;
    receipt = (await sql<{ rno: number }>("INSERT INTO receipts (school_id, student_id, kind, date_due, amount) VALUES ($1, $2, 'GT', '2026-11-01', 4900) RETURNING rno", [schoolA, student]))[0]!.rno;
    run = (await sql<{ id: number }>(
      `INSERT INTO sepa_runs (school_id, account_id, message_id, year, month, collection_date, pain_version, cnt, amount, creditor_iban, ebics_file_key, fints_file_key)
       VALUES ($1, $2, 'MSG-1', 2026, 11, '2026-11-24', 'pain.008.001.08', 1, 4900, 'DE89370400440532013000', 'k1', 'k2') RETURNING id`,
      [schoolA, account],
    ))[0]!.id;
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('an account makes EBICS files in pain.008.001.08 unless set to .02', async () => {
    expect((await sql<{ v: string }>('SELECT sepa_pain_version AS v FROM accounts WHERE id = $1', [account]))[0]!.v).toBe('pain.008.001.08');
    await expect(sql("UPDATE accounts SET sepa_pain_version = 'pain.008.001.09' WHERE id = $1", [account])).rejects.toMatchObject({ code: '23514' });
  });

  it('a receipt is at most once in a pending or paid debit; a returned one frees it', async () => {
    await debit('pending');
    await expect(debit('pending')).rejects.toMatchObject({ code: '23505' });
    await sql("UPDATE sepa_debits SET status = 'paid' WHERE receipt_id = $1", [receipt]);
    await expect(debit('pending')).rejects.toMatchObject({ code: '23505' });
    await sql("UPDATE sepa_debits SET status = 'returned' WHERE receipt_id = $1", [receipt]);
    await debit('pending');
    await expect(debit('paid')).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses zero amounts, unknown sequence types and statuses, duplicate end-to-end ids (now the transaction\'s)', async () => {
    await expect(debit('returned', receipt, 0)).rejects.toMatchObject({ code: '23514' });
    await expect(debit('open')).rejects.toMatchObject({ code: '23514' });
    await expect(transaction(0)).rejects.toMatchObject({ code: '23514' });
    await transaction(1, { e2e: 'E2E-dup' });
    await expect(transaction(1, { e2e: 'E2E-dup' })).rejects.toMatchObject({ code: '23505' });
    await expect(transaction(1, { seq: 'OOFF' })).rejects.toMatchObject({ code: '23514' });
  });

  it('a transaction collects several receipts (a debit each, each at most once in collection); a debit belongs to its transaction\'s student', async () => {
    const second = (await sql<{ rno: number }>("INSERT INTO receipts (school_id, student_id, kind, date_due, amount) VALUES ($1, $2, 'GT', '2026-11-01', 2500) RETURNING rno", [schoolA, student]))[0]!.rno;
    const third = (await sql<{ rno: number }>("INSERT INTO receipts (school_id, student_id, kind, date_due, amount) VALUES ($1, $2, 'GT', '2026-11-01', 1000) RETURNING rno", [schoolA, student]))[0]!.rno;
    const shared = await transaction(3500);
    await debit('pending', second, 2500, shared);
    await debit('pending', third, 1000, shared);
    expect(await sql('SELECT count(*)::int AS n FROM sepa_debits WHERE transaction_id = $1', [shared])).toEqual([{ n: 2 }]);
    // The same receipt a second time in collection, even in the same transaction: refused.
    await expect(debit('pending', second, 2500, shared)).rejects.toMatchObject({ code: '23505' });
    // A debit of another student than its transaction's: refused by the foreign key.
    const other = (await sql<{ id: number }>(
      "INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, 'Otto', 'Anders', 2) RETURNING id", [schoolA],
    ))[0]!.id;
    const otherReceipt = (await sql<{ rno: number }>("INSERT INTO receipts (school_id, student_id, kind, date_due, amount) VALUES ($1, $2, 'GT', '2026-11-01', 100) RETURNING rno", [schoolA, other]))[0]!.rno;
    await expect(sql(
      'INSERT INTO sepa_debits (run_id, school_id, transaction_id, receipt_id, student_id, amount) VALUES ($1, $2, $3, $4, $5, 100)',
      [run, schoolA, shared, otherReceipt, other],
    )).rejects.toMatchObject({ code: '23503' });
  });

  it('rows are scoped to the user’s schools', async () => {
    const seen = await t.db.scoped({ userId: 1, schoolIds: [schoolB] }, async (tx) => ({
      runs: (await tx.query('SELECT id FROM sepa_runs')).rows.length,
      debits: (await tx.query('SELECT id FROM sepa_debits')).rows.length,
      transactions: (await tx.query('SELECT id FROM sepa_transactions')).rows.length,
    }));
    expect(seen).toEqual({ runs: 0, debits: 0, transactions: 0 });
    const own = await t.db.scoped({ userId: 1, schoolIds: [schoolA] }, async (tx) => (await tx.query('SELECT id FROM sepa_runs')).rows.length);
    expect(own).toBe(1);
  });
});
