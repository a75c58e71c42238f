/**
 * The setup most browser tests share: the built product on a fresh database, Debian's
 * Chromium and one page signed in as a demo user. Registers the jest hooks that start and
 * stop them; the returned object is filled before the first test runs.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, openPage, type TrackedPage } from './browser';
import { startProduct, type RunningProduct } from './product';

export interface SignedIn {
  product: RunningProduct;
  browser: Browser;
  tracked: TrackedPage;
  page: Page;
}

/** `options.timezoneId`: the browser's time zone (see openPage). */
export function signedInProduct(username: string, options: { timezoneId?: string } = {}): SignedIn {
  const session = {} as SignedIn;
  beforeAll(async () => {
    const [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const tracked = await openPage(browser, options);
    Object.assign(session, { product, browser, tracked, page: tracked.page });
    await login(tracked.page, product.url, username);
    // Only what happens after sign-in counts (the sign-in page's session probe answers 401).
    tracked.errors.length = 0;
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.product?.stop();
  });
  return session;
}

/** Answers the kernel's confirm dialog ('really_delete' and the like) with its confirm button. */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
  await dialog.waitFor({ state: 'detached' });
}
