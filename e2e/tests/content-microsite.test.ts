/**
 * The school microsite in a real browser (issue 16): a new album with three uploaded images,
 * re-ordered by keyboard and published, is in the public API in that order; a hidden trainer
 * leaves the public team; a class added to the timetable on /c-settings shows in /c-calendar.
 * Axe-core on every screen visited.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const SCHOOL = 'Kampfkunstschule Wien-Mitte';
const ALBUM = 'Sommerfest 2026';
const CLASS = 'Samstag Sparring E2E';

const s = signedInProduct('admin');

const png = (red: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: red, g: 120, b: 60 } } }).png().toBuffer();

/** GET of the public microsite API (no session needed; the page's own cookies do not matter to it). */
async function publicJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${s.product.url}/public/schools/${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** Waits until `read` answers what `expected` is (the screen updates after the click). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** 'DD.MM.YYYY HH:mm:ss' of yesterday, so the album is published already. */
function yesterday(): string {
  const date = new Date(Date.now() - 24 * 3600 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()} 08:00:00`;
}

describe('the school microsite', () => {
  it('uploads three images to a new album, re-orders them by keyboard, publishes it and the public API shows it', async () => {
    const page = s.page;
    await page.goto(`${s.product.url}/c-album/create`);
    await page.getByRole('heading', { name: 'Album anlegen' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Titel').fill(ALBUM);
    await page.getByLabel('Veröffentlichen am').fill(yesterday());
    await page.getByRole('radio', { name: 'Alle Schulen' }).check();
    const owner = page.getByLabel('Schule des Albums');
    if (await owner.count()) await owner.selectOption({ label: SCHOOL });

    const uploaded = new Map<string, number>();
    const collect = async (response: { url(): string; request(): { method(): string }; json(): Promise<unknown> }) => {
      if (!response.url().includes('/api-content/album-file') || response.request().method() !== 'POST') return;
      const file = (await response.json()) as { id: number; name: string };
      uploaded.set(file.name, file.id);
    };
    page.on('response', collect);
    await page.getByLabel('Bilder hinzufügen').setInputFiles([
      { name: 'eins.png', mimeType: 'image/png', buffer: await png(200) },
      { name: 'zwei.png', mimeType: 'image/png', buffer: await png(100) },
      { name: 'drei.png', mimeType: 'image/png', buffer: await png(20) },
    ]);
    const gallery = page.getByRole('list', { name: 'Bilder des Albums' });
    await eventually(() => gallery.getByRole('listitem').count(), 3, 120_000);
    page.off('response', collect);
    const names = (await gallery.getByRole('listitem').allTextContents()).map((text) => /(eins|zwei|drei)\.png/.exec(text)![0]);

    // Keyboard only: the first image moves back twice (Enter, then Space), the cover is then the second one.
    const first = names[0]!;
    await page.getByRole('button', { name: `${first} nach hinten` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `${first} nach hinten` }).focus();
    await page.keyboard.press(' ');
    const order = [names[1]!, names[2]!, first];
    await eventually(async () => (await gallery.getByRole('listitem').allTextContents()).map((text) => /(eins|zwei|drei)\.png/.exec(text)![0]), order);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/c-album$/);
    await page.getByText(ALBUM).first().waitFor();
    await expectAccessible(page);

    const albums = await publicJson<{ rows: { title: string; images: { id: number; urls: Record<string, string> }[] }[] }>(page, 'wien/albums');
    const album = albums.rows.find((row) => row.title === ALBUM);
    expect(album?.images.map((image) => image.id)).toEqual(order.map((name) => uploaded.get(name)));
    const cover = await page.request.get(`${s.product.url}${album!.images[0]!.urls['0x200']}`);
    expect(cover.status()).toBe(200);
    expect(cover.headers()['content-type']).toMatch(/^image\//);
  });

  it('hides a trainer on /c-team and the public team leaves them out', async () => {
    const page = s.page;
    await page.goto(`${s.product.url}/c-team`);
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    await page.getByLabel('Schule', { exact: true }).selectOption({ label: SCHOOL });
    const table = page.getByRole('table', { name: 'Team' });
    await table.waitFor();
    await expectAccessible(page);
    const hide = table.getByRole('button', { name: / ausblenden$/ }).first();
    const name = (await hide.textContent())!.replace(/ ausblenden$/, '');
    const [firstname, ...rest] = name.split(' ');
    const visible = (team: { rows: { firstname: string; lastname: string }[] }) =>
      team.rows.some((row) => row.firstname === firstname && row.lastname === rest.join(' '));
    expect(visible(await publicJson(page, 'wien/team'))).toBe(true);
    await hide.click();
    await table.getByRole('button', { name: `${name} einblenden` }).waitFor();
    expect(visible(await publicJson(page, 'wien/team'))).toBe(false);
    await expectAccessible(page);
  });

  it('adds a class to the timetable on /c-settings and sees it in /c-calendar', async () => {
    const page = s.page;
    await page.goto(`${s.product.url}/c-settings`);
    await page.getByRole('table', { name: 'Schulen' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: `Einstellungen: ${SCHOOL}` }).click();
    await page.getByRole('tablist', { name: 'Bereiche der Einstellungen' }).waitFor();
    await expectAccessible(page);
    // Keyboard through the tabs: Allgemein -> Social Media -> Stundenplan.
    await page.getByRole('tab', { name: 'Allgemein' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.getByRole('tab', { name: 'Stundenplan' }).getAttribute('aria-selected'), 'true');
    expect(page.url()).toContain('tab=timetable');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Termin hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Termin hinzufügen' });
    await dialog.getByLabel('Wochentag').selectOption({ label: 'Samstag' });
    await dialog.getByLabel('Beginn').fill('10:00');
    await dialog.getByLabel('Ende').fill('11:30');
    await dialog.getByLabel('Angebot').selectOption({ label: 'Erwachsene' });
    await dialog.getByLabel('Bezeichnung').fill(CLASS);
    await expectAccessible(page);
    await dialog.getByLabel('Bezeichnung').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Stundenplan' }).getByRole('row', { name: new RegExp(CLASS) });
    await row.getByText('Neu').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert!').waitFor();
    await row.getByText('Gespeichert').waitFor();

    await page.getByRole('link', { name: 'Im Kalender ansehen' }).click();
    await page.waitForURL(/\/c-calendar/);
    await page.getByRole('grid').waitFor();
    // The admin looks at every school: the calendar starts with the first one.
    await page.getByLabel('Schule', { exact: true }).selectOption({ label: SCHOOL });
    await page.getByRole('button', { name: 'Woche' }).click();
    const grid = page.getByRole('grid', { name: /^Woche vom/ });
    const saturday = grid.getByRole('gridcell', { name: /^Samstag/ });
    await saturday.getByText(`10:00–11:30 ${CLASS} (Erwachsene)`).waitFor();
    await expectAccessible(page);
    // Keyboard: the focused day moves by arrow keys; the next week still has the class on Saturday.
    await grid.getByRole('gridcell', { selected: true }).focus();
    await page.keyboard.press('PageDown');
    await page.waitForURL(/day=\d{4}-\d{2}-\d{2}/);
    await grid.getByRole('gridcell', { name: /^Samstag/ }).getByText(`10:00–11:30 ${CLASS} (Erwachsene)`).waitFor();
    await page.getByRole('button', { name: 'Monat' }).click();
    await page.getByRole('grid').getByText(`10:00–11:30 ${CLASS} (Erwachsene)`).first().waitFor();
    await expectAccessible(page);
    expect(s.tracked.errors).toEqual([]);
  });
});
