/**
 * No lost updates in a real browser (issue 10 item 7): two people (two browser contexts, two
 * sessions) open the same student's personal data; the first saves, the second's save says
 * "changed by someone else meanwhile" and keeps what was typed; after loading the current
 * version the second save goes through. Axe-core on the form with the notice.
 */
import { expectAccessible, login, openPage, type TrackedPage } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('admin');

describe('record versions', () => {
  let other: TrackedPage;

  afterAll(async () => {
    await other?.context.close();
  });

  it('the second of two editors gets the conflict notice, keeps the typed text and saves after loading the current version', async () => {
    await s.page.goto(`${s.product.url}/m-student/list`);
    const firstStudent = s.page.getByRole('table').locator('tbody a[href*="/m-student/details/"]').first();
    await firstStudent.waitFor();
    await firstStudent.click();
    await s.page.waitForURL(/\/m-student\/details\/\d+/);
    const detailUrl = s.page.url().split('?')[0]!;

    other = await openPage(s.browser);
    await login(other.page, s.product.url, 'office');
    // Only what happens after sign-in counts (the sign-in page's session probe answers 401).
    other.errors.length = 0;
    await other.page.goto(detailUrl);

    // Both open the form on the same version.
    for (const page of [s.page, other.page]) {
      await page.getByRole('button', { name: 'Persönliche Daten bearbeiten' }).click();
      await page.getByRole('form', { name: 'Persönliche Daten' }).waitFor();
    }
    const phone = (page: typeof s.page) => page.getByLabel(/^Telefon(\s|\*|$)/);

    await phone(s.page).fill('+43 1 1111111');
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').first().waitFor();

    await phone(other.page).fill('+43 2 2222222');
    const refused = other.page.waitForResponse((r) => r.url().includes('/api-student/pd') && r.request().method() === 'PUT');
    await other.page.getByRole('button', { name: 'Speichern' }).click();
    expect((await refused).status()).toBe(409);
    const notice = other.page.getByRole('alert').filter({ hasText: 'inzwischen von jemand anderem gespeichert' });
    await notice.waitFor();
    expect(await phone(other.page).inputValue()).toBe('+43 2 2222222');
    await expectAccessible(other.page);

    // Loading the current version lists what the first editor changed; the entry stays.
    await notice.getByRole('button', { name: 'Aktuellen Stand laden' }).click();
    const loaded = other.page.getByRole('status').filter({ hasText: 'Der aktuelle Stand ist geladen' });
    await loaded.waitFor();
    await loaded.getByText('+43 1 1111111').waitFor();
    expect(await phone(other.page).inputValue()).toBe('+43 2 2222222');
    await expectAccessible(other.page);

    await other.page.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText('Erfolgreich gespeichert!').first().waitFor();
    await s.page.reload();
    await s.page.getByText('+43 2 2222222').waitFor();
    expect(other.errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});
