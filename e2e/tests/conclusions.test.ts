/**
 * Conclusions in a real browser (issue 12), in an Austrian and a German installation: a
 * regular conclusion for a 12-year-old (the guardian section opens by itself), the BIC filled
 * from the typed IBAN, saved, activated, the new student in /m-student/list, the SEPA
 * mandate PDF (pdftotext); a paper conclusion and its PDF; a duplicate contract number shows 1006;
 * a school without a bank account warns and leads to /m-conf/account/create. Axe-core on
 * every screen visited.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(600_000);

const pad = (value: number) => String(value).padStart(2, '0');
const display = (date: Date) => `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;

interface Installation {
  country: 'at' | 'de';
  school: RegExp;
  countryName: string;
  iban: string;
  ibanGrouped: string;
  bic: string;
  zip: string;
  city: string;
}

const INSTALLATIONS: Installation[] = [
  {
    country: 'at', school: /Wien/, countryName: 'Österreich', iban: 'AT483200000012345864', ibanGrouped: 'AT48 3200 0000 1234 5864',
    bic: 'RLNWATWWXXX', zip: '1030', city: 'Wien',
  },
  {
    country: 'de', school: /München/, countryName: 'Deutschland', iban: 'DE89370400440532013000', ibanGrouped: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX', zip: '80802', city: 'München',
  },
];

/** Waits until `read` answers `expected` (an input filled by a lookup, a box ticked by a rule). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  expect(last).toBe(expected);
}

async function fillAddress(group: Locator, person: { firstname: string; lastname: string; street: string }, place: Installation) {
  await group.getByLabel(/^Anrede/).first().selectOption({ label: 'Frau' });
  await group.getByLabel(/^Vorname/).first().fill(person.firstname);
  await group.getByLabel(/^Nachname/).first().fill(person.lastname);
  await group.getByLabel(/^Straße/).first().fill(person.street);
  await group.getByLabel(/^Hausnummer/).first().fill('7');
  await group.getByLabel(/^PLZ/).first().fill(place.zip);
  await group.getByLabel(/^Ort/).first().fill(place.city);
  await group.getByLabel(/^Land/).first().selectOption({ label: place.countryName });
}

/** Clicks a download button; the file must be a PDF; answers its text (pdftotext). */
async function pdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const event = page.waitForEvent('download');
  await click();
  const file = await (await event).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe.each(INSTALLATIONS)('conclusions ($country)', (place) => {
  let product: RunningProduct;
  let browser: Browser;
  let tracked: TrackedPage;
  let page: Page;
  const stamp = `${place.country}${Date.now() % 100000}`;
  const lastname = `Konkludent${place.country === 'at' ? 'a' : 'b'}`;
  const paperNo = `${place.country.toUpperCase()}-${stamp}`.toUpperCase();

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct({ COUNTRY: place.country }), launchBrowser()]);
    tracked = await openPage(browser);
    page = tracked.page;
    await login(page, product.url, 'office');
    tracked.errors.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Fills the contract section: school, network contract, template, account, start, SEPA, one product. */
  async function fillContract(start: Date) {
    const contract = page.getByRole('group', { name: 'Vertrag', exact: true });
    await contract.getByLabel(/^Schule/).selectOption({ label: (await contract.getByLabel(/^Schule/).locator('option', { hasText: place.school }).first().innerText()).trim() });
    await contract.getByLabel(/^Netzwerk-Vertrag/).selectOption({ index: 1 });
    await contract.getByLabel(/^Vertragsvorlage/).selectOption({ index: 1 });
    await contract.getByLabel(/^Konto/).selectOption({ label: 'Geschäftskonto' });
    await contract.getByLabel(/^Vertragsbeginn/).fill(display(start));
    await contract.getByLabel(/^Zahlungsart/).selectOption({ label: 'SEPA-Lastschrift' });
    await contract.getByRole('group', { name: /Sparten/ }).getByRole('checkbox').first().check();
    return contract;
  }

  async function fillSepa(firstname: string, reference: string) {
    const sepa = page.getByRole('group', { name: 'SEPA-Lastschrift' });
    await sepa.getByLabel(/^Kontoinhaber/).fill(`${firstname} ${lastname}`);
    await sepa.getByLabel(/^Straße/).fill('Gartengasse');
    await sepa.getByLabel(/^Hausnummer/).fill('7');
    await sepa.getByLabel(/^PLZ/).fill(place.zip);
    await sepa.getByLabel(/^Ort/).fill(place.city);
    await sepa.getByLabel(/^Land/).selectOption({ label: place.countryName });
    await sepa.getByLabel(/^IBAN/).fill(place.ibanGrouped);
    await sepa.getByLabel(/^IBAN/).blur();
    // The lookup fills the BIC (and the bank, where the directory has its name).
    const bic = sepa.getByLabel(/^BIC/);
    await bic.waitFor();
    await eventually(() => bic.inputValue(), place.bic);
    const bank = sepa.getByLabel(/^Bank/);
    if ((await bank.inputValue()) === '') await bank.fill('Testbank');
    await sepa.getByLabel(/^Mandatsreferenz/).fill(reference);
    await sepa.getByLabel(/^Datum des Mandats/).fill(display(new Date()));
  }

  async function rowOf(name: string): Promise<Locator> {
    await page.getByLabel('Filter Nachname').fill(name);
    const row = page.getByRole('row').filter({ hasText: name }).first();
    await row.waitFor();
    return row;
  }

  it('a regular conclusion for a 12-year-old: guardian by itself, BIC from the IBAN, saved, activated, the student listed, the SEPA mandate PDF', async () => {
    await page.goto(`${product.url}/m-con/list`);
    await page.getByRole('heading', { level: 1, name: 'Vertragsabschlüsse' }).waitFor();
    await expectAccessible(page);
    if (place.country === 'at') {
      await page.getByRole('link', { name: 'Neuer Vertragsabschluss' }).click();
      await page.waitForURL(/\/m-con\/rc\/create$/);
    } else {
      // Germany has one create button (the paper conclusion); the regular form is its edit form.
      expect(await page.getByRole('link', { name: 'Neuer Vertragsabschluss' }).count()).toBe(0);
      await page.goto(`${product.url}/m-con/rc/create`);
    }
    await page.getByRole('form').waitFor();
    const start = new Date();
    start.setMonth(start.getMonth() + 1, 1);
    const contract = await fillContract(start);
    if (place.country === 'de') {
      await contract.getByLabel(/^Art der Vertragsnummer/).selectOption({ label: 'Vertragsnummer wird eingegeben' });
      await contract.getByLabel(/^Vertragsnummer\b/).fill(`R${paperNo}`);
      await page.getByText('Vertragsnummer ist frei.').waitFor();
    }
    const person = page.getByRole('group', { name: 'Person', exact: true });
    await fillAddress(person, { firstname: 'Emma', lastname, street: 'Gartengasse' }, place);
    const birth = new Date();
    birth.setFullYear(birth.getFullYear() - 12);
    await person.getByLabel(/^Geburtsdatum/).fill(display(birth));
    await person.getByLabel(/^Geburtsdatum/).blur();

    // Under 18 at the contract start: under age and the guardian section switch on by themselves.
    const guardian = page.getByRole('group', { name: 'Zahler / Erziehungsberechtigte:r' });
    await eventually(() => guardian.getByRole('checkbox', { name: 'Minderjährig' }).isChecked(), true);
    expect(await guardian.getByRole('checkbox', { name: /Abweichende/ }).isChecked()).toBe(true);
    await fillAddress(guardian, { firstname: 'Eva', lastname, street: 'Gartengasse' }, place);
    await fillSepa('Eva', `E2E-R-${stamp}`);
    await expectAccessible(page);

    const saved = page.waitForResponse((r) => r.url().includes('/api-conclusion/data') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/m-con\/list/);
    await page.getByText('Erfolgreich gespeichert!').first().waitFor();

    // Activate: the dialog asks for an optional withdrawal date.
    const row = await rowOf(lastname);
    await row.getByRole('button', { name: `Vertragsabschluss von Emma ${lastname} aktivieren` }).click();
    const dialog = page.getByRole('dialog', { name: 'Vertragsabschluss aktivieren' });
    await expectAccessible(page);
    const activated = page.waitForResponse((r) => r.url().includes('/api-conclusion/actcon'));
    await dialog.getByRole('button', { name: 'Aktivieren' }).click();
    expect((await activated).status()).toBe(200);
    await page.getByText('Der Vertragsabschluss wurde aktiviert.').first().waitFor();
    const activatedRow = await rowOf(lastname);
    await activatedRow.getByRole('link', { name: `Schüler Emma ${lastname} öffnen` }).waitFor();
    expect(await activatedRow.getByRole('button', { name: /aktivieren/ }).count()).toBe(0);

    // The SEPA mandate: the reference, the debtor's IBAN and the mandate text.
    const mandate = await pdfText(page, () => activatedRow.getByRole('button', { name: `SEPA-Mandat von Emma ${lastname} herunterladen` }).click());
    expect(mandate).toContain(`E2E-R-${stamp}`);
    expect(mandate.replace(/\s/g, '')).toContain(place.iban);
    expect(mandate).toContain('SEPA-Lastschriftmandat');

    // The new student in the student list.
    await page.goto(`${product.url}/m-student/list`);
    await page.getByRole('heading', { name: 'Schülerliste' }).waitFor();
    await page.getByLabel('Filter Nachname').fill(lastname);
    await page.getByRole('link', { name: new RegExp(lastname) }).first().waitFor();
    expect(tracked.errors).toEqual([]);
  });

  it('a paper conclusion and its PDF; the same contract number again shows 1006', async () => {
    await page.goto(`${product.url}/m-con/list`);
    await page.getByRole('link', { name: 'Neuer Papiervertrag' }).click();
    await page.waitForURL(/\/m-con\/lc\/create$/);
    await page.getByRole('form').waitFor();
    const start = new Date();
    start.setMonth(start.getMonth() + 1, 1);
    const contract = await fillContract(start);
    if (place.country === 'de') await contract.getByLabel(/^Art der Vertragsnummer/).selectOption({ label: 'Vertragsnummer wird eingegeben' });
    await contract.getByLabel(/^Vertragsnummer\b/).fill(paperNo);
    await page.getByText('Vertragsnummer ist frei.').waitFor();
    const person = page.getByRole('group', { name: 'Person', exact: true });
    await fillAddress(person, { firstname: 'Paula', lastname, street: 'Papiergasse' }, place);
    await person.getByLabel(/^Geburtsdatum/).fill('03.05.1990');
    await fillSepa('Paula', `E2E-P-${stamp}`);
    await expectAccessible(page);
    const saved = page.waitForResponse((r) => r.url().includes('/api-conclusion/legacy') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/m-con\/list/);

    await rowOf(lastname);
    const paperRow = page.getByRole('row').filter({ hasText: paperNo }).first();
    await paperRow.waitFor();
    const paper = await pdfText(page, () => paperRow.getByRole('button', { name: `Papiervertrag von Paula ${lastname} als PDF` }).click());
    expect(paper).toContain(lastname);
    expect(paper).toContain(paperNo);
    // The same number on a new paper conclusion: taken (1006).
    await page.goto(`${product.url}/m-con/lc/create`);
    await page.getByRole('form').waitFor();
    const again = page.getByRole('group', { name: 'Vertrag', exact: true });
    if (place.country === 'de') await again.getByLabel(/^Art der Vertragsnummer/).selectOption({ label: 'Vertragsnummer wird eingegeben' });
    await again.getByLabel(/^Vertragsnummer\b/).fill(paperNo);
    await again.getByLabel(/^Vertragsnummer\b/).blur();
    await page.getByText('Die Vertragsnummer ist bereits vergeben.').first().waitFor();
    await expectAccessible(page);
  });

  it('a school without a bank account: the warning leads to /m-conf/account/create', async () => {
    // Every demo school has an account in use (undeletable), so the accounts call answers
    // none here: what the form does with an empty answer is what this checks.
    await page.route('**/api-account/sel', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto(`${product.url}/m-con/lc/create`);
    const warning = page.getByRole('alert').filter({ hasText: 'Anlegen eines Vertrags ohne Konto nicht möglich!' });
    await warning.waitFor();
    await expectAccessible(page);
    await warning.getByRole('link', { name: 'Konto anlegen' }).click();
    await page.waitForURL(/\/m-conf\/account\/create$/);
    await page.unroute('**/api-account/sel');
  });
});
