/**
 * Users and roles in a real browser (issue 11): the superadmin creates a role with a few
 * atoms and a user with it for one school; that user signs in and sees exactly the menu items
 * those atoms allow, and a URL of another item shows the refusal. The superadmin then makes
 * an admin limited to that school, who sees only the users he may manage. Axe-core on every
 * screen visited.
 */
import type { Page } from 'playwright-core';
import { expectAccessible, login, openPage } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(300_000);

const s = signedInProduct('admin');

const CALENDAR = 'https://events.example.org/calendar';
const PASSWORD = 'Empfang-Tresen-77';

async function menuLinks(page: Page): Promise<string[]> {
  return page.locator('nav a').evaluateAll((links) =>
    links.map((a) => {
      const href = a.getAttribute('href') ?? '';
      return href.startsWith('http') ? href : new URL(href, location.origin).pathname;
    }),
  );
}

async function createUser(page: Page, user: { username: string; firstname: string; lastname: string; role?: string; admin?: boolean }) {
  await page.goto(`${s.product.url}/m-conf/user`);
  await page.getByRole('link', { name: 'Neuer Benutzer' }).click();
  await page.waitForURL(/\/m-conf\/user\/add$/);
  await page.getByLabel(/^Benutzername/).fill(user.username);
  await page.getByText('Benutzername ist frei.').waitFor();
  await page.getByLabel(/^Anrede/).selectOption({ label: 'Frau' });
  await page.getByLabel(/^Vorname/).fill(user.firstname);
  await page.getByLabel(/^Nachname/).fill(user.lastname);
  await page.getByLabel(/^E-Mail/).fill(`${user.username}@kampfkunst-demo.example.com`);
  await page.getByLabel(/^Passwort(?! wiederholen)/).fill(PASSWORD);
  await page.getByLabel(/^Passwort wiederholen/).fill(PASSWORD);
  if (user.admin) await page.getByRole('checkbox', { name: /^Administrator/ }).check();
  if (user.role) await page.getByLabel(/^Rolle/).selectOption({ label: user.role });
  await page.getByRole('radio', { name: 'Bestimmte Schulen' }).check();
  await page.getByRole('checkbox', { name: 'Kampfkunstschule Graz' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForURL(/\/m-conf\/user$/);
  await page.getByRole('heading', { level: 2, name: `${user.firstname} ${user.lastname}` }).waitFor();
}

describe('users and roles', () => {
  it('the superadmin creates a role with a few atoms', async () => {
    const page = s.page;
    await page.getByRole('link', { name: 'Rollen' }).click();
    await page.waitForURL(/\/m-conf\/role$/);
    await page.getByRole('rowheader', { name: /^Trainer/ }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Neue Rolle' }).click();
    await page.getByLabel(/^Name/).fill('Empfang');
    await page.getByRole('checkbox', { name: 'Interessenten: Lesen', exact: true }).check();
    await page.getByRole('checkbox', { name: 'News: Lesen', exact: true }).check();
    // The group helper selects a whole group; clearing it again leaves the other groups alone.
    await page.getByRole('checkbox', { name: 'Ganze Gruppe „Wiedervorlagen“' }).check();
    await page.getByRole('checkbox', { name: 'Ganze Gruppe „Wiedervorlagen“' }).uncheck();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/m-conf\/role$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Empfang/ }) });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('0');
  });

  it('creates a user with it for one school; own settings are saved', async () => {
    await createUser(s.page, { username: 'empfang', firstname: 'Eva', lastname: 'Empfang', role: 'Empfang' });
    await expectAccessible(s.page);
    await s.page.goto(`${s.product.url}/m-conf/role`);
    const row = s.page.getByRole('row').filter({ has: s.page.getByRole('rowheader', { name: /^Empfang/ }) });
    await row.getByRole('cell').filter({ hasText: /^1$/ }).waitFor();

    await s.page.getByRole('button', { name: /Benutzermenü/ }).click();
    await s.page.getByRole('link', { name: 'Meine Einstellungen' }).click();
    await s.page.waitForURL(/\/m-conf\/user-settings$/);
    await s.page.getByRole('checkbox', { name: 'Eigene Signatur verwenden' }).check();
    await s.page.getByLabel('Meine Signatur').fill('Sabine Hofer, Leitung');
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.reload();
    expect(await s.page.getByLabel('Meine Signatur').inputValue()).toBe('Sabine Hofer, Leitung');
  });

  it('the new user sees exactly the menu items the atoms allow; another item refuses', async () => {
    const { context, page } = await openPage(s.browser);
    await login(page, s.product.url, 'empfang', PASSWORD);
    await page.waitForURL(/\/m-dash$/);
    expect((await menuLinks(page)).sort()).toEqual(['/m-dash', '/m-lead/list', '/c-news', '/e-dash', CALENDAR, '/m-help'].sort());
    await expectAccessible(page);
    for (const path of ['/m-conf/user', '/m-conf/role/create']) {
      await page.goto(`${s.product.url}${path}`);
      await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
      await expectAccessible(page);
    }
    await page.goto(`${s.product.url}/m-student/list`);
    await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
    // The server refuses anyway.
    const state = await (await page.request.get(`${s.product.url}/api-application-state/get-state`)).json();
    const answer = await page.request.get(`${s.product.url}/api-user/data`, { headers: { 'x-client-version': state.version } });
    expect(answer.status()).toBe(403);
    await context.close();
  });

  it('an admin limited to a school sees only the users he may manage', async () => {
    await createUser(s.page, { username: 'grazadmin', firstname: 'Gerda', lastname: 'Graz', admin: true });
    const { context, page } = await openPage(s.browser);
    await login(page, s.product.url, 'grazadmin', PASSWORD);
    await page.goto(`${s.product.url}/m-conf/user`);
    await page.getByRole('heading', { level: 2, name: /Gerda Graz/ }).waitFor();
    const names = await page.getByRole('list', { name: 'Benutzerkonten' }).getByRole('heading', { level: 2 }).allTextContents();
    expect(names.sort()).toEqual(['Eva Empfang', 'Florian Pichler', 'Gerda Graz (Sie)']);
    // No delete: only the superadmin deletes users.
    expect(await page.getByRole('button', { name: /löschen/ }).count()).toBe(0);
    await expectAccessible(page);
    // "All schools" is not offered to an admin who has only Graz.
    await page.getByRole('link', { name: 'Florian Pichler bearbeiten' }).click();
    await page.getByLabel(/^Nachname/).waitFor();
    expect(await page.getByRole('radio', { name: 'Alle Schulen' }).count()).toBe(0);
    await expectAccessible(page);
    // Roles held outside Graz are read only for him.
    await page.goto(`${s.product.url}/m-conf/role`);
    const office = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Büro/ }) });
    await office.getByText('Nur lesen').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
