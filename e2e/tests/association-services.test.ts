/**
 * Association services and help in a real browser (issue 16): request contracts on /e-rcc and
 * see the request on /e-dash; send a trainer request; /m-help plays a tiny video the browser
 * itself recorded into VIDEO_DIR (with captions); a user whose account is not linked sees the
 * notice on /e-document/root. Axe-core checks every screen visited.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(240_000);

let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;
let videoDir: string;

beforeAll(async () => {
  videoDir = mkdtempSync(join(tmpdir(), 'sbo-e2e-videos-'));
  [product, browser] = await Promise.all([startProduct({ VIDEO_DIR: videoDir }), launchBrowser()]);
  tracked = await openPage(browser);
  page = tracked.page;
  await login(page, product.url, 'admin');
  tracked.errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

/** A WebM of about a second, recorded by Chromium from a canvas (no video tools on the machine needed). */
async function recordTinyWebm(target: Page): Promise<Buffer> {
  const base64 = await target.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const paint = () => {
      context.fillStyle = frame % 2 === 0 ? '#1d4ed8' : '#166534';
      context.fillRect(0, 0, 160, 90);
      context.fillStyle = '#ffffff';
      context.fillText(String(frame++), 70, 50);
    };
    paint();
    recorder.start(100);
    const timer = setInterval(paint, 40);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

describe('association services', () => {
  it('requests contracts on /e-rcc and finds the request on /e-dash', async () => {
    await page.goto(`${product.url}/e-rcc`);
    await page.getByRole('heading', { level: 1, name: 'Verträge anfordern' }).waitFor();
    await page.getByRole('button', { name: 'Anfordern' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Anzahl 20er-Pakete Verträge').fill('2');
    await page.getByLabel('Anzahl Kinderurkunden').fill('12');
    await page.getByRole('combobox', { name: /^Schule/ }).selectOption({ label: 'Kampfkunstschule Graz' });
    await page.getByLabel('Vorname').fill('Florian');
    await page.getByLabel('Nachname').fill('Pichler');
    await page.getByLabel('Straße').fill('Annenstraße');
    await page.getByLabel('Hausnummer').fill('5');
    await page.getByLabel('PLZ').fill('8020');
    await page.getByLabel('Ort').fill('Graz');
    await page.getByLabel('Land').selectOption({ label: 'Österreich' });
    await page.getByLabel('Als Standard-Lieferadresse für diese Schule speichern').check();
    await page.getByRole('button', { name: 'Anfordern' }).click();
    // The screen's own notice (the toast says the same).
    const notice = page.locator('#main-content').getByRole('status').filter({ hasText: 'Ihre Anforderung wurde gesendet.' });
    await notice.waitFor();
    const thread = await notice.getByRole('link', { name: 'Anfrage öffnen' }).getAttribute('href');
    expect(thread).toMatch(/^\/e-ticket\/edit\/1\/\d+$/);
    // The open requests show it: 2 packs are 40 contracts.
    const row = page.getByRole('table', { name: 'Offene Anforderungen' }).getByRole('row').filter({ hasText: 'Kampfkunstschule Graz' });
    await row.filter({ hasText: '40' }).first().waitFor();
    await expectAccessible(page);

    // The saved address comes back for the school.
    await page.reload();
    await page.getByRole('combobox', { name: /^Schule/ }).selectOption({ label: 'Kampfkunstschule Graz' });
    await page.waitForFunction(() => (document.querySelector('input[name="street"]') as HTMLInputElement | null)?.value === 'Annenstraße');

    await page.goto(`${product.url}/e-dash`);
    const link = page.getByRole('link', { name: 'Vertragsanforderung: 40 Verträge' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(thread);
    await expectAccessible(page);
  });

  it('sends a trainer request as a ticket and links its thread', async () => {
    await page.getByRole('link', { name: 'Trainer freischalten' }).click();
    await page.waitForURL(/\/e-trainer$/);
    await page.getByRole('heading', { level: 1, name: 'Trainer freischalten' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('combobox', { name: /^Schule/ }).selectOption({ label: 'Kampfkunstschule Graz' });
    await page.getByLabel('Vorname').fill('Lena');
    await page.getByLabel('Nachname').fill('Gruber');
    await page.getByLabel('Mitgliedsnummer').fill('AT-110001');
    await page.getByLabel('Anmerkung').fill('Trainerlizenz seit Oktober.');
    await page.getByRole('button', { name: 'Senden' }).click();
    const notice = page.locator('#main-content').getByRole('status').filter({ hasText: 'Traineraktivierung wurde an den Verband gesendet' });
    await notice.waitFor();
    await expectAccessible(page);
    await notice.getByRole('link', { name: 'Anfrage öffnen' }).click();
    await page.waitForURL(/\/e-ticket\/edit\/1\/\d+$/);
    await page.getByText('Traineraktivierung: Lena Gruber').first().waitFor();
    await page.getByText(/Mitgliedsnummer: AT-110001/).waitFor();
  });

  it('plays a help video with captions on /m-help and says which are not installed', async () => {
    writeFileSync(join(videoDir, 'first-steps.webm'), await recordTinyWebm(page));
    writeFileSync(join(videoDir, 'first-steps.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.500\nWillkommen in der Schulverwaltung\n');
    await page.goto(`${product.url}/m-help`);
    await page.getByRole('navigation', { name: 'Video-Anleitungen' }).waitFor();
    const video = page.locator('video');
    await video.waitFor();
    await expectAccessible(page);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.kind)).toBe('captions');

    await page.getByRole('button', { name: 'Microsite' }).click();
    await page.getByRole('status').filter({ hasText: 'Dieses Video ist auf diesem Server nicht installiert.' }).waitFor();
    await expectAccessible(page);
  });

  it('shows the "link your account" notice on /e-document/root to a user without a linked account', async () => {
    // The admin is linked (AT-100001): remove the link first.
    await page.goto(`${product.url}/account-link`);
    await page.getByRole('button', { name: 'Verknüpfung lösen' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Verknüpfung lösen' }).click();
    await page.getByLabel('Mitgliedsnummer').waitFor();
    await page.goto(`${product.url}/e-document/root`);
    const notice = page.getByRole('status').filter({ hasText: 'Mitgliedsnummer' });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: 'Benutzerkonto jetzt verknüpfen' }).getAttribute('href')).toBe('/account-link');
    await expectAccessible(page);
    expect(tracked.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
