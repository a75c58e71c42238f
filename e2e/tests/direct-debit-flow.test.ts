/**
 * Issue 14's money flow in a real browser, as the demo office user ('office', role "Büro"):
 * three students made by activating conclusions through the API (as the conclusion form and
 * /m-con/list do) whose contracts start on the first of the previous month, so each has a
 * receipt due then (template amount + activation fee) after 'Rechnungen erstellen':
 * - two pay by SEPA direct debit (each a mandate and an IBAN of a German bank): on /m-fin/dd the
 *   previous month lists both; they are selected, the preview names count, total and collection
 *   date, the run is generated ('op_succeeded'); /m-fin/sepa lists the file, whose "SEPA XML" is
 *   a pain.008 with both receipts' amounts and end-to-end ids R{receipt}-DD{run} (validated with
 *   xmllint against the official XSD in api/test/fixtures/sepa);
 * - one pays cash and has not paid: /m-student/dun/1 lists the overdue receipt, the run makes
 *   one dunning ('ir_succeeded'), the letters PDF (pdftotext) names the student and the amount;
 * - a camt.053 on the run's creditor account, built from the run's debits as the XML names them
 *   (api/test/support/camt.ts debitRunEntries): the collection of both, one of them returned by
 *   the debtor's bank (R-transaction, reason MD06, 3,00 € charges), and a transfer naming the cash
 *   receipt, is imported on /m-fin/bamove (the import dialog with its progress, then
 *   /m-fin/bamim/{id}: the debits booked paid, the return debit counted); /m-fin/bamassign
 *   suggests paying the cash receipt (receipt number) and applies it. On the students' finance
 *   tabs: the paid debit's receipt paid, the returned one open again with the charges as a
 *   manual booking of the student, its reminder beside; the balances follow.
 * Axe-core on every screen. Dates are computed from today; the data is this file's own.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from '../support/browser';
import { REPO_ROOT } from '../support/product';
import { buildCamt, debitRunEntries, type RunDebit } from '../../api/test/support/camt';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('office');

const pad = (value: number) => String(value).padStart(2, '0');
const today = new Date();
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The first of the previous month: the contracts start then, their first receipt is due then. */
const previousMonth = new Date(today.getFullYear(), today.getMonth() - 1, 1);
const previousMonthShown = `01.${pad(previousMonth.getMonth() + 1)}.${previousMonth.getFullYear()}`;
/** Cents as the screens write them (de-DE: 1.234,50). */
const money = (cents: number) => {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${pad(cents % 100)}`;
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The money text the screens show (de-DE, no-break space before the sign). */
const euro = (cents: number) => new RegExp(`^${escape(money(cents))}\\s€$`);

/** Letters only (names pass the SEPA character set), new for each run. */
const tag = Date.now().toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
const debtor = { firstname: 'Lena', lastname: `Einzug${tag}` };
/** Debited in the same run; the debtor's bank returns the debit. The name shares the debtor's prefix (one filter on /m-fin/dd). */
const returner = { firstname: 'Jonas', lastname: `Einzug${tag}zwei` };
const defaulter = { firstname: 'Timo', lastname: `Mahnung${tag}` };

/** A German IBAN with valid check digits (ISO 13616 mod 97) at Stadtsparkasse München. */
function germanIban(account: string): string {
  const bban = `70150000${account.padStart(10, '0')}`;
  const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
  return `DE${pad(check)}${bban}`;
}

/** The SEPA students' mandates: each its own account and reference. */
interface Mandate { iban: string; reference: string }
const debtorMandate: Mandate = { iban: germanIban(String(Date.now() % 10_000_000_000)), reference: `E2E-${tag.toUpperCase()}` };
const returnerMandate: Mandate = { iban: germanIban(String((Date.now() + 7) % 10_000_000_000)), reference: `E2E-${tag.toUpperCase()}-R` };
/** What the run debited, for the bank statement: the creditor account's IBAN and the debits as the pain.008 names them. */
const run = { creditorIban: '', debits: [] as RunDebit[] };
/** The bank's charges for the returned debit, in cents. */
const RETURN_CHARGES = 300;

/** gross: the first receipt (amount + activation fee); monthly: the next ones' amount. */
interface Student { id: number; gross: number; monthly: number; receiptNo: string }
const debited = {} as Student;
const returned = {} as Student;
const dunned = {} as Student;

async function apiHeaders(): Promise<Record<string, string>> {
  const state = await (await s.page.request.get(`${s.product.url}/api-application-state/get-state`)).json();
  return { 'x-client-version': state.version };
}

interface TemplateOption { id: number; sid: number; country_iso: string; amount_gross: number; activation_gross: number; currency: string }

/**
 * Saves and activates a regular conclusion starting the first of the previous month through
 * the API (as the form and /m-con/list do): the first EUR template of a school whose main
 * account has a creditor id (the demo's main accounts do), that account as the contract's (so
 * both SEPA students fall into one run). SEPA: the mandate of the conclusion form's SEPA
 * fields. Answers the student and the first receipt's gross amount.
 */
async function activatedStudent(person: { firstname: string; lastname: string }, sepa: Mandate | null): Promise<{ id: number; gross: number; monthly: number }> {
  const headers = await apiHeaders();
  const lists = await (await s.page.request.get(`${s.product.url}/api-conclusion/data`, { headers })).json();
  const accounts = (await (await s.page.request.get(`${s.product.url}/api-account/sel`, { headers })).json()) as { id: number; school_id: number; is_main: boolean }[];
  const templates = (lists.contracts as TemplateOption[]).filter((t) => t.currency === 'EUR' && t.amount_gross > 0);
  const template = templates.find((t) => accounts.some((a) => a.school_id === t.sid && a.is_main));
  if (!template) throw new Error('the demo office has no school with a main bank account and an EUR contract template');
  const account = accounts.find((a) => a.school_id === template.sid && a.is_main)!;
  const network = (lists.network_contracts as { id: number; country_iso: string }[]).find((n) => n.country_iso === template.country_iso);
  if (!network) throw new Error(`no network contract for ${template.country_iso}`);
  const [zip, city] = template.country_iso === 'de' ? ['80802', 'München'] : ['1030', 'Wien'];
  const mandateDate = new Date(previousMonth.getFullYear(), previousMonth.getMonth(), -5);
  const body = {
    school_id: template.sid,
    products: [lists.products[0]],
    ec_contract_id: network.id,
    c_contract_id: template.id,
    account_id: account.id,
    contract_start: iso(previousMonth),
    payment_method_id: sepa ? 1 : 3,
    new_app: true,
    salutation_id: 2,
    ...person,
    street: 'Einzugsweg',
    house_no: '14',
    zip,
    city,
    country_iso: template.country_iso,
    birthdate: `${today.getFullYear() - 31}-04-07`,
    ...(sepa
      ? {
          sepa_name: `${person.firstname} ${person.lastname}`,
          sepa_iban: sepa.iban,
          sepa_bic: 'SSKMDEMMXXX',
          sepa_bank: 'Stadtsparkasse München',
          sepa_mandate_ref: sepa.reference,
          sepa_date_mandate: iso(mandateDate),
          // The account holder's address (required with a mandate).
          co_street: 'Einzugsweg',
          co_house_no: '14',
          co_zip: zip,
          co_city: city,
          co_country_iso: template.country_iso,
        }
      : {}),
  };
  const saved = await s.page.request.post(`${s.product.url}/api-conclusion/data`, { headers, data: body });
  expect([saved.status(), await saved.text()]).toEqual([200, expect.stringContaining('"success":true')]);
  const conclusion = (await saved.json()) as { id: number; version: number };
  const activated = await s.page.request.put(`${s.product.url}/api-conclusion/actcon?id=${conclusion.id}`, { headers, data: { version: conclusion.version } });
  expect([activated.status(), await activated.text()]).toEqual([200, expect.stringContaining('"success":true')]);
  return { id: (await activated.json()).stu, gross: template.amount_gross + template.activation_gross, monthly: template.amount_gross };
}

async function rowWith(table: Locator, text: string | RegExp): Promise<Locator> {
  const row = table.getByRole('row').filter({ hasText: text }).first();
  await row.waitFor();
  return row;
}

/**
 * The finance tab's 'Rechnungen erstellen' ('op_succeeded'): the receipt due on the first of
 * the previous month is open with the first period's amount. Answers its number.
 */
async function generateInvoices(student: { id: number; gross: number }): Promise<string> {
  await s.page.goto(`${s.product.url}/m-student/details/${student.id}?tab=finance`);
  await s.page.getByText(/^Saldo: 0,00\s€$/).waitFor();
  const generated = s.page.waitForResponse((r) => r.url().includes('/api-student/gi'));
  await s.page.getByRole('button', { name: 'Rechnungen erstellen' }).click();
  expect((await generated).status()).toBe(200);
  await s.page.getByRole('status').filter({ hasText: 'Vorgang erfolgreich ausgeführt.' }).first().waitFor();
  const receipt = await rowWith(s.page.getByRole('table', { name: 'Offene Posten' }), previousMonthShown);
  expect(await receipt.getByText(euro(student.gross)).count()).toBeGreaterThan(0);
  const receiptNo = (await receipt.getByRole('cell').first().innerText()).trim();
  expect(receiptNo).toMatch(/^\d+$/);
  await expectAccessible(s.page);
  return receiptNo;
}

async function pdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const event = page.waitForEvent('download');
  await click();
  const file = await (await event).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Columns of the finance tab's receipts tables (number, kind, text, due, amount, paid, open, …). */
const RECEIPT_AMOUNT = 4;
const RECEIPT_PAID = 5;
const RECEIPT_OPEN = 6;

/** A receipt's row on the finance tab open in the page (open items or archive), by its number. */
async function receiptRow(receiptNo: string): Promise<Locator> {
  const tables = s.page.getByRole('table', { name: /^(Offene Posten|Archiv)$/ });
  // The first cell holds the number (the text of the charges' receipt names the returned one).
  const row = tables.getByRole('row').filter({ has: s.page.getByRole('cell', { name: receiptNo, exact: true }) }).first();
  await row.waitFor();
  return row;
}

/** Whether the element (or something inside it) has the keyboard focus. */
/**
 * The import result as the dialog lists it (term and value of its description list): the
 * bank's entries, the movements made of them, new, known, returns.
 */
async function importResult(dialog: Locator): Promise<Record<string, string>> {
  const result = dialog.getByRole('status').filter({ hasText: 'Buchungen der Bank' });
  await result.locator('dd').first().waitFor();
  const terms = await result.locator('dt').allTextContents();
  const values = await result.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
}

const hasFocus = (target: Locator) => target.evaluate((element) => element.contains(document.activeElement));

/** Presses Tab (at most 40 times) until `target` has the focus: it is reachable by keyboard. */
async function tabTo(target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await hasFocus(target)) return;
    await s.page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with Tab: ${String(target)}`);
}

/** Waits (polling) until the focus is on or inside `target`. */
async function waitForFocusInside(target: Locator): Promise<void> {
  const handle = await target.elementHandle();
  await s.page.waitForFunction((element) => !!element && element.contains(document.activeElement), handle, { timeout: 5_000 });
}

/** The official XSDs, in the repository (api/test/fixtures/sepa) as the API tests use them. */
const XSD_DIR = join(REPO_ROOT, 'api', 'test', 'fixtures', 'sepa', 'xsd');

describe('direct-debit flow', () => {
  it('activates two SEPA and a cash conclusion and invoices the students on their finance tab', async () => {
    Object.assign(debited, await activatedStudent(debtor, debtorMandate));
    Object.assign(returned, await activatedStudent(returner, returnerMandate));
    Object.assign(dunned, await activatedStudent(defaulter, null));
    debited.receiptNo = await generateInvoices(debited);
    returned.receiptNo = await generateInvoices(returned);
    dunned.receiptNo = await generateInvoices(dunned);
    expect(s.tracked.errors).toEqual([]);
  });

  it('debits both SEPA receipts in one run on /m-fin/dd: candidates, preview (count, total, collection date), op_succeeded', async () => {
    await s.page.goto(`${s.product.url}/m-fin/dd`);
    await s.page.getByRole('heading', { level: 1, name: 'Lastschriften erstellen' }).waitFor();
    // The select sits in its label: its name is the label's text and the chosen option.
    await s.page.getByRole('combobox', { name: /^Jahr/ }).selectOption(String(previousMonth.getFullYear()));
    await s.page.getByRole('combobox', { name: /^Monat/ }).selectOption(String(previousMonth.getMonth() + 1));
    // Both SEPA students' names begin with the debtor's.
    await s.page.getByLabel('Filter Schüler (Name beginnt mit)').fill(debtor.lastname);
    const candidates = s.page.getByRole('table', { name: 'Lastschrift-Kandidaten' });
    for (const [person, student] of [[debtor, debited], [returner, returned]] as const) {
      const row = await rowWith(candidates, `${person.firstname} ${person.lastname}`);
      await row.getByRole('cell', { name: previousMonthShown, exact: true }).waitFor();
      await row.getByText(euro(student.gross)).waitFor();
      await row.getByRole('cell', { name: 'FRST', exact: true }).waitFor();
    }
    await expectAccessible(s.page);

    for (const student of [debited, returned]) {
      await candidates.getByRole('checkbox', { name: `Beleg ${student.receiptNo} auswählen` }).check();
    }
    await s.page.getByText('2 ausgewählt', { exact: true }).waitFor();
    await s.page.getByRole('button', { name: 'Lastschriften erstellen' }).click();
    const preview = s.page.getByRole('dialog', { name: 'Vorschau des Lastschriftlaufs' });
    await preview.getByText('Lastschriften: 2 (Erstlastschriften FRST: 2, Folgelastschriften RCUR: 0)').waitFor();
    const collection = await preview.getByText(/^Fälligkeitsdatum \(Einzug\): \d{2}\.\d{2}\.\d{4}$/).innerText();
    const [day, month, year] = collection.replace(/^.*: /, '').split('.').map(Number) as [number, number, number];
    // The collection date lies ahead (TARGET2 business days after the lead days), never on a weekend.
    const collectionDate = new Date(year, month - 1, day);
    expect(collectionDate.getTime()).toBeGreaterThan(today.getTime());
    expect([0, 6]).not.toContain(collectionDate.getDay());
    const totals = preview.getByRole('table', { name: 'Summe je Gläubigerkonto' });
    await (await rowWith(totals, '2 / 0')).getByText(euro(debited.gross + returned.gross)).waitFor();
    await expectAccessible(s.page);
    const run = s.page.waitForResponse((r) => r.url().includes('/api-fin/dd') && r.request().method() === 'POST' && !r.url().includes('preview'));
    await preview.getByRole('button', { name: 'Erstellen' }).click();
    await preview.waitFor({ state: 'detached' });
    expect((await run).status()).toBe(200);
    await s.page.getByRole('status').filter({ hasText: 'Vorgang erfolgreich ausgeführt.' }).first().waitFor();
    // The receipts are in collection now: no longer candidates.
    await s.page.getByText('Keine offenen Lastschriften in diesem Monat.').waitFor();
    await s.page.getByText(/^Letzter Lauf: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/).waitFor();
    await expectAccessible(s.page);
    expect(s.tracked.errors).toEqual([]);
  });

  it('lists the run on /m-fin/sepa; its SEPA XML is a pain.008 debiting both receipts', async () => {
    await s.page.getByRole('button', { name: 'SEPA-Dateien' }).click();
    await s.page.getByRole('heading', { level: 1, name: 'SEPA-Dateien' }).waitFor();
    const files = s.page.getByRole('table', { name: 'SEPA-Dateien' });
    // Newest first: this test's run is the first file of the demo office.
    const file = files.getByRole('row').nth(1);
    await file.getByText(euro(debited.gross + returned.gross)).waitFor();
    await file.getByRole('cell', { name: '2', exact: true }).waitFor();
    run.creditorIban = (await file.getByRole('cell').nth(2).innerText()).replace(/\s/g, '');
    expect(run.creditorIban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]+$/);
    await expectAccessible(s.page);

    const link = file.getByRole('link', { name: /^SEPA XML von .+ herunterladen \(neuer Tab\)$/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api-fin\/es\?mode=ebics&key=\d+$/);
    // The link opens in a new tab with the page's session: the same request with its cookies.
    const answer = await s.page.request.get(`${s.product.url}${href}`);
    expect(answer.status()).toBe(200);
    const xml = await answer.text();
    const namespace = /xmlns="urn:iso:std:iso:20022:tech:xsd:(pain\.008\.001\.0[28])"/.exec(xml);
    expect(namespace).not.toBeNull();
    // Each debit as the bank reads it (the statement below is built from these).
    run.debits = xml.split('<DrctDbtTxInf>').slice(1).map((part) => {
      const field = (pattern: RegExp) => pattern.exec(part)?.[1] ?? '';
      return {
        end_to_end_id: field(/<EndToEndId>([^<]+)<\/EndToEndId>/),
        mandate_id: field(/<MndtId>([^<]+)<\/MndtId>/),
        amount: Math.round(Number(field(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/)) * 100),
        debtor_name: field(/<Dbtr>\s*<Nm>([^<]+)<\/Nm>/),
        debtor_iban: field(/<DbtrAcct>\s*<Id>\s*<IBAN>([^<]+)<\/IBAN>/),
      };
    });
    expect(run.debits).toHaveLength(2);
    for (const [person, student, mandate] of [[debtor, debited, debtorMandate], [returner, returned, returnerMandate]] as const) {
      expect(run.debits).toContainEqual({
        end_to_end_id: expect.stringMatching(new RegExp(`^R${student.receiptNo}-DD\\d+$`)),
        mandate_id: mandate.reference,
        amount: student.gross,
        debtor_name: `${person.firstname} ${person.lastname}`,
        debtor_iban: mandate.iban,
      });
    }
    expect(xml.match(/<SeqTp>FRST<\/SeqTp>/g)?.length).toBeGreaterThan(0);
    expect(xml).not.toContain('<SeqTp>RCUR</SeqTp>');
    const dir = mkdtempSync(join(tmpdir(), 'sbo-e2e-sepa-'));
    try {
      writeFileSync(join(dir, 'run.xml'), xml);
      execFileSync('xmllint', ['--noout', '--schema', join(XSD_DIR, `${namespace![1]}.xsd`), join(dir, 'run.xml')], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(s.tracked.errors).toEqual([]);
  });

  it('duns the overdue cash receipt on /m-student/dun/1 and the letters PDF names the student and the amount', async () => {
    await s.page.goto(`${s.product.url}/m-student/dun/1`);
    await s.page.getByRole('heading', { level: 1, name: 'Mahnlauf – 1. Mahnstufe' }).waitFor();
    const items = s.page.getByRole('table', { name: 'Fällige offene Posten' });
    const boxName = `Beleg ${dunned.receiptNo} von ${defaulter.firstname} ${defaulter.lastname} auswählen`;
    const box = items.getByRole('checkbox', { name: boxName });
    // 20 items a page, by name: turn the pages until this test's item shows.
    await items.getByRole('row').nth(1).waitFor();
    while ((await box.count()) === 0) {
      await s.page.getByRole('navigation', { name: 'Seiten der Liste' }).getByRole('button', { name: 'Nächste Seite' }).click();
    }
    // `has` looks inside the row: a locator relative to it, not to the table.
    const row = items.getByRole('row').filter({ has: s.page.getByRole('checkbox', { name: boxName }) });
    await row.getByRole('cell', { name: previousMonthShown, exact: true }).first().waitFor();
    expect(await row.getByText(euro(dunned.gross)).count()).toBe(2);
    // The debited receipts are in collection: not due for dunning (on no page of the list).
    const due = (await (await s.page.request.get(`${s.product.url}/api-receipt/dunning?level=1`, { headers: await apiHeaders() })).json()) as { rows: { rno: number }[] };
    expect(due.rows.map((item) => String(item.rno))).toContain(dunned.receiptNo);
    expect(due.rows.map((item) => String(item.rno))).not.toContain(debited.receiptNo);
    expect(due.rows.map((item) => String(item.rno))).not.toContain(returned.receiptNo);
    await expectAccessible(s.page);

    await box.check();
    const run = s.page.waitForResponse((r) => r.url().includes('/api-receipt/dunning') && r.request().method() === 'POST');
    await s.page.getByRole('button', { name: 'Mahnungen erstellen' }).click();
    expect((await run).status()).toBe(200);
    await s.page.getByRole('status').filter({ hasText: 'Mahnlauf erfolgreich erstellt.' }).first().waitFor();
    const result = s.page.getByRole('region', { name: 'Ergebnis des Mahnlaufs' });
    await result.getByText('1 Mahnungen für 1 Belege erstellt, 1 Briefe zum Drucken, 0 per E-Mail versendet.').waitFor();
    await expectAccessible(s.page);

    const text = await pdfText(s.page, () => result.getByRole('button', { name: 'Mahnschreiben herunterladen (PDF)' }).click());
    expect(text).toContain(`${defaulter.firstname} ${defaulter.lastname}`);
    expect(text).toContain(dunned.receiptNo);
    expect(text).toContain(money(dunned.gross));
    expect(s.tracked.errors).toEqual([]);
  });

  it('imports a CAMT statement of the run with a return debit and a transfer on /m-fin/bamove, then assigns the transfer on /m-fin/bamassign', async () => {
    const bookingDate = iso(today);
    const returnedDebit = run.debits.find((debit) => debit.mandate_id === returnerMandate.reference)!;
    const camt = buildCamt(
      [
        {
          id: `E2E-${tag}`,
          iban: run.creditorIban,
          opening: 0,
          closing: debited.gross + dunned.gross - RETURN_CHARGES,
          entries: [
            // The bank credits the run's collection (both debits, a batch) and books the one the
            // debtor's bank returned back with its charges.
            ...debitRunEntries(run.debits, {
              collectionDate: bookingDate,
              returned: [{ endToEndId: returnedDebit.end_to_end_id, reason: 'MD06', charges: RETURN_CHARGES, date: bookingDate }],
              id: `E2E-${tag}`,
            }),
            // The dunned student pays by transfer, naming the receipt.
            {
              amount: dunned.gross, credit: true, bookingDate,
              transactions: [{ amount: dunned.gross, name: `${defaulter.firstname} ${defaulter.lastname}`, purpose: [`Beleg ${dunned.receiptNo} Mahnung`] }],
            },
          ],
        },
      ],
      { kind: '053', version: '08' },
    );
    const dir = mkdtempSync(join(tmpdir(), 'sbo-e2e-camt-'));
    const statement = join(dir, `camt053-${tag}.xml`);
    writeFileSync(statement, camt);
    try {
      await s.page.goto(`${s.product.url}/m-fin/bamove`);
      await s.page.getByRole('heading', { level: 1, name: 'Bankbewegungen' }).waitFor();
      await expectAccessible(s.page);
      await s.page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Kontoauszug importieren' });
      await dialog.getByLabel('Datei (CAMT .053/.054 als XML oder ZIP)').setInputFiles(statement);
      await expectAccessible(s.page);
      const upload = s.page.waitForResponse((r) => r.url().includes('/api-fin/bamimport') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Importieren' }).click();
      const answer = await upload;
      // Four movements: the collection's two debits (a batch), the return debit, the transfer.
      expect([answer.status(), await answer.text()]).toEqual([200, expect.stringMatching(/"imported":4\b.*"returns":1\b/)]);
      // Three bank entries (the collection's batch, the return, the transfer) made four movements.
      expect(await importResult(dialog)).toMatchObject({
        'Buchungen der Bank': '3',
        'Bewegungen daraus': '4',
        'Neu importiert': '4',
        'Bereits vorhanden': '0',
        Rücklastschriften: '1',
      });
      await expectAccessible(s.page);
      await dialog.getByRole('link', { name: 'Details des Imports anzeigen' }).click();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await s.page.waitForURL(/\/m-fin\/bamim\/\d+$/);
    const statements = s.page.getByRole('table', { name: 'Auszüge' });
    const imported = await rowWith(statements, `E2E-${tag}`);
    await imported.getByText(euro(debited.gross + dunned.gross - RETURN_CHARGES)).first().waitFor();
    const fact = (term: string) => s.page.locator(`dt:text-is("${term}") + dd`);
    await fact('Neu importiert').getByText('4', { exact: true }).waitFor();
    await fact('Rücklastschriften').getByText('1', { exact: true }).waitFor();
    // The collection credit carries the end-to-end ids of both pending debits: the import pays
    // both receipts; the return debit then reverts the one payment.
    await fact('Lastschriften als bezahlt gebucht').getByText('2', { exact: true }).waitFor();
    await expectAccessible(s.page);

    await s.page.goto(`${s.product.url}/m-fin/bamassign`);
    await s.page.getByRole('heading', { level: 1, name: 'Bankbewegungen zuordnen' }).waitFor();
    const credits = s.page.getByRole('table', { name: 'Offene Eingänge' });
    const transferRow = await rowWith(credits, `Beleg ${dunned.receiptNo} Mahnung`);
    await transferRow.getByText('Belegnummer im Verwendungszweck').waitFor();
    // The collection was booked by the import (and the return debit is no credit): not open.
    for (const debit of run.debits) {
      expect(await credits.getByRole('row').filter({ hasText: debit.end_to_end_id }).count()).toBe(0);
    }
    const operation = transferRow.getByRole('combobox', { name: /^Zuordnung für / });
    await expect(operation.inputValue()).resolves.toBe('pr');
    expect(await operation.locator('option:checked').innerText()).toBe(`Beleg ${dunned.receiptNo} bezahlen`);
    await transferRow.getByRole('checkbox', { name: /^Auswählen: / }).check();
    await s.page.getByText('1 ausgewählt', { exact: true }).waitFor();
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Auf Auswahl anwenden' }).click();
    // Applied, then reloaded: the credit is assigned and leaves the list.
    await credits.getByRole('row').filter({ hasText: `Beleg ${dunned.receiptNo} Mahnung` }).waitFor({ state: 'detached' });
    await expectAccessible(s.page);

    // The paid first receipts: the debited and the dunned student owe this month's receipt alone.
    for (const student of [debited, dunned]) {
      await s.page.goto(`${s.product.url}/m-student/details/${student.id}?tab=finance`);
      await s.page.getByText(new RegExp(`^Saldo: ${escape(money(student.monthly))}\\s€$`)).waitFor();
      const receipt = await receiptRow(student.receiptNo);
      await receipt.getByRole('cell').nth(RECEIPT_PAID).getByText(euro(student.gross)).waitFor();
      await receipt.getByRole('cell').nth(RECEIPT_OPEN).getByText(euro(0)).waitFor();
      await expectAccessible(s.page);
    }
    expect(s.tracked.errors).toEqual([]);
  });

  it('shows the returned debit\'s receipt open again, the bank\'s charges as the student\'s receivable and a reminder', async () => {
    await s.page.goto(`${s.product.url}/m-student/details/${returned.id}?tab=finance`);
    // Owed: the reopened first receipt, this month's receipt and the charges.
    await s.page.getByText(new RegExp(`^Saldo: ${escape(money(returned.gross + returned.monthly + RETURN_CHARGES))}\\s€$`)).waitFor();
    const reopened = await receiptRow(returned.receiptNo);
    await reopened.getByRole('cell').nth(RECEIPT_PAID).getByText(euro(0)).waitFor();
    await reopened.getByRole('cell').nth(RECEIPT_OPEN).getByText(euro(returned.gross)).waitFor();
    const open = s.page.getByRole('table', { name: 'Offene Posten' });
    const charges = await rowWith(open, `Rücklastschriftgebühr zu Beleg ${returned.receiptNo}`);
    await charges.getByRole('cell', { name: 'Manuelle Buchung', exact: true }).waitFor();
    await charges.getByRole('cell').nth(RECEIPT_AMOUNT).getByText(euro(RETURN_CHARGES)).waitFor();
    await charges.getByRole('cell').nth(RECEIPT_OPEN).getByText(euro(RETURN_CHARGES)).waitFor();
    // The school's reminder about the return, beside the tabs.
    const reminders = s.page.getByRole('region', { name: 'Wiedervorlagen' });
    const reminder = reminders.getByRole('listitem').filter({ hasText: `Rücklastschrift zu Beleg ${returned.receiptNo}` });
    await reminder.getByText(/zurückgegeben \(Grund MD06\)\. Der Beleg ist wieder offen\./).waitFor();
    await expectAccessible(s.page);
    expect(s.tracked.errors).toEqual([]);
  });

  it('imports a statement through the import dialog by keyboard alone: open, choose the file, submit, close', async () => {
    // The returned student pays the bank's charges by transfer: a new statement of one entry.
    const camt = buildCamt(
      [{
        id: `E2E-${tag}-KB`,
        iban: run.creditorIban,
        entries: [{
          amount: RETURN_CHARGES, credit: true, bookingDate: iso(today),
          transactions: [{ amount: RETURN_CHARGES, name: `${returner.firstname} ${returner.lastname}`, purpose: [`Gebuehr Ruecklastschrift Beleg ${returned.receiptNo}`] }],
        }],
      }],
      { kind: '053', version: '08' },
    );
    const dir = mkdtempSync(join(tmpdir(), 'sbo-e2e-camt-'));
    const statement = join(dir, `camt053-${tag}-kb.xml`);
    writeFileSync(statement, camt);
    const keyboard = s.page.keyboard;
    // Listening for the file chooser switches on its interception in the browser, which is
    // asynchronous: started before the page loads, not right before the key press (once the
    // key came first, the chooser opened natively and the event never came).
    const chooser = s.page.waitForEvent('filechooser', { timeout: 60_000 });
    // Awaited below; when a step before fails, its rejection is no unhandled one.
    chooser.catch(() => undefined);
    try {
      await s.page.goto(`${s.product.url}/m-fin/bamove`);
      await s.page.getByRole('heading', { level: 1, name: 'Bankbewegungen' }).waitFor();
      const trigger = s.page.getByRole('button', { name: 'Kontoauszug importieren' });
      await tabTo(trigger);
      await keyboard.press('Enter');
      const dialog = s.page.getByRole('dialog', { name: 'Kontoauszug importieren' });
      await dialog.waitFor();
      // The dialog takes the focus (its first field); Tab stays inside it.
      const file = dialog.getByLabel('Datei (CAMT .053/.054 als XML oder ZIP)');
      await tabTo(file);
      await keyboard.press('Space');
      await (await chooser).setFiles(statement);
      await tabTo(dialog.getByRole('button', { name: 'Importieren' }));
      await expectAccessible(s.page);
      await keyboard.press('Enter');
      expect(await importResult(dialog)).toMatchObject({
        'Buchungen der Bank': '1',
        'Bewegungen daraus': '1',
        'Neu importiert': '1',
        'Bereits vorhanden': '0',
        Rücklastschriften: '0',
      });
      // The focus stays in the dialog through the upload and the result (else Escape and Tab
      // would act on the page behind it).
      await waitForFocusInside(dialog);
      await expectAccessible(s.page);
      await tabTo(dialog.getByRole('button', { name: 'Schließen' }));
      await keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      // Back where the user was.
      await waitForFocusInside(trigger);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(s.tracked.errors).toEqual([]);
  });
});
