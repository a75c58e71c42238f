import type { Page } from 'playwright-core';

/**
 * Sets the header's school filter to exactly the schools whose names match, through the
 * filter's own popover (as a user does), and waits until the page has applied it.
 */
export async function setSchoolFilter(page: Page, names: RegExp[]): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Schulen:/ });
  await toggle.click();
  // The popover the header button controls (forms on the page may have a 'Schulen' group too).
  const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  const group = panel.getByRole('group', { name: 'Schulen' });
  const boxes = group.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i += 1) {
    const box = boxes.nth(i);
    const label = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    await box.setChecked(names.some((name) => name.test(label)));
  }
  const saved = page.waitForResponse((r) => r.url().includes('/api-base/filter') && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Übernehmen' }).click();
  expect((await saved).status()).toBe(200);
}
