/**
 * Students in a real browser (issue 4): find a student by last name in the list, open the
 * detail, edit personal data and see it after a reload, replace the picture, add and delete
 * a note, upload, download and delete a document; the trainer sees no edit buttons and the
 * API refuses the edit anyway. Axe-core on every screen visited.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';
import { setSchoolFilter } from '../support/school-filter';

jest.setTimeout(240_000);

/** A 4x4 PNG (the server re-encodes pictures; the content decides the type). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRwzEcQCxYxBB16puEAAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;
let detailUrl = '';
let lastname = '';

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

async function confirmDialog(): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('students', () => {
  it('finds a student of Graz by last name and opens the detail', async () => {
    // Graz only: the trainer (Graz) must be able to open the same student below.
    await setSchoolFilter(page, [/Graz/]);
    await page.goto(`${product.url}/m-student/list`);
    await page.getByRole('heading', { name: 'Schülerliste' }).waitFor();
    const firstLastname = page.locator('[role="gridcell"][col-id="ln"]').first();
    await firstLastname.waitFor();
    await expectAccessible(page);
    lastname = (await firstLastname.innerText()).trim();
    expect(lastname.length).toBeGreaterThan(1);

    const listed = page.waitForResponse((r) => r.url().endsWith('/api-student/list') && r.status() === 200);
    await page.getByLabel('Filter Nachname').fill(lastname);
    await listed;
    // The filter is in the URL: a reload keeps it.
    expect(new URL(page.url()).search).toContain(encodeURIComponent(lastname).slice(0, 2));
    const names = await page.locator('[role="gridcell"][col-id="ln"]').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim().toLowerCase().startsWith(lastname.toLowerCase())).toBe(true);

    await page.locator('[role="gridcell"][col-id="ln"]').first().getByRole('link').click();
    await page.waitForURL(/\/m-student\/details\/\d+/);
    detailUrl = page.url().split('?')[0]!;
    await page.getByRole('heading', { level: 1, name: new RegExp(lastname) }).waitFor();
    await expectAccessible(page);
  });

  it('edits personal data and sees the change after a reload', async () => {
    await page.getByRole('button', { name: 'Persönliche Daten bearbeiten' }).click();
    const phone = page.getByLabel(/^Telefon(\s|\*|$)/);
    await phone.fill('+43 316 424242');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert!').first().waitFor();
    await page.reload();
    await page.getByText('+43 316 424242').waitFor();
  });

  it('replaces the picture', async () => {
    const before = await page.getByRole('img', { name: /^Foto von/ }).getAttribute('src').catch(() => null);
    const uploaded = page.waitForResponse((r) => r.url().includes('/api-student/pic-save'));
    await page.getByLabel('Neues Foto hochladen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    const picture = page.getByRole('img', { name: /^Foto von/ });
    await picture.waitFor();
    const after = await picture.getAttribute('src');
    expect(after).not.toBe(before);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt^="Foto von"]');
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
  });

  it('adds a note to the timeline and deletes it after confirming', async () => {
    await page.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notiz hinzufügen' });
    await dialog.getByLabel('Text').fill('E2E: Elterngespräch geführt');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const entry = page.getByRole('listitem').filter({ hasText: 'E2E: Elterngespräch geführt' });
    await entry.waitFor();
    await entry.getByRole('button', { name: /löschen$/ }).click();
    await confirmDialog();
    await entry.waitFor({ state: 'detached' });
  });

  it('uploads, downloads and deletes a document', async () => {
    await page.getByRole('tab', { name: 'Dokumente' }).click();
    await page.getByLabel('Dokumente hinzufügen').setInputFiles({ name: 'vertrag.pdf', mimeType: 'application/pdf', buffer: PDF });
    const link = page.getByRole('link', { name: /vertrag\.pdf/ });
    await link.waitFor();
    await expectAccessible(page);
    const href = await link.getAttribute('href');
    const response = await page.request.get(new URL(href!, product.url).toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);

    await page.getByRole('button', { name: /vertrag\.pdf löschen/ }).click();
    await confirmDialog();
    await link.waitFor({ state: 'detached' });
    expect(tracked.errors).toEqual([]);
  });

  it('shows the trainer no edit buttons, and the API refuses the edit anyway', async () => {
    const trainer = await openPage(browser);
    try {
      await login(trainer.page, product.url, 'trainer');
      await trainer.page.goto(detailUrl);
      await trainer.page.getByRole('heading', { level: 1, name: new RegExp(lastname) }).waitFor();
      await trainer.page.getByText('+43 316 424242').waitFor();
      await expectAccessible(trainer.page);
      for (const name of ['Persönliche Daten bearbeiten', 'Hauptadresse bearbeiten', 'Notiz hinzufügen']) {
        expect(await trainer.page.getByRole('button', { name }).count()).toBe(0);
      }
      expect(await trainer.page.getByLabel('Neues Foto hochladen').count()).toBe(0);

      const stid = detailUrl.split('/').pop();
      const state = await (await trainer.page.request.get(`${product.url}/api-application-state/get-state`)).json();
      const refused = await trainer.page.request.put(`${product.url}/api-student/pd?stid=${stid}`, {
        headers: { 'X-Client-Version': state.version, Origin: product.url },
        data: { salutation_id: 1, firstname: 'Gehackt', lastname: 'Gehackt', student_status_id: 2 },
      });
      expect(refused.status()).toBe(403);
      await trainer.page.reload();
      await trainer.page.getByRole('heading', { level: 1, name: new RegExp(lastname) }).waitFor();
      expect(await trainer.page.getByText('Gehackt').count()).toBe(0);
    } finally {
      await trainer.context.close();
    }
  });
});
