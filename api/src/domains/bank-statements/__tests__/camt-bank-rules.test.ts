import type { Atom, BankImportDetail, BankMovementRow, PagedListResponse } from 'shared-kernel/contracts';
import { buildCamt, type CamtTestStatement } from '../../../../test/support/camt.js';
import { multipart } from '../../../../test/support/multipart.js';
import { backends, createClock, createSchool, createTestApp, type TestApp, type TestResponse } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

/**
 * What a bank's statement means, imported over HTTP (POST /api-fin/bamimport, issue 25):
 * the counterparty of outgoing payments and of returns, a statement in another currency, an
 * entry without dates, entries the bank has not booked, versions the product does not read,
 * identical payments without a bank reference, and the import's count of entries and movements.
 */
describe.each(backends())('bank statement rules on %s', (backend) => {
  let t: TestApp;
  let school: number;
  let cookie: string;
  const IBAN = 'DE02100100100006820101';
  const CI = 'DE98ZZZ09999999999';

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const count = async (table: string) => Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const upload = (filename: string, data: Buffer | string): Promise<TestResponse> => {
    const body = multipart([{ name: 'file', filename, data }]);
    return t.request({ method: 'POST', url: '/api-fin/bamimport', headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const rows = async (purpose: string) =>
    (await t.request({ method: 'POST', url: '/api-fin/bl', headers: { cookie }, payload: { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'ssvwz', value: purpose }] } }))
      .json<PagedListResponse<BankMovementRow>>().rows;
  const written = async () => [await count('bank_movements'), await count('bank_imports')];
  const statement = (id: string, entries: CamtTestStatement['entries'], more: Partial<CamtTestStatement> = {}): CamtTestStatement => ({ id, iban: IBAN, entries, ...more });

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: createClock(new Date('2026-11-28T08:00:00Z')) });
    school = await createSchool(t.db, 'Bank rules');
    await sql(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank) VALUES ($1, 'Giro', 'Dojo', $2, $3, 'DEUTDEFF', 'Bank')`,
      [school, CI, IBAN],
    );
    cookie = (await t.loginAs({ atoms: ['finance_r', 'finance_w'] as Atom[], schools: [school] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['02', '08'] as const)('counterparty (.001.%s): an outgoing payment names its payee, a returned collection of ours the member (debtor), also by our creditor id alone', async (version) => {
    const xml = buildCamt([statement(`CP-${version}`, [
      // A plain outgoing transfer: we are the debtor, the payee the creditor.
      { amount: 12_000, credit: false, bookingDate: '2026-11-03', accountServicerRef: `CP${version}-OUT`,
        transactions: [{ name: 'Stadtwerke GmbH', iban: 'DE89370400440532013000', purpose: [`cp${version} Strom`], own: { name: 'Dojo', iban: IBAN } }] },
      // A returned collection with its return reason: member as Dbtr, we as Cdtr.
      { amount: 4_900, credit: false, bookingDate: '2026-11-04', accountServicerRef: `CP${version}-RET`, bankTxCode: ['PMNT', 'IDDT', 'UPDD'],
        transactions: [{ name: 'Anna Mitglied', iban: 'DE12500105170648489890', returnReason: 'MD06', mandateId: 'M-1', endToEndId: 'E2E-1',
          purpose: [`cp${version} Rueckgabe`], own: { name: 'Dojo', iban: IBAN, creditorId: CI } }] },
      // A reversal (RvslInd) with no return code, the bank naming only our creditor id on the creditor side.
      { amount: 3_000, credit: false, bookingDate: '2026-11-05', accountServicerRef: `CP${version}-RVSL`, reversal: true, bankTxCode: ['PMNT', 'IDDT', 'ESDD'],
        transactions: [{ name: 'Ben Mitglied', iban: 'DE75512108001245126199', counterpartyRole: 'Dbtr', purpose: [`cp${version} Storno`], own: { name: 'Dojo', creditorId: CI } }] },
      // No return marker at all, but the creditor is us by our creditor id: the debtor is the member.
      { amount: 2_500, credit: false, bookingDate: '2026-11-06', accountServicerRef: `CP${version}-CI`, bankTxCode: ['PMNT', 'IDDT', 'ESDD'],
        transactions: [{ name: 'Cara Mitglied', iban: 'DE27100777770209299700', counterpartyRole: 'Dbtr', purpose: [`cp${version} Rueckbuchung`], own: { name: 'Dojo', creditorId: CI } }] },
      // A return naming us by name only (no IBAN, no creditor id): the return reason decides.
      { amount: 1_500, credit: false, bookingDate: '2026-11-06', accountServicerRef: `CP${version}-RNAME`, bankTxCode: ['PMNT', 'IDDT', 'ESDD'],
        transactions: [{ name: 'Dora Mitglied', iban: 'DE02120300000000202051', returnReason: 'AC04', purpose: [`cp${version} Ruecklast`], own: { name: 'Dojo' } }] },
      // We pay a supplier's direct debit: the creditor (their creditor id, not ours) is the counterparty.
      { amount: 1_999, credit: false, bookingDate: '2026-11-07', accountServicerRef: `CP${version}-DD`, bankTxCode: ['PMNT', 'RDDT', 'ESDD'],
        transactions: [{ name: 'Telefon AG', iban: 'DE44500105175407324931', mandateId: 'TEL-1', purpose: [`cp${version} Telefon`], own: { name: 'Dojo', iban: IBAN } }] },
    ])], { version });
    const res = await upload(`cp${version}.xml`, xml);
    expect(res.statusCode).toBe(200);
    const list = await rows(`cp${version}`);
    const byPurpose = Object.fromEntries(list.map((row) => [row.ssvwz.split(' ')[1], [row.sname, row.siban, row.amt]]));
    expect(byPurpose).toEqual({
      Strom: ['Stadtwerke GmbH', 'DE89370400440532013000', -12_000],
      Rueckgabe: ['Anna Mitglied', 'DE12500105170648489890', -4_900],
      Storno: ['Ben Mitglied', 'DE75512108001245126199', -3_000],
      Rueckbuchung: ['Cara Mitglied', 'DE27100777770209299700', -2_500],
      Ruecklast: ['Dora Mitglied', 'DE02120300000000202051', -1_500],
      Telefon: ['Telefon AG', 'DE44500105175407324931', -1_999],
    });
  });

  it('a returned transfer of ours (a credit naming us as debtor) names the payee', async () => {
    const xml = buildCamt([statement('CP-CREDIT', [
      { amount: 8_000, credit: true, bookingDate: '2026-11-08', accountServicerRef: 'CP-CREDIT-1', bankTxCode: ['PMNT', 'ICDT', 'RRTN'],
        transactions: [{ name: 'Hallenvermietung KG', iban: 'DE91100000000123456789', counterpartyRole: 'Cdtr', returnReason: 'AC04', purpose: ['cpc Miete zurueck'], own: { name: 'Dojo', iban: IBAN } }] },
    ])]);
    expect((await upload('cpc.xml', xml)).statusCode).toBe(200);
    expect((await rows('cpc')).map((row) => [row.sname, row.siban, row.amt])).toEqual([['Hallenvermietung KG', 'DE91100000000123456789', 8_000]]);
  });

  it('refuses a statement in another currency than its account\'s (105 naming both), nothing written', async () => {
    const before = await written();
    const chf = buildCamt([statement('CCY-1', [{ amount: 5_000, credit: true, bookingDate: '2026-11-09', accountServicerRef: 'CCY-1' }], { currency: 'CHF' })]);
    const refused = await upload('chf.xml', chf);
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 105, fields: { iban: IBAN, currency: 'CHF', account_currency: 'EUR' } }]);
    // The account says EUR, an entry's amount is in SEK.
    const sek = buildCamt([statement('CCY-2', [
      { amount: 5_000, credit: true, bookingDate: '2026-11-09', accountServicerRef: 'CCY-2A' },
      { amount: 7_000, credit: true, bookingDate: '2026-11-09', accountServicerRef: 'CCY-2B', currency: 'SEK' },
    ])], { version: '08' });
    const refusedSek = await upload('sek.xml', sek);
    expect([refusedSek.statusCode, refusedSek.json()]).toEqual([400, { error: 105, fields: { iban: IBAN, currency: 'SEK', account_currency: 'EUR' } }]);
    expect(await written()).toEqual(before);
  });

  it('an entry without booking and value date: booked on a one-day statement\'s day; in a statement over several days refused naming the entry', async () => {
    const oneDay = buildCamt([statement('ND-1', [
      { amount: 1_100, credit: true, bookingDate: '2026-11-10', accountServicerRef: 'ND-1A', transactions: [{ name: 'Datiert', purpose: ['nd datiert'] }] },
      { amount: 1_200, credit: true, bookingDate: '2026-11-10', accountServicerRef: 'ND-1B', noDates: true, transactions: [{ name: 'Ohne Datum', purpose: ['nd ohne'] }] },
    ], { from: '2026-11-10', to: '2026-11-10' })]);
    const res = await upload('nodate.xml', oneDay);
    expect(res.statusCode).toBe(200);
    expect((await rows('nd ')).map((row) => [row.sname, row.bd]).sort()).toEqual([['Datiert', '2026-11-10'], ['Ohne Datum', '2026-11-10']]);

    // A camt.054 notification without a period: its creation day.
    const notice = buildCamt([statement('ND-N', [{ amount: 1_300, credit: true, bookingDate: '2026-11-11', accountServicerRef: 'ND-N1', noDates: true, transactions: [{ name: 'Mitteilung', purpose: ['nd mitteilung'] }] }],
      { noPeriod: true, created: '2026-11-12T09:30:00+01:00' })], { kind: '054', version: '08' });
    expect((await upload('notice.xml', notice)).statusCode).toBe(200);
    expect((await rows('nd mitteilung')).map((row) => row.bd)).toEqual(['2026-11-12']);

    const before = await written();
    const month = buildCamt([statement('ND-M', [
      { amount: 1_400, credit: true, bookingDate: '2026-11-02', accountServicerRef: 'ND-M1' },
      { amount: 1_500, credit: true, bookingDate: '2026-11-03', accountServicerRef: 'ND-M2', noDates: true },
    ], { from: '2026-11-01', to: '2026-11-30' })]);
    const refused = await upload('month.xml', month);
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 1000, fields: { statement: 'ND-M', entry: '2', ref: 'ND-M2', reason: 'no_date' } }]);
    expect(await written()).toEqual(before);
  });

  it('entries the bank has not booked (PDNG, INFO) are not imported and are listed in the import\'s detail', async () => {
    const xml = buildCamt([statement('PD-1', [
      { amount: 2_100, credit: true, bookingDate: '2026-11-13', accountServicerRef: 'PD-BOOK', transactions: [{ name: 'Gebucht', purpose: ['pd gebucht'] }] },
      { amount: 2_200, credit: true, bookingDate: '2026-11-13', accountServicerRef: 'PD-PDNG', status: 'PDNG', transactions: [{ name: 'Vorgemerkt', purpose: ['pd vorgemerkt'] }] },
      { amount: 2_300, credit: false, bookingDate: '2026-11-14', entryRef: 'INFO-REF', status: 'INFO', transactions: [{ name: 'Info', purpose: ['pd info'] }] },
    ])], { version: '08' });
    const res = await upload('pending.xml', xml);
    expect(res.statusCode).toBe(200);
    const detail = res.json<BankImportDetail>();
    expect(detail).toMatchObject({ imported: 1, skipped: 0, entries: 1, movements: 1, not_booked: 2 });
    expect(detail.statements[0]!.not_booked).toEqual([
      { position: 2, ref: 'PD-PDNG', status: 'PDNG', amount: 2_200, credit: true, date: '2026-11-13' },
      { position: 3, ref: 'INFO-REF', status: 'INFO', amount: 2_300, credit: false, date: '2026-11-14' },
    ]);
    expect((await rows('pd ')).map((row) => row.sname)).toEqual(['Gebucht']);
    // The detail reads the same later.
    expect((await t.request({ method: 'GET', url: `/api-fin/bamimport?id=${detail.id}`, headers: { cookie } })).json<BankImportDetail>()).toEqual(detail);

    // Version .001.02 names the status directly.
    const v2 = buildCamt([statement('PD-2', [{ amount: 2_400, credit: true, bookingDate: '2026-11-15', accountServicerRef: 'PD-2', status: 'PDNG', transactions: [{ name: 'V2', purpose: ['pd v2'] }] }])]);
    const res2 = await upload('pending2.xml', v2);
    expect(res2.statusCode).toBe(200);
    expect(res2.json<BankImportDetail>()).toMatchObject({ imported: 0, entries: 0, not_booked: 1 });
    expect(await rows('pd v2')).toEqual([]);
  });

  it.each([
    ['camt.052.001.08', 'BkToCstmrAcctRpt', 'Rpt'],
    ['camt.052.001.02', 'BkToCstmrAcctRpt', 'Rpt'],
    ['camt.053.001.09', 'BkToCstmrStmt', 'Stmt'],
    ['camt.054.001.10', 'BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
  ])('refuses %s with 104 naming the version, nothing written', async (version, body, element) => {
    const before = await written();
    const xml = buildCamt([statement(`V-${version}`, [{ amount: 100, credit: true, bookingDate: '2026-11-16', accountServicerRef: `V-${version}` }])])
      .replace('camt.053.001.02', version).replaceAll('BkToCstmrStmt', body).replaceAll('<Stmt>', `<${element}>`).replaceAll('</Stmt>', `</${element}>`);
    const res = await upload('version.xml', xml);
    expect([res.statusCode, res.json()]).toEqual([400, { error: 104, fields: { version } }]);
    expect(await written()).toEqual(before);
  });

  it('two identical payments without a bank reference are two movements, in one statement and in two notifications; the same file or statement again writes nothing', async () => {
    const same = { amount: 3_500, credit: true, bookingDate: '2026-11-17', transactions: [{ name: 'Zwilling', iban: 'DE02120300000000202051', purpose: ['dup Beitrag'] }] };
    const one = buildCamt([statement('DUP-1', [same, same])]);
    const res = await upload('dup.xml', one);
    expect(res.statusCode).toBe(200);
    expect(res.json<BankImportDetail>()).toMatchObject({ imported: 2, entries: 2, movements: 2 });
    expect(await rows('dup')).toHaveLength(2);

    // Each notification reports one of two identical payments.
    const twoNotices = buildCamt([statement('DUP-N1', [same], { sequence: 1 }), statement('DUP-N2', [same], { sequence: 2 })], { kind: '054', version: '08' });
    const res2 = await upload('dup-notices.xml', twoNotices);
    expect(res2.statusCode).toBe(200);
    expect(res2.json<BankImportDetail>()).toMatchObject({ imported: 2 });
    // A third payment on another day's notification, alone in its file.
    const third = buildCamt([statement('DUP-N3', [same], { sequence: 3 })], { kind: '054', version: '08' });
    expect((await upload('dup-third.xml', third)).json<BankImportDetail>()).toMatchObject({ imported: 1 });
    expect(await rows('dup')).toHaveLength(5);

    // German banks write "NONREF" where they have no reference: no key of its own either.
    const nonref = { ...same, accountServicerRef: 'NONREF', transactions: [{ name: 'Nonref', purpose: ['dupnr Beitrag'] }] };
    const res4 = await upload('dup-nonref.xml', buildCamt([statement('DUP-NR', [nonref, nonref])]));
    expect(res4.json<BankImportDetail>()).toMatchObject({ imported: 2 });
    expect(await rows('dupnr')).toHaveLength(2);

    const before = await written();
    const again = await upload('dup-again.xml', one);
    expect([again.statusCode, again.json()]).toEqual([400, { error: 1002 }]);
    // The same statements downloaded once more (another file: a new creation time of the message) meet their keys.
    const redownloaded = twoNotices.replace('2026-11-28T06:00:00+01:00', '2026-11-29T07:00:00+01:00');
    const res3 = await upload('dup-notices-again.xml', redownloaded);
    expect([res3.statusCode, res3.json()]).toEqual([400, { error: 1002 }]);
    expect(await written()).toEqual(before);
  });

  it('remittance: structured references (invoice numbers, additional text), else the bank\'s entry text', async () => {
    const xml = buildCamt([statement('RMT-1', [
      { amount: 4_400, credit: true, bookingDate: '2026-11-20', accountServicerRef: 'RMT-STRD', transactions: [{ name: 'Strukturiert', purpose: ['STRDMARK'] }] },
      { amount: 990, credit: false, bookingDate: '2026-11-20', accountServicerRef: 'RMT-NTRY' },
    ])]).replace('<Ustrd>STRDMARK</Ustrd>', '<Strd><RfrdDocInf><Nb>RE-789789</Nb></RfrdDocInf><AddtlRmtInf>rmt Zusatz</AddtlRmtInf></Strd>')
      .replace(/(<AcctSvcrRef>RMT-NTRY<\/AcctSvcrRef>[\s\S]*?)<\/Ntry>/, '$1<AddtlNtryInf>rmt Kontofuehrung</AddtlNtryInf></Ntry>');
    expect((await upload('remittance.xml', xml)).statusCode).toBe(200);
    expect((await rows('rmt')).map((row) => [row.amt, row.ssvwz]).sort()).toEqual([[-990, 'rmt Kontofuehrung'], [4_400, 'RE-789789 rmt Zusatz']]);
  });

  it('counts the bank\'s entries and the movements made of them apart: a batch of 3 is 1 entry, 3 movements', async () => {
    const xml = buildCamt([statement('CNT-1', [
      { amount: 6_000, credit: true, bookingDate: '2026-11-18', accountServicerRef: 'CNT-BATCH',
        transactions: [1_000, 2_000, 3_000].map((amount, i) => ({ amount, name: `Sammel ${i + 1}`, purpose: [`cnt ${i + 1}`] })) },
      { amount: 700, credit: false, bookingDate: '2026-11-18', accountServicerRef: 'CNT-ONE', transactions: [{ name: 'Einzeln', purpose: ['cnt einzeln'] }] },
    ])]);
    const res = await upload('count.xml', xml);
    expect(res.statusCode).toBe(200);
    const detail = res.json<BankImportDetail>();
    expect(detail).toMatchObject({ entries: 2, movements: 4, imported: 4, skipped: 0, not_booked: 0 });
    expect(detail.statements[0]).toMatchObject({ bank_entries: 2, movements: 4, entries: 4, not_booked: [] });
    expect(await rows('cnt')).toHaveLength(4);

    // The batch again with a new entry: 2 entries, 4 movements, of which 3 known.
    const more = buildCamt([statement('CNT-2', [
      { amount: 6_000, credit: true, bookingDate: '2026-11-18', accountServicerRef: 'CNT-BATCH',
        transactions: [1_000, 2_000, 3_000].map((amount, i) => ({ amount, name: `Sammel ${i + 1}`, purpose: [`cnt ${i + 1}`] })) },
      { amount: 800, credit: true, bookingDate: '2026-11-19', accountServicerRef: 'CNT-NEW', transactions: [{ name: 'Neu', purpose: ['cnt neu'] }] },
    ])], { kind: '054', version: '08' });
    expect((await upload('count2.xml', more)).json<BankImportDetail>()).toMatchObject({ entries: 2, movements: 4, imported: 1, skipped: 3 });
  });
});
