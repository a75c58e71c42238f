/**
 * Income in a real browser (issue 5), as the finance user: create an income, find it by
 * its annotation, edit it, copy it into a new item and delete the copy. Money is typed and
 * shown in euros (integer cents on the wire). Axe-core on every screen.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(180_000);

let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  tracked = await openPage(browser);
  page = tracked.page;
  await login(page, product.url, 'finance');
  // Only what happens after sign-in counts (the sign-in page's session probe answers 401).
  tracked.errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The grid row showing `text`. */
function row(text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function filterByAnnotation(text: string): Promise<void> {
  const listed = page.waitForResponse((r) => r.url().endsWith('/api-fin/il') && r.status() === 200);
  await page.getByLabel('Filter Anmerkung').fill(text);
  await listed;
}

describe('income', () => {
  it('creates an income with an account for a transfer', async () => {
    await page.goto(`${product.url}/m-fin/income`);
    await page.getByRole('heading', { name: 'Einnahmen' }).waitFor();
    await page.getByRole('grid').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Neue Einnahme' }).or(page.getByRole('button', { name: 'Neue Einnahme' })).first().click();
    await page.getByRole('heading', { name: 'Neue Einnahme' }).waitFor();
    const school = page.getByLabel(/^Schule(\s|\*|$)/);
    if ((await school.evaluate((el) => el.tagName)) === 'SELECT') await school.selectOption({ label: 'Kampfkunstschule Graz' });
    await page.getByLabel(/^Kategorie(\s|\*|$)/).selectOption({ label: 'Seminare' });
    await page.getByLabel(/^Zahlungsart(\s|\*|$)/).selectOption({ label: 'Überweisung' });
    // A transfer needs an account: the field appears with the school's (main) account chosen.
    const account = page.getByLabel(/^Konto(\s|\*|$)/);
    await account.waitFor();
    await page.waitForFunction((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.includes('AT'), await account.elementHandle());
    await page.getByLabel(/^Zahlungsdatum(\s|\*|$)/).fill('15.11.2026');
    await page.getByLabel(/^Betrag(\s|\*|$)/).fill('123,45');
    await page.getByLabel(/^Anmerkung(\s|\*|$)/).fill('E2E Herbstseminar');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert!').waitFor();
    await page.waitForURL(/\/m-fin\/income(\?.*)?$/);

    await filterByAnnotation('E2E Herbst');
    await row('E2E Herbstseminar').filter({ hasText: '123,45' }).waitFor();
    await row('E2E Herbstseminar').filter({ hasText: '15.11.2026' }).waitFor();
  });

  it('edits the amount', async () => {
    await page.getByRole('link', { name: 'Bearbeiten: E2E Herbstseminar' }).or(page.getByRole('button', { name: 'Bearbeiten: E2E Herbstseminar' })).first().click();
    await page.getByRole('heading', { name: 'Einnahme bearbeiten' }).waitFor();
    await expect(page.getByLabel(/^Anmerkung(\s|\*|$)/).inputValue()).resolves.toBe('E2E Herbstseminar');
    await page.getByLabel(/^Betrag(\s|\*|$)/).fill('150,00');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert!').first().waitFor();
    await page.waitForURL(/\/m-fin\/income(\?.*)?$/);
    await filterByAnnotation('E2E Herbst');
    await row('E2E Herbstseminar').filter({ hasText: '150,00' }).waitFor();
  });

  it('copies it into a new item and deletes the copy after confirming', async () => {
    await page.getByRole('link', { name: 'Kopieren: E2E Herbstseminar' }).or(page.getByRole('button', { name: 'Kopieren: E2E Herbstseminar' })).first().click();
    await page.getByRole('heading', { name: 'Einnahme kopieren' }).waitFor();
    await page.getByLabel(/^Anmerkung(\s|\*|$)/).fill('E2E Wintersemester');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/m-fin\/income(\?.*)?$/);
    await filterByAnnotation('E2E');
    await row('E2E Wintersemester').filter({ hasText: '150,00' }).waitFor();
    await row('E2E Herbstseminar').waitFor();

    await page.getByRole('button', { name: 'Löschen: E2E Wintersemester' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
    await row('E2E Wintersemester').waitFor({ state: 'detached' });
    await row('E2E Herbstseminar').waitFor();
    expect(tracked.errors).toEqual([]);
  });
});
