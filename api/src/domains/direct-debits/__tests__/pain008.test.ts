import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { AnyPainVersion } from 'shared-kernel/contracts';
import { buildPain008, centsToDecimal, debitPurpose, sepaId, sepaText, type PainDebit, type PainRun } from '../pain008.js';
import { painRunOf, planDebits, type DebitableReceipt } from '../repository.js';
import { addBusinessDays, collectionDate, easterSunday, isTarget2BusinessDay } from '../target2.js';

const FIXTURES = resolve(__dirname, '../../../../test/fixtures/sepa');
const VERSIONS: AnyPainVersion[] = ['pain.008.001.08', 'pain.008.001.02', 'pain.008.003.02'];

const debit = (i: number, over: Partial<PainDebit> = {}): PainDebit => ({
  endToEndId: `R${i}-D${i}`,
  amount: 4900 + i,
  mandateId: `M-${i}`,
  mandateDate: '2025-03-01',
  sequenceType: i % 3 === 0 ? 'FRST' : 'RCUR',
  debtorName: i % 2 ? 'Jörg Müller & <Söhne> "Ärger"' : 'Ann Ébert',
  debtorIban: 'DE02120300000000202051',
  debtorBic: i % 2 ? null : 'BYLADEM1001',
  purpose: `Beitrag November 2026 Öl & Straße <${i}> ${'x'.repeat(150)}`,
  ...over,
});
const run = (version: AnyPainVersion, n: number): PainRun => ({
  version,
  messageId: 'DD-7-20261128093000-1',
  createdAt: '2026-11-28T09:30:00.000Z',
  creditor: { name: 'Kampfkunst Müller & Söhne <Graz>', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', ci: 'DE98ZZZ09999999999' },
  collectionDate: '2026-12-01',
  currency: 'EUR',
  debits: Array.from({ length: n }, (_, i) => debit(i + 1)),
});

/** xmllint --schema; returns '' when valid, else its complaint. */
function schemaErrors(xml: string, version: AnyPainVersion): string {
  const dir = mkdtempSync(join(tmpdir(), 'pain008-'));
  try {
    const file = join(dir, 'file.xml');
    writeFileSync(file, xml);
    execFileSync('xmllint', ['--noout', '--schema', join(FIXTURES, 'xsd', `${version}.xsd`), file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Element paths of a document (tag names with their parents), text and attributes left out. */
function structure(xml: string): string[] {
  const paths = new Set<string>();
  const stack: string[] = [];
  for (const match of xml.matchAll(/<(\/?)([A-Za-z][\w]*)[^>]*?(\/?)>/g)) {
    const [, closing, tag, selfClosing] = match;
    if (closing) stack.pop();
    else {
      stack.push(tag!);
      paths.add(stack.join('/'));
      if (selfClosing) stack.pop();
    }
  }
  return [...paths].sort();
}

describe('pain.008 files', () => {
  it.each(VERSIONS.flatMap((v) => [[v, 1], [v, 1000]] as const))('%s with %d debit(s) validates against the official schema', (version, n) => {
    const xml = buildPain008(run(version, n));
    expect(schemaErrors(xml, version)).toBe('');
    expect(xml.match(/<DrctDbtTxInf>/g)).toHaveLength(n);
  });

  it('writes names and purposes in the SEPA character set, cut to 70 / 140, with &<> handled', () => {
    const xml = buildPain008(run('pain.008.001.08', 1));
    expect(xml).toContain('<Nm>Joerg Mueller + (Soehne) \'Aerger\'</Nm>'.replace(/'/g, '&apos;'));
    expect(xml).toContain('<Cdtr><Nm>Kampfkunst Mueller + Soehne (Graz)</Nm></Cdtr>');
    const purpose = /<Ustrd>([^<]*)<\/Ustrd>/.exec(xml)![1]!;
    expect(purpose.startsWith('Beitrag November 2026 Oel + Strasse (1)')).toBe(true);
    expect(purpose.length).toBeLessThanOrEqual(140);
    expect(sepaText('Ann Ébert ©', 70)).toBe('Ann Ebert');
    expect(sepaText('x'.repeat(100), 70)).toHaveLength(70);
    expect(sepaId('R 12/ä_ü#very-long-id-beyond-thirty-five-chars')).toBe('R12/ae-ue-very-long-id-beyond-thirt');
  });

  it('control sums and counts: per PmtInf (FRST, RCUR) and in the group header, exact decimals', () => {
    const data = run('pain.008.001.08', 10);
    const xml = buildPain008(data);
    const totals = (seq: string) => data.debits.filter((d) => d.sequenceType === seq).reduce((s, d) => s + d.amount, 0);
    const sums = [...xml.matchAll(/<CtrlSum>([^<]+)<\/CtrlSum>/g)].map((m) => m[1]);
    expect(sums).toEqual([centsToDecimal(totals('FRST') + totals('RCUR')), centsToDecimal(totals('FRST')), centsToDecimal(totals('RCUR'))]);
    expect([...xml.matchAll(/<SeqTp>([A-Z]+)<\/SeqTp>/g)].map((m) => m[1])).toEqual(['FRST', 'RCUR']);
    expect([...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((m) => Number(m[1]))).toEqual([10, 3, 7]);
  });

  it('cents become exact decimals for every amount (no floating point)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = centsToDecimal(cents);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(cents));
      }),
    );
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
  });

  it('the same run data gives the same bytes', () => {
    expect(buildPain008(run('pain.008.003.02', 50))).toBe(buildPain008(run('pain.008.003.02', 50)));
  });

  it.each([['pain.008.001.08'], ['pain.008.001.02']] as const)('%s has the structure of the public sample (php-sepa-xml)', (version) => {
    const sample = readFileSync(join(FIXTURES, 'samples/pain008', `php-sepa-xml-${version}.xml`), 'utf8');
    const withBics = run(version, 2);
    withBics.debits = withBics.debits.map((d) => ({ ...d, debtorBic: 'BYLADEM1001' }));
    const ours = structure(buildPain008(withBics));
    const theirs = structure(sample);
    // The sample also shows optional parts we do not write (UETR, a postal address, …):
    // every element we write is one the sample has, and all the sample's mandatory parts are there.
    expect(ours.filter((path) => !theirs.includes(path))).toEqual([]);
    const optionalInSample = /UETR|PstlAdr|PmtTpInf\/CtgyPurp|Purp|UltmtDbtr|UltmtCdtr|AmdmntInd|AmdmntInfDtls|BtchBookg/;
    expect(theirs.filter((path) => !ours.includes(path) && !optionalInSample.test(path))).toEqual([]);
  });
});

/** An open receipt of student `stid`'s contract `scid` (mandate M-{scid}) as the run reads it. */
const receiptRow = (rno: number, stid: number, scid: number, amt: number, sequence: 'FRST' | 'RCUR', pain: 'pain.008.001.08' | 'pain.008.001.02'): DebitableReceipt => ({
  rno, scid, sid: 1, stid, cs: '2026-01-01', ce: null, dd: '2026-11-15', fn: `Anna${stid}`, ln: 'Müller', rt: 'Beitrag 11/2026', amt, cur: 'EUR',
  contract_status: 1, sepa_sequence: sequence, mandate_ref: `M-${scid}`, mandate_date: '2025-03-01', debtor_name: `Eltern ${stid}`,
  debtor_iban: 'DE02120300000000202051', debtor_bic: null, in_collection: false, aid: 7, own_account: false, acn: 'Giro',
  cr_name: 'Dojo', cr_ci: 'DE98ZZZ09999999999', cr_iban: 'DE89370400440532013000', cr_bic: 'COBADEFFXXX', pain,
});
const runFile = (rows: DebitableReceipt[], version?: AnyPainVersion) => {
  const plan = planDebits(rows, [...new Set(rows.map((r) => r.scid))].map((scid) => ({ scid, dd: '2026-11-15' })), () => ({ cd: '2026-12-07', lead: 14 }));
  expect(plan.accounts).toHaveLength(1);
  const pain = painRunOf(plan.accounts[0]!, { runId: 42, createdAt: '2026-11-21T09:30:00.000Z', creditorName: 'Dojo', creditorBic: 'COBADEFFXXX' });
  return { plan, xml: buildPain008(version ? { ...pain, version } : pain) };
};
const tagValues = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]+)</${tag}>`, 'g'))].map((m) => m[1]!);

describe('one transaction per mandate: receipts summed', () => {
  /** Receipts of up to 3 students with up to 2 contracts (mandates) each, amounts in cents. */
  const receipts = fc.uniqueArray(
    fc.record({ rno: fc.integer({ min: 1, max: 999_999_999_999 }), stid: fc.integer({ min: 1, max: 3 }), contract: fc.integer({ min: 1, max: 2 }), amt: fc.integer({ min: 1, max: 100_000_000 }) }),
    { minLength: 1, maxLength: 30, selector: (r) => r.rno },
  );

  it('for any receipts: InstdAmt per transaction = the sum of its mandate\'s receipts, CtrlSum = the sum of all, NbOfTxs = the number of mandates', () => {
    fc.assert(
      fc.property(receipts, fc.boolean(), fc.constantFrom('pain.008.001.08' as const, 'pain.008.001.02' as const), (list, firstUse, pain) => {
        const rows = list.map((r) => receiptRow(r.rno, r.stid, r.stid * 10 + r.contract, r.amt, firstUse && r.contract === 1 ? 'FRST' : 'RCUR', pain));
        const { plan, xml } = runFile(rows);
        const expected = new Map<string, { sum: number; rnos: number[] }>();
        for (const row of rows) {
          const entry = expected.get(row.mandate_ref!) ?? { sum: 0, rnos: [] };
          entry.sum += row.amt;
          entry.rnos.push(row.rno);
          expected.set(row.mandate_ref!, entry);
        }
        const mandates = tagValues(xml, 'MndtId');
        const amounts = tagValues(xml, 'InstdAmt');
        const e2e = tagValues(xml, 'EndToEndId');
        expect([...mandates].sort()).toEqual([...expected.keys()].sort());
        mandates.forEach((mandate, i) => {
          expect(amounts[i]).toBe(centsToDecimal(expected.get(mandate)!.sum));
          expect(e2e[i]).toBe(`R${Math.min(...expected.get(mandate)!.rnos)}-DD42`);
        });
        const total = rows.reduce((sum, row) => sum + row.amt, 0);
        const [nbOfTxs, ...perSequence] = tagValues(xml, 'NbOfTxs').map(Number);
        expect(nbOfTxs).toBe(expected.size);
        expect(perSequence.reduce((a, b) => a + b, 0)).toBe(expected.size);
        expect(tagValues(xml, 'CtrlSum')[0]).toBe(centsToDecimal(total));
        // The preview's counts are the file's.
        expect(plan.accounts[0]!.account).toMatchObject({ cnt: expected.size, rcpt: rows.length, amt: total });
        expect(plan.accounts[0]!.account.frst).toBe(tagValues(xml, 'SeqTp')[0] === 'FRST' ? perSequence[0] : 0);
      }),
      { numRuns: 200 },
    );
  });

  it.each(VERSIONS)('%s: a file of grouped transactions validates against the official schema', (version) => {
    const rows = [
      receiptRow(1001, 1, 11, 4900, 'FRST', 'pain.008.001.08'), receiptRow(1002, 1, 11, 2550, 'FRST', 'pain.008.001.08'),
      receiptRow(1003, 1, 12, 3000, 'RCUR', 'pain.008.001.08'), receiptRow(1004, 2, 21, 1, 'RCUR', 'pain.008.001.08'),
      ...Array.from({ length: 60 }, (_, i) => receiptRow(2000 + i, 3, 31, 100 + i, 'FRST', 'pain.008.001.08')),
    ];
    const { xml } = runFile(rows, version);
    expect(schemaErrors(xml, version)).toBe('');
    expect(tagValues(xml, 'Ustrd')).toEqual(expect.arrayContaining(['Belege 1001, 1002 Anna1 Mueller', 'Beitrag 11/2026 Beleg 1003 Anna1 Mueller']));
  });

  it('the remittance names every receipt that fits in 140 characters and says how many more, never cutting a number', () => {
    expect(debitPurpose([{ rno: 1001, text: 'Beitrag 11/2026' }], 'Anna Müller')).toBe('Beitrag 11/2026 Beleg 1001 Anna Mueller');
    expect(debitPurpose([{ rno: 1001, text: '' }, { rno: 1002, text: 'x' }], 'Anna Müller')).toBe('Belege 1001, 1002 Anna Mueller');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 999_999_999_999 }), { minLength: 2, maxLength: 60 }),
        fc.string({ maxLength: 90 }),
        (rnos, name) => {
          const text = debitPurpose(rnos.map((rno) => ({ rno, text: 'Beitrag' })), name);
          expect(text.length).toBeLessThanOrEqual(140);
          expect(sepaText(text, 140)).toBe(text);
          const match = /^Belege ((?:\d+, )*\d+)(?: und (\d+) weitere)?(?: .*)?$/.exec(text)!;
          expect(match).not.toBeNull();
          const shown = match[1]!.split(', ').map(Number);
          expect(shown).toEqual(rnos.slice(0, shown.length));
          expect(shown.length + Number(match[2] ?? 0)).toBe(rnos.length);
        },
      ),
    );
  });
});

describe('TARGET2 calendar and collection date', () => {
  it('Easter and the closing days', () => {
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
    for (const closed of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26', '2026-11-28', '2026-11-29']) {
      expect([closed, isTarget2BusinessDay(closed)]).toEqual([closed, false]);
    }
    expect(isTarget2BusinessDay('2026-04-02')).toBe(true);
    expect(isTarget2BusinessDay('2026-10-03')).toBe(false); // a Saturday anyway
    expect(isTarget2BusinessDay('2026-10-05')).toBe(true); // national holidays do not close TARGET2
  });

  it('collection date without notice period: the next business day after one business day of lead time (D-1)', () => {
    expect(collectionDate('2026-11-23', 0)).toBe('2026-11-25'); // Monday → Wednesday
    expect(collectionDate('2026-11-27', 0)).toBe('2026-12-01'); // Friday → Tuesday
    expect(collectionDate('2026-12-23', 0)).toBe('2026-12-28');
    expect(collectionDate('2026-12-24', 0)).toBe('2026-12-29');
    expect(collectionDate('2026-04-02', 0)).toBe('2026-04-08'); // Good Friday and Easter Monday closed
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
  });

  it("collection date after the school's pre-notification days: first business day on or after today + days, never before D-1", () => {
    expect(collectionDate('2026-11-23', 14)).toBe('2026-12-07'); // 7 Dec is a Monday
    expect(collectionDate('2026-11-21', 14)).toBe('2026-12-07'); // 5 Dec is a Saturday → Monday
    expect(collectionDate('2026-11-23', 5)).toBe('2026-11-30'); // 28 Nov Saturday → Monday 30
    expect(collectionDate('2026-12-11', 14)).toBe('2026-12-28'); // 25 Dec closed, 26/27 weekend
    expect(collectionDate('2026-12-18', 14)).toBe('2027-01-04'); // 1 Jan closed, 2/3 weekend
    expect(collectionDate('2026-03-20', 14)).toBe('2026-04-07'); // 3 Apr Good Friday → over Easter Monday
    expect(collectionDate('2026-11-27', 1)).toBe('2026-12-01'); // one day of notice: D-1 is later
    expect(collectionDate('2026-11-23', 2)).toBe('2026-11-25'); // today + 2 = D-1 date itself
  });
});
