/**
 * Association requests in a real browser (issue 5): send a support request with an
 * attachment, open its thread, download the attachment, reply; a hostile message shows as
 * inert text and runs nothing. Axe-core checks every screen visited.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(180_000);

const HOSTILE = '<img src=x onerror="window.__pwned=1;alert(1)"> bitte prüfen';
/** A minimal real PDF: the server checks the type by content, not by the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;
let dialogs: string[];

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  tracked = await openPage(browser);
  page = tracked.page;
  dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, product.url, 'admin');
  // Only what happens after sign-in counts (the sign-in page's session probe answers 401).
  tracked.errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('association requests', () => {
  it('sends a support request with an attachment and lands on the overview with a notice', async () => {
    await page.goto(`${product.url}/e-ticket/1`);
    await page.getByRole('heading', { name: 'Supportanfrage' }).waitFor();
    await expectAccessible(page);
    const school = page.getByLabel('Schule');
    if ((await school.evaluate((el) => el.tagName)) === 'SELECT') {
      await school.selectOption({ label: 'Kampfkunstschule Graz' });
    }
    await page.getByLabel('Betreff').fill('Export der Schülerliste hängt');
    await page.getByLabel('Nachricht').fill(HOSTILE);
    await page.getByLabel('Anhänge').setInputFiles({ name: 'protokoll.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Senden' }).click();
    await page.waitForURL(/\/e-dash$/);
    await page.getByText('Ihre Anfrage wurde gesendet.').waitFor();
    await page.getByRole('link', { name: 'Export der Schülerliste hängt' }).waitFor();
    await expectAccessible(page);
  });

  it('shows the thread with the hostile message as inert text and serves the attachment as a download', async () => {
    await page.getByRole('link', { name: 'Export der Schülerliste hängt' }).click();
    await page.waitForURL(/\/e-ticket\/edit\/1\/\d+$/);
    await page.getByText(HOSTILE).waitFor();
    await expectAccessible(page);
    // Nothing of the message became markup: no image with the handler, no script ran.
    expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);

    const link = page.getByRole('link', { name: /protokoll\.pdf/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api-base\/ticket-file\?id=\d+$/);
    const response = await page.request.get(`${product.url}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);
  });

  it('replies: the box clears and the thread shows the answer', async () => {
    const box = page.getByLabel('Ihre Antwort');
    await box.fill('Nachtrag: betrifft nur den Excel-Export.');
    await page.getByRole('button', { name: 'Antwort senden' }).click();
    await page.getByText('Nachtrag: betrifft nur den Excel-Export.').waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    // Reload: the reply is stored, not only shown.
    await page.reload();
    await page.getByText('Nachtrag: betrifft nur den Excel-Export.').waitFor();
    await page.getByText(HOSTILE).waitFor();
    expect(dialogs).toEqual([]);
    expect(tracked.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
