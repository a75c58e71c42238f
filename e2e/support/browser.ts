/**
 * Debian's Chromium driven by playwright-core (no browser download), plus the checks every
 * browser test runs: axe-core on each visited screen, and no console errors such as CSP
 * violations.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
}

/** `timezoneId`: the browser's time zone (default: the machine's), e.g. the schools' Europe/Vienna. */
export async function openPage(browser: Browser, options: { locale?: string; timezoneId?: string } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ locale: options.locale ?? 'de-DE', ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the current screen; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Contrast is judged on what is painted: an element still fading in (a toast's enter
  // animation starts at opacity 0) reads as too faint. Let finite animations end first;
  // endless ones (spinners) are left running.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      // A paused animation never finishes: do not wait for it longer than any of ours runs.
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // evaluate() is not subject to the page's CSP, unlike an injected <script>.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
  return violations;
}

/** Fails the test when the current screen has serious accessibility violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0) {
    throw new Error(`axe-core found serious violations on ${page.url()}:\n${violations.join('\n')}`);
  }
}

export async function login(page: Page, baseUrl: string, username: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.locator('nav').first().waitFor({ state: 'visible', timeout: 30_000 });
}
