/**
 * Templates in a real browser (issue 11): an admin creates a custom template whose subject and
 * content use ##school## and the student's name (##name##), sees the live preview filled with
 * sample values (and an unknown placeholder reported), saves it; then changes a system
 * template's subject for one school only and resets it. Axe-core on every screen visited.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(180_000);

const NAME = 'Willkommensbrief Browser-Test';

const s = signedInProduct('admin');

describe('templates', () => {
  it('creates a custom template with placeholders and sees the preview filled', async () => {
    await s.page.goto(`${s.product.url}/m-template/base`);
    await s.page.getByRole('heading', { name: 'Eigene Vorlagen', exact: true }).waitFor();
    await s.page.getByRole('table', { name: 'Eigene Vorlagen' }).waitFor();
    await expectAccessible(s.page);

    await s.page.getByRole('link', { name: 'Neue Vorlage' }).click();
    await s.page.getByRole('heading', { name: 'Neue Vorlage', level: 1 }).waitFor();
    await s.page.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await s.page.locator('main').getByRole('checkbox', { name: 'Kampfkunstschule Graz' }).check();
    await s.page.getByRole('combobox', { name: 'Typ' }).selectOption({ label: 'Schüler' });
    await s.page.getByRole('textbox', { name: 'Betreff' }).fill('Willkommen in der ##school##');
    const content = s.page.getByRole('textbox', { name: 'Inhalt' });
    await content.click();
    await s.page.keyboard.type('Hallo ');
    await s.page.getByRole('button', { name: '##name## einfügen' }).click();
    await s.page.keyboard.type(', schön, dass du da bist. ##gibtsnicht##');

    const preview = s.page.getByRole('region', { name: 'Vorschau' });
    await preview.getByTestId('template-preview-subject').filter({ hasText: 'Willkommen in der Kampfkunstschule Wien' }).waitFor();
    await preview.getByTestId('template-preview-content').filter({ hasText: 'Hallo Erika Muster, schön' }).waitFor();
    await preview.getByRole('status').filter({ hasText: '##gibtsnicht##' }).waitFor();
    await expectAccessible(s.page);

    // Without the unknown placeholder the warning goes away.
    await content.click();
    for (let i = 0; i < ' ##gibtsnicht##'.length; i += 1) await s.page.keyboard.press('Backspace');
    await preview.getByRole('status').waitFor({ state: 'detached' });
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.waitForURL(/\/m-template\/base$/);
    const row = s.page.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain('Kampfkunstschule Graz');
    expect(await row.textContent()).toContain('Schüler');

    // The copy starts with every field of the source.
    await s.page.getByRole('link', { name: `„${NAME}“ kopieren` }).click();
    await s.page.getByRole('heading', { name: 'Vorlage kopieren', level: 1 }).waitFor();
    expect(await s.page.getByRole('textbox', { name: 'Betreff' }).inputValue()).toBe('Willkommen in der ##school##');
    // Typed spaces may be stored as no-break spaces.
    const copied = (await s.page.getByRole('textbox', { name: 'Inhalt' }).textContent()) ?? '';
    expect(copied.replace(/\s+/g, ' ')).toContain('Hallo ##name##, schön');
    await expectAccessible(s.page);
  });

  it("changes a system template's subject for one school only, then resets it", async () => {
    await s.page.goto(`${s.product.url}/m-conf/template`);
    const table = s.page.getByRole('table', { name: 'Systemvorlagen' });
    await table.waitFor();
    await expectAccessible(s.page);
    await s.page.getByRole('searchbox', { name: 'Suche' }).fill('kündigung');
    await table.getByRole('link', { name: 'Systemvorlage „Kündigungsbestätigung“ bearbeiten' }).click();
    await s.page.getByRole('heading', { name: 'Systemvorlage: Kündigungsbestätigung' }).waitFor();

    const level = s.page.getByRole('combobox', { name: 'Gilt für' });
    const subject = s.page.getByRole('textbox', { name: 'Betreff' });
    await level.selectOption({ label: 'Kampfkunstschule Graz' });
    await s.page.getByText('Standardtext.').waitFor();
    await subject.fill('Ihre Kündigung in Graz');
    await s.page.getByRole('region', { name: 'Vorschau' }).getByText('Ihre Kündigung in Graz').waitFor();
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.getByText('Angepasster Text dieser Schule.').waitFor();

    // The other levels keep the default.
    await level.selectOption({ label: 'Alle Schulen' });
    await s.page.getByText('Standardtext.').waitFor();
    expect(await subject.inputValue()).toBe('Bestätigung Ihrer Kündigung');
    await level.selectOption({ label: 'Kampfkunstschule Graz' });
    await s.page.getByText('Angepasster Text dieser Schule.').waitFor();
    expect(await subject.inputValue()).toBe('Ihre Kündigung in Graz');

    await s.page.getByRole('button', { name: 'Auf Standard zurücksetzen' }).click();
    const dialog = s.page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Auf Standard zurücksetzen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await s.page.getByText('Standardtext.').waitFor();
    expect(await subject.inputValue()).toBe('Bestätigung Ihrer Kündigung');
    expect(s.tracked.errors).toEqual([]);
  });
});
