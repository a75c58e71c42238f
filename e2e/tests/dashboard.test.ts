/**
 * The management dashboard and the school contract templates in a real browser (issue 12):
 * /m-dash shows every block of the demo office (reminders, student status counts, open
 * requests, the income/expense chart the finance remote supplies at run time, the student
 * map), the school selector narrows them to one school and the refresh loads them again;
 * /m-conf/contract lists the demo templates, a new one is created with every field, copied
 * and the copy deleted. Axe-core on every screen visited.
 */
import { expectAccessible } from '../support/browser';
import { confirmDialog, signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('admin');

describe('dashboard', () => {
  it('shows every block, narrows them to one school and refreshes them', async () => {
    await s.page.goto(`${s.product.url}/m-dash`);
    await s.page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();

    const students = s.page.getByRole('region', { name: 'Schüler' });
    await students.getByRole('link', { name: 'Aktiv', exact: true }).waitFor();
    const totalAll = Number((await students.getByRole('row').filter({ hasText: 'Gesamt' }).textContent())?.replace(/\D/g, ''));
    expect(totalAll).toBeGreaterThan(0);
    await s.page.getByRole('region', { name: 'Anstehende Wiedervorlagen' }).waitFor();
    await s.page.getByRole('region', { name: 'Offene Anfragen' }).waitFor();
    // The chart comes from the finance remote (its own build), loaded into this page.
    const chart = s.page.getByRole('figure', { name: 'Einnahmen und Ausgaben der letzten 12 Monate' });
    await chart.waitFor({ timeout: 60_000 });
    // apexcharts' core draws the bars and the legend it registered (issue 26: no full build).
    await chart.locator('.apexcharts-bar-series').first().waitFor({ timeout: 60_000 });
    await chart.locator('.apexcharts-legend-series').first().waitFor();
    const map = s.page.getByRole('region', { name: 'Schülerkarte' });
    await map.getByText(/von \d+ Schülern auf der Karte/).waitFor();
    // The map (leaflet) is a chunk of its own, loaded after the dashboard's first paint.
    await map.locator('.leaflet-container').waitFor({ timeout: 60_000 });
    await map.getByRole('button', { name: 'Große Karte' }).click();
    await map.getByRole('button', { name: 'Große Karte', pressed: true }).waitFor();
    await s.page.keyboard.press('Escape');
    await expectAccessible(s.page);

    // One school: every block loads again for it.
    const reloaded = s.page.waitForResponse((r) => r.url().includes('/api-student/status-counts') && r.status() === 200);
    await s.page.getByRole('combobox', { name: 'Schule' }).selectOption({ label: 'Kampfkunstschule Graz' });
    await reloaded;
    // The answer is rendered a moment after it arrives.
    let totalGraz = totalAll;
    for (let i = 0; i < 50 && totalGraz === totalAll; i += 1) {
      await s.page.waitForTimeout(200);
      totalGraz = Number((await students.getByRole('row').filter({ hasText: 'Gesamt' }).textContent())?.replace(/\D/g, ''));
    }
    expect(totalGraz).toBeGreaterThan(0);
    expect(totalGraz).toBeLessThan(totalAll);

    const refreshed = s.page.waitForResponse((r) => r.url().includes('/api-fin/ie-chart') && r.status() === 200);
    await s.page.getByRole('button', { name: 'Aktualisieren' }).click();
    await refreshed;
    const allAgain = s.page.waitForResponse((r) => r.url().includes('/api-student/status-counts') && r.status() === 200);
    await s.page.getByRole('combobox', { name: 'Schule' }).selectOption({ label: 'Alle meine Schulen' });
    await allAgain;
    await expectAccessible(s.page);
  });
});

describe('school contract templates', () => {
  it('lists the templates, creates one with every field, copies it and deletes the copy', async () => {
    await s.page.goto(`${s.product.url}/m-conf/contract`);
    const table = s.page.getByRole('table', { name: 'Vertragsvorlagen' });
    await table.waitFor();
    await expectAccessible(s.page);

    await s.page.getByRole('link', { name: 'Neue Vertragsvorlage' }).click();
    await s.page.getByRole('heading', { name: 'Neue Vertragsvorlage', level: 1 }).waitFor();
    const form = s.page.getByRole('form', { name: 'Vertragsvorlage' });
    await form.getByRole('combobox', { name: /^Schule/ }).selectOption({ label: 'Kampfkunstschule München-Schwabing' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Familie Browser-Test');
    await form.getByRole('combobox', { name: /^Land/ }).selectOption({ label: 'Deutschland' });
    await form.getByText('In Deutschland sind höchstens 24 Monate erlaubt', { exact: false }).waitFor();
    await form.getByRole('combobox', { name: /^Zahlungsintervall/ }).selectOption({ label: 'halbjährlich (6 Monate)' });
    await form.getByRole('textbox', { name: /^Betrag brutto/ }).fill('399,00');
    await form.getByRole('textbox', { name: /^Aktivierungsgebühr/ }).fill('0');
    await form.getByRole('textbox', { name: /^Steuersatz/ }).fill('0');
    await form.getByRole('combobox', { name: /^Mindestlaufzeit/ }).selectOption({ label: '24 Monate' });
    await form.getByRole('combobox', { name: /^Kündigungsfrist zur Mindestlaufzeit/ }).selectOption({ label: '3 Monate' });
    await form.getByRole('combobox', { name: /^Verlängerung/ }).selectOption({ label: '12 Monate' });
    await expectAccessible(s.page);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await s.page.getByText('Erfolgreich gespeichert!').waitFor();
    await s.page.waitForURL(/\/m-conf\/contract$/);
    const row = table.getByRole('row').filter({ hasText: 'Familie Browser-Test' });
    await row.waitFor();
    expect(await row.textContent()).toContain('halbjährlich');
    expect(await row.textContent()).toContain('24 / 12 Monate');
    expect(await row.textContent()).toMatch(/399,00/);

    await s.page.getByRole('link', { name: '„Familie Browser-Test“ kopieren' }).click();
    await s.page.getByRole('heading', { name: 'Vertragsvorlage kopieren', level: 1 }).waitFor();
    expect(await form.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Familie Browser-Test (Kopie)');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await s.page.waitForURL(/\/m-conf\/contract$/);
    const copy = table.getByRole('row').filter({ hasText: 'Familie Browser-Test (Kopie)' });
    await copy.waitFor();
    await s.page.getByRole('button', { name: '„Familie Browser-Test (Kopie)“ löschen' }).click();
    await confirmDialog(s.page);
    await s.page.getByText('Vertragsvorlage gelöscht.').waitFor();
    await copy.waitFor({ state: 'detached' });
    await expectAccessible(s.page);
  });
});
