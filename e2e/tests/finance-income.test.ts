/**
 * Income in a real browser (issue 5), as the finance user: create an income, find it by
 * its annotation, edit it, copy it into a new item and delete the copy. Money is typed and
 * shown in euros (integer cents on the wire). Axe-core on every screen.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(180_000);


const s = signedInProduct('finance');

/** The table row showing `text`. */
function row(text: string) {
  return s.page.getByRole('row').filter({ hasText: text });
}

async function filterByAnnotation(text: string): Promise<void> {
  const listed = s.page.waitForResponse((r) => r.url().endsWith('/api-fin/il') && r.status() === 200);
  await s.page.getByLabel('Filter Anmerkung').fill(text);
  await listed;
}

describe('income', () => {
  it('creates an income with an account for a transfer', async () => {
    await s.page.goto(`${s.product.url}/m-fin/income`);
    await s.page.getByRole('heading', { name: 'Einnahmen' }).waitFor();
    await s.page.getByRole('table', { name: 'Einnahmen' }).waitFor();
    await expectAccessible(s.page);

    await s.page.getByRole('link', { name: 'Neue Einnahme' }).or(s.page.getByRole('button', { name: 'Neue Einnahme' })).first().click();
    await s.page.getByRole('heading', { name: 'Neue Einnahme' }).waitFor();
    const school = s.page.getByLabel(/^Schule(\s|\*|$)/);
    if ((await school.evaluate((el) => el.tagName)) === 'SELECT') await school.selectOption({ label: 'Kampfkunstschule Graz' });
    await s.page.getByLabel(/^Kategorie(\s|\*|$)/).selectOption({ label: 'Seminare' });
    await s.page.getByLabel(/^Zahlungsart(\s|\*|$)/).selectOption({ label: 'Überweisung' });
    // A transfer needs an account: the field appears with the school's (main) account chosen.
    const account = s.page.getByLabel(/^Konto(\s|\*|$)/);
    await account.waitFor();
    await s.page.waitForFunction((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.includes('AT'), await account.elementHandle());
    await s.page.getByLabel(/^Zahlungsdatum(\s|\*|$)/).fill('15.11.2026');
    await s.page.getByLabel(/^Betrag(\s|\*|$)/).fill('123,45');
    await s.page.getByLabel(/^Anmerkung(\s|\*|$)/).fill('E2E Herbstseminar');
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.waitForURL(/\/m-fin\/income(\?.*)?$/);

    await filterByAnnotation('E2E Herbst');
    await row('E2E Herbstseminar').filter({ hasText: '123,45' }).waitFor();
    await row('E2E Herbstseminar').filter({ hasText: '15.11.2026' }).waitFor();
  });

  it('edits the amount', async () => {
    await s.page.getByRole('link', { name: 'Bearbeiten: E2E Herbstseminar' }).or(s.page.getByRole('button', { name: 'Bearbeiten: E2E Herbstseminar' })).first().click();
    await s.page.getByRole('heading', { name: 'Einnahme bearbeiten' }).waitFor();
    await expect(s.page.getByLabel(/^Anmerkung(\s|\*|$)/).inputValue()).resolves.toBe('E2E Herbstseminar');
    await s.page.getByLabel(/^Betrag(\s|\*|$)/).fill('150,00');
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').first().waitFor();
    await s.page.waitForURL(/\/m-fin\/income(\?.*)?$/);
    await filterByAnnotation('E2E Herbst');
    await row('E2E Herbstseminar').filter({ hasText: '150,00' }).waitFor();
  });

  it('copies it into a new item and deletes the copy after confirming', async () => {
    await s.page.getByRole('link', { name: 'Kopieren: E2E Herbstseminar' }).or(s.page.getByRole('button', { name: 'Kopieren: E2E Herbstseminar' })).first().click();
    await s.page.getByRole('heading', { name: 'Einnahme kopieren' }).waitFor();
    await s.page.getByLabel(/^Anmerkung(\s|\*|$)/).fill('E2E Wintersemester');
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.waitForURL(/\/m-fin\/income(\?.*)?$/);
    await filterByAnnotation('E2E');
    await row('E2E Wintersemester').filter({ hasText: '150,00' }).waitFor();
    await row('E2E Herbstseminar').waitFor();

    await s.page.getByRole('button', { name: 'Löschen: E2E Wintersemester' }).click();
    const confirm = s.page.getByRole('alertdialog');
    await confirm.waitFor();
    await expectAccessible(s.page);
    await confirm.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
    await row('E2E Wintersemester').waitFor({ state: 'detached' });
    await row('E2E Herbstseminar').waitFor();
    expect(s.tracked.errors).toEqual([]);
  });
});
