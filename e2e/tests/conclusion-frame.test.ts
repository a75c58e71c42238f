/**
 * The new conclusion in the online-contracts frame (issue 12, beta flag new_conclusion_frame)
 * in a real browser: the product runs with the flag on and ONLINE_CONTRACTS_URL pointing at a
 * small page this test serves on its own port (another origin). Signed in as `office` with
 * two schools chosen, the create button of /m-con/list opens the frame; the page receives a
 * token that verifies with the secret (HS256, claims: the active school ids, exp 300 s
 * ahead); a {status: 201} from a third origin (a frame inside the page) reaches the window
 * and is ignored; the page's own {status: 201} returns to /m-con/list. Axe-core on the frame
 * screen and the list.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import type { AppState } from 'shared-kernel/contracts';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { setSchoolFilter } from '../support/school-filter';

jest.setTimeout(300_000);

const SECRET = 'online-contracts-secret-of-the-e2e-test-0123456789';

/** A local web server answering one HTML page per path (404 otherwise); records the URLs asked for. */
interface PageServer {
  origin: string;
  requests: string[];
  close: () => Promise<void>;
}

async function servePages(pages: (origin: string) => Record<string, string>): Promise<PageServer> {
  const requests: string[] = [];
  let html: Record<string, string> = {};
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = html[new URL(request.url ?? '/', 'http://x').pathname];
    if (request.method !== 'GET' || body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  html = pages(origin);
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

let other: PageServer;
let contracts: PageServer;
let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  // A third origin: a page that claims "created" to the top window when its button is clicked.
  other = await servePages(() => ({
    '/partner': htmlPage(
      'Partnerangebot',
      `<button type="button" id="claim">Fremde Bestätigung senden</button>
       <script>document.getElementById('claim').addEventListener('click', () => window.top.postMessage({ status: 201 }, '*'));</script>`,
    ),
  }));
  // The online-contracts page: shows the token of its address, frames the third origin's page,
  // and reports a saved conclusion to its parent with {status: 201}.
  contracts = await servePages(() => ({
    '/contracts': htmlPage(
      'Online-Vertrag',
      `<h1>Online-Vertrag</h1>
       <p>Token: <output id="token"></output></p>
       <button type="button" id="save">Vertrag abschließen</button>
       <iframe title="Partnerangebot" src="${other.origin}/partner"></iframe>
       <script>
         document.getElementById('token').textContent = new URLSearchParams(location.search).get('token') || '';
         document.getElementById('save').addEventListener('click', () => window.parent.postMessage({ status: 201 }, '*'));
       </script>`,
    ),
  }));
  [product, browser] = await Promise.all([
    startProduct({
      BETA_FLAGS: 'new_conclusion_frame',
      ONLINE_CONTRACTS_URL: `${contracts.origin}/contracts`,
      ONLINE_CONTRACTS_SECRET: SECRET,
    }),
    launchBrowser(),
  ]);
  tracked = await openPage(browser);
  page = tracked.page;
  await login(page, product.url, 'office');
  tracked.errors.length = 0;
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await contracts?.close();
  await other?.close();
});

async function appState(): Promise<AppState> {
  return (await (await page.request.get(`${product.url}/api-application-state/get-state`)).json()) as AppState;
}

/** The online-contracts page inside the new-conclusion screen. */
function contractsFrame(): FrameLocator {
  return page.frameLocator('iframe[title="Online-Vertragsabschluss"]');
}

describe('new conclusion in the online-contracts frame (beta flag new_conclusion_frame)', () => {
  it("the create button of /m-con/list frames the page with a token signed for the user's active schools", async () => {
    await page.goto(`${product.url}/m-con/list`);
    await page.getByRole('heading', { level: 1, name: 'Vertragsabschlüsse' }).waitFor();
    // Two of office's four schools: the token must carry exactly these.
    await setSchoolFilter(page, [/Wien/, /Graz/]);
    const state = await appState();
    const chosen = state.schools.filter((school) => /Wien|Graz/.test(school.name)).map((school) => school.id).sort((a, b) => a - b);
    expect(chosen).toHaveLength(2);
    expect(state.schools.length).toBeGreaterThan(2);
    expect([...state.filter].sort((a, b) => a - b)).toEqual(chosen);

    const tokenAnswer = page.waitForResponse((r) => r.url().includes('/api-conclusion/frame-token'));
    await page.getByRole('link', { name: 'Neuer Vertragsabschluss' }).click();
    await page.waitForURL(/\/m-con\/rc\/create$/);
    expect((await tokenAnswer).status()).toBe(200);
    const requestedAt = Date.now();
    await page.getByRole('heading', { level: 1, name: 'Neuer Vertragsabschluss' }).waitFor();
    // The frame, not the form.
    const frame = contractsFrame();
    await frame.getByRole('heading', { name: 'Online-Vertrag' }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel(/^Vorname/).count()).toBe(0);

    // The token the page found in its address is the one its server was asked with.
    const token = (await frame.locator('#token').innerText()).trim();
    expect(token).not.toBe('');
    const pageRequests = contracts.requests.filter((url) => url.startsWith('/contracts?'));
    expect(pageRequests).toHaveLength(1);
    expect(new URLSearchParams(pageRequests[0].split('?')[1]).get('token')).toBe(token);

    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), { audience: contracts.origin });
    expect(protectedHeader.alg).toBe('HS256');
    expect([...(payload.schools as number[])].sort((a, b) => a - b)).toEqual(chosen);
    expect(payload.sub).toBe(String(state.user.id));
    expect(payload.exp! - payload.iat!).toBe(300);
    // exp about 300 s from now (the server's clock is this machine's).
    expect(Math.abs(payload.exp! - (requestedAt / 1000 + 300))).toBeLessThan(30);
    // Another secret does not verify it.
    await expect(jwtVerify(token, new TextEncoder().encode('x'.repeat(48)))).rejects.toThrow();

    await expectAccessible(page);
  });

  it('a {status: 201} from another origin reaches the window and does not navigate', async () => {
    // Record every message the product's window receives (after the screen's own listener).
    await page.evaluate(() => {
      const seen: Array<{ origin: string; data: unknown }> = [];
      (window as unknown as { seenMessages: typeof seen }).seenMessages = seen;
      window.addEventListener('message', (event) => seen.push({ origin: event.origin, data: event.data }));
    });
    const partner = contractsFrame().frameLocator('iframe[title="Partnerangebot"]');
    await partner.getByRole('button', { name: 'Fremde Bestätigung senden' }).click();
    await page.waitForFunction(
      (origin) =>
        (window as unknown as { seenMessages: Array<{ origin: string; data: { status?: number } }> }).seenMessages.some(
          (message) => message.origin === origin && message.data?.status === 201,
        ),
      other.origin,
      { timeout: 15_000 },
    );
    // The screen had its chance (its listener runs first); give a navigation time to show.
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/m-con/rc/create');
    await contractsFrame().getByRole('button', { name: 'Vertrag abschließen' }).waitFor();
  });

  it("the page's own {status: 201} returns to /m-con/list", async () => {
    await contractsFrame().getByRole('button', { name: 'Vertrag abschließen' }).click();
    await page.waitForURL(/\/m-con\/list$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Vertragsabschlüsse' }).waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { seenMessages: Array<{ origin: string; data: unknown }> }).seenMessages,
    );
    expect(seen).toContainEqual({ origin: contracts.origin, data: { status: 201 } });
    await expect(page.locator('iframe[title="Online-Vertragsabschluss"]').count()).resolves.toBe(0);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
  });
});
