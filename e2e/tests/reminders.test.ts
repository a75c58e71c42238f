/**
 * Reminders in a real browser (issue 15): the office sees the demo's overdue reminders in red
 * (row background and the word 'überfällig' beside the deadline), creates a reminder for Graz
 * delegated to the trainer with yesterday's deadline (it shows red at once), marks it done (it
 * leaves the open list and shows under 'Erledigt' with the user who did it). Axe-core on the
 * list and the dialog.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(180_000);

const SUBJECT = 'Browser-Test Rückruf';

/** DD.MM.YYYY of the browser's calendar day `days` from today. */
function screenDay(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${String(day.getDate()).padStart(2, '0')}.${String(day.getMonth() + 1).padStart(2, '0')}.${day.getFullYear()}`;
}

// The demo's deadlines are days of the schools' calendar (Europe/Vienna), and the list marks
// 'due today' by the browser's day: a browser on UTC saw the seed's today as tomorrow between
// 23:00 and 24:00 UTC (22:00 in summer), and no row was orange.
const s = signedInProduct('office', { timezoneId: 'Europe/Vienna' });

describe('reminders', () => {
  it('shows overdue reminders in red, creates one delegated to the trainer and marks it done', async () => {
    await s.page.goto(`${s.product.url}/m-reminder/list`);
    await s.page.getByRole('heading', { name: 'Wiedervorlagen', exact: true }).waitFor();
    const table = s.page.getByRole('table', { name: 'Wiedervorlagen' });
    const overdue = table.getByRole('row').filter({ hasText: '(überfällig)' }).first();
    await overdue.waitFor();
    expect(await overdue.getAttribute('class')).toContain('sbo-row-danger');
    const rowColour = await overdue.evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(rowColour).toBe('rgb(253, 226, 226)');
    const deadline = overdue.locator('[data-urgency="overdue"]');
    expect(await deadline.evaluate((cell) => getComputedStyle(cell).color)).toBe('rgb(185, 28, 28)');
    const today = table.getByRole('row').filter({ hasText: '(heute fällig)' }).first();
    expect(await today.getAttribute('class')).toContain('sbo-row-warning');
    await expectAccessible(s.page);

    await s.page.getByRole('button', { name: 'Neue Wiedervorlage' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Neue Wiedervorlage' });
    await dialog.getByLabel('Betreff').fill(SUBJECT);
    await dialog.getByLabel('Frist').fill(screenDay(-1));
    await dialog.getByLabel('Notizen').fill('Eltern wegen Prüfung anrufen');
    await dialog.getByLabel('Schule').selectOption({ label: 'Kampfkunstschule Graz' });
    const delegate = dialog.getByLabel('Delegiert an');
    await delegate.locator('option', { hasText: '(trainer)' }).waitFor({ state: 'attached' });
    await delegate.selectOption({ label: (await delegate.locator('option', { hasText: '(trainer)' }).textContent())! });
    await expectAccessible(s.page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });

    const created = table.getByRole('row').filter({ hasText: SUBJECT });
    await created.waitFor();
    expect(await created.textContent()).toContain(`${screenDay(-1)} (überfällig)`);
    expect(await created.textContent()).toContain('trainer');
    expect(await created.getAttribute('class')).toContain('sbo-row-danger');

    await created.getByRole('button', { name: `Wiedervorlage „${SUBJECT}“ als erledigt markieren` }).click();
    await created.waitFor({ state: 'detached' });
    await s.page.getByLabel('Filter Erledigt am').selectOption({ label: 'Erledigt' });
    const done = table.getByRole('row').filter({ hasText: SUBJECT });
    await done.waitFor();
    expect(await done.textContent()).toContain('office');
    expect(await done.textContent()).not.toContain('überfällig');
    expect((await done.getAttribute('class')) ?? '').not.toContain('sbo-row-danger');
    await expectAccessible(s.page);
  });
});
