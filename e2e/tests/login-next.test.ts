/**
 * The login's `next` in a real browser (issue 10 item 12): `/login?next=/%5Cevil.example/x`
 * reads as `/\evil.example/x`, which a browser resolves to another origin; signing in used
 * to throw a SecurityError from history.replaceState and leave the user on the login page.
 * Now it lands on /m-dash. Axe-core on the login and on the page it lands on.
 */
import type { Browser } from 'playwright-core';
import { expectAccessible, launchBrowser, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(240_000);

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signInFrom(tracked: TrackedPage, path: string): Promise<void> {
  const { page } = tracked;
  await page.goto(`${product.url}${path}`);
  await page.getByLabel('Benutzername').fill('office');
  await page.getByLabel('Passwort').fill('demo1234');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

describe('login next', () => {
  it.each(['/login?next=/%5Cevil.example/x', '/login?next=%2F%5Cevil.example', '/login?next=//evil.example', '/login?next=javascript:alert(1)'])(
    '%s: signing in lands on /m-dash of this site',
    async (path) => {
      const tracked = await openPage(browser);
      try {
        await signInFrom(tracked, path);
        await tracked.page.waitForURL(`${product.url}/m-dash`);
        await tracked.page.locator('nav').first().waitFor({ state: 'visible', timeout: 30_000 });
        await expectAccessible(tracked.page);
        expect(tracked.errors.filter((error) => /SecurityError|replaceState/.test(error))).toEqual([]);
      } finally {
        await tracked.context.close();
      }
    },
  );

  it('a page of this site in next is where signing in goes', async () => {
    const tracked = await openPage(browser);
    try {
      await signInFrom(tracked, `/login?next=${encodeURIComponent('/m-student/list')}`);
      await tracked.page.waitForURL(`${product.url}/m-student/list`);
      await tracked.page.locator('nav').first().waitFor({ state: 'visible', timeout: 30_000 });
      await expectAccessible(tracked.page);
    } finally {
      await tracked.context.close();
    }
  });
});
