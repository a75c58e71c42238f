/**
 * Microsite news in a real browser (issue 5): create a news item for certain schools with
 * the rich-text editor, see it only where it is shown (through the school filter, which
 * narrows what the server returns), edit, copy and delete it. Axe-core on every screen.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';
import { setSchoolFilter } from '../support/school-filter';

jest.setTimeout(180_000);

const TITLE = 'Sommercamp 2027 nur für Graz';


const s = signedInProduct('admin');

async function openNewsList(): Promise<void> {
  await s.page.goto(`${s.product.url}/c-news`);
  await s.page.getByRole('heading', { name: 'News', exact: true }).waitFor();
  await s.page.getByRole('table', { name: 'News' }).or(s.page.getByText('Keine News vorhanden.')).first().waitFor();
}

describe('microsite news', () => {
  it('creates a news item for certain schools with formatted text', async () => {
    await openNewsList();
    await expectAccessible(s.page);
    await s.page.getByRole('link', { name: 'News anlegen' }).or(s.page.getByRole('button', { name: 'News anlegen' })).first().click();
    await s.page.getByRole('heading', { name: 'News anlegen' }).waitFor();
    const owner = s.page.getByLabel('Eigentümer-Schule');
    if (await owner.count()) await owner.selectOption({ label: 'Kampfkunstschule Wien-Mitte' });
    await s.page.getByLabel('Titel').fill(TITLE);
    await s.page.getByLabel('Teaser').fill('Anmeldung ab sofort.');
    const body = s.page.getByRole('textbox', { name: 'Text' });
    await body.click();
    await s.page.getByRole('button', { name: 'Fett' }).click();
    await s.page.keyboard.type('Wichtig:');
    await s.page.getByRole('button', { name: 'Fett' }).click();
    await s.page.keyboard.type(' eine Woche Training im Juli.');
    await s.page.getByRole('radio', { name: 'Nur bestimmte Schulen' }).check();
    await s.page.locator('main').getByRole('checkbox', { name: 'Kampfkunstschule Graz' }).check();
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.waitForURL(/\/c-news$/);
    await s.page.getByText(TITLE).first().waitFor();
  });

  it('shows the item only where it is assigned (owner school or Graz), not to München', async () => {
    await setSchoolFilter(s.page, [/München/]);
    await openNewsList();
    expect(await s.page.getByText(TITLE).count()).toBe(0);

    await setSchoolFilter(s.page, [/Graz/]);
    await openNewsList();
    await s.page.getByText(TITLE).first().waitFor();
    // Seen from Graz it belongs to another school: it can be copied, not changed.
    expect(await s.page.getByRole('button', { name: `„${TITLE}“ löschen` }).count()).toBe(0);

    await setSchoolFilter(s.page, [/./]);
    await openNewsList();
    await s.page.getByText(TITLE).first().waitFor();
  });

  it('keeps the formatting through save and load, and edits, copies and deletes', async () => {
    await s.page.getByRole('link', { name: `„${TITLE}“ bearbeiten` }).click();
    await s.page.getByRole('heading', { name: 'News bearbeiten' }).waitFor();
    const body = s.page.getByRole('textbox', { name: 'Text' });
    await body.locator('strong, b', { hasText: 'Wichtig:' }).waitFor();
    await s.page.getByLabel('Teaser').fill('Anmeldung bis 31.05.');
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.waitForURL(/\/c-news$/);

    await s.page.getByRole('link', { name: `„${TITLE}“ kopieren` }).click();
    await s.page.getByRole('heading', { name: 'News aus Vorlage anlegen' }).waitFor();
    await expect(s.page.getByLabel('Teaser').inputValue()).resolves.toBe('Anmeldung bis 31.05.');
    await s.page.getByLabel('Titel').fill(`${TITLE} (Kopie)`);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.waitForURL(/\/c-news$/);
    await s.page.getByText(`${TITLE} (Kopie)`).waitFor();

    await s.page.getByRole('button', { name: `„${TITLE} (Kopie)“ löschen` }).click();
    const confirm = s.page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
    await s.page.getByText(`${TITLE} (Kopie)`).waitFor({ state: 'detached' });
    await s.page.getByText(TITLE).first().waitFor();
    expect(s.tracked.errors).toEqual([]);
  });
});
