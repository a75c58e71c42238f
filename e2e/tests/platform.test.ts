/**
 * The platform in a real browser (issue 2): login and menus per demo user, routing, the four
 * remotes loaded at run time from /remotes/<name>/, one React DOM, a broken remote contained
 * and recovered, one remote redeployed alone, languages. Axe-core checks every screen visited.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage } from '../support/browser';
import { REPO_ROOT, startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(180_000);

const CALENDAR = 'https://events.example.org/calendar';

/** Expected menu links per demo user, straight from the table in spec 001 §2. */
const FINANCE_ITEMS = ['/m-fin/dashboard', '/m-fin/income', '/m-fin/expense', '/m-fin/bamove', '/m-fin/dd'];
const EXPECTED_MENUS: Record<string, string[]> = {
  admin: [
    '/m-dash', '/m-lead/list', '/m-con/list', '/m-student/dashboard', '/m-student/list', ...FINANCE_ITEMS,
    '/m-conf/general', '/m-conf/comm', '/m-conf/template', '/m-template/base', '/m-conf/role', '/m-conf/user',
    '/m-conf/contract', '/m-conf/account', '/c-news', '/c-album', '/c-team', '/c-settings', '/e-dash',
    '/e-document/root', '/e-ticket/1', '/e-ticket/2', '/e-rcc', CALENDAR, '/m-help',
  ],
  office: [
    '/m-dash', '/m-lead/list', '/m-con/list', '/m-student/dashboard', '/m-student/list', ...FINANCE_ITEMS,
    '/m-conf/general', '/m-conf/comm', '/m-conf/template', '/m-template/base', '/m-conf/contract',
    '/m-conf/account', '/e-dash', CALENDAR, '/m-help',
  ],
  finance: ['/m-dash', '/m-student/dashboard', '/m-student/list', ...FINANCE_ITEMS, '/e-dash', CALENDAR, '/m-help'],
  trainer: ['/m-dash', '/m-student/dashboard', '/m-student/list', '/e-dash', CALENDAR, '/m-help'],
};

/** The first screen of each area and a text that shows it rendered. */
const AREAS = [
  { remote: 'management', path: '/m-dash', heading: /Übersicht/ },
  { remote: 'finance', path: '/m-fin/dashboard', heading: /Finanz/ },
  { remote: 'association', path: '/e-dash', heading: /Verband/ },
  { remote: 'content', path: '/c-news', heading: /News/ },
] as const;

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function menuLinks(page: Page): Promise<string[]> {
  return page.locator('nav a').evaluateAll((links) =>
    links.map((a) => {
      const href = a.getAttribute('href') ?? '';
      return href.startsWith('http') ? href : new URL(href, location.origin).pathname;
    }),
  );
}

async function areaHeading(page: Page, name: RegExp) {
  return page.getByRole('main').getByRole('heading', { level: 1, name });
}

test.each(Object.keys(EXPECTED_MENUS))('%s sees exactly the menu items the table gives', async (username) => {
  const { context, page } = await openPage(browser);
  await login(page, product.url, username);
  await page.waitForURL(/\/m-dash$/);
  expect((await menuLinks(page)).sort()).toEqual([...EXPECTED_MENUS[username]].sort());
  const calendar = page.locator(`nav a[href="${CALENDAR}"]`);
  await expect(calendar.getAttribute('target')).resolves.toBe('_blank');
  await expectAccessible(page);
  await context.close();
});

test('a wrong password shows the code-2 message; an unknown route lands on /m-dash', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(`${product.url}/`);
  await expectAccessible(page);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.locator('form button[type="submit"]').click();
  await page.getByText('Ungültiger Benutzername und/oder ungültiges Passwort.').waitFor();
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.locator('nav').first().waitFor();
  await page.goto(`${product.url}/no-such-place/at-all`);
  await page.waitForURL(/\/m-dash$/);
  await (await areaHeading(page, /Übersicht/)).waitFor();
  await context.close();
});

test('each remote is loaded from /remotes/<name>/ when first needed (its route, or the dashboard\'s widget), with one React DOM', async () => {
  const { context, page, errors } = await openPage(browser);
  // Every copy of React DOM registers itself with the DevTools hook once: count them.
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown; __reactDomCopies: number };
    w.__reactDomCopies = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject() {
        w.__reactDomCopies += 1;
        return w.__reactDomCopies;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await login(page, product.url, 'admin');
  // /m-dash (where the login lands) loads management and, for its income/expense chart, the
  // finance remote's widget; the other remotes are loaded on the first visit of their routes.
  const loadedByDashboard = new Set<string>(['management', 'finance']);
  for (const area of AREAS) {
    const before = requested.length;
    if (!loadedByDashboard.has(area.remote)) {
      expect(requested.filter((p) => p.startsWith(`/remotes/${area.remote}/`))).toEqual([]);
    }
    await page.locator(`nav a[href="${area.path}"]`).first().click();
    await (await areaHeading(page, area.heading)).waitFor();
    const fromRemote = requested.slice(before).filter((p) => p.startsWith(`/remotes/${area.remote}/`));
    if (!loadedByDashboard.has(area.remote)) {
      expect(fromRemote).toContain(`/remotes/${area.remote}/mf-manifest.json`);
      expect(fromRemote.some((p) => p.endsWith('.js'))).toBe(true);
    }
    expect(requested.some((p) => p.startsWith(`/remotes/${area.remote}/`))).toBe(true);
    await expectAccessible(page);
  }
  const copies = await page.evaluate(() => (window as unknown as { __reactDomCopies: number }).__reactDomCopies);
  expect(copies).toBe(1);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  await context.close();
});

test('a remote whose files are unreachable fails alone, and retry recovers without a reload', async () => {
  const { context, page } = await openPage(browser);
  await login(page, product.url, 'admin');
  const dist = join(product.staticRoot, 'mf-association', 'dist');
  renameSync(dist, `${dist}.away`);
  try {
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.locator('nav a[href="/e-dash"]').first().click();
    const panel = page.getByRole('main').getByRole('alert');
    await panel.waitFor();
    await expectAccessible(page);
    // The other areas and the shell keep working.
    await page.locator('nav a[href="/m-fin/dashboard"]').first().click();
    await (await areaHeading(page, /Finanz/)).waitFor();
    await page.locator('nav a[href="/e-dash"]').first().click();
    await panel.waitFor();
  } finally {
    renameSync(`${dist}.away`, dist);
  }
  await page.getByRole('main').getByRole('button', { name: /erneut|retry/i }).click();
  await (await areaHeading(page, /Verband/)).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await context.close();
});

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

test('rebuilding one remote alone changes what the browser shows; the shell stays byte-identical', async () => {
  const { context, page } = await openPage(browser);
  await login(page, product.url, 'admin');
  await page.locator('nav a[href="/c-news"]').first().click();
  await (await areaHeading(page, /News/)).waitFor();
  const shellBefore = hashTree(join(product.staticRoot, 'shell', 'dist'));
  const buildId = `e2e-redeploy-${Date.now()}`;
  expect(await page.getByText(buildId).count()).toBe(0);
  // Deploy = build that remote alone and put its dist where the server serves it.
  execFileSync('npm', ['run', 'build', '-w', 'mf-content', '--', '--output-path', join(product.staticRoot, 'mf-content', 'dist')], {
    cwd: REPO_ROOT,
    env: { ...process.env, BUILD_ID: buildId },
    stdio: 'pipe',
  });
  await page.reload();
  await (await areaHeading(page, /News/)).waitFor();
  await page.getByText(buildId, { exact: false }).first().waitFor();
  expect(hashTree(join(product.staticRoot, 'shell', 'dist'))).toEqual(shellBefore);
  await context.close();
}, 240_000);

test('German by default, English after switching, German where an English text is missing', async () => {
  const { context, page } = await openPage(browser, { locale: 'en-US' });
  // Simulate an English translation missing from the shipped bundle: rename the key of the
  // English "Log out" text in whatever script carries it, so i18next must fall back to German.
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const patched = body.replace(/(["']?)logout\1:"Log out"/g, '$1logout_missing$1:"Log out"');
    await route.fulfill({ response, body: patched });
  });
  await login(page, product.url, 'office');
  await page.getByRole('navigation').getByRole('link', { name: 'Übersicht' }).first().waitFor();
  await page.getByLabel(/Sprache/).selectOption('en');
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).first().waitFor();
  await expectAccessible(page);
  // The user menu's logout entry has no English text: German shows instead.
  await page.getByRole('button', { name: /office|user|account/i }).first().click();
  await page.getByText('Abmelden').first().waitFor();
  await context.close();
});
