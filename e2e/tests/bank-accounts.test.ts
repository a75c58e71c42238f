/**
 * Bank accounts in a real browser (issue 12): an admin creates an account for Graz, types an
 * IBAN and sees the BIC and bank filled by the lookup (GET /api-conclusion/iban, from the
 * bank directories on the server), saves it and finds it in the list; deleting it works, while
 * a main account in use offers no delete (the server would refuse it with error 56). Axe-core
 * on every screen visited.
 */
import { expectAccessible } from '../support/browser';
import { confirmDialog, signedInProduct } from '../support/signed-in';

jest.setTimeout(180_000);

const NAME = 'Seminarkonto Browser-Test';

const s = signedInProduct('admin');

describe('bank accounts', () => {
  it('creates an account: the IBAN lookup fills BIC and bank; the account is in the list', async () => {
    await s.page.goto(`${s.product.url}/m-conf/account`);
    await s.page.getByRole('heading', { name: 'Konten', exact: true }).waitFor();
    const table = s.page.getByRole('table', { name: 'Konten' });
    await table.getByRole('row').filter({ hasText: 'Geschäftskonto' }).first().waitFor();
    await expectAccessible(s.page);

    await s.page.getByRole('link', { name: 'Neues Konto' }).click();
    await s.page.getByRole('heading', { name: 'Neues Konto', level: 1 }).waitFor();
    await s.page.getByRole('combobox', { name: 'Schule' }).selectOption({ label: 'Kampfkunstschule Graz' });
    await s.page.getByRole('textbox', { name: 'Bezeichnung' }).fill(NAME);
    await s.page.getByRole('textbox', { name: 'Gläubiger (Kontoinhaber)' }).fill('Kampfkunstschule Graz');
    await s.page.getByRole('textbox', { name: 'Gläubiger-ID' }).fill('AT92ZZZ00000012345');
    // The BIC shows once the IBAN was looked up.
    expect(await s.page.getByRole('textbox', { name: 'BIC' }).count()).toBe(0);
    await s.page.getByRole('textbox', { name: 'IBAN' }).fill('de89 3704 0044 0532 0130 00');
    await s.page.keyboard.press('Tab');
    const bic = s.page.getByRole('textbox', { name: 'BIC' });
    await bic.waitFor();
    await s.page.waitForFunction(() => (document.querySelector('input[name="sepa_bic"]') as HTMLInputElement | null)?.value === 'COBADEFFXXX');
    expect(await s.page.getByRole('textbox', { name: 'Bank' }).inputValue()).toBe('Commerzbank');
    expect(await s.page.getByRole('textbox', { name: 'IBAN' }).inputValue()).toBe('DE89 3704 0044 0532 0130 00');
    await expectAccessible(s.page);

    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.waitForURL(/\/m-conf\/account$/);
    const row = s.page.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Kampfkunstschule Graz');
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toContain('COBADEFFXXX');
    expect(text).toContain('Commerzbank');
    await expectAccessible(s.page);
  });

  it('offers no delete for the main account in use and deletes the unused new one', async () => {
    await s.page.goto(`${s.product.url}/m-conf/account`);
    await s.page.getByRole('table', { name: 'Konten' }).waitFor();
    await s.page.getByRole('link', { name: '„Geschäftskonto“ (Kampfkunstschule Graz) bearbeiten' }).waitFor();
    expect(await s.page.getByRole('button', { name: '„Geschäftskonto“ (Kampfkunstschule Graz) löschen' }).count()).toBe(0);
    await expectAccessible(s.page);

    await s.page.getByRole('button', { name: `„${NAME}“ (Kampfkunstschule Graz) löschen` }).click();
    await confirmDialog(s.page);
    await s.page.getByRole('row').filter({ hasText: NAME }).waitFor({ state: 'detached' });
    expect(await s.page.getByRole('row').filter({ hasText: 'Geschäftskonto' }).count()).toBeGreaterThan(0);
  });
});
