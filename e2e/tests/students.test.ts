/**
 * Students in a real browser (issue 4): find a student by last name in the list, open the
 * detail, edit personal data and see it after a reload, replace the picture, add and delete
 * a note, upload, download and delete a document; the trainer sees no edit buttons and the
 * API refuses the edit anyway. Axe-core on every screen visited.
 */
import { expectAccessible, login, openPage } from '../support/browser';
import { confirmDialog, signedInProduct } from '../support/signed-in';
import { setSchoolFilter } from '../support/school-filter';

jest.setTimeout(240_000);

/** A 4x4 PNG (the server re-encodes pictures; the content decides the type). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRwzEcQCxYxBB16puEAAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let detailUrl = '';
let lastname = '';

const s = signedInProduct('admin');

/** The cells of the student table's 'Nachname' column (found by its header). */
async function lastNameCells() {
  const table = s.page.getByRole('table', { name: 'Schüler' });
  await table.getByRole('columnheader', { name: /^Nachname/ }).waitFor();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((header) => header.trim().startsWith('Nachname'));
  return table.locator(`tbody tr > td:nth-child(${column + 1})`);
}

describe('students', () => {
  it('finds a student of Graz by last name and opens the detail', async () => {
    // Graz only: the trainer (Graz) must be able to open the same student below.
    await setSchoolFilter(s.page, [/Graz/]);
    await s.page.goto(`${s.product.url}/m-student/list`);
    await s.page.getByRole('heading', { name: 'Schülerliste' }).waitFor();
    const firstLastname = (await lastNameCells()).first();
    await firstLastname.getByRole('link').waitFor();
    await expectAccessible(s.page);
    lastname = (await firstLastname.innerText()).trim();
    expect(lastname.length).toBeGreaterThan(1);

    const listed = s.page.waitForResponse((r) => r.url().endsWith('/api-student/list') && r.status() === 200);
    await s.page.getByLabel('Filter Nachname').fill(lastname);
    await listed;
    // The filter is in the URL: a reload keeps it.
    expect(new URL(s.page.url()).search).toContain(encodeURIComponent(lastname).slice(0, 2));
    const names = await (await lastNameCells()).allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim().toLowerCase().startsWith(lastname.toLowerCase())).toBe(true);

    await (await lastNameCells()).first().getByRole('link').click();
    await s.page.waitForURL(/\/m-student\/details\/\d+/);
    detailUrl = s.page.url().split('?')[0]!;
    await s.page.getByRole('heading', { level: 1, name: new RegExp(lastname) }).waitFor();
    await expectAccessible(s.page);
  });

  it('edits personal data and sees the change after a reload', async () => {
    await s.page.getByRole('button', { name: 'Persönliche Daten bearbeiten' }).click();
    const phone = s.page.getByLabel(/^Telefon(\s|\*|$)/);
    await phone.fill('+43 316 424242');
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').first().waitFor();
    await s.page.reload();
    await s.page.getByText('+43 316 424242').waitFor();
  });

  it('replaces the picture', async () => {
    const before = await s.page.getByRole('img', { name: /^Foto von/ }).getAttribute('src').catch(() => null);
    const uploaded = s.page.waitForResponse((r) => r.url().includes('/api-student/pic-save'));
    await s.page.getByLabel('Neues Foto hochladen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    const picture = s.page.getByRole('img', { name: /^Foto von/ });
    await picture.waitFor();
    const after = await picture.getAttribute('src');
    expect(after).not.toBe(before);
    await s.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt^="Foto von"]');
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
  });

  it('adds a note to the timeline and deletes it after confirming', async () => {
    await s.page.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Notiz hinzufügen' });
    await dialog.getByLabel('Text').fill('E2E: Elterngespräch geführt');
    await expectAccessible(s.page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const entry = s.page.getByRole('listitem').filter({ hasText: 'E2E: Elterngespräch geführt' });
    await entry.waitFor();
    await entry.getByRole('button', { name: /löschen$/ }).click();
    await confirmDialog(s.page);
    await entry.waitFor({ state: 'detached' });
  });

  it('uploads, downloads and deletes a document', async () => {
    await s.page.getByRole('tab', { name: 'Dokumente' }).click();
    await s.page.getByLabel('Dokumente hinzufügen').setInputFiles({ name: 'vertrag.pdf', mimeType: 'application/pdf', buffer: PDF });
    const link = s.page.getByRole('link', { name: /vertrag\.pdf/ });
    await link.waitFor();
    await expectAccessible(s.page);
    const href = await link.getAttribute('href');
    const response = await s.page.request.get(new URL(href!, s.product.url).toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);

    await s.page.getByRole('button', { name: /vertrag\.pdf löschen/ }).click();
    await confirmDialog(s.page);
    await link.waitFor({ state: 'detached' });
    expect(s.tracked.errors).toEqual([]);
  });

  it('shows the trainer no edit buttons, and the API refuses the edit anyway', async () => {
    const trainer = await openPage(s.browser);
    try {
      await login(trainer.page, s.product.url, 'trainer');
      await trainer.page.goto(detailUrl);
      await trainer.page.getByRole('heading', { level: 1, name: new RegExp(lastname) }).waitFor();
      await trainer.page.getByText('+43 316 424242').waitFor();
      await expectAccessible(trainer.page);
      for (const name of ['Persönliche Daten bearbeiten', 'Hauptadresse bearbeiten', 'Notiz hinzufügen']) {
        expect(await trainer.page.getByRole('button', { name }).count()).toBe(0);
      }
      expect(await trainer.page.getByLabel('Neues Foto hochladen').count()).toBe(0);

      const stid = detailUrl.split('/').pop();
      const state = await (await trainer.page.request.get(`${s.product.url}/api-application-state/get-state`)).json();
      const refused = await trainer.page.request.put(`${s.product.url}/api-student/pd?stid=${stid}`, {
        headers: { 'X-Client-Version': state.version, Origin: s.product.url },
        data: { salutation_id: 1, firstname: 'Gehackt', lastname: 'Gehackt', student_status_id: 2, version: 1 },
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
