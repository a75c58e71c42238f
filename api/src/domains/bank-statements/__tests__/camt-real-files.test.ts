import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Atom, BankImportDetail, BankMovementRow, PagedListResponse } from 'shared-kernel/contracts';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(240_000);

const FILES = join(__dirname, '../../../../test/fixtures/camt-real');

interface RealFile {
  file: string;
  /** The accounts the file's statements name, with the currency they are kept in. */
  accounts: { iban: string; currency: string }[];
  /** Refused: the answer. */
  refused?: { error: number; fields?: Record<string, string> };
  statements?: number;
  /** Booked entries that move money, and the movements made of them (a batch split into its transactions). */
  entries?: number;
  movements?: number;
  /** Sums in cents of the credit and the debit entries. */
  credits?: number;
  debits?: number;
  /** Counterparties as the file names them (the payer of a credit, the payee of a debit): [amount signed in cents, name]. */
  parties?: [number, string][];
  /** [remittance contains, amount signed] of a movement. */
  texts?: [string, number][];
}

/**
 * Real statement files from other projects (api/test/fixtures/camt-real/SOURCES.md: repository,
 * path, licence). The expectations are read from the files (counting their Ntry elements and
 * adding their amounts by CdtDbtInd; opening balance + credits − debits equals the closing
 * balance where they have both), not from what the parser makes of them.
 */
const REAL_FILES: RealFile[] = [
  // A Swiss account without Acct/Ccy; one credit of 8.85 EUR with every balance type (OPBD, PRCD, CLBD, ...).
  { file: 'genkgo-camt053.v2.all-balance-types.xml', accounts: [{ iban: 'CH2801234000123456789', currency: 'EUR' }], statements: 1, entries: 1, movements: 1, credits: 885, debits: 0 },
  // Amounts with five decimals ("8.85000"): exactly 885 cents.
  { file: 'genkgo-camt053.v2.five.decimals.xml', accounts: [{ iban: 'NL26VAYB8060476890', currency: 'EUR' }], statements: 1, entries: 1, movements: 1, credits: 885, debits: 0 },
  // The debtor named with its party ids: the payer of the credit is "NAME NAME".
  { file: 'genkgo-camt053.v2.with-party-ids.xml', accounts: [{ iban: 'NL26VAYB8060476890', currency: 'EUR' }], statements: 1, entries: 1, movements: 1, credits: 885, debits: 0, parties: [[885, 'NAME NAME']] },
  { file: 'genkgo-camt053.v3.xml', accounts: [{ iban: 'NL26VAYB8060476890', currency: 'EUR' }], statements: 1, entries: 1, movements: 1, credits: 885, debits: 0, parties: [[885, 'NAME NAME']] },
  { file: 'genkgo-camt053.v4.xml', accounts: [{ iban: 'NL26VAYB8060476890', currency: 'EUR' }], statements: 1, entries: 1, movements: 1, credits: 885, debits: 0, parties: [[885, 'NAME NAME']] },
  // A camt.054 .001.04 on a SEK account: one debit of 200,000 SEK to "Example Creditor 3 - V1".
  { file: 'genkgo-camt054.v4.xml', accounts: [{ iban: 'CH2801234000123456789', currency: 'SEK' }], statements: 1, entries: 1, movements: 1, credits: 0, debits: 20_000_000, parties: [[-20_000_000, 'Example Creditor 3 - V1']] },
  { file: 'genkgo-camt054.v8-with-UETR.xml', accounts: [{ iban: 'CH2801234000123456789', currency: 'SEK' }], statements: 1, entries: 1, movements: 1, credits: 0, debits: 20_000_000 },
  // A statement of balances only (no entries): imported for its balances.
  { file: 'genkgo-camt53.only-Dt-with-DtTm.xml', accounts: [{ iban: 'GB33BUKB20201555555555', currency: 'EUR' }], statements: 1, entries: 0, movements: 0, credits: 0, debits: 0 },
  // A Belgian account's statement of 3 entries (two outgoing transfers, one incoming), balances 0 → 0.
  {
    file: 'subite-BE-account_statement.xml', accounts: [{ iban: 'BE86463768548050', currency: 'EUR' }], statements: 1, entries: 3, movements: 3, credits: 78_990_440, debits: 78_990_440,
    parties: [[-78_990_341, 'Sigma Solutions'], [-99, 'Nova Ltd'], [78_990_440, 'Theta Solutions']],
  },
  // A Belgian account's month (November 2024): 268 entries, opening 59,370.37 + credits − debits = closing 87,539.12.
  {
    file: 'subite-BE68793230773034-202411.xml', accounts: [{ iban: 'BE68793230773034', currency: 'EUR' }], statements: 1, entries: 268, movements: 268, credits: 18_000_000, debits: 15_183_125,
    parties: [[5_000_000, 'Stellar Ltd'], [-13_170, 'Zeta NV']], texts: [['HBAVHC9717', 5_000_000]],
  },
  // A central bank's daily statement of two accounts: entries without booking date, status or period
  // (the day is the one of both balances, 2024-03-07); one account without entries.
  {
    file: 'subite-LT-camt053-2024-03-07.xml', accounts: [{ iban: 'LT625883379695428516', currency: 'EUR' }, { iban: 'LT414319056143772570', currency: 'EUR' }],
    statements: 2, entries: 3, movements: 3, credits: 82_853_198, debits: 579_417,
  },
  // Versions the product does not read: named.
  { file: 'genkgo-camt052.v2.xml', accounts: [{ iban: 'CH2801234000123456789', currency: 'SEK' }], refused: { error: 104, fields: { version: 'camt.052.001.02' } } },
  { file: 'subite-LT-camt054v10-2024-03-07.xml', accounts: [{ iban: 'LT809872649478701594', currency: 'EUR' }], refused: { error: 104, fields: { version: 'camt.054.001.10' } } },
];

describe.each(backends())('real banks\' statement files on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(REAL_FILES)('$file', async (real) => {
    // Each file in a school of its own (several files share an IBAN), with the accounts its statements name.
    const school = await createSchool(t.db, `Real ${real.file}`);
    for (const account of real.accounts) {
      await t.db.query(
        `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, currency) VALUES ($1, 'Konto', 'Schule', 'DE98ZZZ09999999999', $2, 'BKAUATWW', 'Bank', $3)`,
        [school, account.iban, account.currency],
      );
    }
    const { cookie } = await t.loginAs({ atoms: ['finance_r', 'finance_w'] as Atom[], schools: [school] });
    const body = multipart([{ name: 'file', filename: real.file, data: readFileSync(join(FILES, real.file)) }]);
    const res = await t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie, ...body.headers }, payload: body.payload });
    if (real.refused) {
      expect([res.statusCode, res.json()]).toEqual([400, real.refused]);
      return;
    }
    expect(res.statusCode).toBe(200);
    const detail = res.json<BankImportDetail>();
    expect(detail).toMatchObject({ statements: expect.any(Array), entries: real.entries, movements: real.movements, imported: real.movements, skipped: 0, not_booked: 0 });
    expect(detail.statements).toHaveLength(real.statements!);
    const rows: BankMovementRow[] = [];
    for (let page = 0; ; page += 1) {
      const list = await t.request({ method: 'POST', url: '/api-fin/bl', headers: { cookie }, payload: { page, pageSize: 100, sorted: [], filtered: [] } });
      const answer = list.json<PagedListResponse<BankMovementRow>>();
      rows.push(...answer.rows);
      if (page + 1 >= answer.pages) break;
    }
    expect(rows).toHaveLength(real.movements!);
    const credits = rows.filter((row) => row.amt > 0).reduce((sum, row) => sum + row.amt, 0);
    const debits = rows.filter((row) => row.amt < 0).reduce((sum, row) => sum - row.amt, 0);
    expect([credits, debits]).toEqual([real.credits, real.debits]);
    for (const [amount, name] of real.parties ?? []) expect(rows.find((row) => row.amt === amount)?.sname).toBe(name);
    for (const [text, amount] of real.texts ?? []) expect(rows.find((row) => row.amt === amount)?.ssvwz).toContain(text);
  });
});
