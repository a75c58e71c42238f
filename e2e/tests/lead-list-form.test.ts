/**
 * The lead list and the lead form in a real browser (issue 15), as the office user: the
 * suggestion counters filter the list (state in the URL) and reset; a new lead is created
 * (source 7 opens the free text), opened on its edit page, changed and found in the list
 * with its suggestion; a converted lead offers no delete, a new one is deleted after
 * confirming. Axe-core on every screen.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('office');

/** The form field labelled exactly `label` (a required one carries a star). */
function field(label: string) {
  return s.page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

function row(text: string) {
  return s.page.getByRole('row').filter({ hasText: text });
}

async function filterByName(text: string): Promise<void> {
  const listed = s.page.waitForResponse((r) => r.url().endsWith('/api-lead/list') && r.status() === 200);
  await s.page.getByLabel('Filter Name').fill(text);
  await listed;
}

describe('leads', () => {
  it('lists the leads with the suggestion counters; a counter filters by its code and resets', async () => {
    await s.page.goto(`${s.product.url}/m-lead/list`);
    await s.page.getByRole('heading', { name: 'Interessenten' }).waitFor();
    await s.page.getByRole('table', { name: 'Interessenten' }).waitFor();
    const counters = s.page.getByRole('group', { name: 'Vorschläge' });
    await counters.waitFor();
    await expectAccessible(s.page);

    const signed = counters.getByRole('button', { name: /^Vertrag abgeschlossen \d+$/ });
    const count = Number((await signed.textContent())!.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    const listed = s.page.waitForResponse((r) => r.url().endsWith('/api-lead/list') && r.status() === 200);
    await signed.click();
    await listed;
    await s.page.waitForURL(/fj\.x=/);
    await expect(signed.getAttribute('aria-pressed')).resolves.toBe('true');
    const rows = s.page.getByRole('table', { name: 'Interessenten' }).getByRole('row').filter({ hasText: 'Vertrag abgeschlossen' });
    await rows.first().waitFor();
    // A converted lead is not deleted.
    await expect(rows.first().getByRole('button', { name: /löschen$/ }).count()).resolves.toBe(0);
    await s.page.getByRole('button', { name: 'Alle Vorschläge zeigen' }).click();
    await s.page.waitForURL((url) => !url.search.includes('fj.x'));
  });

  it('creates a lead, edits it and finds it in the list with its suggestion', async () => {
    await s.page.getByRole('link', { name: 'Neuer Interessent' }).click();
    await s.page.getByRole('heading', { name: 'Neuer Interessent' }).waitFor();
    await field('Schule').selectOption({ label: 'Kampfkunstschule Graz' });
    await field('Anrede').selectOption({ label: 'Frau' });
    await field('Vorname').fill('Erika');
    await field('Nachname').fill('Zwölfer-E2E');
    await field('E-Mail').fill('erika.e2e@example.com');
    await field('Erstkontakt').fill('03.11.2026');
    await s.page.getByLabel(/^Wie aufmerksam/).selectOption({ label: 'Sonstiges (Freitext)' });
    await s.page.getByLabel(/^Quelle \(Freitext\)/).fill('Flyer beim Bäcker');
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.waitForURL(/\/m-lead\/edit\/\d+$/);
    await s.page.getByRole('heading', { name: 'Interessent bearbeiten' }).waitFor();
    await expect(field('Nachname').inputValue()).resolves.toBe('Zwölfer-E2E');
    await expectAccessible(s.page);

    await field('Status').selectOption({ label: 'In Bearbeitung' });
    await field('Telefon').fill('+43 316 123456');
    await s.page.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').first().waitFor();

    await s.page.goto(`${s.product.url}/m-lead/list`);
    await filterByName('Zwölfer');
    const created = row('Zwölfer-E2E');
    await created.filter({ hasText: '03.11.2026' }).waitFor();
    await created.filter({ hasText: 'In Bearbeitung' }).waitFor();
    await created.filter({ hasText: 'Einladen (Infoabend oder Probetraining)' }).waitFor();
  });

  it('deletes the new lead after confirming', async () => {
    await row('Zwölfer-E2E').getByRole('button', { name: 'Erika Zwölfer-E2E löschen' }).click();
    const confirm = s.page.getByRole('alertdialog');
    await confirm.waitFor();
    await expectAccessible(s.page);
    await confirm.getByRole('button', { name: /Löschen|OK|Ja/ }).click();
    await row('Zwölfer-E2E').waitFor({ state: 'detached' });
    expect(s.tracked.errors).toEqual([]);
  });
});
