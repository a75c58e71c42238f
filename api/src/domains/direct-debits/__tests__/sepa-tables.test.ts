import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMigrationsDir, openDb } from '../../../db/index.js';
import { backends, createTestConfig, createTestDatabase, type TestDatabase } from '../../../../test/support/test-db.js';

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

  it('migration 116 makes each debit written before it a transaction of its own (its end-to-end id, mandate, debtor, amount) and keeps its status', async () => {
    const { config: base, drop } = await createTestConfig(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'sepa-116-'));
    const config = backend === 'pglite' ? { ...base, embeddedDataDir: join(dataDir, 'pg') } : base;
    const before = join(dataDir, 'before-116');
    try {
      copyMigrations(before, (file) => file < '116');
      let db = await openDb(config, { migrationsDir: before });
      const q = async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows;
      try {
        const [school] = await q<{ id: number }>("INSERT INTO schools (name, country) VALUES ('Old', 'de') RETURNING id");
        const [account] = await q<{ id: number }>(
          "INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro', 'Dojo', 'DE98ZZZ09999999999', 'DE89370400440532013000', 'COBADEFFXXX', 'Bank') RETURNING id", [school!.id]);
        const [pupil] = await q<{ id: number }>("INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id) VALUES ($1, 1, 'Alt', 'Bestand', 2) RETURNING id", [school!.id]);
        const rnos = (await q<{ rno: number }>("INSERT INTO receipts (school_id, student_id, kind, date_due, amount) VALUES ($1, $2, 'GT', '2026-10-01', 4900), ($1, $2, 'GT', '2026-10-02', 2500) RETURNING rno", [school!.id, pupil!.id])).map((r) => Number(r.rno));
        const [oldRun] = await q<{ id: number }>(
          `INSERT INTO sepa_runs (school_id, account_id, message_id, year, month, collection_date, pain_version, cnt, amount, creditor_iban, ebics_file_key, fints_file_key)
           VALUES ($1, $2, 'OLD-1', 2026, 10, '2026-10-20', 'pain.008.001.08', 2, 7400, 'DE89370400440532013000', 'o1', 'o2') RETURNING id`, [school!.id, account!.id]);
        await q(
          `INSERT INTO sepa_debits (run_id, school_id, receipt_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, debtor_name, debtor_iban, status)
           VALUES ($1, $2, $3, $4, 'R-OLD-1', 'M-OLD', '2025-01-01', 'FRST', 4900, 'Eltern', 'DE02120300000000202051', 'paid'),
                  ($1, $2, $5, $4, 'R-OLD-2', 'M-OLD', '2025-01-01', 'FRST', 2500, 'Eltern', 'DE02120300000000202051', 'returned')`,
          [oldRun!.id, school!.id, rnos[0], pupil!.id, rnos[1]]);
      } finally {
        await db.close();
      }
      db = await openDb(config);
      try {
        expect(await q(
          `SELECT t.end_to_end_id, t.mandate_id, t.sequence_type, t.amount::int AS amount, t.debtor_name, t.remittance, d.amount::int AS part, d.status
             FROM sepa_debits d JOIN sepa_transactions t ON t.id = d.transaction_id ORDER BY t.end_to_end_id`,
        )).toEqual([
          { end_to_end_id: 'R-OLD-1', mandate_id: 'M-OLD', sequence_type: 'FRST', amount: 4900, debtor_name: 'Eltern', remittance: null, part: 4900, status: 'paid' },
          { end_to_end_id: 'R-OLD-2', mandate_id: 'M-OLD', sequence_type: 'FRST', amount: 2500, debtor_name: 'Eltern', remittance: null, part: 2500, status: 'returned' },
        ]);
        // New transactions take ids after the copied ones.
        const [run0] = await q<{ id: number; school_id: number }>('SELECT id, school_id FROM sepa_runs');
        const [stud] = await q<{ id: number }>('SELECT id FROM students');
        const [next] = await q<{ id: string }>(
          `INSERT INTO sepa_transactions (run_id, school_id, student_id, end_to_end_id, mandate_id, mandate_date, sequence_type, amount, debtor_name, debtor_iban)
           VALUES ($1, $2, $3, 'R-NEW', 'M-OLD', '2025-01-01', 'RCUR', 1, 'Eltern', 'DE02120300000000202051') RETURNING id::text`, [run0!.id, run0!.school_id, stud!.id]);
        expect(Number(next!.id)).toBeGreaterThan(Math.max(...(await q<{ id: string }>('SELECT transaction_id::text AS id FROM sepa_debits')).map((r) => Number(r.id))));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    }
  });
});

function copyMigrations(dir: string, keep: (file: string) => boolean): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(defaultMigrationsDir()).filter(keep)) copyFileSync(join(defaultMigrationsDir(), file), join(dir, file));
}
