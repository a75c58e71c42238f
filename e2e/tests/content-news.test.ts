/**
 * Microsite news in a real browser (issue 5): create a news item for certain schools with
 * the rich-text editor, see it only where it is shown (through the school filter, which
 * narrows what the server returns), edit, copy and delete it. Axe-core on every screen.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { setSchoolFilter } from '../support/school-filter';

jest.setTimeout(180_000);

const TITLE = 'Sommercamp 2027 nur für Graz';

let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  tracked = await openPage(browser);
  page = tracked.page;
  await login(page, product.url, 'admin');
  // Only what happens after sign-in counts (the sign-in page's session probe answers 401).
  tracked.errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function openNewsList(): Promise<void> {
  await page.goto(`${product.url}/c-news`);
  await page.getByRole('heading', { name: 'News', exact: true }).waitFor();
  await page.getByRole('grid').or(page.getByText('Keine News vorhanden.')).first().waitFor();
}

describe('microsite news', () => {
  it('creates a news item for certain schools with formatted text', async () => {
    await openNewsList();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'News anlegen' }).or(page.getByRole('button', { name: 'News anlegen' })).first().click();
    await page.getByRole('heading', { name: 'News anlegen' }).waitFor();
    const owner = page.getByLabel('Eigentümer-Schule');
    if (await owner.count()) await owner.selectOption({ label: 'Kampfkunstschule Wien-Mitte' });
    await page.getByLabel('Titel').fill(TITLE);
    await page.getByLabel('Teaser').fill('Anmeldung ab sofort.');
    const body = page.getByRole('textbox', { name: 'Text' });
    await body.click();
    await page.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type('Wichtig:');
    await page.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type(' eine Woche Training im Juli.');
    await page.getByRole('radio', { name: 'Nur bestimmte Schulen' }).check();
    await page.locator('main').getByRole('checkbox', { name: 'Kampfkunstschule Graz' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert!').waitFor();
    await page.waitForURL(/\/c-news$/);
    await page.getByText(TITLE).first().waitFor();
  });

  it('shows the item only where it is assigned (owner school or Graz), not to München', async () => {
    await setSchoolFilter(page, [/München/]);
    await openNewsList();
    expect(await page.getByText(TITLE).count()).toBe(0);

    await setSchoolFilter(page, [/Graz/]);
    await openNewsList();
    await page.getByText(TITLE).first().waitFor();
    // Seen from Graz it belongs to another school: it can be copied, not changed.
    expect(await page.getByRole('button', { name: `„${TITLE}“ löschen` }).count()).toBe(0);

    await setSchoolFilter(page, [/./]);
    await openNewsList();
    await page.getByText(TITLE).first().waitFor();
  });

  it('keeps the formatting through save and load, and edits, copies and deletes', async () => {
    await page.getByRole('link', { name: `„${TITLE}“ bearbeiten` }).click();
    await page.getByRole('heading', { name: 'News bearbeiten' }).waitFor();
    const body = page.getByRole('textbox', { name: 'Text' });
    await body.locator('strong, b', { hasText: 'Wichtig:' }).waitFor();
    await page.getByLabel('Teaser').fill('Anmeldung bis 31.05.');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/c-news$/);

    await page.getByRole('link', { name: `„${TITLE}“ kopieren` }).click();
    await page.getByRole('heading', { name: 'News aus Vorlage anlegen' }).waitFor();
    await expect(page.getByLabel('Teaser').inputValue()).resolves.toBe('Anmeldung bis 31.05.');
    await page.getByLabel('Titel').fill(`${TITLE} (Kopie)`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/c-news$/);
    await page.getByText(`${TITLE} (Kopie)`).waitFor();

    await page.getByRole('button', { name: `„${TITLE} (Kopie)“ löschen` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
    await page.getByText(`${TITLE} (Kopie)`).waitFor({ state: 'detached' });
    await page.getByText(TITLE).first().waitFor();
    expect(tracked.errors).toEqual([]);
  });
});
