/**
 * The configuration forms in a real browser (issue 11): the admin picks a school on
 * /m-conf/general, edits the letterhead's sender line and place, saves, reloads: the values
 * are kept (per school) and the all-schools form is untouched. Axe-core on the form.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('admin');

describe('configuration forms', () => {
  it("edits a school's letterhead fields; after a reload the values are kept", async () => {
    const { page } = s;
    await page.goto(`${s.product.url}/m-conf/general`);
    await page.getByRole('heading', { level: 1, name: 'Allgemeine Einstellungen' }).waitFor();
    const sender = page.getByRole('textbox', { name: 'Absenderzeile' });
    await sender.waitFor();
    await expectAccessible(page);

    // A school of its own: the picker leads to /m-conf/general/edit/{id}.
    const picker = page.getByRole('combobox', { name: 'Gültig für' });
    const wien = (await picker.locator('option', { hasText: 'Wien' }).first().getAttribute('value'))!;
    await picker.selectOption(wien);
    await page.waitForURL(new RegExp(`/m-conf/general/edit/${wien}$`));
    await sender.waitFor();

    await sender.fill('Kampfkunst Wien · Mariahilfer Straße 1 · 1060 Wien');
    await page.getByRole('textbox', { name: 'Ort (vor dem Datum)' }).fill('Wien-Mariahilf');
    const saved = page.waitForResponse((r) => r.url().includes('/api-config/form') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    await page.getByText('Einstellungen gespeichert.').first().waitFor();

    await page.reload();
    await page.getByRole('textbox', { name: 'Absenderzeile' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Absenderzeile' }).inputValue()).toBe('Kampfkunst Wien · Mariahilfer Straße 1 · 1060 Wien');
    expect(await page.getByRole('textbox', { name: 'Ort (vor dem Datum)' }).inputValue()).toBe('Wien-Mariahilf');
    await expectAccessible(page);

    // The values for all schools are not touched.
    await page.goto(`${s.product.url}/m-conf/general/edit`);
    await page.getByRole('textbox', { name: 'Ort (vor dem Datum)' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Ort (vor dem Datum)' }).inputValue()).toBe('');
    expect(s.tracked.errors).toEqual([]);
  });
});
